-- Personal API tokens: a program acts for an account with one of these, sent as "Authorization: Bearer TOKEN".
-- Only the SHA-256 of a token is kept (a token is 32 random bytes, so no slow hash is needed); scopes is a
-- space-separated list (bot:play board:play challenge:read challenge:write tournament:write).
CREATE TABLE api_tokens (
    id           VARCHAR(24)  NOT NULL PRIMARY KEY,
    account_id   BIGINT       NOT NULL REFERENCES accounts (id),
    token_hash   VARCHAR(64)  NOT NULL UNIQUE,
    description  VARCHAR(100) NOT NULL,
    scopes       VARCHAR(200) NOT NULL,
    created_at   TIMESTAMP    NOT NULL,
    last_used_at TIMESTAMP,
    revoked_at   TIMESTAMP
);
CREATE INDEX api_tokens_by_account ON api_tokens (account_id);

-- A bot account plays through the Bot API (marked BOT wherever its name shows); a person may refuse rated games
-- against bots.
ALTER TABLE accounts ADD COLUMN bot BOOLEAN DEFAULT FALSE NOT NULL;
ALTER TABLE accounts ADD COLUMN refuse_bots BOOLEAN DEFAULT FALSE NOT NULL;

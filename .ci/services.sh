#!/usr/bin/env bash
# Installs (from Debian's packages, when missing) and starts what the server's tests need:
#  - PostgreSQL on 127.0.0.1:5432 with database mancala_test owned by user mancala (password mancala),
#    the fixed defaults of mancala-server's PostgreSQL tests (override with MANCALA_TEST_PG_URL/_USER/_PASSWORD);
#  - chromium and chromium-driver (/usr/bin/chromium, /usr/bin/chromedriver) for the browser tests.
# Exports nothing. Safe to run again: what is there already is kept. Needs root (CI runs it as root).
set -euo pipefail

need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v chromedriver >/dev/null 2>&1 || need+=(chromium-driver)
compgen -G "/usr/lib/postgresql/*/bin/postgres" >/dev/null || need+=(postgresql)
if ((${#need[@]})); then
  echo "services: installing ${need[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi

version="$(ls /usr/lib/postgresql | sort -V | tail -1)"
if ! pg_lsclusters -h | awk '{print $1" "$2}' | grep -q "^$version main$"; then
  pg_createcluster "$version" main >/dev/null
fi
port="$(pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main" {print $3}')"
if [[ "$port" != 5432 ]]; then
  echo "services: PostgreSQL $version main listens on $port, not 5432" >&2
fi
pg_ctlcluster "$version" main start 2>/dev/null || true
for _ in $(seq 1 60); do
  pg_isready -q -h 127.0.0.1 -p "$port" && break
  sleep 0.5
done
pg_isready -h 127.0.0.1 -p "$port"

runuser -u postgres -- psql -q -v ON_ERROR_STOP=1 -p "$port" -d postgres <<'SQL'
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'mancala') THEN
    CREATE ROLE mancala LOGIN PASSWORD 'mancala';
  END IF;
END
$$;
SQL
# Under CI the test database starts empty each run, so migrations left by an earlier run of other code on the
# same machine cannot fail Flyway's validation; elsewhere it is kept.
if [[ "${CI:-}" == true ]]; then
  runuser -u postgres -- psql -q -p "$port" -d postgres -c 'DROP DATABASE IF EXISTS mancala_test WITH (FORCE)'
fi
runuser -u postgres -- psql -q -v ON_ERROR_STOP=1 -p "$port" -d postgres <<'SQL'
SELECT 'CREATE DATABASE mancala_test OWNER mancala'
WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = 'mancala_test')\gexec
SQL
echo "services: PostgreSQL $version on 127.0.0.1:$port (mancala_test), $(chromium --version 2>/dev/null | head -1)"

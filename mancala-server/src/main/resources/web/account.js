// Sign in, sign up and change the password; after signing in the player goes to his page.
import { Community } from "/community.js";
import { I18n, t } from "/i18n.js";

(() => {
  const { api, errorText, session } = Community;
  const $ = (id) => document.getElementById(id);

  async function submit(ev, path, name, password, error) {
    ev.preventDefault();
    $(error).textContent = "";
    const r = await api("POST", path, { username: $(name).value.trim(), password: $(password).value });
    if (!r.ok) {
      $(error).textContent = errorText(r);
      return;
    }
    location.href = sameSite(new URLSearchParams(location.search).get("back"))
      || "/player.html?name=" + encodeURIComponent(r.data.username);
  }

  // The page to return to after signing in: only a page of this site (the URL parser reads "/\x" and "//x" as
  // another host, so the check is on the parsed origin, not on the text), else null.
  function sameSite(back) {
    if (!back) return null;
    let u;
    try {
      u = new URL(back, location.origin);
    } catch (e) {
      return null;
    }
    return u.origin === location.origin ? u.pathname + u.search + u.hash : null;
  }

  // Personal API tokens: made (shown once), listed and revoked; and the bots setting.
  async function listTokens() {
    const r = await api("GET", "/api/account/tokens");
    const list = $("token-list");
    list.textContent = "";
    if (!r.ok) {
      $("token-error").textContent = errorText(r);
      return;
    }
    if (r.data.tokens.length === 0) {
      const li = document.createElement("li");
      li.textContent = t("account.tokens.none");
      list.append(li);
    }
    for (const tok of r.data.tokens) {
      const li = document.createElement("li");
      const when = t("account.tokens.created", { date: I18n.date(tok.createdAt) })
        + (tok.lastUsedAt ? ", " + t("account.tokens.used", { date: I18n.date(tok.lastUsedAt) }) : "");
      li.append(document.createTextNode((tok.description || "—") + " (" + tok.scopes.join(t("common.list.separator")) + "). " + when + " "));
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = t("account.tokens.revoke");
      b.addEventListener("click", async () => {
        const d = await api("DELETE", "/api/account/tokens/" + encodeURIComponent(tok.id));
        if (!d.ok) $("token-error").textContent = errorText(d);
        listTokens();
      });
      li.append(b);
      list.append(li);
    }
  }

  async function tokens() {
    $("tokens-form").hidden = false;
    $("tokens-form").addEventListener("submit", async (ev) => {
      ev.preventDefault();
      $("token-error").textContent = "";
      const scopes = [...$("token-scopes").querySelectorAll("input:checked")].map((i) => i.value);
      const r = await api("POST", "/api/account/tokens", { description: $("token-description").value.trim(), scopes });
      if (!r.ok) {
        $("token-error").textContent = errorText(r);
        return;
      }
      $("token-value").textContent = r.data.token;
      $("token-made").hidden = false;
      listTokens();
    });
    const prefs = await api("GET", "/api/account/preferences");
    if (prefs.ok) $("refuse-bots").checked = !!prefs.data.refuseBots;
    $("refuse-bots").addEventListener("change", async () => {
      $("refuse-bots-done").textContent = "";
      const r = await api("POST", "/api/account/preferences", { refuseBots: $("refuse-bots").checked });
      if (r.ok) $("refuse-bots-done").textContent = t("account.bots.saved");
      else $("token-error").textContent = errorText(r);
    });
    listTokens();
  }

  document.addEventListener("DOMContentLoaded", async () => {
    $("login-form").addEventListener("submit", (ev) => submit(ev, "/api/session", "login-name", "login-password",
      "login-error"));
    $("signup-form").addEventListener("submit", (ev) => submit(ev, "/api/accounts", "signup-name",
      "signup-password", "signup-error"));
    if (await session()) {
      $("password-form").hidden = false;
      $("password-form").addEventListener("submit", async (ev) => {
        ev.preventDefault();
        $("password-error").textContent = "";
        $("password-done").textContent = "";
        const r = await api("POST", "/api/account/password", { current: $("password-current").value,
          password: $("password-new").value });
        if (r.ok) $("password-done").textContent = t("account.password.done");
        else $("password-error").textContent = errorText(r);
      });
      tokens();
    }
  });
})();

// Sign in, sign up and change the password; after signing in the player goes to his page.
"use strict";

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
    const back = new URLSearchParams(location.search).get("back");
    location.href = back && back.startsWith("/") && !back.startsWith("//") ? back
      : "/player.html?name=" + encodeURIComponent(r.data.username);
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
    }
  });
})();

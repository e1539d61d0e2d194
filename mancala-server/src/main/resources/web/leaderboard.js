// The leaderboard of a game: established ratings first, provisional ones marked "?".
import { Community } from "/community.js";
import { I18n, t } from "/i18n.js";

(() => {
  const { api, ratingText, el } = Community;
  async function load() {
    const game = document.getElementById("board-game").value;
    const r = await api("GET", "/api/leaderboards/" + encodeURIComponent(game));
    const body = document.querySelector("#leaderboard tbody");
    body.textContent = "";
    if (!r.ok || !r.data.players.length) {
      body.append(el("tr", {}, el("td", { colspan: "4", text: t("rating.none") })));
      return;
    }
    r.data.players.forEach((p, i) => body.append(el("tr", {},
      el("td", { text: I18n.num(i + 1) }),
      el("td", {}, el("a", { href: "/player.html?name=" + encodeURIComponent(p.username) },
        el("bdi", { text: p.username }))),
      el("td", { text: ratingText(p) }), el("td", { text: I18n.num(p.games) }))));
  }
  document.addEventListener("DOMContentLoaded", () => {
    const g = new URLSearchParams(location.search).get("game");
    if (g) document.getElementById("board-game").value = g;
    document.getElementById("board-game").addEventListener("change", load);
    load();
  });
})();

// The player's own channel, opened by every page of the site: when a game of his starts (lobby, quick pairing,
// rematch, tournament round) the server says so on /ws/me, and the page plays a short sound, shows a notice and
// takes him to the game (unless he is playing another game on this page: then the notice has a link). On the home
// page it also lists his games in progress (GET /api/me/games) in the element #my-games, when there is one.
// An ES module: needs only i18n.js (t).
import { t } from "/i18n.js";

/** Whether the player is playing a game on this page (set by the play page's clock.js). */
let playing = false;

/** Tells the channel whether the player is playing a game on this page: a game starting elsewhere then waits. */
export function setPlaying(p) {
  playing = !!p;
}

(() => {
  let retry = 1000;

  function connect() {
    if (!("WebSocket" in window)) return;
    const proto = location.protocol === "https:" ? "wss" : "ws";
    let ws;
    try {
      ws = new WebSocket(proto + "://" + location.host + "/ws/me");
    } catch (e) {
      return;
    }
    ws.onopen = () => { retry = 1000; };
    ws.onmessage = (ev) => {
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch (e) {
        return;
      }
      if (msg.type === "game-started") started(msg);
    };
    ws.onclose = (ev) => {
      // 1000: no player yet (no cookie); try again later, slowly
      setTimeout(connect, ev.code === 1000 ? 30000 : retry);
      retry = Math.min(retry * 2, 30000);
    };
  }

  // Two short tones (no sound file to load).
  function chime() {
    try {
      const Ctx = window.AudioContext || window.webkitAudioContext;
      if (!Ctx) return;
      const ctx = new Ctx();
      [[660, 0], [880, 0.18]].forEach(([f, at]) => {
        const o = ctx.createOscillator();
        const g = ctx.createGain();
        o.frequency.value = f;
        g.gain.setValueAtTime(0.15, ctx.currentTime + at);
        g.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + at + 0.16);
        o.connect(g).connect(ctx.destination);
        o.start(ctx.currentTime + at);
        o.stop(ctx.currentTime + at + 0.17);
      });
    } catch (e) {
      // no sound: the notice still shows
    }
  }

  function started(msg) {
    const here = new URLSearchParams(location.search).get("id");
    if (location.pathname === "/play.html" && here === msg.gameId) return;
    chime();
    let box = document.getElementById("game-notice");
    if (!box) {
      box = document.createElement("div");
      box.id = "game-notice";
      box.className = "panel notice";
      box.setAttribute("role", "alert");
      box.style.cssText = "position:fixed;inset-block-start:1rem;inset-inline-end:1rem;z-index:1000;padding:1rem;";
      document.body.append(box);
    }
    box.textContent = "";
    const text = document.createElement("p");
    const link = document.createElement("a");
    link.href = msg.playUrl;
    link.textContent = t("common.notify.open");
    box.append(text, link);
    if (playing) {
      text.textContent = t("common.notify.mine");
      return;
    }
    text.textContent = t("common.notify.started");
    setTimeout(() => { location.href = msg.playUrl; }, 1200);
  }

  async function mine() {
    const host = document.getElementById("my-games");
    if (!host) return;
    let data;
    try {
      const r = await fetch("/api/me/games");
      if (!r.ok) return;
      data = await r.json();
    } catch (e) {
      return;
    }
    host.textContent = "";
    if (!data.games.length) {
      host.hidden = true;
      return;
    }
    const h = document.createElement("h2");
    h.textContent = t("common.notify.mine");
    const ul = document.createElement("ul");
    for (const g of data.games) {
      const li = document.createElement("li");
      const a = document.createElement("a");
      a.href = g.playUrl;
      a.textContent = t("common.notify.against", { game: t("common.game." + g.game),
        opponent: g.opponent || "?" });
      li.append(a);
      ul.append(li);
    }
    host.append(h, ul);
    host.hidden = false;
  }

  document.addEventListener("DOMContentLoaded", () => {
    connect();
    mine();
  });
})();

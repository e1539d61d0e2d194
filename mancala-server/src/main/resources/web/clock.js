// The play page's clocks, counting down between the server's states (the server keeps the time: a state carries
// each side's time left when it was made; a side's own time runs only once it has made its first move, and until
// then its first-move time counts down), with a warning when the player's own time runs low. Also: a signed-in
// player takes his seat, may abort the game before his first move, the page tells the server it is open (so a
// player gone long can be claimed against, with a countdown on both players' pages), and a rematch is offered after
// the game.
import { Community } from "/community.js";
import { t } from "/i18n.js";
import { setPlaying } from "/notify.js";

(() => {
  const { api, errorText, clockText, el } = Community;
  const params = new URLSearchParams(location.search);
  const gameId = params.get("id");
  let state = null;
  let you = null;
  let at = 0;
  let warned = false;
  let presenceTimer = null;
  let rematchId = null;
  let claim = null; // {against, at: performance.now() when the claim becomes possible}

  function boxes() {
    let wrap = document.getElementById("clocks");
    if (!wrap) {
      const top = document.getElementById("bar-top");
      const bottom = document.getElementById("bar-bottom");
      if (!top || !bottom) return null;
      top.append(el("span", { class: "clock", id: "clock-top", role: "timer" }));
      bottom.append(el("span", { class: "clock", id: "clock-bottom", role: "timer" }));
      wrap = el("div", { id: "clocks", hidden: true });
      document.body.append(wrap);
    }
    return { top: document.getElementById("clock-top"), bottom: document.getElementById("clock-bottom") };
  }

  function left(side) {
    const c = state.clock;
    const base = c[side];
    const own = c[side + "Moved"] !== false;
    return c.running === side && own ? Math.max(0, base - (performance.now() - at)) : base;
  }

  function seated() {
    return you === "south" || you === "north";
  }

  // Whether the player has made a move in this game (from the moves of its rounds).
  function moved(side) {
    if (state.clock && typeof state.clock[side + "Moved"] === "boolean") return state.clock[side + "Moved"];
    return (state.rounds || []).some((r) => r.moves.some((m) => m.side === side));
  }

  // The first-move countdown, the abort button and the claim countdown.
  function notes() {
    const first = document.getElementById("first-move");
    const abort = document.getElementById("abort-panel");
    if (!first || !abort) return;
    const playing = state.status === "playing";
    const c = state.clock;
    if (c && playing && c.firstMoveLeft !== null && c.firstMoveLeft !== undefined && c.running) {
      const seconds = Math.ceil(Math.max(0, c.firstMoveLeft - (performance.now() - at)) / 1000);
      first.textContent = c.running === you
        ? t(state.tournament ? "lobby.firstmove.mine-tournament" : "lobby.firstmove.mine", { seconds })
        : t("lobby.firstmove.theirs", { seconds });
      first.hidden = false;
    } else {
      first.hidden = true;
      first.textContent = "";
    }
    abort.hidden = !(playing && seated() && state.mode !== "local" && !state.tournament && !moved(you));
    const panel = document.getElementById("claim-panel");
    const countdown = document.getElementById("claim-countdown");
    const button = document.getElementById("claim-button");
    if (!panel) return;
    if (!claim || !playing) {
      panel.hidden = true;
    } else {
      const seconds = Math.ceil(Math.max(0, claim.at - performance.now()) / 1000);
      panel.hidden = false;
      const mine = claim.against !== you;
      countdown.textContent = seconds > 0 ? t(mine ? "lobby.claim.countdown" : "lobby.claim.against", { seconds })
        : mine ? t("lobby.claim.text") : t("lobby.claim.against", { seconds: 0 });
      button.hidden = !mine || seconds > 0;
    }
    fit();
  }

  function lowAt() {
    const c = state.clock;
    if (c.daysPerMove) return 6 * 3600 * 1000;
    return Math.max(10000, c.initialSeconds * 100);
  }

  function tick() {
    if (!state) return;
    notes();
    if (!state.clock) return;
    const b = boxes();
    if (!b) return;
    const bottomSide = you === "north" ? "north" : "south";
    const topSide = bottomSide === "south" ? "north" : "south";
    for (const [box, side] of [[b.bottom, bottomSide], [b.top, topSide]]) {
      const ms = left(side);
      box.textContent = clockText(ms);
      box.setAttribute("aria-label", t("lobby.clock.label." + side, { time: clockText(ms) }));
      box.classList.toggle("running", state.clock.running === side);
      const low = state.clock.running === side && ms < lowAt();
      box.classList.toggle("low", low);
      if (low && side === you && !warned) {
        warned = true;
        const a = document.getElementById("announce");
        if (a) a.textContent = t("lobby.clock.low");
      }
    }
  }

  async function presence() {
    if (!state || state.status !== "playing" || !state.clock || (you !== "south" && you !== "north")) return;
    const r = await api("POST", "/api/games/" + encodeURIComponent(gameId) + "/presence");
    if (!r.ok || !r.data) return;
    const c = r.data.claim;
    claim = c ? { against: c.against, at: performance.now() + c.inMillis } : null;
    notes();
  }

  // The panel shows only when one of its parts has something to say (claim, rematch, tournament, an error).
  function fit() {
    const p = document.getElementById("community-panel");
    if (!p) return;
    p.hidden = ![...p.children].some((c) => !c.hidden && c.textContent.trim() !== "");
  }

  function say(text) {
    document.getElementById("community-error").textContent = text;
    fit();
  }

  function panel() {
    let p = document.getElementById("community-panel");
    if (p) return p;
    const host = document.querySelector(".side-panel") || document.getElementById("main");
    p = el("div", { class: "panel", id: "community-panel", hidden: true });
    const first = el("p", { id: "first-move", role: "timer", hidden: true });
    const abort = el("div", { id: "abort-panel", hidden: true },
      el("button", { type: "button", id: "abort-button", text: t("lobby.abort.button"), onclick: async () => {
        const r = await api("POST", "/api/games/" + encodeURIComponent(gameId) + "/abort");
        say(r.ok ? "" : errorText(r));
      } }));
    const claim = el("div", { id: "claim-panel", hidden: true },
      el("p", { id: "claim-countdown", role: "status" }),
      el("button", { type: "button", id: "claim-button", text: t("lobby.claim.button"), onclick: async () => {
        const r = await api("POST", "/api/games/" + encodeURIComponent(gameId) + "/claim");
        say(r.ok ? "" : errorText(r));
      } }));
    const rematch = el("div", { id: "rematch-panel", hidden: true },
      el("p", { id: "rematch-text", role: "status" }),
      el("button", { type: "button", id: "rematch-button", text: t("lobby.rematch.button"), onclick: offerRematch }));
    const tour = el("p", { id: "tournament-link", hidden: true });
    p.append(first, abort, claim, rematch, tour, el("p", { class: "error", id: "community-error", role: "alert" }));
    host.prepend(p);
    return p;
  }

  async function offerRematch() {
    const r = await api("POST", "/api/games/" + encodeURIComponent(gameId) + "/rematch");
    if (!r.ok) {
      say(errorText(r));
      return;
    }
    if (r.data.gameId) {
      location.href = "/play.html?id=" + encodeURIComponent(r.data.gameId);
      return;
    }
    rematchId = r.data.challengeId;
    document.getElementById("rematch-text").textContent = t("lobby.rematch.offered");
    fit();
  }

  function lobbySocket() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(proto + "://" + location.host + "/ws/lobby");
    ws.onmessage = (ev) => {
      const msg = JSON.parse(ev.data);
      if (msg.type === "accepted" && rematchId && msg.challenge === rematchId) {
        location.href = "/play.html?id=" + encodeURIComponent(msg.gameId);
      } else if (msg.type === "lobby" && state && state.status === "over") {
        const offer = msg.challenges.find((c) => c.rematchOf === gameId && c.id !== rematchId);
        if (offer) document.getElementById("rematch-text").textContent = t("lobby.rematch.received");
      }
    };
  }

  function onState(next, seat) {
    const first = state === null;
    state = next;
    you = seat === undefined ? you : seat;
    if (first && !you) takeSeat(next);
    at = performance.now();
    const p = panel();
    if (next.tournament) {
      const link = document.getElementById("tournament-link");
      link.hidden = false;
      link.textContent = "";
      link.append(el("a", { href: "/tournament.html?id=" + encodeURIComponent(next.tournament),
        text: t("tournament.back") }));
    }
    const people = next.accounts && (you === "south" || you === "north") && next.mode === "invite";
    document.getElementById("rematch-panel").hidden = !(people && next.status === "over");
    if (next.status !== "playing") claim = null;
    // another game starting (notify.js) does not take a player away from a game he is playing
    setPlaying(next.status === "playing" && (you === "south" || you === "north"));
    if (first && people) lobbySocket();
    if (next.clock && !presenceTimer && (you === "south" || you === "north")) {
      presence();
      presenceTimer = setInterval(presence, 10000);
    }
    if (!next.clock) {
      const b = document.getElementById("clocks");
      if (b) b.hidden = true;
    }
    tick();
    fit();
  }

  document.addEventListener("game-state", (e) => onState(e.detail.game, e.detail.you));

  // A signed-in player (or the guest who took the challenge) opening his game from another page: the server sets
  // his seat cookie (HttpOnly) and the page loads again, once.
  async function takeSeat(next) {
    const flag = "mancala-seat-asked-" + gameId;
    if (sessionStorage.getItem(flag) || !next.accounts) return;
    // only a player of this game has a seat to take: a spectator's request would only be refused
    const me = await Community.session();
    if (!me || (next.accounts.south !== me && next.accounts.north !== me)) return;
    sessionStorage.setItem(flag, "1");
    const r = await api("GET", "/api/games/" + encodeURIComponent(gameId) + "/seat");
    if (r.ok && r.data && r.data.seatToken) location.reload();
  }

  document.addEventListener("DOMContentLoaded", () => {
    if (!gameId) return;
    setInterval(tick, 100);
  });
})();

// The play page's clocks, counting down between the server's states (the server keeps the time: a state carries
// each side's time left when it was made), with a warning when the player's own time runs low. Also: a signed-in
// player takes his seat, the page tells the server it is open (so a player gone long can be claimed against), and
// a rematch is offered after the game.
"use strict";

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
    return c.running === side ? Math.max(0, base - (performance.now() - at)) : base;
  }

  function lowAt() {
    const c = state.clock;
    if (c.daysPerMove) return 6 * 3600 * 1000;
    return Math.max(10000, c.initialSeconds * 100);
  }

  function tick() {
    if (!state || !state.clock) return;
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
    const other = you === "south" ? "north" : "south";
    const gone = r.data[other];
    const claim = document.getElementById("claim-panel");
    const far = !state.clock.daysPerMove && (gone === null ? performance.now() > 40000 : gone >= 30000);
    if (claim) claim.hidden = !far;
    fit();
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
    const claim = el("div", { id: "claim-panel", hidden: true },
      el("p", { text: t("lobby.claim.text") }),
      el("button", { type: "button", id: "claim-button", text: t("lobby.claim.button"), onclick: async () => {
        const r = await api("POST", "/api/games/" + encodeURIComponent(gameId) + "/claim");
        say(r.ok ? "" : errorText(r));
      } }));
    const rematch = el("div", { id: "rematch-panel", hidden: true },
      el("p", { id: "rematch-text", role: "status" }),
      el("button", { type: "button", id: "rematch-button", text: t("lobby.rematch.button"), onclick: offerRematch }));
    const tour = el("p", { id: "tournament-link", hidden: true });
    p.append(claim, rematch, tour, el("p", { class: "error", id: "community-error", role: "alert" }));
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
    if (next.status !== "playing") document.getElementById("claim-panel").hidden = true;
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

  window.onGameState = onState;

  // A signed-in player (or the guest who took the challenge) opening his game from another page: the server sets
  // his seat cookie (HttpOnly) and the page loads again, once.
  async function takeSeat(next) {
    const flag = "mancala-seat-asked-" + gameId;
    if (sessionStorage.getItem(flag) || !next.accounts) return;
    sessionStorage.setItem(flag, "1");
    const r = await api("GET", "/api/games/" + encodeURIComponent(gameId) + "/seat");
    if (r.ok && r.data && r.data.seatToken) location.reload();
  }

  document.addEventListener("DOMContentLoaded", () => {
    if (!gameId) return;
    setInterval(tick, 100);
  });
})();

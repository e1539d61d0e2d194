// The play page: draws the game from the viewer's seat, animates each move from the server's sowing trace, and
// sends moves and requests to the server, which alone decides what is legal.
"use strict";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const gameId = params.get("id");
// The invitation code travels after "#" so that it never reaches a server log; the seat token is an HttpOnly
// cookie the server sets, so no script here ever sees it.
const inviteCode = new URLSearchParams(location.hash.slice(1)).get("invite");

let game = null;        // the state last drawn
let you = null;         // "south", "north", "both" or null (spectator)
let lastStamp = 0;
let busy = false;       // an animation is running
let pending = false;    // a request is on its way
const queue = [];       // states waiting for the animation to finish
let hintPit = null;

// Settings persist in the browser.
function loadSettings() {
  const speed = localStorage.getItem("mancala-speed");
  if (speed !== null) $("speed").value = speed;
  const reduced = localStorage.getItem("mancala-reduced");
  $("reduced").checked = reduced === null ? matchMedia("(prefers-reduced-motion: reduce)").matches
    : reduced === "1";
  $("speed").addEventListener("change", () => localStorage.setItem("mancala-speed", $("speed").value));
  $("reduced").addEventListener("change", () => localStorage.setItem("mancala-reduced", $("reduced").checked ? "1" : "0"));
}

function mySide() {
  if (!game || !you) return null;
  if (you === "both") return game.toMove;
  return you;
}

function myTurn() {
  return game && game.status === "playing" && you && !game.players[game.toMove].ai
    && (you === "both" || you === game.toMove);
}

// Which way up: the viewer's own rows at the bottom; on one screen, South's.
function flip() {
  return you === "north";
}

function draw(extra) {
  const e = extra || {};
  const board = e.board || game.board;
  const bottomSide = flip() ? "north" : "south";
  const topSide = flip() ? "south" : "north";
  const legal = !e.board && myTurn() && !busy ? new Set(game.legal) : new Set();
  const last = !e.board && game.lastMove && game.lastMove.round === game.round ? game.lastMove.pit : null;
  Board.render($("board"), {
    layout: game.layout, board, flip: flip(), legal, lastPit: hintPit || last,
    active: e.active, lifting: e.lifting, taking: e.taking, takingTo: e.takingTo, hand: e.hand, lap: e.lap,
    topSide, bottomSide,
  });
  bar("bar-top", topSide, board);
  bar("bar-bottom", bottomSide, board);
}

function bar(id, side, board) {
  const el = $(id);
  const p = game.players[side];
  el.querySelector(".name").textContent = p.name;
  const tags = [side === "south" ? "South" : "North"];
  if (you === side) tags.push("you");
  if (!p.seated) tags.push("not joined yet");
  el.querySelector(".tag").textContent = "· " + tags.join(" · ");
  const word = game.game === "rio-kadalis" ? "held" : "captured";
  el.querySelector(".held").textContent = `${board.holdings[side]} ${word}`;
  el.classList.toggle("turn", game.status === "playing" && board.toMove === side);
}

function statusText() {
  if (game.status === "over") return game.summary;
  if (game.status === "waiting") return "Waiting for your opponent to open the invitation link…";
  const name = game.players[game.toMove].name;
  let s;
  if (myTurn()) {
    s = you === "both" ? `${game.toMove === "south" ? "South" : "North"} to move — choose a highlighted pit`
      : "Your move — choose a highlighted pit or type its letter";
  } else if (game.players[game.toMove].ai) {
    s = `${name} is thinking…`;
  } else {
    s = `${name} (${game.toMove === "south" ? "South" : "North"}) to move`;
  }
  if (game.game === "rio-kadalis") {
    s = `Round ${game.round} · ` + s;
    const cur = game.rounds[game.rounds.length - 1];
    const prev = game.rounds[game.rounds.length - 2];
    if (prev && cur.moves.length === 0) {
      s = `Round ${prev.number} ended ${prev.south}–${prev.north}; pits that could not be refilled are closed. ` + s;
    }
  }
  return s;
}

function renderPanels() {
  const st = $("status");
  st.textContent = statusText();
  st.classList.toggle("over", game.status === "over");
  st.classList.toggle("mine", myTurn());
  // Offers addressed to me.
  const offer = $("offer");
  const mine = mySide();
  let text = null;
  if (game.drawOffer && you && you !== "both" && game.drawOffer !== you) {
    text = `${game.players[game.drawOffer].name} offers ${drawWord()}.`;
    offer.dataset.kind = "draw";
  } else if (game.takebackOffer && you && you !== "both" && game.takebackOffer !== you) {
    text = `${game.players[game.takebackOffer].name} asks to take back the last move.`;
    offer.dataset.kind = "takeback";
  } else if ((game.drawOffer || game.takebackOffer) && you && (game.drawOffer === you || game.takebackOffer === you)) {
    text = "Your offer is waiting for an answer.";
    offer.dataset.kind = "mine";
  }
  offer.hidden = !text;
  $("offer-text").textContent = text || "";
  $("offer-accept").hidden = offer.dataset.kind === "mine";
  $("offer-decline").textContent = offer.dataset.kind === "mine" ? "Withdraw" : "Decline";
  const playing = game.status === "playing" && !!you;
  $("btn-hint").disabled = !myTurn();
  $("btn-hint").hidden = game.mode === "invite";
  $("btn-analyse").hidden = game.mode !== "local" && game.status !== "over";
  $("analysis-link").hidden = $("btn-analyse").hidden;
  $("btn-undo").hidden = game.mode === "invite";
  $("btn-undo").disabled = !playing || game.plies === 0;
  $("btn-takeback").hidden = game.mode !== "invite";
  $("btn-takeback").disabled = !playing || game.plies === 0;
  $("btn-draw").textContent = "Offer " + drawWord();
  $("btn-draw").disabled = !playing;
  $("btn-resign").disabled = !playing;
  $("btn-record").href = `/api/games/${gameId}/record`;
  $("btn-analyse").href = `/analysis.html?id=${gameId}`;
  $("analysis-link").href = `/analysis.html?id=${gameId}`;
  $("invite-panel").hidden = !game.inviteUrl;
  if (game.inviteUrl) $("invite-url").value = location.origin + game.inviteUrl;
  renderMoves();
  document.title = `${game.gameName} — ${game.summary}`;
  void mine;
}

function drawWord() {
  if (game.game === "al-manqala") return "the equal split";
  if (game.game === "rio-kadalis") return "to end the round";
  return "a draw";
}

function renderMoves() {
  const box = $("moves");
  box.innerHTML = "";
  game.rounds.forEach((r) => {
    if (game.rounds.length > 1 || game.game === "rio-kadalis") {
      const h = document.createElement("h4");
      h.textContent = `Round ${r.number}` + (r.result ? ` — ${r.result} (${r.termination.replace(/-/g, " ")},`
        + ` ${r.south}–${r.north})` : "");
      box.appendChild(h);
    }
    const table = document.createElement("table");
    let row = null, n = 0;
    const firstSide = r.moves.length ? r.moves[0].side : "south";
    if (r.moves.length) {
      const head = table.createTHead().insertRow();
      ["", firstSide === "south" ? "South" : "North", firstSide === "south" ? "North" : "South"].forEach((t) => {
        const th = document.createElement("th");
        th.textContent = t;
        head.appendChild(th);
      });
    }
    r.moves.forEach((m, i) => {
      if (!row || m.side === firstSide) {
        row = table.insertRow();
        n++;
        row.insertCell().textContent = n + ".";
        row.cells[0].className = "n";
        row.insertCell();
        row.insertCell();
      }
      const cell = row.cells[m.side === firstSide ? 1 : 2];
      cell.textContent = m.pit + (m.captured ? ` (+${m.captured})` : "");
      if (r.number === game.round && i === r.moves.length - 1) cell.className = "cur";
    });
    box.appendChild(table);
  });
  box.scrollTop = box.scrollHeight;
}

async function show(next) {
  const prev = game;
  game = next;
  hintPit = null;
  const lm = next.lastMove;
  const speed = Number($("speed").value);
  const animate = prev && lm && next.plies > prev.plies && speed > 0;
  if (animate) {
    busy = true;
    renderPanels();
    const who = next.players[lm.side].name;
    $("status").textContent = `${who} plays ${lm.pit}` + (lm.captured ? ` and captures ${lm.captured}` : "") + "…";
    await Board.animate(lm.before, lm.steps, speed, $("reduced").checked,
      (st) => draw(st), () => false);
    busy = false;
  }
  draw();
  renderPanels();
}

function accept(next, seat) {
  if (seat !== undefined) you = seat;
  if (next.stamp <= lastStamp) return;
  lastStamp = next.stamp;
  if (next.inviteUrl === undefined && game && game.inviteUrl && next.status === "waiting") {
    next.inviteUrl = game.inviteUrl;
  }
  queue.push(next);
  pump();
}

async function pump() {
  if (busy) return;
  while (queue.length) {
    const next = queue.shift();
    await show(next);
  }
}

async function api(path, body, method) {
  $("error").textContent = "";
  pending = true;
  try {
    const headers = { "Content-Type": "application/json" };
    const r = await fetch(`/api/games/${gameId}${path}`, { method: method || "POST", headers,
      body: method === "GET" ? undefined : JSON.stringify(body || {}) });
    const data = await r.json();
    if (!r.ok) throw new Error(data.message);
    return data;
  } catch (e) {
    $("error").textContent = e.message;
    return null;
  } finally {
    pending = false;
  }
}

async function play(letter) {
  if (!myTurn() || busy || pending || !game.legal.includes(letter)) return;
  const data = await api("/moves", { pit: letter, ply: game.plies + 1 });
  if (data) accept(data, data.you);
}

async function act(path) {
  const data = await api(path);
  if (data) accept(data, data.you);
}

function onBoardClick(ev) {
  const g = ev.target.closest(".pit");
  if (g) play(g.dataset.pit);
}

function onKey(ev) {
  if (ev.ctrlKey || ev.metaKey || ev.altKey || ev.target.tagName === "INPUT" || ev.target.tagName === "TEXTAREA") {
    return;
  }
  const k = ev.key;
  if (k.length !== 1) return;
  if (k === "H" || k === "U") {
    // Capitals are never pit keys here: a player types his own letters in lower case.
  }
  const side = mySide();
  if (!side) return;
  const lower = k.toLowerCase();
  const letter = side === "south" ? lower : lower.toUpperCase();
  if (myTurn() && game.legal.includes(letter)) {
    ev.preventDefault();
    play(letter);
  } else if (lower === "h" && myTurn() && game.mode !== "invite"
    && !game.layout.letters.includes(side === "south" ? "h" : "H")) {
    hint();
  } else if (lower === "u" && !$("btn-undo").hidden && !$("btn-undo").disabled
    && !game.layout.letters.includes(side === "south" ? "u" : "U")) {
    act("/undo");
  }
}

async function hint() {
  const data = await api("/hint", null, "GET");
  if (data) {
    hintPit = data.pit;
    draw();
    $("status").textContent = `Hint: the engine suggests pit ${data.pit}.`;
  }
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/ws/games/${gameId}`);
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "state") {
      accept(msg.game, msg.you === undefined ? undefined : msg.you);
    } else if (msg.type === "error") {
      $("error").textContent = msg.message;
    }
  };
  ws.onopen = () => { $("offline").hidden = true; };
  ws.onclose = () => {
    $("offline").hidden = false;
    setTimeout(connect, 1500);
  };
}

async function join() {
  $("join-error").textContent = "";
  const r = await fetch(`/api/games/${gameId}/join`, { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ code: inviteCode, name: $("join-name").value.trim() || null }) });
  const data = await r.json();
  if (!r.ok) {
    $("join-error").textContent = data.message;
    return;
  }
  location.replace(`/play.html?id=${gameId}`);
}

async function start() {
  if (!gameId) {
    location.replace("/");
    return;
  }
  loadSettings();
  $("board").addEventListener("click", onBoardClick);
  document.addEventListener("keydown", onKey);
  $("btn-hint").addEventListener("click", hint);
  $("btn-undo").addEventListener("click", () => act("/undo"));
  $("btn-takeback").addEventListener("click", () => act("/takeback/request"));
  $("btn-draw").addEventListener("click", () => act("/draw/offer"));
  $("btn-resign").addEventListener("click", () => {
    if (confirm("Resign this game?")) act("/resign");
  });
  $("offer-accept").addEventListener("click", () => act($("offer").dataset.kind === "draw" ? "/draw/accept"
    : "/takeback/accept"));
  $("offer-decline").addEventListener("click", () => act("/decline"));
  $("copy-invite").addEventListener("click", () => {
    $("invite-url").select();
    navigator.clipboard && navigator.clipboard.writeText($("invite-url").value);
  });
  const data = await api("", null, "GET");
  if (!data) return;
  if (inviteCode && !data.you) {
    $("join-panel").hidden = false;
    $("join-game").textContent = data.gameName;
    $("join-button").addEventListener("click", join);
  }
  accept(data, data.you);
  connect();
}

window.addEventListener("resize", () => { if (game && !busy) draw(); });
document.addEventListener("DOMContentLoaded", start);

// The play page: draws the game from the viewer's seat, animates each move from the server's sowing trace, and
// sends moves and requests to the server, which alone decides what is legal. Every pit is a button a screen
// reader names; every ply is announced in a live region; the game can be played with the keyboard alone.
import { AnalysisBoard } from "/analysis-board.js";
import { Board } from "/board.js";
import { Frame } from "/frame.js";
import { I18n, t } from "/i18n.js";
import { Words } from "/words.js";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const gameId = params.get("id");
// The invitation code travels after "#" so that it never reaches a server log; the seat token is an HttpOnly
// cookie that the server sets, so no script here ever sees it.
const inviteCode = new URLSearchParams(location.hash.slice(1)).get("invite") || params.get("invite");

// Shortcut keys: never a letter a pit of any game can have (a–p), so that they cannot collide with a move.
const SHORTCUTS = { hint: "?", undo: "Backspace" };

let game = null;        // the state last drawn
let you = null;         // "south", "north", "both" or null (spectator)
let lastVersion = -1;  // the version of the state last accepted: an older one arriving late is dropped
let busy = false;       // an animation is running
let pending = false;    // a request is on its way
const queue = [];       // states waiting for the animation to finish
let hintPit = null;
let focusPit = null;    // the pit that takes the keyboard focus (roving tabindex)
let withdrawing = false; // my own offer is being withdrawn, so its end is no refusal
let viewers = null;

// Settings persist in the browser; reduced motion follows the system until the player chooses.
function loadSettings() {
  const speed = localStorage.getItem("mancala-speed");
  if (speed !== null) $("speed").value = speed;
  const reduced = localStorage.getItem("mancala-reduced");
  $("reduced").checked = reduced === null ? matchMedia("(prefers-reduced-motion: reduce)").matches
    : reduced === "1";
  $("speed").addEventListener("change", () => localStorage.setItem("mancala-speed", $("speed").value));
  $("reduced").addEventListener("change", () => localStorage.setItem("mancala-reduced", $("reduced").checked ? "1" : "0"));
}

function holdingsOf(b) {
  return b.holdings;
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

// The name a side goes by on this page: "you" forms are chosen by the caller.
function nameOf(side) {
  const p = game.players[side];
  const name = Words.playerName(p && p.name, side, p && p.ai ? game.ai || {} : null, p && p.named);
  // A bot's account is marked as such wherever its name shows.
  return game.titles && game.titles[side] === "BOT" ? t("account.bot.mark") + " " + name : name;
}

function isMe(side) {
  return you === side;
}

// Which row a pit is in, as the viewer sees it: "your inner row", "North's outer row", "your opponent's row".
function rowOf(i) {
  const letters = game.layout.letters;
  const half = letters.length / 2;
  const side = i < half ? "south" : "north";
  const four = game.layout.rows === 4;
  const part = four ? (i % half < game.layout.cols ? "-outer" : "-inner") : "";
  let who;
  if (you === "south" || you === "north") who = side === you ? "own" : "opp";
  else who = side;
  return t("play.row." + who + part);
}

function pitLabel(i, letter, n, legal, closed) {
  const row = rowOf(i);
  if (closed) return t("play.pit.label-closed", { pit: letter, row });
  const seeds = t("play.pit.seeds", { count: n });
  return t(legal ? "play.pit.label-playable" : "play.pit.label", { pit: letter, row, seeds });
}

// A player without a name is shown by the side alone ("South"), never as "South (South)".
function unnamed(side) {
  return nameOf(side) === Words.sideName(side);
}

function trayLabel(side, n) {
  const seeds = t("play.pit.seeds", { count: n });
  if (!isMe(side) && unnamed(side)) return t("play.tray.label-side", { side: Words.sideName(side), seeds });
  return t("play.tray.label", { name: isMe(side) ? t("play.you") : nameOf(side), side: Words.sideName(side), seeds });
}

// The holdings shown in the trays: at the end of a Rio Kadalis round the seeds left in each row belong to its
// owner (R6), so the trays show the round's final holdings, the same numbers as the result.
function shownHoldings(board) {
  if (game.game === "rio-kadalis" && game.status === "over") {
    const r = game.rounds[game.rounds.length - 1];
    if (r && typeof r.south === "number") return { south: r.south, north: r.north };
  }
  return holdingsOf(board);
}

function draw(extra) {
  const e = extra || {};
  const board = e.board || game.board;
  const bottomSide = flip() ? "north" : "south";
  const topSide = flip() ? "south" : "north";
  const legal = !e.board && myTurn() && !busy ? new Set(game.legal) : new Set();
  const last = !e.board && game.lastMove && game.lastMove.round === game.round ? game.lastMove.pit : null;
  const svg = $("board");
  Board.render(svg, {
    layout: game.layout, board, flip: flip(), legal, lastPit: last, hintPit,
    active: e.active, lifting: e.lifting, taking: e.taking, takingTo: e.takingTo, hand: e.hand, lap: e.lap,
    topSide, bottomSide, interactive: true, pitLabel, trayLabel, trayTitle: t("common.holdings"),
    holdings: e.board ? holdingsOf(board) : shownHoldings(board),
    lapText: (n) => t("play.lap", { lap: n }),
  });
  rove(legal);
  bar("bar-top", topSide, board);
  bar("bar-bottom", bottomSide, board);
}

// Exactly one pit is in the tab order: the one last focused, else the first playable, else the viewer's first.
function rove(legal) {
  const svg = $("board");
  const letters = game.layout.letters;
  if (!focusPit || !letters.includes(focusPit)) {
    const first = game.legal.find((l) => legal.has(l));
    const mine = flip() ? letters[letters.length / 2] : letters[0];
    focusPit = first || mine;
  }
  svg.querySelectorAll(".pit").forEach((p) => p.setAttribute("tabindex", p.dataset.pit === focusPit ? "0" : "-1"));
}

function bar(id, side, board) {
  const el = $(id);
  const p = game.players[side];
  el.querySelector(".name").textContent = nameOf(side);
  const tags = unnamed(side) ? [] : [Words.sideName(side)];
  if (you === side) tags.push(t("play.tag.you"));
  if (!p.seated) tags.push(t("play.tag.not-joined"));
  if (game.status === "playing" && board.toMove === side) tags.push(t("play.tag.to-move"));
  el.querySelector(".tag").textContent = tags.length ? I18n.lead() + I18n.join(tags) : "";
  const h = holdingsOf(board);
  el.querySelector(".held").textContent = t("play.bar.holdings", { count: (board === game.board
    ? shownHoldings(board) : h)[side] });
  el.classList.toggle("turn", game.status === "playing" && board.toMove === side);
}

function outcomeText() {
  const rounds = game.rounds;
  const last = rounds[rounds.length - 1];
  const hold = game.game === "rio-kadalis" && last && typeof last.south === "number"
    ? { south: last.south, north: last.north } : holdingsOf(game.board);
  return Words.outcome({ result: game.result, termination: game.termination, south: hold.south, north: hold.north,
    names: { south: nameOf("south"), north: nameOf("north") }, you: you === "both" ? null : you });
}

function statusText() {
  if (game.status === "over") return outcomeText();
  if (game.status === "abandoned") return t("play.status.abandoned");
  if (game.status === "aborted") return t("play.status.aborted");
  if (game.status === "waiting") {
    if (!you && inviteCode) return t("play.status.invited");
    return you ? t("play.status.waiting-host") : t("play.status.waiting");
  }
  const side = game.toMove;
  let s;
  if (myTurn()) {
    s = you === "both" ? t("play.status.side-to-move", { side: Words.sideName(side) }) : t("play.status.your-move");
  } else if (game.players[side].ai) {
    s = t("play.status.thinking", { name: nameOf(side) });
  } else if (nameOf(side) === Words.sideName(side)) {
    s = t("play.status.side-only", { side: Words.sideName(side) });
  } else {
    s = t("play.status.to-move", { name: nameOf(side), side: Words.sideName(side) });
  }
  if (game.game === "rio-kadalis") {
    s = t("play.status.round", { round: game.round, status: s });
    const cur = game.rounds[game.rounds.length - 1];
    const prev = game.rounds[game.rounds.length - 2];
    if (prev && cur.moves.length === 0) {
      s = t("play.status.round-ended", { round: prev.number, south: prev.south, north: prev.north }) + " " + s;
    }
  }
  return s;
}

function drawKind() {
  if (game.game === "al-manqala") return "split";
  if (game.game === "rio-kadalis") return "end-round";
  return "draw";
}

// The plies a take-back by `side` removes: from his last move of the current round to the end.
function takebackPlies(side) {
  const moves = game.rounds[game.rounds.length - 1].moves;
  let from = moves.length - 1;
  while (from >= 0 && moves[from].side !== side) from--;
  return from < 0 ? [] : moves.slice(from);
}

function takebackText(side) {
  const plies = takebackPlies(side);
  const name = nameOf(side);
  if (plies.length <= 1) {
    return t("play.offer.takeback-last", { name, move: plies.length ? plies[0].pit : "" });
  }
  if (plies.length === 2) return t("play.offer.takeback-reply", { name, move: plies[0].pit, reply: plies[1].pit });
  return t("play.offer.takeback-plies", { name, move: plies[0].pit, count: plies.length });
}

function renderPanels() {
  const st = $("status");
  st.textContent = statusText();
  st.classList.toggle("over", game.status === "over");
  st.classList.toggle("mine", !!myTurn());
  // Offers: the one addressed to me with its buttons, or my own waiting for an answer.
  const offer = $("offer");
  let text = null;
  if (game.drawOffer && you && you !== "both" && game.drawOffer !== you) {
    text = t("play.offer." + drawKind(), { name: nameOf(game.drawOffer) });
    offer.dataset.kind = "draw";
  } else if (game.takebackOffer && you && you !== "both" && game.takebackOffer !== you) {
    text = takebackText(game.takebackOffer);
    offer.dataset.kind = "takeback";
  } else if (game.drawOffer && you && game.drawOffer === you) {
    text = t("play.offer.mine-" + drawKind());
    offer.dataset.kind = "mine";
  } else if (game.takebackOffer && you && game.takebackOffer === you) {
    text = t("play.offer.mine-takeback", { moves: takebackPlies(you).map((m) => m.pit).join(" ") });
    offer.dataset.kind = "mine";
  }
  offer.hidden = !text;
  $("offer-text").textContent = text || "";
  $("offer-accept").hidden = offer.dataset.kind === "mine";
  $("offer-decline").textContent = t(offer.dataset.kind === "mine" ? "play.offer.withdraw" : "play.offer.decline");
  const seated = !!you;
  const playing = game.status === "playing" && seated;
  $("seat-buttons").hidden = !seated;
  $("keys-help").hidden = !seated;
  // A visitor holding an invitation to a seat still free is about to play, not watching.
  const joining = !!inviteCode && !seated && game.status === "waiting";
  $("join-panel").hidden = !joining;
  $("watching").hidden = seated || joining;
  $("viewers").textContent = viewers === null ? "" : t("play.viewers", { count: viewers });
  $("btn-hint").disabled = !myTurn();
  $("btn-hint").hidden = game.mode === "invite";
  // The server's rule (Analyser.requireAnalysable): a game on one screen any time, any other once it is over or
  // abandoned, so that the engine is never an aid during a game against a person or the computer.
  $("btn-analyse").hidden = game.mode !== "local" && game.status !== "over" && game.status !== "abandoned"
    && game.status !== "aborted";
  $("analysis-link").hidden = $("btn-analyse").hidden;
  $("btn-undo").hidden = game.mode === "invite";
  $("btn-undo").disabled = !playing || game.plies === 0;
  $("btn-undo").title = t(game.mode === "ai" ? "play.undo.title-ai" : "play.undo.title-local");
  $("btn-takeback").hidden = game.mode !== "invite";
  $("btn-takeback").disabled = !playing || game.plies === 0 || !you || you === "both"
    || takebackPlies(you).length === 0;
  $("btn-draw").textContent = t("play.draw." + drawKind());
  $("btn-draw").disabled = !playing;
  $("btn-resign").disabled = !playing;
  $("btn-record").href = `/api/games/${encodeURIComponent(gameId)}/record`;
  $("btn-analyse").href = `/analysis.html?id=${encodeURIComponent(gameId)}`;
  $("analysis-link").href = $("btn-analyse").href;
  boardLink();
  $("invite-panel").hidden = !game.inviteUrl;
  if (game.inviteUrl) $("invite-url").value = location.origin + game.inviteUrl;
  renderMoves();
  document.title = t("play.doc-title", { game: Words.gameName(game.game), status: st.textContent });
}

// The current position on the analysis board: offered when the analysis is (a finished game, or one screen).
function boardLink() {
  let a = $("board-link");
  if (!a) {
    a = document.createElement("a");
    a.id = "board-link";
    a.textContent = t("editor.openBoard");
    $("analysis-link").after(a);
  }
  a.hidden = $("analysis-link").hidden;
  try {
    a.href = AnalysisBoard.link(game.game, game.options || "", game.board);
  } catch (e) {
    a.hidden = true; // the link is a convenience: it never stands in the way of the game
  }
}

function renderMoves() {
  const box = $("moves");
  box.innerHTML = "";
  game.rounds.forEach((r) => {
    if (game.rounds.length > 1 || game.game === "rio-kadalis") {
      const h = document.createElement("h3");
      h.className = "round-title";
      h.textContent = r.result ? t("play.moves.round-result", { round: r.number,
        result: Words.outcome({ result: r.result, termination: r.termination, south: r.south, north: r.north,
          names: { south: nameOf("south"), north: nameOf("north") }, you: null }) })
        : t("play.moves.round", { round: r.number });
      box.appendChild(h);
    }
    if (!r.moves.length) return;
    // One scheme on every page: a move number counts a South ply and the North ply after it.
    const table = document.createElement("table");
    const head = table.createTHead().insertRow();
    ["play.moves.number", "common.side.south", "common.side.north"].forEach((k) => {
      const th = document.createElement("th");
      th.scope = "col";
      th.textContent = t(k);
      head.appendChild(th);
    });
    const body = table.createTBody();
    const first = r.moves[0].side;
    let row = null, n = 0;
    r.moves.forEach((m, i) => {
      const number = Words.moveNumber(i, first);
      if (!row || number !== n) {
        n = number;
        row = body.insertRow();
        const c = row.insertCell();
        c.className = "n";
        c.textContent = I18n.num(number) + ".";
        row.insertCell();
        row.insertCell();
      }
      const cell = row.cells[m.side === "south" ? 1 : 2];
      Words.moveInto(cell, m.pit, m.captured);
      cell.classList.add("mv");
      if (r.number === game.round && i === r.moves.length - 1) cell.classList.add("cur");
    });
    box.appendChild(table);
  });
  box.scrollTop = box.scrollHeight;
}

// What a ply did, for the live region: "North sowed D, relayed at K, took 4 seeds."
function plyAnnouncement(lm) {
  const letters = game.layout.letters;
  const me = isMe(lm.side) && you !== "both";
  const parts = [me ? t("play.say.you-sowed", { pit: lm.pit }) : t("play.say.sowed",
    { who: Words.sideName(lm.side), pit: lm.pit })];
  const relays = [];
  const taken = { south: 0, north: 0 };
  let lifts = 0;
  (lm.steps || []).forEach((s) => {
    if (s.k === "lift") {
      lifts++;
      if (lifts > 1) relays.push(letters[s.p]);
    } else if (s.k === "take") {
      taken[s.to] += s.n;
    }
  });
  if (relays.length) parts.push(t("play.say.relayed", { pits: relays.join(" ") }));
  const mine = taken[lm.side];
  if (mine > 0) parts.push(t(me ? "play.say.you-took" : "play.say.took", { count: mine }));
  const other = lm.side === "south" ? "north" : "south";
  if (taken[other] > 0) {
    parts.push(t("play.say.went-to", { count: taken[other], side: Words.sideName(other) }));
  }
  return parts.join(t("common.list.separator")) + t("common.sentence.end");
}

function announce(text) {
  const el = $("announce");
  el.textContent = "";
  // A new text node each time, so that the same words said twice are read twice.
  setTimeout(() => { el.textContent = text; }, 30);
}

async function show(next) {
  const prev = game;
  game = next;
  hintPit = null;
  const lm = next.lastMove;
  const speed = Number($("speed").value);
  const moved = prev && lm && next.plies > prev.plies;
  noticeOffers(prev, next);
  if (moved && speed > 0) {
    busy = true;
    renderPanels();
    const me = isMe(lm.side) && you !== "both";
    const cap = lm.captured || 0;
    $("status").textContent = cap
      ? t(me ? "play.status.you-play-take" : "play.status.plays-take", { name: nameOf(lm.side), pit: lm.pit,
        count: cap })
      : t(me ? "play.status.you-play" : "play.status.plays", { name: nameOf(lm.side), pit: lm.pit });
    await Board.animate(lm.before, lm.steps, speed, $("reduced").checked,
      (st) => draw(st), () => false);
    busy = false;
  }
  draw();
  renderPanels();
  if (moved) {
    announce(plyAnnouncement(lm) + " " + $("status").textContent);
  } else if (!prev || prev.status !== next.status || prev.toMove !== next.toMove) {
    announce($("status").textContent);
  }
}

// Tells a player that his offer was declined: it is gone, the game goes on, and he did not withdraw it.
function noticeOffers(prev, next) {
  if (!prev || !you || you === "both") return;
  const gone = (k) => prev[k] === you && !next[k] && next.status === "playing" && next.plies === prev.plies;
  if (withdrawing) {
    withdrawing = false;
    return;
  }
  const other = you === "south" ? "north" : "south";
  if (gone("drawOffer")) notice(t("play.notice.draw-declined", { name: nameOf(other) }));
  if (gone("takebackOffer")) notice(t("play.notice.takeback-declined", { name: nameOf(other) }));
}

function notice(text) {
  $("notice").textContent = text;
}

function accept(next, seat) {
  if (seat !== undefined) you = seat;
  const version = typeof next.version === "number" ? next.version : next.stamp;
  if (version <= lastVersion) return;
  lastVersion = version;
  // the clocks (clock.js) and the game's facts (game-facts.js)
  document.dispatchEvent(new CustomEvent("game-state", { detail: { game: next, you } }));
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
    const r = await fetch(`/api/games/${encodeURIComponent(gameId)}${path}`, { method: method || "POST", headers,
      body: method === "GET" ? undefined : JSON.stringify(body || {}) });
    const data = await r.json();
    if (!r.ok) {
      const e = new Error(Words.error(data));
      e.status = r.status;
      e.code = data.error;
      throw e;
    }
    return data;
  } catch (e) {
    if (e.status === 404 && e.code === "unknown-game" && !game) throw e;
    $("error").textContent = e.message || t("errors.network");
    return null;
  } finally {
    pending = false;
  }
}

async function play(letter) {
  if (!myTurn() || busy || pending || !game.legal.includes(letter)) return;
  $("notice").textContent = "";
  const data = await api("/moves", { pit: letter, ply: game.plies + 1 });
  if (data) accept(data, data.you);
}

async function act(path) {
  $("notice").textContent = "";
  const data = await api(path);
  if (data) accept(data, data.you);
}

function onBoardClick(ev) {
  const g = ev.target.closest(".pit");
  if (g) {
    focusPit = g.dataset.pit;
    play(g.dataset.pit);
  }
}

// Arrow keys move the focus from pit to pit as the board is seen; Enter or Space plays the pit in focus.
function onBoardKey(ev) {
  const g = ev.target.closest && ev.target.closest(".pit");
  if (!g) return;
  const dirs = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  if (dirs[ev.key]) {
    ev.preventDefault();
    ev.stopPropagation();
    const [dx, dy] = dirs[ev.key];
    focusPit = Board.neighbour($("board"), game.layout, flip(), g.dataset.pit, dx, dy);
    rove(new Set());
    const el = Board.pitElement($("board"), focusPit);
    if (el) el.focus();
  } else if (ev.key === "Enter" || ev.key === " ") {
    ev.preventDefault();
    ev.stopPropagation();
    play(g.dataset.pit);
  }
}

// The letter a key stands for: the key itself, or on a non-Latin keyboard (Arabic, Russian) the Latin letter
// printed on the same key.
function keyLetter(ev) {
  if (/^[a-zA-Z]$/.test(ev.key)) return ev.key;
  if (/^Key[A-Z]$/.test(ev.code || "")) return ev.code.substring(3);
  return null;
}

function onKey(ev) {
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const tag = ev.target.tagName;
  if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
  if (!game || !you) return;
  if (ev.key === SHORTCUTS.hint) {
    if (myTurn() && game.mode !== "invite") {
      ev.preventDefault();
      hint();
    }
    return;
  }
  if (ev.key === SHORTCUTS.undo) {
    if (!$("btn-undo").hidden && !$("btn-undo").disabled) {
      ev.preventDefault();
      act("/undo");
    }
    return;
  }
  const k = keyLetter(ev);
  if (!k) return;
  const side = mySide();
  const letter = side === "south" ? k.toLowerCase() : k.toUpperCase();
  if (game.layout.letters.includes(letter)) {
    ev.preventDefault();
    focusPit = letter;
    play(letter);
  }
}

async function hint() {
  const data = await api("/hint", null, "GET");
  if (data) {
    hintPit = data.pit;
    draw();
    $("status").textContent = t("play.status.hint", { pit: data.pit });
    announce($("status").textContent);
  }
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/ws/games/${encodeURIComponent(gameId)}`);
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (typeof msg.viewers === "number") {
      viewers = msg.viewers;
      if (game) $("viewers").textContent = t("play.viewers", { count: viewers });
    }
    if (msg.type === "state") {
      accept(msg.game, msg.you === undefined ? undefined : msg.you);
    } else if (msg.type === "error") {
      $("error").textContent = Words.error(msg);
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
  try {
    const r = await fetch(`/api/games/${encodeURIComponent(gameId)}/join`, { method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ code: inviteCode, name: $("join-name").value.trim() || null }) });
    const data = await r.json();
    if (!r.ok) {
      $("join-error").textContent = Words.error(data);
      return;
    }
    location.replace(`/play.html?id=${encodeURIComponent(gameId)}`);
  } catch (e) {
    $("join-error").textContent = t("errors.network");
  }
}

function notFound() {
  $("loading").hidden = true;
  $("play").hidden = true;
  $("not-found").hidden = false;
  document.title = t("common.notfound.title");
}

async function start() {
  if (!gameId) {
    notFound();
    return;
  }
  loadSettings();
  $("board").addEventListener("click", onBoardClick);
  $("board").addEventListener("keydown", onBoardKey);
  $("board").addEventListener("focusin", (ev) => {
    const g = ev.target.closest && ev.target.closest(".pit");
    if (g) focusPit = g.dataset.pit;
  });
  document.addEventListener("keydown", onKey);
  $("btn-hint").addEventListener("click", hint);
  $("btn-undo").addEventListener("click", () => act("/undo"));
  $("btn-takeback").addEventListener("click", () => act("/takeback/request"));
  $("btn-draw").addEventListener("click", async () => {
    if (await Frame.ask({ title: $("btn-draw").textContent, text: t("play.draw.confirm"),
      confirm: $("btn-draw").textContent })) act("/draw/offer");
  });
  $("btn-resign").addEventListener("click", async () => {
    if (await Frame.ask({ title: t("play.resign.confirm"), text: t("play.resign.explain"),
      confirm: t("play.resign") })) act("/resign");
  });
  $("offer-accept").addEventListener("click", () => act($("offer").dataset.kind === "draw" ? "/draw/accept"
    : "/takeback/accept"));
  $("offer-decline").addEventListener("click", () => {
    withdrawing = $("offer").dataset.kind === "mine";
    act("/decline");
  });
  $("copy-invite").addEventListener("click", () => {
    $("invite-url").select();
    if (navigator.clipboard) {
      navigator.clipboard.writeText($("invite-url").value).then(() => notice(t("play.invite.copied")), () => {});
    }
  });
  let data;
  try {
    data = await api("", null, "GET");
  } catch (e) {
    notFound();
    return;
  }
  if (!data) return;
  $("loading").hidden = true;
  $("play").hidden = false;
  if (inviteCode && !data.you) {
    $("join-title").textContent = t("play.join.heading", { game: Words.gameName(data.game) });
    $("join-button").addEventListener("click", join);
  }
  accept(data, data.you);
  connect();
}

window.addEventListener("resize", () => { if (game && !busy) draw(); });
document.addEventListener("DOMContentLoaded", start);

// The page's state, read by the browser tests (live bindings of the module).
export { game, busy, pending, myTurn, SHORTCUTS };

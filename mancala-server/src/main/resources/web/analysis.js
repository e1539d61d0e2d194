// The analysis view: replays a game (played here, or imported) ply by ply with the engine's verdict on each move.
import { AnalysisBoard } from "/analysis-board.js";
import { Board } from "/board.js";
import { I18n, t } from "/i18n.js";
import { TableText } from "/tables.js";
import { Words } from "/words.js";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
let data = null;
let flat = [];      // every board of every round in order: {round, index, ply}
let at = 0;
let flipped = false;
const GRAPH_LIMIT = 2000; // the graph's scale: ±20 seeds, in hundredths

function build() {
  flat = [];
  data.rounds.forEach((r, ri) => r.plies.forEach((p, pi) => flat.push({ round: ri, index: pi, ply: p })));
}

function nameOf(side) {
  const i = side === "south" ? 0 : 1;
  const tagged = !data.tags || data.tags[side === "south" ? "South" : "North"];
  return Words.playerName(data.names && tagged ? data.names[i] : null, side);
}

function verdictText(v) {
  return I18n.has("analysis.verdict." + v) ? t("analysis.verdict." + v) : v;
}

// The evaluation from South's side: "+1.5" seeds, or a forced win in n plies.
function scoreText(score) {
  if (!score) return "";
  const m = /^(South|North) wins in (\d+)/.exec(score);
  if (m) return t("analysis.score.wins", { side: Words.sideName(m[1].toLowerCase()), count: Number(m[2]) });
  const v = Number(score);
  if (isNaN(v)) return score;
  return t("analysis.score.seeds", { score: (v > 0 ? "+" : v < 0 ? "\u2212" : "") + I18n.num(Math.abs(v), 1) });
}

// The move number and side of a ply as the play page writes it: "3." for South, "3…" for North.
function plyNumber(round, index) {
  const plies = data.rounds[round].plies;
  const first = plies.length > 1 ? plies[1].side : "south";
  const n = I18n.num(Words.moveNumber(index - 1, first));
  return plies[index].side === "south" ? n + "." : n + "…";
}

function render() {
  const cur = flat[at];
  const board = cur.ply.board;
  const top = flipped ? "south" : "north";
  const bottom = flipped ? "north" : "south";
  Board.render($("board"), { layout: data.layout, board, flip: flipped, legal: new Set(),
    lastPit: cur.ply.pit || null, topSide: top, bottomSide: bottom, trayTitle: t("common.holdings"),
    pitLabel: (i, letter, n, legal, closed) => closed ? t("analysis.pit.closed", { pit: letter })
      : t("analysis.pit.label", { pit: letter, seeds: t("play.pit.seeds", { count: n }) }),
    trayLabel: (side, n) => t("analysis.tray.label", { side: Words.sideName(side),
      seeds: t("play.pit.seeds", { count: n }) }) });
  const h = board.holdings;
  [["bar-top", top], ["bar-bottom", bottom]].forEach(([id, side]) => {
    $(id).querySelector(".name").textContent = nameOf(side);
    $(id).querySelector(".tag").textContent = nameOf(side) === Words.sideName(side) ? "" : I18n.lead() + Words.sideName(side);
    $(id).querySelector(".held").textContent = t("play.bar.holdings", { count: h[side] });
    $(id).classList.toggle("turn", board.toMove === side);
  });
  const multi = data.rounds.length > 1;
  $("where").textContent = cur.index === 0
    ? (multi ? t("analysis.where.round-start", { round: cur.round + 1 }) : t("analysis.where.start"))
    : (multi ? t("analysis.where.round-move", { round: cur.round + 1, move: plyNumber(cur.round, cur.index) })
      : t("analysis.where.move", { move: plyNumber(cur.round, cur.index) }));
  const p = cur.ply;
  let s;
  if (cur.index === 0) {
    s = t("analysis.status.start");
  } else {
    const played = { side: Words.sideName(p.side), pit: p.pit, count: p.captured || 0 };
    s = t(p.captured ? "analysis.status.played-take" : "analysis.status.played", played) + " "
      + (p.verdict === "best" ? t("analysis.status.best")
        : t("analysis.status.preferred", { verdict: verdictText(p.verdict), best: p.best }));
  }
  if (p.score) s += " " + t("analysis.status.evaluation", { score: scoreText(p.score) });
  // The endgame tables' judgement, where they hold the position before the ply.
  if (cur.index > 0 && p.table) s += " " + TableText.status(p.table, Words.sideName(p.side));
  $("status").textContent = s;
  boardLink(board);
  document.querySelectorAll("#moves .cur").forEach((e) => e.classList.remove("cur"));
  const el = document.querySelector(`#moves [data-at="${at}"]`);
  if (el) {
    el.classList.add("cur");
    // Only the move list scrolls to the current move, never the page.
    const box = $("moves");
    const row = el.closest("tr") || el;
    if (row.offsetTop < box.scrollTop || row.offsetTop + row.offsetHeight > box.scrollTop + box.clientHeight) {
      box.scrollTop = row.offsetTop - box.clientHeight / 2;
    }
  }
}

// Opens the position shown on the analysis board.
function boardLink(board) {
  let a = document.getElementById("board-link");
  if (!a) {
    a = document.createElement("a");
    a.id = "board-link";
    a.className = "button secondary";
    a.textContent = t("editor.openBoard");
    document.querySelector(".replay-controls").appendChild(a);
  }
  try {
    a.href = AnalysisBoard.link(data.game, (data.tags && data.tags.Options) || data.options || "", board);
  } catch (e) {
    a.hidden = true; // the link is a convenience: it never stands in the way of the analysis
  }
}

function roundResult(r) {
  if (!r.result) return "";
  return Words.outcome({ result: r.result, termination: r.termination, south: r.south, north: r.north,
    names: { south: nameOf("south"), north: nameOf("north") }, you: null });
}

function moveList() {
  const box = $("moves");
  box.innerHTML = "";
  let k = 0;
  data.rounds.forEach((r, ri) => {
    if (data.rounds.length > 1) {
      const h = document.createElement("h3");
      h.className = "round-title";
      const res = roundResult(r);
      h.textContent = res ? t("play.moves.round-result", { round: ri + 1, result: res })
        : t("play.moves.round", { round: ri + 1 });
      box.appendChild(h);
    }
    const table = document.createElement("table");
    const head = table.createTHead().insertRow();
    ["play.moves.number", "analysis.moves.move", "analysis.moves.verdict"].forEach((key) => {
      const th = document.createElement("th");
      th.scope = "col";
      th.textContent = t(key);
      head.appendChild(th);
    });
    const body = table.createTBody();
    k++; // the round's start board
    r.plies.forEach((p, pi) => {
      if (pi === 0) return;
      const row = body.insertRow();
      const num = row.insertCell();
      num.textContent = plyNumber(ri, pi);
      num.className = "n";
      const c = row.insertCell();
      c.className = "mv";
      const side = document.createElement("span");
      side.className = "side-mark";
      side.textContent = t(p.side === "south" ? "analysis.moves.south" : "analysis.moves.north");
      c.appendChild(side);
      const mv = document.createElement("span");
      Words.moveInto(mv, p.pit, p.captured);
      c.appendChild(mv);
      c.dataset.at = String(k);
      const v = row.insertCell();
      v.className = "verdict-" + p.verdict;
      if (p.verdict === "best") {
        v.textContent = verdictText("best");
      } else {
        v.append(verdictText(p.verdict) + " (", Words.pitSpan(p.best), ")");
      }
      if (TableText.faulted(p.table)) {
        const mark = document.createElement("span");
        mark.className = "table-fault";
        mark.textContent = TableText.mark(p.table);
        v.append(" ", mark);
      }
      const target = k;
      row.addEventListener("click", () => go(target));
      k++;
    });
    box.appendChild(table);
  });
}

// The evaluation after every ply, from South's side, as a filled line on a scale of ±20 seeds; a click jumps
// to that ply.
function graph() {
  const svg = $("graph");
  const n = flat.length;
  const lim = GRAPH_LIMIT / 100;
  $("scale-top").textContent = t("analysis.graph.scale-south", { seeds: "+" + I18n.num(lim) });
  $("scale-mid").textContent = I18n.num(0);
  $("scale-bottom").textContent = t("analysis.graph.scale-north", { seeds: "\u2212" + I18n.num(lim) });
  if (n < 2) return;
  const x = (i) => (i / (n - 1)) * 300;
  const y = (v) => 45 - (Math.max(-GRAPH_LIMIT, Math.min(GRAPH_LIMIT, v || 0)) / GRAPH_LIMIT) * 42;
  let line = "";
  flat.forEach((f, i) => { line += `${i ? "L" : "M"}${x(i).toFixed(1)} ${y(f.ply.eval).toFixed(1)} `; });
  let grid = "";
  [-1000, 1000].forEach((v) => {
    grid += `<line x1="0" x2="300" y1="${y(v)}" y2="${y(v)}" stroke="#b9a78f" stroke-dasharray="3 3"`
      + ` stroke-width="1" vector-effect="non-scaling-stroke"/>`;
  });
  svg.innerHTML = `<rect width="300" height="90" fill="#f3e7d5"/>` + grid
    + `<path d="${line} L300 45 L0 45 Z" fill="#0a7c72" fill-opacity="0.25"/>`
    + `<path d="${line}" fill="none" stroke="#0a7c72" stroke-width="1.5" vector-effect="non-scaling-stroke"/>`
    + `<line x1="0" x2="300" y1="45" y2="45" stroke="#6b5846" stroke-width="1" vector-effect="non-scaling-stroke"/>`
    + `<line id="graph-at" x1="0" x2="0" y1="0" y2="90" stroke="#b23a1a" stroke-width="2" vector-effect="non-scaling-stroke"/>`;
  svg.onclick = (ev) => {
    const r = svg.getBoundingClientRect();
    go(Math.round(((ev.clientX - r.left) / r.width) * (n - 1)));
  };
}

function go(i) {
  at = Math.max(0, Math.min(flat.length - 1, i));
  render();
  const mark = document.getElementById("graph-at");
  if (mark && flat.length > 1) {
    const gx = (at / (flat.length - 1)) * 300;
    mark.setAttribute("x1", gx);
    mark.setAttribute("x2", gx);
  }
}

async function start() {
  // The legend's list separator is the language's (Arabic writes "،").
  document.querySelectorAll(".legend .sep").forEach((e) => { e.textContent = t("common.list.separator"); });
  ["scale-top", "scale-mid", "scale-bottom"].forEach((id) => { $(id).dir = I18n.dir; });
  if (AnalysisBoard.wanted()) {
    AnalysisBoard.start();
    return;
  }
  try {
    if (params.get("import")) {
      data = JSON.parse(sessionStorage.getItem("mancala-import"));
      if (!data) throw new Error(t("analysis.no-import"));
    } else {
      const id = params.get("id");
      const r = await fetch(`/api/games/${encodeURIComponent(id)}/analysis`);
      data = await r.json();
      if (!r.ok) throw new Error(Words.error(data));
      $("back-link").href = `/play.html?id=${encodeURIComponent(id)}`;
      $("back-link").hidden = false;
    }
  } catch (e) {
    $("error").textContent = e.message;
    $("status").textContent = "";
    $("analysis").classList.add("failed");
    return;
  }
  const title = t("analysis.title.game", { game: Words.gameName(data.game), south: nameOf("south"),
    north: nameOf("north") });
  $("title").textContent = title;
  document.title = title;
  const last = data.rounds[data.rounds.length - 1];
  $("summary").textContent = roundResult(last) || t("analysis.unfinished");
  build();
  $("table-legend").hidden = !flat.some((f) => f.ply.table);
  moveList();
  graph();
  $("first").onclick = () => go(0);
  $("prev").onclick = () => go(at - 1);
  $("next").onclick = () => go(at + 1);
  $("last").onclick = () => go(flat.length - 1);
  $("flip").onclick = () => { flipped = !flipped; render(); };
  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT" || e.target.tagName === "TEXTAREA") return;
    if (e.key === "ArrowLeft") go(at - 1);
    else if (e.key === "ArrowRight") go(at + 1);
    else if (e.key === "Home") go(0);
    else if (e.key === "End") go(flat.length - 1);
    else return;
    e.preventDefault();
  });
  go(flat.length - 1);
  window.scrollTo(0, 0);
}

window.addEventListener("resize", () => { if (data) render(); });
document.addEventListener("DOMContentLoaded", start);

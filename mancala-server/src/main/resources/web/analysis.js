// The analysis view: replays a game (played here, or imported) ply by ply with the engine's verdict on each move.
"use strict";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
let data = null;
let flat = [];      // every board of every round in order: {round, index, ply}
let at = 0;
let flipped = false;

function build() {
  flat = [];
  data.rounds.forEach((r, ri) => r.plies.forEach((p, pi) => flat.push({ round: ri, index: pi, ply: p })));
}

function render() {
  const cur = flat[at];
  const board = cur.ply.board;
  const top = flipped ? "south" : "north";
  const bottom = flipped ? "north" : "south";
  Board.render($("board"), { layout: data.layout, board, flip: flipped, legal: new Set(),
    lastPit: cur.ply.pit || null, topSide: top, bottomSide: bottom });
  [["bar-top", top], ["bar-bottom", bottom]].forEach(([id, side]) => {
    $(id).querySelector(".name").textContent = `${data.names[side === "south" ? 0 : 1]} · ${side === "south" ? "South" : "North"}`;
    $(id).querySelector(".held").textContent = `${board.holdings[side]} held`;
    $(id).classList.toggle("turn", board.toMove === side);
  });
  const roundWord = data.rounds.length > 1 ? `Round ${cur.round + 1}, ` : "";
  $("where").textContent = cur.index === 0 ? `${roundWord}start` : `${roundWord}ply ${cur.index}`;
  const p = cur.ply;
  $("status").textContent = cur.index === 0 ? "Start position" + (data.rounds[cur.round].start ? ": "
    + data.rounds[cur.round].start : "")
    : `${p.side === "south" ? "South" : "North"} played ${p.pit}${p.captured ? ` (+${p.captured})` : ""} — `
      + (p.verdict === "best" ? "the engine's choice too." : `${p.verdict}; the engine preferred ${p.best}.`);
  if (p.score) $("status").textContent += `  Evaluation: ${p.score}${/wins/.test(p.score) ? "" : " (seeds, + favours South)"}.`;
  document.querySelectorAll("#moves .cur").forEach((e) => e.classList.remove("cur"));
  const el = document.querySelector(`#moves [data-at="${at}"]`);
  if (el) {
    el.classList.add("cur");
    el.scrollIntoView({ block: "nearest" });
  }
}

function moveList() {
  const box = $("moves");
  box.innerHTML = "";
  let k = 0;
  data.rounds.forEach((r, ri) => {
    if (data.rounds.length > 1) {
      const h = document.createElement("h4");
      h.textContent = `Round ${ri + 1}` + (r.summary ? ` — ${r.summary}` : "");
      box.appendChild(h);
    }
    const table = document.createElement("table");
    k++; // the round's start board
    r.plies.slice(1).forEach((p) => {
      const row = table.insertRow();
      row.insertCell().textContent = p.ply + ".";
      row.cells[0].className = "n";
      const c = row.insertCell();
      c.textContent = `${p.side === "south" ? "S" : "N"} ${p.pit}${p.captured ? ` (+${p.captured})` : ""}`;
      c.dataset.at = String(k);
      c.style.cursor = "pointer";
      const v = row.insertCell();
      v.textContent = p.verdict === "best" ? "best" : `${p.verdict} (${p.best})`;
      v.className = "verdict-" + p.verdict;
      const target = k;
      row.addEventListener("click", () => { at = target; render(); });
      k++;
    });
    box.appendChild(table);
  });
}

// The evaluation after every ply, from South's side, as a filled line; a click jumps to that ply.
function graph() {
  const svg = $("graph");
  const n = flat.length;
  if (n < 2) return;
  const x = (i) => (i / (n - 1)) * 300;
  const y = (v) => 45 - (Math.max(-2000, Math.min(2000, v || 0)) / 2000) * 42;
  let line = "";
  flat.forEach((f, i) => { line += `${i ? "L" : "M"}${x(i).toFixed(1)} ${y(f.ply.eval).toFixed(1)} `; });
  svg.innerHTML = `<rect width="300" height="90" fill="#f3e7d5"/>`
    + `<path d="${line} L300 45 L0 45 Z" fill="#0a7c72" fill-opacity="0.25"/>`
    + `<path d="${line}" fill="none" stroke="#0a7c72" stroke-width="1.5" vector-effect="non-scaling-stroke"/>`
    + `<line x1="0" x2="300" y1="45" y2="45" stroke="#7a6756" stroke-width="1" vector-effect="non-scaling-stroke"/>`
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
  try {
    if (params.get("import")) {
      data = JSON.parse(sessionStorage.getItem("mancala-import"));
      if (!data) throw new Error("No imported record: import one from the home page.");
    } else {
      const id = params.get("id");
      const r = await fetch(`/api/games/${id}/analysis`);
      data = await r.json();
      if (!r.ok) throw new Error(data.message);
      $("back-link").href = `/play.html?id=${id}`;
      $("back-link").hidden = false;
    }
  } catch (e) {
    $("error").textContent = e.message;
    $("status").textContent = "";
    return;
  }
  $("title").textContent = `${data.gameName}: ${data.names[0]} – ${data.names[1]}`;
  $("summary").textContent = data.summary || "";
  build();
  moveList();
  graph();
  $("first").onclick = () => go(0);
  $("prev").onclick = () => go(at - 1);
  $("next").onclick = () => go(at + 1);
  $("last").onclick = () => go(flat.length - 1);
  $("flip").onclick = () => { flipped = !flipped; render(); };
  document.addEventListener("keydown", (e) => {
    if (e.key === "ArrowLeft") go(at - 1);
    else if (e.key === "ArrowRight") go(at + 1);
    else if (e.key === "Home") go(0);
    else if (e.key === "End") go(flat.length - 1);
  });
  go(flat.length - 1);
}

window.addEventListener("resize", () => { if (data) render(); });
document.addEventListener("DOMContentLoaded", start);

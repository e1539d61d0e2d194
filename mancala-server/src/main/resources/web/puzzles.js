// Puzzles: the side to move wins by force. Every move is checked by the server against the exact solver (any move
// keeping the shortest win counts); the server answers for the defence; the solution is shown at the end.
import { Board } from "/board.js";
import { I18n, t } from "/i18n.js";

(() => {
  const $ = (id) => document.getElementById(id);
  const params = new URLSearchParams(location.search);
  let all = [];
  let puzzle = null;
  let view = null;     // the board now
  let moves = [];      // the solver's moves so far
  let line = [];       // every ply so far, both sides
  let busy = false;
  let over = false;

  function sideName(side) {
    return t(side === "south" ? "editor.side.south" : "editor.side.north");
  }

  // A published problem's credit in the page's language; a generated puzzle's origin in words.
  function sourceText(p) {
    if (I18n.has("puzzle.credit." + p.id)) return t("puzzle.credit." + p.id);
    return p.source.startsWith("self-play") ? t("puzzle.selfPlay") : p.source;
  }

  function list() {
    $("puzzles").hidden = false;
    $("puzzle").hidden = true;
    const rows = $("puzzle-rows");
    rows.innerHTML = "";
    all.forEach((p, i) => {
      const tr = rows.insertRow();
      const a = document.createElement("a");
      a.href = "/puzzles.html?id=" + encodeURIComponent(p.id);
      a.textContent = t("puzzle.number", { n: i + 1 });
      a.dataset.puzzle = p.id;
      tr.insertCell().appendChild(a);
      tr.insertCell().textContent = t("common.game." + p.game);
      tr.insertCell().textContent = t("puzzle.difficulty", { n: p.difficulty });
      tr.insertCell().textContent = sourceText(p);
    });
  }

  function draw(lastPit) {
    const solver = puzzle.side;
    const legal = over || busy || view.board.toMove !== solver ? new Set() : new Set(view.legal);
    const flip = solver === "north";
    Board.render($("board"), { layout: view.layout, board: view.board, flip, interactive: true, trayTitle: t("common.holdings"),
      trayLabel: (side, n) => t("analysis.tray.label", { side: sideName(side), seeds: t("play.pit.seeds", { count: n }) }),
      pitLabel: (i, letter, n, legal, closed) => closed ? t("analysis.pit.closed", { pit: letter })
        : t("analysis.pit.label", { pit: letter, seeds: t("play.pit.seeds", { count: n }) }), legal, lastPit,
      topSide: flip ? "south" : "north", bottomSide: flip ? "north" : "south" });
    [["bar-top", flip ? "south" : "north"], ["bar-bottom", solver]].forEach(([id, side]) => {
      $(id).querySelector(".name").textContent = sideName(side);
      $(id).querySelector(".held").textContent = t("editor.held", { count: view.board.holdings[side] });
      $(id).classList.toggle("turn", view.board.toMove === side);
    });
    $("played").textContent = line.length ? t("puzzle.moves", { line: line.join(" ") }) : "";
  }

  async function post(path, body) {
    const r = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body) });
    const data = await r.json();
    if (!r.ok) {
      const e = new Error(data.message);
      e.body = data;
      throw e;
    }
    return data;
  }

  async function playOn(letter) {
    view = await post("/api/positions/play", { position: view.position, options: view.options, move: letter });
    line.push(letter);
  }

  async function choose(letter) {
    if (busy || over || !view.legal.includes(letter) || view.board.toMove !== puzzle.side) return;
    busy = true;
    $("status").textContent = t("puzzle.checking");
    draw(null);
    try {
      const r = await post("/api/puzzles/" + encodeURIComponent(puzzle.id) + "/check", { moves: moves.concat([letter]) });
      if (!r.correct) {
        // the engine's one scale of verdicts: a win let go is a blunder, a slower win is good but not best
        const key = r.verdict === "blunder" ? "puzzle.wrong.blunder" : r.verdict === "good" ? "puzzle.wrong.slower"
          : "puzzle.wrong";
        $("feedback").textContent = t(key, { move: letter, verdict: t("analysis.verdict." + (r.verdict || "good")) });
        $("feedback").className = "feedback wrong";
        $("status").textContent = t("puzzle.yourMove");
        return;
      }
      moves.push(letter);
      await playOn(letter);
      for (const reply of r.replies) {
        await playOn(reply);
      }
      $("feedback").className = "feedback right";
      if (r.solved) {
        over = true;
        $("feedback").textContent = t("puzzle.solved");
        $("status").textContent = "";
        showSolution();
      } else {
        $("feedback").textContent = r.reply ? t("puzzle.correct", { move: r.reply }) : t("puzzle.correctNoReply");
        $("status").textContent = t("puzzle.yourMove");
      }
      draw(r.reply || letter);
    } catch (e) {
      $("feedback").textContent = e.body && e.body.error === "busy" ? t("puzzle.busy") : e.message;
      $("feedback").className = "feedback wrong";
    } finally {
      busy = false;
      draw(line.length ? line[line.length - 1] : null);
    }
  }

  async function showSolution() {
    const r = await fetch("/api/puzzles/" + encodeURIComponent(puzzle.id) + "/solution");
    const s = await r.json();
    $("solution").textContent = t("puzzle.solution", { line: s.line.join(" ") });
  }

  function restart() {
    view = puzzle.view;
    moves = [];
    line = [];
    over = false;
    $("feedback").textContent = "";
    $("feedback").className = "feedback";
    $("solution").textContent = "";
    $("status").textContent = t("puzzle.yourMove");
    draw(null);
  }

  async function open(id) {
    const r = await fetch("/api/puzzles/" + encodeURIComponent(id));
    if (!r.ok) {
      list();
      return;
    }
    puzzle = await r.json();
    $("puzzles").hidden = true;
    $("puzzle").hidden = false;
    $("puzzle-task").textContent = t(puzzle.side === "south" ? "puzzle.task.south" : "puzzle.task.north");
    $("puzzle-meta").textContent = I18n.join(t("common.game." + puzzle.game), t("puzzle.difficulty", { n: puzzle.difficulty }),
      t("puzzle.plies", { count: puzzle.plies }));
    $("puzzle-source").textContent = t("puzzle.source", { source: sourceText(puzzle) });
    $("open-board").href = "/analysis.html?position=" + encodeURIComponent(puzzle.position)
      + (puzzle.options ? "&options=" + encodeURIComponent(puzzle.options) : "");
    const i = all.findIndex((p) => p.id === puzzle.id);
    $("next-puzzle").hidden = i < 0 || i === all.length - 1;
    $("next-puzzle").onclick = () => { location.href = "/puzzles.html?id=" + encodeURIComponent(all[i + 1].id); };
    restart();
  }

  function wire() {
    $("board").addEventListener("click", (ev) => {
      const g = ev.target.closest("[data-pit]");
      if (g && g.classList.contains("legal")) choose(g.dataset.pit);
    });
    document.addEventListener("keydown", (ev) => {
      if (!view || $("puzzle").hidden || ev.target.closest("input, select, textarea")) return;
      if (view.legal.includes(ev.key)) choose(ev.key);
    });
    $("show-solution").onclick = () => { over = true; showSolution(); draw(null); };
    $("restart").onclick = restart;
  }

  async function start() {
    wire();
    all = await (await fetch("/api/puzzles")).json();
    if (params.get("id")) {
      await open(params.get("id"));
    } else {
      list();
    }
  }

  document.addEventListener("DOMContentLoaded", start);
})();

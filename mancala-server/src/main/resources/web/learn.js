// Lessons: each step a small position where the learner finds the move the task asks for. Right and wrong moves
// are explained from the lesson data (/api/lessons), whose claims a test checks against the rules engine.
import { Board } from "/board.js";
import { t } from "/i18n.js";

(() => {
  const $ = (id) => document.getElementById(id);
  const params = new URLSearchParams(location.search);
  let lessons = [];
  let lesson = null;
  let index = 0;
  let view = null;
  let solved = false;

  function sideName(side) {
    return t(side === "south" ? "learn.side.south" : "learn.side.north");
  }

  function list() {
    $("lessons").hidden = false;
    $("lesson").hidden = true;
    const box = $("lesson-list");
    box.innerHTML = "";
    lessons.forEach((l) => {
      const card = document.createElement("article");
      card.className = "lesson-card";
      const h = document.createElement("h3");
      const a = document.createElement("a");
      a.href = "/learn.html?lesson=" + encodeURIComponent(l.id);
      a.textContent = t(l.title);
      a.dataset.lesson = l.id;
      h.appendChild(a);
      const p = document.createElement("p");
      p.textContent = t(l.intro);
      const n = document.createElement("p");
      n.className = "hint-text";
      n.textContent = t("learn.steps", { count: l.steps.length });
      card.append(h, p, n);
      box.appendChild(card);
    });
  }

  function draw(v, lastPit) {
    const legal = solved ? new Set() : new Set(v.legal);
    // Every own pit answers a click (an unplayable one is explained), so all of them are marked as buttons.
    Board.render($("board"), { layout: v.layout, board: v.board, flip: v.board.toMove === "north" && false,
      interactive: true, trayTitle: t("common.holdings"),
      trayLabel: (side, n) => t("analysis.tray.label", { side: sideName(side), seeds: t("play.pit.seeds", { count: n }) }),
      pitLabel: (i, letter, n, legal, closed) => closed ? t("analysis.pit.closed", { pit: letter })
        : t("analysis.pit.label", { pit: letter, seeds: t("play.pit.seeds", { count: n }) }), legal, lastPit, topSide: "north", bottomSide: "south" });
    [["bar-top", "north"], ["bar-bottom", "south"]].forEach(([id, side]) => {
      $(id).querySelector(".name").textContent = sideName(side);
      $(id).querySelector(".held").textContent = t("editor.held", { count: v.board.holdings[side] });
      $(id).classList.toggle("turn", v.board.toMove === side);
    });
  }

  function show() {
    const step = lesson.steps[index];
    view = step.view;
    solved = false;
    $("lessons").hidden = true;
    $("lesson").hidden = false;
    $("lesson-title").textContent = t(lesson.title);
    $("lesson-intro").textContent = index === 0 ? t(lesson.intro) : "";
    $("step-count").textContent = t("learn.step", { n: index + 1, total: lesson.steps.length });
    $("task").textContent = t(step.task);
    $("rules").textContent = t("learn.rules", { tags: step.rules.join(t("common.list.separator")) });
    $("feedback").textContent = "";
    $("feedback").className = "feedback";
    $("next").hidden = true;
    $("again").hidden = true;
    $("to-move").textContent = t("learn.toMove", { side: sideName(view.board.toMove) });
    $("open-board").href = "/analysis.html?position=" + encodeURIComponent(view.position)
      + (view.options ? "&options=" + encodeURIComponent(view.options) : "");
    draw(view, null);
    history.replaceState(null, "", "/learn.html?lesson=" + encodeURIComponent(lesson.id) + "&step=" + (index + 1));
  }

  async function choose(letter) {
    if (solved) return;
    const step = lesson.steps[index];
    const fb = $("feedback");
    if (step.answer.includes(letter)) {
      solved = true;
      try {
        const r = await fetch("/api/positions/play", { method: "POST", headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ position: view.position, options: view.options, move: letter }) });
        const after = await r.json();
        if (r.ok) draw(after, letter);
      } catch (e) {
        // The explanation stands without the drawing of the position after the move.
      }
      solved = true;
      fb.textContent = t(step.right);
      fb.className = "feedback right";
      const last = index === lesson.steps.length - 1;
      $("next").hidden = false;
      $("next").textContent = last ? t("learn.back") : t("learn.next");
      $("again").hidden = false;
      if (last) fb.textContent += " " + t("learn.done");
      return;
    }
    const wrong = step.wrong.find((w) => w.moves.includes(letter))
      || (step.illegal || []).find((w) => w.moves.includes(letter));
    fb.textContent = wrong ? t(wrong.why) : t("learn.notLegal", { pit: letter });
    fb.className = "feedback wrong";
  }

  function wire() {
    $("board").addEventListener("click", (ev) => {
      const g = ev.target.closest("[data-pit]");
      if (!g || !view || g.dataset.owner !== view.board.toMove) return;
      choose(g.dataset.pit);
    });
    document.addEventListener("keydown", (ev) => {
      if (!view || $("lesson").hidden || ev.target.closest("input, select, textarea")) return;
      if (view.layout.letters.includes(ev.key)) choose(ev.key);
    });
    $("next").onclick = () => {
      if (index === lesson.steps.length - 1) {
        location.href = "/learn.html";
      } else {
        index++;
        show();
      }
    };
    $("again").onclick = show;
  }

  async function start() {
    wire();
    const r = await fetch("/api/lessons");
    lessons = (await r.json()).lessons;
    lesson = lessons.find((l) => l.id === params.get("lesson")) || null;
    if (!lesson) {
      list();
      return;
    }
    index = Math.max(0, Math.min(lesson.steps.length - 1, (parseInt(params.get("step"), 10) || 1) - 1));
    show();
  }

  document.addEventListener("DOMContentLoaded", start);
})();

// The analysis board and position editor: /analysis.html?position=POSITION&options=OPTIONS (URL-encoded notation).
// Set up any position (seeds per pit, side to move, held seeds, rule options; the server checks it is legal),
// play moves from it into a move tree (undo, branches), watch the engine's evaluation and principal variation
// stream in while it thinks, solve exactly, share the position as a link, download the line as an annotated
// record. Every text comes from the bundles (learn's editor area) through t().
import { Board } from "/board.js";
import { I18n, t } from "/i18n.js";
import { TableText } from "/tables.js";

const AnalysisBoard = (() => {
  const $ = (id) => document.getElementById(id);
  const params = new URLSearchParams(location.search);
  const GAMES = ["hawalis", "bao-kiarabu", "al-manqala", "rio-kadalis"];
  let nodes = [];      // {id, parent, move, view, children: [ids], mover, captured}
  let cur = 0;
  let flipped = false;
  let editing = false;
  let draft = null;    // the position being edited: {game, options, pits, holdings, toMove, closed}
  let analysing = false;
  let lastInfo = null;

  function wanted() {
    return !params.get("id") && !params.get("import");
  }

  function sideName(side) {
    return t(side === "south" ? "editor.side.south" : "editor.side.north");
  }

  function markup() {
    return `
<div class="play board-view" id="board-view">
  <section class="board-wrap">
    <div class="eval-wrap">
      <div class="eval-bar" id="ab-evalbar" role="meter" aria-valuemin="0" aria-valuemax="100" aria-valuenow="50"
           data-i18n-attr="aria-label:editor.evalBar">
        <div class="eval-north" id="ab-eval-north"></div><div class="eval-south" id="ab-eval-south"></div></div>
      <div class="eval-board">
        <div class="player-bar" id="ab-bar-top"><span class="dot"></span><span class="name"></span><span class="held"></span></div>
        <svg class="board" id="ab-board" role="group" data-i18n-attr="aria-label:editor.board"></svg>
        <div class="player-bar" id="ab-bar-bottom"><span class="dot"></span><span class="name"></span><span class="held"></span></div>
      </div>
    </div>
    <div class="replay-controls">
      <button type="button" class="secondary" id="ab-back" data-i18n-attr="title:editor.backTitle;aria-label:editor.backTitle">◀</button>
      <button type="button" class="secondary" id="ab-forward" data-i18n-attr="title:editor.forwardTitle;aria-label:editor.forwardTitle">▶</button>
      <button type="button" class="secondary" id="ab-undo" data-i18n="editor.undo"></button>
      <button type="button" class="secondary" id="ab-flip" data-i18n-attr="title:editor.flip;aria-label:editor.flip">⇅</button>
      <button type="button" class="secondary" id="ab-edit" data-i18n="editor.edit"></button>
    </div>
    <div class="status" id="ab-status" role="status" aria-live="polite"></div>
    <p class="error" id="ab-error" role="alert"></p>
    <form class="panel editor" id="ab-editor" hidden>
      <p class="hint-text" data-i18n="editor.editHint"></p>
      <div class="editor-grid">
        <label><span data-i18n="editor.game"></span><select id="ab-game"></select></label>
        <label><span data-i18n="editor.toMove"></span><select id="ab-tomove">
          <option value="south" data-i18n="editor.side.south"></option>
          <option value="north" data-i18n="editor.side.north"></option></select></label>
        <label><span data-i18n="editor.heldSouth"></span><input type="number" min="0" max="999" id="ab-held-south"></label>
        <label><span data-i18n="editor.heldNorth"></span><input type="number" min="0" max="999" id="ab-held-north"></label>
        <label class="wide"><span data-i18n="editor.options"></span><input type="text" id="ab-options" data-i18n-attr="placeholder:editor.optionsPlaceholder"></label>
        <label class="wide"><span data-i18n="editor.notation"></span><input type="text" id="ab-notation" spellcheck="false"></label>
      </div>
      <div class="actions-row">
        <button type="submit" id="ab-apply" data-i18n="editor.apply"></button>
        <button type="button" class="secondary" id="ab-initial" data-i18n="editor.initial"></button>
        <button type="button" class="secondary" id="ab-clear" data-i18n="editor.clear"></button>
        <button type="button" class="secondary" id="ab-cancel" data-i18n="editor.cancel"></button>
      </div>
    </form>
  </section>
  <aside class="side-panel">
    <div class="panel">
      <strong data-i18n="editor.heading"></strong>
      <p class="hint-text" id="ab-game-name"></p>
      <div class="buttons">
        <button type="button" id="ab-analyse" data-i18n="editor.analyse"></button>
        <button type="button" class="secondary" id="ab-solve" data-i18n="editor.solve"></button>
      </div>
      <p id="ab-eval" class="eval-line" aria-live="polite"></p>
      <p id="ab-pv" class="hint-text"></p>
      <p id="ab-solution" aria-live="polite"></p>
    </div>
    <section class="panel" id="ab-tables" aria-labelledby="ab-tables-title" hidden>
      <h2 class="panel-title" id="ab-tables-title" data-i18n="analysis.table.heading"></h2>
      <p id="ab-table-value" class="eval-line"></p>
      <table class="table-moves" id="ab-table-moves">
        <caption class="visually-hidden" data-i18n="analysis.table.moves"></caption>
        <thead><tr><th scope="col" data-i18n="analysis.table.move"></th><th scope="col" id="ab-table-for"></th></tr></thead>
        <tbody id="ab-table-body"></tbody>
      </table>
    </section>
    <div class="panel">
      <strong data-i18n="editor.tree"></strong>
      <div class="move-tree" id="ab-tree"></div>
    </div>
    <div class="panel">
      <label><span data-i18n="editor.shareLabel"></span><input type="text" id="ab-share" readonly></label>
      <div class="buttons" style="margin-top:8px">
        <button type="button" class="secondary" id="ab-copy" data-i18n="editor.copy"></button>
        <button type="button" class="secondary" id="ab-export" data-i18n="editor.export"></button>
      </div>
      <p class="hint-text" id="ab-share-note" aria-live="polite"></p>
    </div>
  </aside>
</div>`;
  }

  async function api(path, body) {
    const r = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body) });
    const type = r.headers.get("Content-Type") || "";
    const data = type.includes("json") ? await r.json() : await r.text();
    if (!r.ok) {
      const e = new Error(typeof data === "object" ? data.message : String(data));
      e.body = data;
      throw e;
    }
    return data;
  }

  function node() {
    return nodes[cur];
  }

  function explain(e) {
    const b = e.body || {};
    if (b.error === "too-many-seeds") return t("editor.tooMany", { seeds: b.details.seeds, most: b.details.most });
    if (b.error === "bad-position" || b.error === "bad-options") return t("editor.illegal", { reason: b.message });
    if (b.error === "busy" || (b.error || "").startsWith("engine-busy") || b.status === 429) return t("editor.busy");
    return b.message || e.message;
  }

  /** The link to this board: the start position of the line and the moves from it to the position shown. */
  function shareUrl(v) {
    const u = new URL("/analysis.html", location.href);
    const root = nodes.length ? nodes[0].view : v;
    u.searchParams.set("position", root.position);
    if (root.options) u.searchParams.set("options", root.options);
    const path = [];
    for (let id = cur; id > 0; id = nodes[id].parent) path.unshift(nodes[id].move);
    if (path.length) u.searchParams.set("moves", path.join(" "));
    return u.toString();
  }

  function render() {
    const v = editing ? draftView() : node().view;
    const top = flipped ? "south" : "north";
    const bottom = flipped ? "north" : "south";
    const legal = editing ? new Set() : new Set(v.legal);
    Board.render($("ab-board"), { layout: v.layout, board: v.board, flip: flipped, interactive: true, trayTitle: t("common.holdings"),
      trayLabel: (side, n) => t("analysis.tray.label", { side: sideName(side), seeds: t("play.pit.seeds", { count: n }) }),
      pitLabel: (i, letter, n, legal, closed) => closed ? t("analysis.pit.closed", { pit: letter })
        : t("analysis.pit.label", { pit: letter, seeds: t("play.pit.seeds", { count: n }) }), legal,
      lastPit: editing ? null : node().move, topSide: top, bottomSide: bottom });
    [["ab-bar-top", top], ["ab-bar-bottom", bottom]].forEach(([id, side]) => {
      $(id).querySelector(".name").textContent = sideName(side);
      $(id).querySelector(".held").textContent = t("editor.held", { count: v.board.holdings[side] });
      $(id).classList.toggle("turn", v.board.toMove === side);
    });
    $("ab-game-name").textContent = I18n.join(t("common.game." + v.game), v.options);
    if (editing) {
      $("ab-status").textContent = t("editor.editing");
    } else if (v.over) {
      $("ab-status").textContent = t("editor.over", { result: v.result });
    } else {
      const n = node();
      const last = !n.move ? "" : (n.captured ? t("editor.played", { side: sideName(n.mover), move: n.move,
        count: n.captured }) : t("editor.playedQuiet", { side: sideName(n.mover), move: n.move })) + " ";
      $("ab-status").textContent = last + t("editor.toPlay", { side: sideName(v.board.toMove) });
    }
    $("ab-evalbar").style.flexDirection = flipped ? "column-reverse" : "column";
    $("ab-undo").disabled = editing || cur === 0;
    $("ab-back").disabled = editing || cur === 0;
    $("ab-forward").disabled = editing || node().children.length === 0;
    if (!editing) {
      $("ab-share").value = shareUrl(v);
      history.replaceState(null, "", "/analysis.html?" + new URL($("ab-share").value).searchParams.toString());
    }
    tree();
  }

  // The move tree: the main line (first children) in order, each other child a variation in brackets.
  function tree() {
    const box = $("ab-tree");
    box.innerHTML = "";
    const root = document.createElement("button");
    root.type = "button";
    root.className = "tree-move" + (cur === 0 ? " cur" : "");
    root.textContent = t("editor.treeStart");
    root.onclick = () => go(0);
    box.appendChild(root);
    line(box, 0);
  }

  function line(box, from) {
    let id = from;
    while (nodes[id].children.length) {
      const kids = nodes[id].children;
      box.appendChild(moveButton(kids[0]));
      kids.slice(1).forEach((k) => {
        const v = document.createElement("span");
        v.className = "variation";
        v.appendChild(document.createTextNode("("));
        v.appendChild(moveButton(k));
        line(v, k);
        v.appendChild(document.createTextNode(")"));
        box.appendChild(v);
      });
      id = kids[0];
    }
  }

  function moveButton(id) {
    const n = nodes[id];
    const b = document.createElement("button");
    b.type = "button";
    b.className = "tree-move" + (id === cur ? " cur" : "");
    b.dataset.node = String(id);
    b.textContent = (n.mover === "south" ? "" : "…") + n.move + (n.captured ? " (+" + I18n.num(n.captured) + ")" : "");
    b.setAttribute("aria-label", t("editor.moveLabel", { side: sideName(n.mover), move: n.move, count: n.captured }));
    b.onclick = () => go(id);
    return b;
  }

  function go(id) {
    cur = id;
    $("ab-solution").textContent = "";
    render();
    tables();
    if (analysing) analyse();
  }

  async function play(letter) {
    const n = node();
    const existing = n.children.find((k) => nodes[k].move === letter);
    if (existing !== undefined) {
      go(existing);
      return;
    }
    try {
      const r = await api("/api/positions/play", { position: n.view.position, options: n.view.options, move: letter });
      const id = nodes.length;
      nodes.push({ id, parent: cur, move: r.move, mover: r.mover, captured: r.captured, view: r, children: [] });
      n.children.push(id);
      $("ab-error").textContent = "";
      go(id);
    } catch (e) {
      $("ab-error").textContent = explain(e);
    }
  }

  function undo() {
    if (cur === 0) return;
    const n = node();
    const parent = nodes[n.parent];
    if (n.children.length === 0) {
      parent.children = parent.children.filter((k) => k !== cur);
    }
    go(n.parent);
  }

  // Live analysis over a WebSocket: the server sends an "info" after each search iteration, then "done". One
  // socket serves the page; a new request stops the search before it.
  let socket = null;
  let asked = null;
  let retries = 0;

  function connect() {
    if (socket && socket.readyState <= 1) return socket;
    socket = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws/analysis");
    socket.onmessage = (ev) => {
      const m = JSON.parse(ev.data);
      if (m.type === "failed") {
        // The previous search of this page may still be ending: ask again shortly.
        if ((m.error || "").startsWith("engine-busy") && retries < 5 && analysing) {
          retries++;
          setTimeout(() => { if (analysing) request(); }, 400);
          return;
        }
        $("ab-error").textContent = explain({ body: m });
        return;
      }
      if (m.type === "table") {
        showTables(m);
        return;
      }
      if (!analysing || m.position !== asked) return;
      showEval(m, m.type === "done");
    };
    socket.onclose = () => { socket = null; };
    return socket;
  }

  function request() {
    const v = node().view;
    asked = v.position;
    const s = connect();
    const msg = JSON.stringify({ type: "analyse", position: v.position, options: v.options, millis: 10000 });
    if (s.readyState === 1) s.send(msg);
    else s.addEventListener("open", () => s.send(msg), { once: true });
  }

  // The endgame tables' verdict on the position shown: asked over the same socket at every change of position,
  // whether the engine analyses or not; the answer for a position no longer shown is dropped.
  function tables() {
    if (editing) {
      $("ab-tables").hidden = true;
      return;
    }
    const v = node().view;
    if (v.over) {
      $("ab-tables").hidden = true;
      return;
    }
    const s = connect();
    const msg = JSON.stringify({ type: "table", position: v.position, options: v.options });
    if (s.readyState === 1) s.send(msg);
    else s.addEventListener("open", () => s.send(msg), { once: true });
  }

  function showTables(m) {
    const v = node().view;
    const panel = $("ab-tables");
    if (editing || m.position !== v.position) return;
    const body = $("ab-table-body");
    body.innerHTML = "";
    if (!m.inTables) {
      // Said only where this game has tables at all.
      panel.hidden = typeof m.reach !== "number";
      $("ab-table-moves").hidden = true;
      if (!panel.hidden) {
        const perSide = v.game === "hawalis" || v.game === "bao-kiarabu";
        $("ab-table-value").textContent = t(perSide ? "analysis.table.none-side" : "analysis.table.none",
          { count: m.reach });
      }
      return;
    }
    const side = sideName(m.toMove);
    $("ab-table-value").textContent = t("analysis.table.value", { side, value: TableText.value(m.value) });
    $("ab-table-for").textContent = t("analysis.table.result", { side });
    m.moves.forEach((mv) => {
      const row = body.insertRow();
      row.className = "tb-" + mv.value.verdict;
      const c = row.insertCell();
      const b = document.createElement("button");
      b.type = "button";
      b.className = "tree-move";
      b.textContent = mv.move;
      b.setAttribute("aria-label", t("analysis.table.play", { move: mv.move }));
      b.onclick = () => play(mv.move);
      c.appendChild(b);
      row.insertCell().textContent = TableText.value(mv.value);
    });
    $("ab-table-moves").hidden = m.moves.length === 0;
    panel.hidden = false;
  }

  function analyse() {
    const v = node().view;
    analysing = true;
    retries = 0;
    $("ab-analyse").textContent = t("editor.stop");
    if (v.over) {
      stop();
      showEval(null);
      return;
    }
    $("ab-eval").textContent = t("editor.thinking");
    $("ab-eval").dataset.updates = "0";
    request();
  }

  function stop() {
    asked = null;
    if (socket && socket.readyState === 1) socket.send(JSON.stringify({ type: "stop" }));
  }

  function scoreText(info) {
    if (info.win) return t("editor.winIn", { side: sideName(info.win), count: info.plies });
    return t("editor.seeds", { score: (info.score >= 0 ? "+" : "−") + I18n.num(Math.abs(info.score) / 100) });
  }

  function showEval(info, done) {
    lastInfo = info;
    let share = 50;
    if (info) {
      $("ab-eval").dataset.updates = String((parseInt($("ab-eval").dataset.updates, 10) || 0) + 1);
      share = info.win ? (info.win === "south" ? 100 : 0)
        : 50 + 50 * (2 / (1 + Math.exp(-info.score / 400)) - 1);
      $("ab-eval").textContent = I18n.join(scoreText(info), t("editor.depth", { count: info.depth }),
        done ? t("editor.done") : null);
      $("ab-pv").textContent = info.pv.length ? t("editor.pv", { line: info.pv.join(" ") }) : "";
    } else {
      $("ab-eval").textContent = "";
      $("ab-pv").textContent = "";
    }
    $("ab-eval-south").style.height = share + "%";
    $("ab-eval-north").style.height = (100 - share) + "%";
    $("ab-evalbar").dataset.score = info ? String(info.score) : "";
  }

  function toggleAnalysis() {
    if (analysing) {
      analysing = false;
      stop();
      $("ab-analyse").textContent = t("editor.analyse");
    } else {
      analyse();
    }
  }

  async function solve() {
    const v = node().view;
    $("ab-solution").textContent = t("editor.solving");
    $("ab-solve").disabled = true;
    try {
      const r = await api("/api/positions/solve", { position: v.position, options: v.options });
      const side = sideName(v.board.toMove);
      if (r.result === "win") {
        $("ab-solution").textContent = t("editor.solvedWin", { side, count: r.plies, line: r.line.join(" ") });
      } else if (r.result === "loss") {
        $("ab-solution").textContent = t("editor.solvedLoss", { side, count: r.plies, line: r.line.join(" ") });
      } else if (r.result === "draw") {
        $("ab-solution").textContent = t("editor.solvedDraw", { line: r.line.join(" ") });
      } else {
        $("ab-solution").textContent = t("editor.unsolved");
      }
    } catch (e) {
      $("ab-solution").textContent = explain(e);
    } finally {
      $("ab-solve").disabled = false;
    }
  }

  // --- the position editor ---------------------------------------------------------------------------------------
  function draftFrom(v) {
    return { game: v.game, options: v.options, layout: v.layout, pits: v.board.pits.slice(),
      closed: v.board.closed.slice(), holdings: { south: v.board.holdings.south, north: v.board.holdings.north },
      toMove: v.board.toMove };
  }

  function draftNotation(d) {
    const n = d.pits.length / 2;
    const side = (s) => d.pits.slice(s * n, s * n + n).map((x, i) => (d.closed[s * n + i] ? "x" : String(x))).join(",");
    return `${d.game} ${side(0)} ${side(1)} ${d.toMove === "south" ? "S" : "N"} ${d.holdings.south}-${d.holdings.north}`;
  }

  function draftView() {
    return { game: draft.game, options: draft.options, layout: draft.layout, over: false, legal: [],
      board: { pits: draft.pits, closed: draft.closed, holdings: draft.holdings, toMove: draft.toMove } };
  }

  function syncForm() {
    $("ab-game").value = draft.game;
    $("ab-tomove").value = draft.toMove;
    $("ab-held-south").value = String(draft.holdings.south);
    $("ab-held-north").value = String(draft.holdings.north);
    $("ab-options").value = draft.options || "";
    $("ab-notation").value = draftNotation(draft);
  }

  function startEditing() {
    stop();
    analysing = false;
    $("ab-analyse").textContent = t("editor.analyse");
    editing = true;
    draft = draftFrom(node().view);
    $("ab-editor").hidden = false;
    $("ab-edit").disabled = true;
    syncForm();
    render();
    tables();
  }

  function stopEditing() {
    editing = false;
    $("ab-editor").hidden = true;
    $("ab-edit").disabled = false;
    render();
    tables();
  }

  function editPit(letter, delta) {
    const i = draft.layout.letters.indexOf(letter);
    if (i < 0) return;
    if (draft.closed[i]) {
      if (delta > 0) { draft.closed[i] = false; draft.pits[i] = 0; }
    } else if (draft.pits[i] + delta < 0) {
      if (draft.game === "rio-kadalis") draft.closed[i] = true; // below empty: a closed pit (R8)
    } else {
      draft.pits[i] += delta;
    }
    syncForm();
    render();
  }

  async function loadInto(position, options) {
    const v = await api("/api/positions/check", { position, options });
    return v;
  }

  async function applyDraft(ev) {
    if (ev) ev.preventDefault();
    const text = $("ab-notation").value.trim();
    const options = $("ab-options").value.trim();
    try {
      const v = await loadInto(text, options);
      nodes = [{ id: 0, parent: -1, move: null, view: v, children: [] }];
      cur = 0;
      $("ab-error").textContent = "";
      showEval(null);
      stopEditing();
      $("ab-status").textContent = t("editor.legal") + " " + $("ab-status").textContent;
    } catch (e) {
      $("ab-error").textContent = explain(e);
    }
  }

  async function initialDraft(game) {
    try {
      const v = await api("/api/positions/initial", { game, options: $("ab-options").value.trim() });
      draft = draftFrom(v);
      syncForm();
      render();
      $("ab-error").textContent = "";
    } catch (e) {
      $("ab-error").textContent = explain(e);
    }
  }

  function wire() {
    GAMES.forEach((g) => {
      const o = document.createElement("option");
      o.value = g;
      o.textContent = t("common.game." + g);
      $("ab-game").appendChild(o);
    });
    $("ab-board").addEventListener("click", (ev) => {
      const g = ev.target.closest("[data-pit]");
      if (!g) return;
      if (editing) editPit(g.dataset.pit, ev.shiftKey ? -1 : 1);
      else if (g.classList.contains("legal")) play(g.dataset.pit);
    });
    $("ab-board").addEventListener("contextmenu", (ev) => {
      const g = ev.target.closest("[data-pit]");
      if (!g || !editing) return;
      ev.preventDefault();
      editPit(g.dataset.pit, -1);
    });
    document.addEventListener("keydown", (ev) => {
      if (editing || ev.target.closest("input, select, textarea")) return;
      const v = node().view;
      if (v.legal.includes(ev.key)) play(ev.key);
      else if (ev.key === "ArrowLeft" && cur > 0) go(node().parent);
      else if (ev.key === "ArrowRight" && node().children.length) go(node().children[0]);
    });
    $("ab-back").onclick = () => { if (cur > 0) go(node().parent); };
    $("ab-forward").onclick = () => { if (node().children.length) go(node().children[0]); };
    $("ab-undo").onclick = undo;
    $("ab-flip").onclick = () => { flipped = !flipped; render(); };
    $("ab-edit").onclick = startEditing;
    $("ab-cancel").onclick = stopEditing;
    $("ab-editor").addEventListener("submit", applyDraft);
    $("ab-initial").onclick = () => initialDraft($("ab-game").value);
    $("ab-clear").onclick = () => {
      draft.pits = draft.pits.map(() => 0);
      draft.closed = draft.closed.map(() => false);
      draft.holdings = { south: 0, north: 0 };
      syncForm();
      render();
    };
    $("ab-game").onchange = () => { $("ab-options").value = ""; initialDraft($("ab-game").value); };
    $("ab-tomove").onchange = () => { draft.toMove = $("ab-tomove").value; syncForm(); render(); };
    $("ab-held-south").oninput = () => { draft.holdings.south = Math.max(0, parseInt($("ab-held-south").value, 10) || 0); syncForm(); render(); };
    $("ab-held-north").oninput = () => { draft.holdings.north = Math.max(0, parseInt($("ab-held-north").value, 10) || 0); syncForm(); render(); };
    $("ab-options").oninput = () => { draft.options = $("ab-options").value.trim(); };
    $("ab-analyse").onclick = toggleAnalysis;
    $("ab-solve").onclick = solve;
    $("ab-copy").onclick = async () => {
      $("ab-share").select();
      try {
        await navigator.clipboard.writeText($("ab-share").value);
      } catch (e) {
        document.execCommand("copy");
      }
      $("ab-share-note").textContent = t("editor.copied");
    };
    $("ab-export").onclick = exportRecord;
  }

  // The line from the root to the current position, analysed by the engine, as an annotated record.
  async function exportRecord() {
    const path = [];
    for (let id = cur; id > 0; id = nodes[id].parent) path.unshift(nodes[id].move);
    const root = nodes[0].view;
    $("ab-share-note").textContent = t("editor.exporting");
    try {
      const text = await api("/api/positions/export", { position: root.position, options: root.options, moves: path });
      const a = document.createElement("a");
      a.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
      a.download = root.game + "-analysis.txt";
      a.id = "ab-export-link";
      a.textContent = t("editor.exported");
      $("ab-share-note").textContent = "";
      $("ab-share-note").appendChild(a);
      a.dataset.record = text;
      a.click();
    } catch (e) {
      $("ab-share-note").textContent = explain(e);
    }
  }

  async function start() {
    document.title = t("editor.title");
    const main = document.querySelector("main");
    main.querySelectorAll(":scope > *").forEach((el) => { el.hidden = true; });
    main.insertAdjacentHTML("beforeend", markup());
    I18n.apply($("board-view"));
    wire();
    const position = params.get("position") || "hawalis";
    const options = params.get("options") || "";
    try {
      const v = params.get("position") ? await loadInto(position, options)
        : await api("/api/positions/initial", { game: "hawalis", options: "" });
      nodes = [{ id: 0, parent: -1, move: null, view: v, children: [] }];
      cur = 0;
      // a shared line: its moves replayed from the start position, each checked by the server
      for (const letter of (params.get("moves") || "").split(/\s+/).filter((m) => m).slice(0, 400)) {
        const before = cur;
        await play(letter);
        if (cur === before) break; // refused: the error is shown, the line stops there
      }
      render();
      showEval(null);
      tables();
    } catch (e) {
      // A shared link with a bad position: say why and open the editor on the game's start.
      const game = GAMES.includes(position.split(/\s+/)[0]) ? position.split(/\s+/)[0] : "hawalis";
      const v = await api("/api/positions/initial", { game, options: "" });
      nodes = [{ id: 0, parent: -1, move: null, view: v, children: [] }];
      cur = 0;
      render();
      startEditing();
      $("ab-notation").value = position;
      $("ab-error").textContent = explain(e);
    }
  }

  /** A link that opens a board (as the board view draws it) on the analysis board. */
  function link(game, options, board) {
    const n = board.pits.length / 2;
    const side = (s) => board.pits.slice(s * n, s * n + n).map((x, i) => (board.closed && board.closed[s * n + i] ? "x" : String(x))).join(",");
    const held = board.holdings || { south: 0, north: 0 };
    const position = `${game} ${side(0)} ${side(1)} ${board.toMove === "south" ? "S" : "N"} ${held.south}-${held.north}`;
    return shareUrl({ position, options });
  }

  return { wanted, start, link, lastInfo: () => lastInfo };
})();

export { AnalysisBoard };

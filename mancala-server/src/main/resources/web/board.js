// Draws a mancala board as SVG from the server's layout and board state. Shared by the play and analysis pages.
// The layout gives each pit's [row, col] as South sees the board; a North viewer sees it turned round, so that
// his own rows are at the bottom.
"use strict";

const Board = (() => {
  const CELL = 96;          // distance between pit centres
  const PIT_R = 40;         // pit radius
  const STONE_R = 7.2;      // stone radius
  const MARGIN = 26;
  const STORE_W = 132;      // width of the captured-seeds trays beside the board
  const STONE_COLOURS = ["#e9d8a6", "#94d2bd", "#ee9b00", "#ca6702", "#bb3e03", "#0a9396", "#d9c4f2", "#f4a261",
    "#a3b18a", "#e5989b", "#8ecae6", "#ffb703"];

  // Stone positions inside a pit: a sunflower spiral, stable from one drawing to the next.
  function stoneOffsets(n, radius) {
    const out = [];
    const shown = Math.min(n, 30);
    const r = shown > 18 ? STONE_R * 0.78 : STONE_R;
    for (let i = 0; i < shown; i++) {
      const a = i * 2.39996;
      const d = Math.min(radius - r - 2, (r * 1.05) * Math.sqrt(i + 0.4));
      out.push([Math.cos(a) * d, Math.sin(a) * d, r]);
    }
    return out;
  }

  function colour(pit, i) {
    return STONE_COLOURS[(pit * 7 + i * 5) % STONE_COLOURS.length];
  }

  function stones(cx, cy, n, radius, seed) {
    let s = "";
    stoneOffsets(n, radius).forEach(([dx, dy, r], i) => {
      const c = colour(seed, i);
      s += `<circle class="stone" cx="${(cx + dx).toFixed(1)}" cy="${(cy + dy).toFixed(1)}" r="${r.toFixed(1)}"`
        + ` fill="${c}"/>`;
    });
    return s;
  }

  // Geometry of one drawing: where each pit goes for this viewer. On a narrow screen the captured-seed trays sit
  // above and below the board instead of beside it, so that the pits get the whole width.
  function geometry(layout, flip, narrow) {
    const rows = layout.rows, cols = layout.cols;
    const four = rows === 4;
    const gap = four ? 22 : 0;                  // space between the two players' halves
    const boardW = MARGIN * 2 + cols * CELL;
    const boardH = MARGIN * 2 + rows * CELL + gap;
    const trayH = 78;
    const top = narrow ? trayH + 10 : 0;
    const width = narrow ? boardW : boardW + STORE_W + 16;
    const height = narrow ? boardH + 2 * (trayH + 10) : boardH;
    const pos = layout.cells.map(([row, col]) => {
      const r = flip ? rows - 1 - row : row;
      const c = flip ? cols - 1 - col : col;
      const x = MARGIN + c * CELL + CELL / 2;
      const y = top + MARGIN + r * CELL + CELL / 2 + (four && r >= 2 ? gap : 0);
      return [x, y];
    });
    return { rows, cols, width, height, pos, boardW, boardH, gap, top, trayH, narrow };
  }

  /**
   * Renders the board.
   * opts: { layout, board: {pits, closed, holdings, toMove}, flip, legal: Set of letters, lastPit: letter,
   *         active: index being sown, lifting: index lifted, taking: index taken, hand: seeds in hand,
   *         lap: lap number, names: {top, bottom}, topSide, bottomSide, keys: bool }
   */
  function render(svg, opts) {
    const narrow = opts.narrow === undefined ? window.matchMedia("(max-width: 640px)").matches : opts.narrow;
    const g = geometry(opts.layout, opts.flip, narrow);
    const b = opts.board;
    const letters = opts.layout.letters;
    svg.setAttribute("viewBox", `0 0 ${g.width} ${g.height}`);
    let s = `<defs>
      <linearGradient id="wood" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="#8a5a34"/><stop offset="0.5" stop-color="#74472a"/>
        <stop offset="1" stop-color="#5e3920"/></linearGradient>
      <radialGradient id="hole" cx="0.5" cy="0.4" r="0.65">
        <stop offset="0" stop-color="#3b2414"/><stop offset="0.85" stop-color="#4e311d"/>
        <stop offset="1" stop-color="#6b4327"/></radialGradient>
      <filter id="shadow" x="-20%" y="-20%" width="140%" height="140%">
        <feDropShadow dx="0" dy="1.2" stdDeviation="1.1" flood-opacity="0.55"/></filter>
    </defs>`;
    s += `<rect x="4" y="${g.top + 4}" width="${g.boardW - 8}" height="${g.boardH - 8}" rx="30" fill="url(#wood)"`
      + ` stroke="#3d2616" stroke-width="3"/>`;
    if (g.rows === 4) {
      const y = g.top + MARGIN + 2 * CELL + g.gap / 2;
      s += `<line x1="24" x2="${g.boardW - 24}" y1="${y}" y2="${y}" stroke="#3d2616" stroke-width="3"`
        + ` stroke-dasharray="2 8" stroke-linecap="round"/>`;
    } else {
      const y = g.top + MARGIN + CELL;
      s += `<line x1="24" x2="${g.boardW - 24}" y1="${y}" y2="${y}" stroke="#3d2616" stroke-opacity="0.45"`
        + ` stroke-width="2"/>`;
    }
    // Captured seeds beside the board (or above and below it on a narrow screen): the top player's tray first.
    const trays = g.narrow
      ? [["top", 4, 4, g.boardW - 8, g.trayH], ["bottom", 4, g.top + g.boardH + 6, g.boardW - 8, g.trayH]]
      : [["top", g.boardW + 12, 4, STORE_W - 8, (g.height - 24) / 2],
        ["bottom", g.boardW + 12, 4 + (g.height - 24) / 2 + 16, STORE_W - 8, (g.height - 24) / 2]];
    trays.forEach(([where, x, y, w, h]) => {
      const side = where === "top" ? opts.topSide : opts.bottomSide;
      const n = b.holdings[side];
      s += `<g class="store ${where}${opts.takingTo === side ? " flash" : ""}" data-side="${side}">`;
      s += `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="22" fill="url(#wood)"`
        + ` stroke="#3d2616" stroke-width="3"/>`;
      if (g.narrow) {
        const cx = x + w / 2 + 24, cy = y + h / 2;
        s += `<ellipse cx="${cx}" cy="${cy}" rx="${w / 2 - 70}" ry="${h / 2 - 12}" fill="url(#hole)"/>`;
        s += `<g filter="url(#shadow)">${stones(cx, cy, n, h / 2 - 12, side === "south" ? 3 : 8)}</g>`;
        s += `<text class="store-count" x="${x + 40}" y="${cy + 8}" text-anchor="middle">${n}</text>`;
      } else {
        const cx = x + w / 2, cy = y + h / 2 + 8;
        s += `<ellipse cx="${cx}" cy="${cy}" rx="${w / 2 - 16}" ry="${h / 2 - 26}" fill="url(#hole)"/>`;
        s += `<g filter="url(#shadow)">${stones(cx, cy, n, Math.min(w / 2 - 16, h / 2 - 26), side === "south" ? 3 : 8)}</g>`;
        s += `<text class="store-count" x="${cx}" y="${y + 22}" text-anchor="middle">${n}</text>`;
      }
      s += `</g>`;
    });
    g.pos.forEach(([x, y], i) => {
      const letter = letters[i];
      const closed = b.closed[i];
      const n = b.pits[i];
      const legal = opts.legal && opts.legal.has(letter);
      const cls = ["pit"];
      if (legal) cls.push("legal");
      if (opts.lastPit === letter) cls.push("last");
      if (opts.active === i) cls.push("active");
      if (opts.lifting === i) cls.push("lifting");
      if (opts.taking === i) cls.push("taking");
      if (closed) cls.push("closed");
      const natural = i < letters.length / 2 ? "south" : "north";
      const owner = b.owners ? b.owners[i] : natural;
      if (owner !== natural) cls.push("conquered"); // Rio Kadalis conquest: the pit belongs across the board
      s += `<g class="${cls.join(" ")}" data-pit="${letter}" data-owner="${owner}"`
        + (legal ? ` role="button" tabindex="-1" aria-label="pit ${letter}, ${n} seeds"` : "") + `>`;
      s += `<circle class="pit-ring" cx="${x}" cy="${y}" r="${PIT_R + 5}"/>`;
      s += `<circle class="pit-hole" cx="${x}" cy="${y}" r="${PIT_R}" fill="url(#hole)"/>`;
      if (closed) {
        s += `<path d="M${x - 18} ${y - 18} L${x + 18} ${y + 18} M${x + 18} ${y - 18} L${x - 18} ${y + 18}"`
          + ` class="closed-mark"/>`;
      } else {
        s += `<g filter="url(#shadow)">${stones(x, y, n, PIT_R, i)}</g>`;
      }
      const top = y < g.top + g.boardH / 2;
      // The count sits on the pit's outer edge, the letter on its inner edge.
      const cy = y + (top ? -PIT_R - 2 : PIT_R + 12);
      s += `<text class="count" x="${x + PIT_R - 4}" y="${y - PIT_R + 12}" text-anchor="middle">`
        + `${closed ? "" : n}</text>`;
      s += `<text class="letter" x="${x - PIT_R + 6}" y="${y + PIT_R - 2}" text-anchor="middle">${letter}</text>`;
      if (opts.lifting === i && opts.hand > 0) {
        s += `<g class="hand"><circle cx="${x}" cy="${cy}" r="13"/><text x="${x}" y="${cy + 5}"`
          + ` text-anchor="middle">${opts.hand}</text></g>`;
      }
      s += `</g>`;
    });
    if (opts.lap) {
      const my = g.top + g.boardH / 2;
      s += `<g class="lap-badge"><rect x="${g.boardW / 2 - 44}" y="${my - 15}" width="88" height="30"`
        + ` rx="15"/><text x="${g.boardW / 2}" y="${my + 6}" text-anchor="middle">lap ${opts.lap}</text></g>`;
    }
    svg.innerHTML = s;
  }

  /**
   * Plays a move's sowing trace on a copy of `before`, calling draw(state) after each step and waiting
   * `delay` ms between steps. With `lapsOnly` (reduced motion) only the state after each lap is drawn.
   */
  async function animate(before, steps, delay, lapsOnly, draw, shouldStop) {
    const st = {
      pits: before.pits.slice(), closed: before.closed.slice(), owners: before.owners,
      holdings: Object.assign({}, before.holdings), toMove: before.toMove,
    };
    let hand = 0, lap = 0, lifting = -1;
    const wait = (ms) => new Promise((r) => setTimeout(r, ms));
    for (let i = 0; i < steps.length; i++) {
      if (shouldStop && shouldStop()) return;
      const step = steps[i];
      let taking = -1, takingTo = null, active = -1;
      if (step.k === "lift") {
        lap++;
        st.pits[step.p] -= step.n;
        hand = step.n;
        lifting = step.p;
      } else if (step.k === "sow") {
        st.pits[step.p] += 1;
        hand = Math.max(0, hand - 1);
        active = step.p;
      } else if (step.k === "take") {
        st.pits[step.p] -= step.n;
        st.holdings[step.to] += step.n;
        taking = step.p;
        takingTo = step.to;
      }
      const next = steps[i + 1];
      const lapEnds = !next || next.k === "lift";
      if (lapsOnly && !lapEnds && step.k !== "take") continue;
      draw({ board: st, hand, lap, lifting, active, taking, takingTo });
      // Reduced motion shows each lap's result as one still, held long enough to read.
      await wait(lapsOnly ? Math.max(300, delay * 4)
        : step.k === "take" ? delay * 3 : step.k === "lift" ? delay * 2 : delay);
    }
  }

  return { render, animate };
})();

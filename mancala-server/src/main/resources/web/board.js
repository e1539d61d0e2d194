// Draws a mancala board as SVG from the server's layout and board state. Shared by the play and analysis pages.
// The layout gives each pit's [row, col] as South sees the board; a North viewer sees it turned round, so that
// his own rows are at the bottom. The board keeps its real geometry in every language (it sits in a dir="ltr"
// frame): sowing runs counterclockwise and the pit letters are the notation's. The drawing is built once per
// layout and then updated in place, so that the pit holding the keyboard focus keeps it while seeds are sown.
import { I18n } from "/i18n.js";

const Board = (() => {
  const NS = "http://www.w3.org/2000/svg";
  const CELL = 96;          // distance between pit centres
  const PIT_R = 40;         // pit radius
  const SEED_R = 7.2;       // seed radius
  const MARGIN = 30;
  const HOLDINGS_W = 132;      // width of the holdings trays beside the board
  const SEED_COLOURS = ["#e9d8a6", "#94d2bd", "#ee9b00", "#ca6702", "#bb3e03", "#0a9396", "#d9c4f2", "#f4a261",
    "#a3b18a", "#e5989b", "#8ecae6", "#ffb703"];

  // Seed positions inside a pit: a sunflower spiral, stable from one drawing to the next.
  function seedOffsets(n, radius) {
    const out = [];
    const shown = Math.min(n, 30);
    const r = shown > 18 ? SEED_R * 0.78 : SEED_R;
    for (let i = 0; i < shown; i++) {
      const a = i * 2.39996;
      const d = Math.min(radius - r - 2, (r * 1.05) * Math.sqrt(i + 0.4));
      out.push([Math.cos(a) * d, Math.sin(a) * d, r]);
    }
    return out;
  }

  function colour(pit, i) {
    return SEED_COLOURS[(pit * 7 + i * 5) % SEED_COLOURS.length];
  }

  function drawSeeds(cx, cy, n, radius, shade) {
    let s = "";
    seedOffsets(n, radius).forEach(([dx, dy, r], i) => {
      const c = colour(shade, i);
      s += `<circle class="seed" cx="${(cx + dx).toFixed(1)}" cy="${(cy + dy).toFixed(1)}" r="${r.toFixed(1)}"`
        + ` fill="${c}"/>`;
    });
    return s;
  }

  // Geometry of one drawing: where each pit goes for this viewer. On a narrow screen the holdings trays sit
  // above and below the board instead of beside it, so that the pits get the whole width.
  function geometry(layout, flip, narrow) {
    const rows = layout.rows, cols = layout.cols;
    const four = rows === 4;
    const gap = four ? 22 : 0;                  // space between the two players' halves
    const boardW = MARGIN * 2 + cols * CELL;
    const boardH = MARGIN * 2 + rows * CELL + gap;
    const trayH = 78;
    const top = narrow ? trayH + 10 : 0;
    const width = narrow ? boardW : boardW + HOLDINGS_W + 16;
    const height = narrow ? boardH + 2 * (trayH + 10) : boardH;
    const pos = layout.cells.map(([row, col]) => {
      const r = flip ? rows - 1 - row : row;
      const c = flip ? cols - 1 - col : col;
      const x = MARGIN + c * CELL + CELL / 2;
      const y = top + MARGIN + r * CELL + CELL / 2 + (four && r >= 2 ? gap : 0);
      return [x, y, r, c];
    });
    return { rows, cols, width, height, pos, boardW, boardH, gap, top, trayH, narrow };
  }

  function trayBoxes(g) {
    return g.narrow
      ? [["top", 4, 4, g.boardW - 8, g.trayH], ["bottom", 4, g.top + g.boardH + 6, g.boardW - 8, g.trayH]]
      : [["top", g.boardW + 12, 4, HOLDINGS_W - 8, (g.height - 24) / 2],
        ["bottom", g.boardW + 12, 4 + (g.height - 24) / 2 + 16, HOLDINGS_W - 8, (g.height - 24) / 2]];
  }

  // The fixed parts of a drawing: wood, trays, pits with their rings, letters and empty seed groups.
  function build(svg, opts, g) {
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
    s += `<rect aria-hidden="true" x="4" y="${g.top + 4}" width="${g.boardW - 8}" height="${g.boardH - 8}" rx="30"`
      + ` fill="url(#wood)" stroke="#3d2616" stroke-width="3"/>`;
    if (g.rows === 4) {
      const y = g.top + MARGIN + 2 * CELL + g.gap / 2;
      s += `<line aria-hidden="true" x1="24" x2="${g.boardW - 24}" y1="${y}" y2="${y}" stroke="#3d2616"`
        + ` stroke-width="3" stroke-dasharray="2 8" stroke-linecap="round"/>`;
    } else {
      const y = g.top + MARGIN + CELL;
      s += `<line aria-hidden="true" x1="24" x2="${g.boardW - 24}" y1="${y}" y2="${y}" stroke="#3d2616"`
        + ` stroke-opacity="0.45" stroke-width="2"/>`;
    }
    trayBoxes(g).forEach(([where, x, y, w, h]) => {
      s += `<g class="holdings ${where}">`;
      s += `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="22" fill="url(#wood)" stroke="#3d2616"`
        + ` stroke-width="3"/>`;
      if (g.narrow) {
        // a phone's trays: the title and the count as large as the pits' letters and counts (at least 11 px)
        const cx = x + w / 2 + 80, cy = y + h / 2;
        s += `<ellipse cx="${cx}" cy="${cy}" rx="${w / 2 - 100}" ry="${h / 2 - 12}" fill="url(#hole)"/>`;
        s += `<g class="tray-seeds" filter="url(#shadow)"></g>`;
        s += `<text class="holdings-title narrow" aria-hidden="true" x="${x + 88}" y="${y + 34}" text-anchor="middle"></text>`;
        s += `<text class="holdings-count narrow" aria-hidden="true" x="${x + 88}" y="${y + h - 10}" text-anchor="middle"></text>`;
      } else {
        const cx = x + w / 2, cy = y + (48 + h) / 2;
        s += `<ellipse cx="${cx}" cy="${cy}" rx="${w / 2 - 16}" ry="${(h - 48) / 2 - 6}" fill="url(#hole)"/>`;
        s += `<g class="tray-seeds" filter="url(#shadow)"></g>`;
        s += `<text class="holdings-title" aria-hidden="true" x="${cx}" y="${y + 20}" text-anchor="middle"></text>`;
        s += `<text class="holdings-count" aria-hidden="true" x="${cx}" y="${y + 42}" text-anchor="middle"></text>`;
      }
      s += `</g>`;
    });
    g.pos.forEach(([x, y], i) => {
      const letter = letters[i];
      s += `<g class="pit" data-pit="${letter}" data-index="${i}">`;
      s += `<circle class="pit-focus" cx="${x}" cy="${y}" r="${PIT_R + 10}"/>`;
      s += `<circle class="pit-ring" cx="${x}" cy="${y}" r="${PIT_R + 5}"/>`;
      s += `<circle class="pit-hole" cx="${x}" cy="${y}" r="${PIT_R}" fill="url(#hole)"/>`;
      s += `<path d="M${x - 18} ${y - 18} L${x + 18} ${y + 18} M${x + 18} ${y - 18} L${x - 18} ${y + 18}"`
        + ` class="closed-mark"/>`;
      s += `<g class="pit-seeds" filter="url(#shadow)"></g>`;
      s += `</g>`;
    });
    // The drawn counts and letters lie over the pits, outside the pit buttons: each button's name already says
    // its letter and seeds, so these are not read a second time.
    g.pos.forEach(([x, y], i) => {
      const letter = letters[i];
      s += `<g class="pit-label" data-pit="${letter}" aria-hidden="true">`;
      s += `<text class="count" x="${x + PIT_R - 4}" y="${y - PIT_R + 12}" text-anchor="middle"></text>`;
      s += `<text class="letter" x="${x - PIT_R + 6}" y="${y + PIT_R - 2}" text-anchor="middle">${letter}</text>`;
      s += `<g class="hand-slot"></g>`;
      s += `</g>`;
    });
    s += `<g class="overlay" aria-hidden="true"></g>`;
    svg.innerHTML = s;
    svg._pits = [...svg.querySelectorAll(".pit")];
    svg._labels = [...svg.querySelectorAll(".pit-label")];
    svg._shown = [];
    svg._trays = {};
    svg.querySelectorAll(".holdings").forEach((el) => { svg._trays[el.classList.contains("top") ? "top" : "bottom"] = el; });
    readable(svg, g);
  }

  // Pit letters and seed counts stay at least MIN_TEXT_PX high on screen however small the board is drawn (a
  // phone): their size in the drawing's units grows as the drawing shrinks.
  const MIN_TEXT_PX = 11;
  function readable(svg, g) {
    const fit = () => {
      const w = svg.getBoundingClientRect().width;
      if (!w) return;
      const unit = w / g.width; // screen pixels per drawing unit
      svg.style.setProperty("--letter-size", Math.max(14, MIN_TEXT_PX / unit) + "px");
      svg.style.setProperty("--count-size", Math.max(17, MIN_TEXT_PX / unit) + "px");
    };
    fit();
    if (!svg._fitObserver && typeof ResizeObserver === "function") {
      svg._fitObserver = new ResizeObserver(() => fit());
      svg._fitObserver.observe(svg);
    }
    svg._fit = fit;
  }

  /**
   * Draws the board, building it when the layout, the viewer's side or the screen width changed.
   * opts: { layout, board: {pits, closed, holdings, toMove, owners}, flip, legal: Set of letters, lastPit, hintPit,
   *         active, lifting, taking, takingTo: side, hand: seeds in hand, lap: lap number, topSide, bottomSide,
   *         holdings: {south, north} shown in the trays (default board.holdings),
   *         pitLabel(i, letter, seeds, legal, closed): the pit's accessible name,
   *         trayTitle: the trays' heading, trayLabel(side, seeds): a tray's accessible name,
   *         interactive: pits are buttons (play page) }
   */
  function render(svg, opts) {
    const narrow = opts.narrow === undefined ? window.matchMedia("(max-width: 640px)").matches : opts.narrow;
    const g = geometry(opts.layout, opts.flip, narrow);
    const key = opts.layout.letters.join("") + "|" + opts.flip + "|" + narrow + "|" + !!opts.interactive;
    if (svg._boardKey !== key) {
      build(svg, opts, g);
      svg._boardKey = key;
    }
    const b = opts.board;
    const letters = opts.layout.letters;
    const holdings = opts.holdings || b.holdings;
    const num = (n) => (typeof I18n !== "undefined" ? I18n.num(n) : String(n));
    trayBoxes(g).forEach(([where, x, y, w, h]) => {
      const side = where === "top" ? opts.topSide : opts.bottomSide;
      const el = svg._trays[where];
      const n = holdings[side];
      el.dataset.side = side;
      el.classList.toggle("flash", opts.takingTo === side);
      el.querySelector(".holdings-count").textContent = num(n);
      el.querySelector(".holdings-title").textContent = opts.trayTitle || "";
      // A tray is an image with a name when the page names it; else it is left to the page's own texts.
      if (opts.trayLabel) {
        el.setAttribute("role", "img");
        el.setAttribute("aria-label", opts.trayLabel(side, n));
        el.removeAttribute("aria-hidden");
      } else {
        el.removeAttribute("role");
        el.setAttribute("aria-hidden", "true");
      }
      if (el._n !== n) {
        el._n = n;
        const cx = g.narrow ? x + w / 2 + 80 : x + w / 2;
        const cy = g.narrow ? y + h / 2 : y + (48 + h) / 2;
        const radius = g.narrow ? h / 2 - 12 : Math.min(w / 2 - 16, (h - 48) / 2 - 6);
        el.querySelector(".tray-seeds").innerHTML = drawSeeds(cx, cy, n, radius, side === "south" ? 3 : 8);
      }
    });
    g.pos.forEach(([x, y], i) => {
      const el = svg._pits[i];
      const letter = letters[i];
      const closed = b.closed[i];
      const n = b.pits[i];
      const legal = !!(opts.legal && opts.legal.has(letter));
      const natural = i < letters.length / 2 ? "south" : "north";
      const owner = b.owners ? b.owners[i] : natural;
      const cls = el.classList;
      cls.toggle("legal", legal);
      cls.toggle("last", opts.lastPit === letter);
      cls.toggle("hinted", opts.hintPit === letter);
      cls.toggle("active", opts.active === i);
      cls.toggle("lifting", opts.lifting === i);
      cls.toggle("taking", opts.taking === i);
      cls.toggle("closed", !!closed);
      cls.toggle("conquered", owner !== natural); // Rio Kadalis conquest: the pit belongs across the board
      el.dataset.owner = owner;
      if (opts.interactive) {
        el.setAttribute("role", "button");
        if (!el.hasAttribute("tabindex")) el.setAttribute("tabindex", "-1");
        el.setAttribute("aria-disabled", legal ? "false" : "true");
      } else {
        el.setAttribute("role", "img");
        el.removeAttribute("tabindex");
      }
      if (opts.pitLabel) el.setAttribute("aria-label", opts.pitLabel(i, letter, n, legal, closed));
      const shown = closed ? -1 : n;
      if (svg._shown[i] !== shown) {
        svg._shown[i] = shown;
        el.querySelector(".pit-seeds").innerHTML = closed ? "" : drawSeeds(x, y, n, PIT_R, i);
        svg._labels[i].querySelector(".count").textContent = closed ? "" : num(n);
      }
      const slot = svg._labels[i].querySelector(".hand-slot");
      const top = y < g.top + g.boardH / 2;
      if (opts.lifting === i && opts.hand > 0) {
        // The seeds in hand sit on the pit's outer edge, away from its letter.
        const cy = y + (top ? -PIT_R + 4 : PIT_R - 4);
        const cx = x + PIT_R - 6;
        slot.innerHTML = `<g class="hand"><circle cx="${cx}" cy="${cy}" r="13"/><text x="${cx}" y="${cy + 5}"`
          + ` text-anchor="middle">${num(opts.hand)}</text></g>`;
      } else if (slot.firstChild) {
        slot.innerHTML = "";
      }
    });
    // The lap counter sits in the board's top margin, clear of every pit, letter and count.
    const overlay = svg.querySelector(".overlay");
    if (opts.lap) {
      const text = opts.lapText ? opts.lapText(opts.lap) : "lap " + opts.lap;
      overlay.innerHTML = `<g class="lap-badge"><rect x="${g.boardW / 2 - 50}" y="${g.top + 4}" width="100"`
        + ` height="22" rx="11"/><text x="${g.boardW / 2}" y="${g.top + 20}" text-anchor="middle"></text></g>`;
      overlay.querySelector("text").textContent = text;
    } else if (overlay.firstChild) {
      overlay.innerHTML = "";
    }
  }

  /** The pit element of a letter, or null. */
  function pitElement(svg, letter) {
    return (svg._pits || []).find((p) => p.dataset.pit === letter) || null;
  }

  /**
   * The pit next to `letter` on the screen in direction dx, dy (-1, 0, 1), as the viewer sees the board; the same
   * letter at the board's edge.
   */
  function neighbour(svg, layout, flip, letter, dx, dy) {
    const i = layout.letters.indexOf(letter);
    if (i < 0) return letter;
    const cell = (j) => {
      const [row, col] = layout.cells[j];
      return flip ? [layout.rows - 1 - row, layout.cols - 1 - col] : [row, col];
    };
    const [r, c] = cell(i);
    for (let j = 0; j < layout.letters.length; j++) {
      const [r2, c2] = cell(j);
      if (r2 === r + dy && c2 === c + dx) return layout.letters[j];
    }
    return letter;
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

  return { render, animate, pitElement, neighbour };
})();

export { Board };

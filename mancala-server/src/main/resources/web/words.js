// Game words built from the bundles, shared by the pages: game and side names, how a game ended, move numbers,
// and pit letters marked up so that they never read as digits. Needs /i18n.js.
import { I18n, t } from "/i18n.js";

const Words = (() => {
  // Terminations whose text names the side that lost.
  const WITH_LOSER = new Set(["no-seeds", "no-move", "cannot-refill", "resignation", "time", "abandoned", "forfeit"]);

  // The name the server gives a seat nobody named (Inputs.ANONYMOUS); shown as the side's name in the page's
  // language. Any name a player typed, "Host" or "You" included, is shown as typed.
  const ANONYMOUS = "Anonymous";
  // The names the server gives the two seats of a game on one screen, and a record without player tags: the side's
  // own English word on that side's seat, shown as the side's name in the page's language too.
  const SIDE_DEFAULT = { south: "South", north: "North" };

  /**
   * The name a player goes by on the page: the computer by its level, a player who gave no name by his side,
   * anyone else by his own name. ai: the game's {level} when this seat is the computer's. named: the server's
   * word on whether the name was given, where its view carries one; without it only the server's placeholder
   * counts as no name.
   */
  function playerName(name, side, ai, named) {
    const m = /^AI level (\d+)$/.exec(name || "");
    if (ai || m) {
      const level = ai && ai.level ? ai.level : Number(m[1]);
      // Level 11 is the oracle: the endgame tables' move inside them, the deepest search elsewhere.
      return level === 11 ? t("common.player.oracle") : t("common.player.computer", { level });
    }
    if (!name || named === false || (named !== true && (name === ANONYMOUS || name === SIDE_DEFAULT[side]))) {
      return sideName(side);
    }
    return name;
  }

  function gameName(key) {
    return t("common.game." + key);
  }

  function sideName(side) {
    return t("common.side." + side);
  }

  function winnerOf(result) {
    return result === "1-0" ? "south" : result === "0-1" ? "north" : null;
  }

  /** How a game or round ended, e.g. "North has no legal move". */
  function how(result, termination) {
    if (!termination) return "";
    const winner = winnerOf(result);
    if (WITH_LOSER.has(termination)) {
      const loser = winner === "south" ? "north" : winner === "north" ? "south" : "south";
      return t("common.termination." + termination + "." + loser);
    }
    return t("common.termination." + termination);
  }

  /**
   * The result of a game for people. o: {result, termination, south, north (holdings), names: {south, north},
   * you: "south"|"north"|"both"|null}. "You win" for the viewer's own side; names otherwise.
   */
  function outcome(o) {
    const winner = winnerOf(o.result);
    const h = how(o.result, o.termination);
    let s;
    if (!winner) {
      s = t("common.outcome.draw", { how: h });
    } else if (o.you === winner) {
      s = t("common.outcome.you-win", { how: h });
    } else if (o.you === "south" || o.you === "north") {
      s = t("common.outcome.you-lose", { how: h });
    } else {
      s = t("common.outcome.win", { name: o.names[winner], side: sideName(winner), how: h });
    }
    if (typeof o.south === "number" && o.south + o.north > 0) {
      s += " " + t("common.outcome.holdings", { south: o.south, north: o.north });
    }
    return s;
  }

  /** The move number of ply i (0-based) of a round: a South ply and the North ply after it share one number. */
  function moveNumber(i, firstSide) {
    return Math.floor((i + (firstSide === "north" ? 1 : 0)) / 2) + 1;
  }

  /** A span holding a pit letter, styled so that O never reads as zero. */
  function pitSpan(letter) {
    const s = document.createElement("span");
    s.className = "pit-letter";
    s.textContent = letter;
    return s;
  }

  /** Fills el with a move: its pit letter and, when seeds were taken, "(+n)". */
  function moveInto(el, pit, captured) {
    el.textContent = "";
    el.appendChild(pitSpan(pit));
    if (captured) {
      const c = document.createElement("span");
      c.className = "captured";
      // The count in the page's digits (Arabic-Indic in Arabic), kept left to right as the notation writes it, so
      // an Arabic page shows (+٤), not (4+)
      c.dir = "ltr";
      c.textContent = "\u00a0" + t("common.move.captured", { count: captured });
      el.appendChild(c);
    }
  }

  /** A date and time in the page's language. */
  function when(iso) {
    return I18n.date(iso, { date: "long", time: "short" });
  }

  /** The text of a refused request: the server's message, which is in the page's language where it has one. */
  function error(body) {
    if (body && body.message) {
      I18n.produced.add(body.message);
      return body.message;
    }
    return t("errors.network");
  }

  return { error, playerName, gameName, sideName, winnerOf, how, outcome, moveNumber, pitSpan, moveInto, when };
})();

export { Words };

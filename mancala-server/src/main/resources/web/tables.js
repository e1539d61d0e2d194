// The endgame tables' verdicts in the page's language, from the server's codes and numbers: a value
// {verdict, plies} (Hawalis) or {verdict, seeds, onBoard, plies | endless} (a round), and a played move's judgement
// {best, played, lostSeeds, resultLost}. Every value is the mover's (or the side to move's). Used by the
// analysis of a game and by the analysis board.
import { I18n, t } from "/i18n.js";

const TableText = (() => {
  /** Seeds in whole and half seeds: "5", "5½", "½", in the language's digits. */
  function seeds(x) {
    const whole = Math.floor(x + 1e-9);
    if (x - whole < 0.25) return I18n.num(whole);
    return (whole ? I18n.num(whole) : "") + "\u00bd";
  }

  /**
   * "win in 7 plies", "draw", or for a round "win, securing 5½ of the 8 seeds on the board; next capture or the
   * round's end in 3 plies".
   */
  function value(v) {
    if (v.seeds !== undefined) {
      const s = t("analysis.table.round." + v.verdict, { seeds: seeds(v.seeds), count: v.onBoard });
      if (typeof v.plies === "number") return t("analysis.table.capture", { value: s, count: v.plies });
      return v.endless ? t("analysis.table.endless", { value: s }) : s;
    }
    if (v.verdict === "draw") return t("analysis.table.draw");
    return t("analysis.table." + v.verdict, { count: v.plies });
  }

  /** True when the tables show the move threw away a result or seeds. */
  function faulted(j) {
    return !!j && (j.resultLost || j.lostSeeds > 0);
  }

  /** The sentence on a judged ply, for the mover named side: what the position was worth and what the move kept. */
  function status(j, side) {
    if (!faulted(j)) return t("analysis.table.status.kept", { side, value: value(j.best) });
    if (j.lostSeeds > 0) {
      return t("analysis.table.status.fault-seeds", { side, best: value(j.best), played: value(j.played),
        lost: t("analysis.table.lost", { seeds: seeds(j.lostSeeds), count: j.lostSeeds }) });
    }
    return t("analysis.table.status.fault", { side, best: value(j.best), played: value(j.played) });
  }

  /** The short mark of a faulted ply in a move list: the result or the seeds thrown away. */
  function mark(j) {
    if (!j.resultLost) return t("analysis.table.mark.seeds", { seeds: seeds(j.lostSeeds), count: j.lostSeeds });
    const m = t(j.best.verdict === "win" ? "analysis.table.mark.win" : "analysis.table.mark.draw");
    return j.lostSeeds > 0
      ? m + " (" + t("analysis.table.lost", { seeds: seeds(j.lostSeeds), count: j.lostSeeds }) + ")" : m;
  }

  return { seeds, value, faulted, status, mark };
})();

export { TableText };

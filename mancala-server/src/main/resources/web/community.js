// Helpers shared by the community pages (lobby, account, player, tournaments) and the clocks on the play page:
// JSON requests with the session cookie, clocks as text, game names and the signed-in player. Every text comes
// from the bundles through t().
import { I18n, t } from "/i18n.js";

const Community = (() => {
  async function api(method, path, body) {
    const opts = { method, headers: {} };
    if (body !== undefined) {
      opts.headers["Content-Type"] = "application/json";
      opts.body = JSON.stringify(body);
    }
    let r;
    try {
      r = await fetch(path, opts);
    } catch (e) {
      return { ok: false, status: 0, data: { error: "network", message: t("lobby.error.network") } };
    }
    let data = null;
    const text = await r.text();
    if (text) {
      try { data = JSON.parse(text); } catch (e) { data = null; }
    }
    return { ok: r.ok, status: r.status, data };
  }

  /** The message for a refused request: our bundle's text for its code when there is one, else the server's. */
  function errorText(res) {
    const code = res.data && res.data.error;
    for (const area of ["account", "lobby", "tournament", "rating"]) {
      if (code && I18n.has(area + ".error." + code)) return t(area + ".error." + code);
    }
    return (res.data && res.data.message) || t("lobby.error.network");
  }

  const TWO = new Intl.NumberFormat(I18n.locale, { minimumIntegerDigits: 2, useGrouping: false });

  /** A time left as m:ss (h:mm:ss past an hour, days past a day), tenths under ten seconds. */
  function clockText(ms) {
    if (ms < 0) ms = 0;
    if (ms >= 86400000) {
      const d = Math.floor(ms / 86400000);
      const h = Math.floor((ms % 86400000) / 3600000);
      return t("lobby.clock.days", { days: d, hours: h });
    }
    const s = Math.floor(ms / 1000);
    const h = Math.floor(s / 3600);
    const m = Math.floor((s % 3600) / 60);
    const sec = s % 60;
    // digits of the page's language (Arabic-Indic in Arabic) through Intl
    const one = (n) => I18n.num(n);
    const two = (n) => TWO.format(n);
    if (h > 0) return one(h) + ":" + two(m) + ":" + two(sec);
    if (ms < 10000) return one(m) + ":" + two(sec) + "." + one(Math.floor((ms % 1000) / 100));
    return one(m) + ":" + two(sec);
  }

  /** A time control as people write it: 5+3, or 3 days a move. */
  function controlText(clock) {
    if (!clock) return t("lobby.clock.none");
    if (clock.daysPerMove) return t("lobby.clock.correspondence", { count: clock.daysPerMove, days: clock.daysPerMove });
    const min = clock.initialSeconds / 60;
    return t("lobby.clock.realtime", { minutes: Number.isInteger(min) ? min : min.toFixed(1), increment: clock.incrementSeconds });
  }

  /**
   * A moment as its date (the month in words) and time (a 24-hour clock) in the page's language, joined as the
   * bundle writes them.
   */
  function when(iso) {
    return t("tournament.when", { date: I18n.date(iso, { date: "long" }), time: I18n.date(iso, { time: "h23" }) });
  }

  /** A day as a date in the page's language and digits, the month in words. */
  function date(iso) {
    return I18n.date(iso, { date: "long" });
  }

  function gameName(key) {
    return t("common.game." + key);
  }

  /** A rating with "?" while provisional. */
  // A tournament created without a name is named by its game and system in the reader's language.
  function tournamentName(x) {
    if (!x.defaultName) return x.name;
    return t("tournament.name." + x.system, { game: gameName(x.game) });
  }

  function ratingText(r) {
    if (!r) return "";
    return r.provisional ? t("rating.provisional", { rating: r.rating }) : I18n.num(r.rating);
  }

  let me = undefined;
  async function session() {
    if (me !== undefined) return me;
    const r = await api("GET", "/api/session");
    me = r.ok && r.data ? r.data.username : null;
    return me;
  }

  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "text") e.textContent = v;
      else if (k.startsWith("on")) e.addEventListener(k.substring(2), v);
      else e.setAttribute(k, v === true ? "" : v);
    }
    for (const c of children) if (c !== null && c !== undefined) e.append(c);
    return e;
  }


  return { api, errorText, clockText, controlText, when, date, gameName, tournamentName, ratingText, session, el };
})();

export { Community };

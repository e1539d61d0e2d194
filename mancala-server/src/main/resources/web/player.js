// A player's page: his rating in each game with its history drawn as a line (an inline SVG), and his games with
// filters, each with its record and analysis one click away.
import { Community } from "/community.js";
import { I18n, t } from "/i18n.js";
import { Words } from "/words.js";

(() => {
  const { api, errorText, controlText, date, gameName, ratingText, el } = Community;
  const $ = (id) => document.getElementById(id);
  const name = new URLSearchParams(location.search).get("name");
  const SVG = "http://www.w3.org/2000/svg";

  function svg(tag, attrs) {
    const e = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    return e;
  }

  /** The rating after each game as a line, the start (1500) first; the axis shows the lowest and highest. */
  function chart(game, history) {
    const w = 600, h = 180, pad = 34;
    const values = [1500].concat(history.map((p) => p.rating));
    const lo = Math.min(...values) - 20, hi = Math.max(...values) + 20;
    const x = (i) => pad + (values.length === 1 ? 0 : (i * (w - 2 * pad)) / (values.length - 1));
    const y = (v) => h - pad + ((v - lo) * (2 * pad - h)) / (hi - lo);
    const s = svg("svg", { class: "chart", viewBox: "0 0 " + w + " " + h, role: "img",
      "aria-label": t("rating.chart.label", { game: gameName(game), count: history.length,
        rating: values[values.length - 1] }) });
    s.append(svg("line", { class: "axis", x1: pad, y1: h - pad, x2: w - pad, y2: h - pad }));
    s.append(svg("line", { class: "axis", x1: pad, y1: pad, x2: pad, y2: h - pad }));
    const top = svg("text", { x: 2, y: y(hi - 20) + 4 });
    top.textContent = I18n.num(Math.round(hi - 20));
    const bottom = svg("text", { x: 2, y: y(lo + 20) + 4 });
    bottom.textContent = I18n.num(Math.round(lo + 20));
    s.append(top, bottom);
    s.append(svg("polyline", { class: "line", points: values.map((v, i) => x(i) + "," + y(v)).join(" ") }));
    values.forEach((v, i) => s.append(svg("circle", { cx: x(i), cy: y(v), r: 3, fill: "currentColor" })));
    return s;
  }

  async function load() {
    const q = new URLSearchParams();
    if ($("filter-game").value) q.set("game", $("filter-game").value);
    if ($("filter-result").value) q.set("result", $("filter-result").value);
    if ($("filter-opponent").value.trim()) q.set("opponent", $("filter-opponent").value.trim());
    const r = await api("GET", "/api/players/" + encodeURIComponent(name) + (q.toString() ? "?" + q : ""));
    if (!r.ok) {
      $("player-error").textContent = errorText(r);
      return;
    }
    const p = r.data;
    $("player-name").textContent = (p.title === "BOT" ? t("account.bot.mark") + " " : "") + p.username;
    const aborts = $("player-aborts");
    if (aborts) {
      aborts.textContent = t("account.player.aborts", { count: p.aborts || 0 });
      aborts.hidden = !p.aborts;
    }
    document.title = t("account.player.page", { name: p.username });
    const ratings = $("ratings");
    ratings.textContent = "";
    const games = Object.keys(p.ratings);
    if (!games.length) ratings.append(el("p", { text: t("rating.none") }));
    for (const g of games) {
      const rt = p.ratings[g];
      ratings.append(el("section", { class: "panel", "data-rating": g },
        el("h3", { text: gameName(g) }),
        el("p", { class: "rating-value", text: t("rating.summary", { rating: ratingText(rt), deviation: rt.deviation,
          count: rt.games, games: rt.games }) }),
        chart(g, rt.history)));
    }
    const body = document.querySelector("#games tbody");
    body.textContent = "";
    if (!p.games.length) body.append(el("tr", {}, el("td", { colspan: "7", text: t("account.games.none") })));
    for (const g of p.games) {
      const outcome = g.outcome ? t("account.games." + g.outcome) : t("account.games.playing");
      const change = g.ratingChange === undefined ? "" : (g.ratingChange > 0 ? "+" : "") + I18n.num(g.ratingChange);
      body.append(el("tr", { "data-game": g.id },
        el("td", { text: date(g.playedAt) }),
        el("td", { text: I18n.join(gameName(g.game), g.rated ? null : t("lobby.casual")) }),
        el("td", {}, el("bdi", { text: Words.playerName(g.opponent, null, null, true) })),
        el("td", { text: controlText(g.clock) }),
        el("td", { class: g.outcome || "", text: outcome }),
        el("td", { text: change }),
        el("td", {}, el("a", { href: "/play.html?id=" + encodeURIComponent(g.id), text: t("account.games.open") }), " ",
          el("a", { href: g.recordUrl, text: t("account.games.record") }), " ",
          el("a", { href: g.analysisUrl, text: t("account.games.analysis") }))));
    }
  }

  document.addEventListener("DOMContentLoaded", () => {
    if (!name) {
      location.replace("/account.html");
      return;
    }
    $("filters").addEventListener("submit", (ev) => { ev.preventDefault(); load(); });
    load();
  });
})();

// One tournament: join or leave before the start, the standings with the system's tie-break, the crosstable, each
// round's pairings with links to the games, and the players by seed. Refreshed every few seconds while it runs.
"use strict";

(() => {
  const { api, errorText, controlText, when, gameName, el, session } = Community;
  const $ = (id) => document.getElementById(id);
  const id = new URLSearchParams(location.search).get("id");
  let me = null;

  function score(s) {
    if (s === undefined || s === null) return "";
    return s === 1 || s === 0 ? I18n.num(s) : "½";
  }

  function points(p) {
    return Number.isInteger(p) ? I18n.num(p) : I18n.num(Math.floor(p)) + "½";
  }

  function show(x) {
    $("t-title").textContent = x.name;
    document.title = x.name;
    $("t-summary").textContent = t("tournament.summary", { game: gameName(x.game), system: t("tournament.system."
      + x.system), clock: controlText(x.clock), start: when(x.startsAt),
      status: t("tournament.status." + x.status), round: x.currentRound, rounds: x.rounds });
    const joined = x.players.some((p) => p.username === me);
    $("t-join").hidden = !(me && x.status === "open" && !joined);
    $("t-leave").hidden = !(me && x.status === "open" && joined);
    $("t-start").hidden = !(me && x.status === "open" && x.creator === me);
    $("t-tiebreak-head").textContent = t("tournament.tiebreak." + x.tieBreak);
    const sb = document.querySelector("#t-standings tbody");
    sb.textContent = "";
    for (const l of x.standings) {
      sb.append(el("tr", {}, el("td", { text: I18n.num(l.rank) }),
        el("td", {}, el("a", { href: "/player.html?name=" + encodeURIComponent(l.username) },
          el("bdi", { text: l.username }))),
        el("td", { text: points(l.points) }), el("td", { text: points(l.tieBreak) }),
        el("td", { text: I18n.num(l.played) })));
    }
    // crosstable: one column per round (opponent's place, side, score)
    const head = document.querySelector("#t-crosstable thead");
    const body = document.querySelector("#t-crosstable tbody");
    head.textContent = "";
    body.textContent = "";
    const hr = el("tr", {}, el("th", { scope: "col", text: "#" }), el("th", { scope: "col", text: t("account.username") }));
    x.pairings.forEach((r) => hr.append(el("th", { scope: "col", text: t("tournament.round", { round: r.number }) })));
    hr.append(el("th", { scope: "col", text: t("tournament.points") }));
    head.append(hr);
    for (const row of x.crosstable) {
      const tr = el("tr", {}, el("td", { text: I18n.num(row.place) }), el("td", {}, el("bdi", { text: row.username })));
      for (const c of row.rounds) {
        const text = c.bye ? t("tournament.bye") : c.opponentPlace
          ? t("tournament.cell", { place: c.opponentPlace, side: t("tournament.side." + c.side), score: score(c.score) })
          : "";
        tr.append(el("td", { text }));
      }
      tr.append(el("td", { text: points(row.points) }));
      body.append(tr);
    }
    const rounds = $("t-rounds");
    rounds.textContent = "";
    for (const r of x.pairings.slice().reverse()) {
      const ul = el("ul", {});
      for (const g of r.games) {
        ul.append(el("li", {}, el("a", { href: "/play.html?id=" + encodeURIComponent(g.gameId),
          text: t("tournament.game.line", { board: g.board, south: g.south, north: g.north,
            result: g.result || t("tournament.game.playing") }) })));
      }
      // a Swiss bye is a point; the odd player out of a round robin sits out with none (as the standings count)
      if (r.bye) ul.append(el("li", { text: t(x.system === "swiss" ? "tournament.bye.line" : "tournament.bye.line.none",
        { name: r.bye }) }));
      rounds.append(el("section", { class: "panel" }, el("h3", { text: t("tournament.round", { round: r.number }) }), ul));
    }
    const pl = $("t-players");
    pl.textContent = "";
    for (const p of x.players) {
      pl.append(el("li", {}, el("bdi", { text: p.username }), " (" + I18n.num(p.rating) + ")"));
    }
  }

  async function load() {
    const r = await api("GET", "/api/tournaments/" + encodeURIComponent(id));
    if (!r.ok) {
      $("t-error").textContent = errorText(r);
      return null;
    }
    show(r.data);
    return r.data;
  }

  async function act(path) {
    const r = await api("POST", "/api/tournaments/" + encodeURIComponent(id) + path);
    $("t-error").textContent = r.ok ? "" : errorText(r);
    if (r.ok) show(r.data);
  }

  document.addEventListener("DOMContentLoaded", async () => {
    me = await session();
    $("t-join").addEventListener("click", () => act("/join"));
    $("t-leave").addEventListener("click", () => act("/leave"));
    $("t-start").addEventListener("click", () => act("/start"));
    const x = await load();
    if (x) setInterval(load, 5000);
  });
})();

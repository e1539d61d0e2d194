// One tournament: join or leave before the start (or late where allowed), withdraw and come back, ask for a
// half-point bye; the player's own board, side and opponent; the standings with each tie-break's value, the
// crosstable, each round's pairings with links to the games, and the players by seed. Live: reloaded when the lobby
// socket says the tournament changed; counts down to the start.
import { Community } from "/community.js";
import { I18n, t } from "/i18n.js";

(() => {
  const { api, errorText, controlText, when, gameName, el, session } = Community;
  const $ = (id) => document.getElementById(id);
  const id = new URLSearchParams(location.search).get("id");
  let me = null;

  function score(s) {
    if (s === undefined || s === null) return "";
    return s === 1 || s === 0 ? I18n.num(s) : "½";
  }

  // the FIDE C.07 codes the page names (the creator picks the order)
  const TIE_BREAKS = { "BH": "tournament.tiebreak.bh", "BH-C1": "tournament.tiebreak.bh-c1",
    "BH-C2": "tournament.tiebreak.bh-c2", "BH-M1": "tournament.tiebreak.bh-m1", "SB": "tournament.tiebreak.sb",
    "SB-C1": "tournament.tiebreak.sb-c1", "DE": "tournament.tiebreak.de", "WIN": "tournament.tiebreak.win",
    "WON": "tournament.tiebreak.won", "BPG": "tournament.tiebreak.bpg", "BWG": "tournament.tiebreak.bwg",
    "ARO": "tournament.tiebreak.aro" };
  const UNPAIRED = { U: "tournament.bye", H: "tournament.unpaired.h", Z: "tournament.unpaired.z" };
  const YOU_UNPAIRED = { U: "tournament.you.unpaired.u", H: "tournament.you.unpaired.h",
    Z: "tournament.you.unpaired.z" };
  let startsAt = null;
  let endsAt = null; // an arena's end
  let status = null;

  // halves as "½", "1½" (never "0½"), whole points as numbers
  function half(v) {
    const whole = Math.floor(v);
    if (v === whole) return I18n.num(v);
    if (v - whole === 0.5) return (whole === 0 ? "" : I18n.num(whole)) + "½";
    return I18n.num(v);
  }

  // game · system · clock · when it starts, started (its creator may start it early) or was to start (cancelled) ·
  // its state · the round being played, or the rounds it had
  function summary(x) {
    const parts = [gameName(x.game), t("tournament.system." + x.system), controlText(x.clock)];
    if (x.startedAt) parts.push(t("tournament.summary.started", { start: when(x.startedAt) }));
    else if (x.status === "open") parts.push(t("tournament.summary.starts", { start: when(x.startsAt) }));
    else if (x.status === "cancelled") parts.push(t("tournament.summary.planned", { start: when(x.startsAt) }));
    parts.push(t("tournament.status." + x.status));
    if (x.system !== "arena" && x.status === "running") {
      parts.push(t("tournament.summary.round", { round: x.currentRound, rounds: x.rounds }));
    } else if (x.system !== "arena" && x.status === "finished") {
      parts.push(t("tournament.summary.rounds", { count: x.rounds }));
    }
    return I18n.join(parts);
  }

  // why a player is not paired: an arena's player paused, a withdrawal, a withdrawal for not starting his game
  function absentNote(x, p) {
    if (!p.withdrawn) return "";
    return el("span", { class: "hint-text", text: " — " + t(p.noShow ? "tournament.withdrawn.noshow"
      : x.system === "arena" ? "tournament.paused" : "tournament.withdrawn") });
  }

  function countdown() {
    const c = $("t-countdown");
    const until = status === "open" ? startsAt : status === "running" ? endsAt : null;
    if (!until) {
      c.hidden = true;
      return;
    }
    const s = Math.max(0, Math.round((Date.parse(until) - Date.now()) / 1000));
    // in the page's digits; a day or more as days and hours ("15 d 12 h"), not 372:13:52
    const two = (n) => (n < 10 ? I18n.num(0) : "") + I18n.num(n);
    const hh = Math.floor(s / 3600);
    const time = hh >= 24 ? t("lobby.clock.days", { days: Math.floor(hh / 24), hours: hh % 24 })
      : (hh > 0 ? I18n.num(hh) + ":" : "") + two(Math.floor(s / 60) % 60) + ":" + two(s % 60);
    c.textContent = t(status === "open" ? "tournament.countdown" : "tournament.ends", { time });
    c.hidden = false;
  }

  function showYou(x) {
    const box = $("t-you");
    const y = x.you;
    box.hidden = !y;
    $("t-withdraw").hidden = !(y && x.status === "running" && !y.withdrawn);
    $("t-return").hidden = !(y && x.status === "running" && y.withdrawn);
    const form = $("t-bye-form");
    const select = $("t-bye-round");
    const coming = [];
    for (let r = x.currentRound + 1; r <= x.rounds; r++) coming.push(r);
    form.hidden = !(y || (me && x.players.some((p) => p.username === me))) || x.system !== "swiss"
      || !["open", "running"].includes(x.status) || coming.length === 0;
    if (!form.hidden && select.options.length !== coming.length) {
      select.textContent = "";
      coming.forEach((r) => select.append(el("option", { value: String(r), text: I18n.num(r) })));
    }
    if (!y) return;
    const link = $("t-you-game");
    link.hidden = true;
    let text;
    if (y.withdrawn) {
      text = t(y.noShow ? "tournament.you.noshow" : "tournament.you.withdrawn");
    } else if (y.board) {
      text = t("tournament.you.game", { round: y.round, board: y.board, opponent: y.opponent,
        side: t("tournament.you.side." + y.side) });
      if (y.gameId && !y.over) {
        link.href = "/play.html?id=" + encodeURIComponent(y.gameId);
        link.hidden = false;
      }
    } else if (y.unpaired) {
      text = t(YOU_UNPAIRED[y.unpaired] || "tournament.you.unpaired.z");
    } else {
      text = "";
    }
    $("t-you-text").textContent = text;
  }

  function show(x) {
    $("t-title").textContent = Community.tournamentName(x);
    document.title = Community.tournamentName(x);
    startsAt = x.startsAt;
    endsAt = x.endsAt || null;
    status = x.status;
    countdown();
    $("t-summary").textContent = summary(x);
    // a Swiss with fewer rounds than its creator asked for says why
    $("t-fewer").hidden = !x.fewerRounds;
    $("t-fewer").textContent = x.fewerRounds ? t("tournament.fewer", { count: x.rounds, asked: x.roundsAsked,
      players: x.playersAtStart }) : "";
    const joined = x.players.some((p) => p.username === me);
    $("t-join").hidden = !(me && !joined && (x.status === "open" || (x.status === "running" && x.lateJoin
      && x.currentRound < x.rounds)));
    $("t-leave").hidden = !(me && x.status === "open" && joined);
    $("t-start").hidden = !(me && x.status === "open" && x.creator === me);
    showYou(x);
    // Before anyone has joined or a round is paired, say so instead of showing empty tables and lists.
    $("t-standings-part").hidden = x.standings.length === 0;
    $("t-rounds-empty").hidden = x.pairings.length > 0;
    $("t-rounds-empty").textContent = x.pairings.length > 0 ? "" : t(x.status === "cancelled" || x.status === "finished"
      ? "tournament.empty.none" : "tournament.empty.pairings");
    $("t-players-empty").hidden = x.players.length > 0;
    // standings: points, then one column per tie-break in the creator's order
    const headRow = document.querySelector("#t-standings thead tr");
    headRow.querySelectorAll(".tb").forEach((th) => th.remove());
    const playedHead = headRow.lastElementChild;
    for (const code of x.tieBreaks) {
      headRow.insertBefore(el("th", { scope: "col", class: "tb", title: t(TIE_BREAKS[code]), text: code }),
        playedHead);
    }
    const sb = document.querySelector("#t-standings tbody");
    sb.textContent = "";
    for (const l of x.standings) {
      const tr = el("tr", {}, el("td", { text: I18n.num(l.rank) }),
        el("td", {}, el("a", { href: "/player.html?name=" + encodeURIComponent(l.username) },
          el("bdi", { text: l.username })), absentNote(x, l)),
        el("td", {}, half(l.points), l.onFire ? el("span", { title: t("tournament.you.onfire"),
          text: " 🔥" }) : ""));
      for (const v of l.tieBreaks) tr.append(el("td", { text: half(v.value) }));
      tr.append(el("td", { text: I18n.num(l.played) }));
      sb.append(tr);
    }
    // crosstable: one column per round (opponent's place, side, score)
    const head = document.querySelector("#t-crosstable thead");
    const body = document.querySelector("#t-crosstable tbody");
    head.textContent = "";
    body.textContent = "";
    const hr = el("tr", {}, el("th", { scope: "col", text: "#" }), el("th", { scope: "col", text: t("account.username") }));
    x.pairings.slice(0, x.standingsAfter).forEach((r) => hr.append(el("th", { scope: "col", text: t("tournament.round", { round: r.number }) })));
    hr.append(el("th", { scope: "col", text: t("tournament.points") }));
    head.append(hr);
    for (const row of x.crosstable) {
      const tr = el("tr", {}, el("td", { text: I18n.num(row.place) }), el("td", {}, el("bdi", { text: row.username })));
      for (const c of row.rounds) {
        const text = c.unpaired ? t(UNPAIRED[c.unpaired] || "tournament.unpaired.z") : c.opponentPlace
          ? t("tournament.cell", { place: c.opponentPlace, side: t("tournament.side." + c.side), score: score(c.score) })
            + (c.forfeit ? " " + t("tournament.forfeit") : "")
          : "";
        tr.append(el("td", { text }));
      }
      tr.append(el("td", { text: half(row.points) }));
      body.append(tr);
    }
    const rounds = $("t-rounds");
    rounds.textContent = "";
    for (const r of x.pairings.slice().reverse()) {
      const ul = el("ul", {});
      for (const g of r.games) {
        const line = t("tournament.game.line", { board: g.board, south: g.south, north: g.north,
          result: (g.result ? I18n.digits(g.result) : t("tournament.game.playing")) + (g.forfeit ? " " + t("tournament.forfeit") : "") });
        ul.append(el("li", {}, g.gameId ? el("a", { href: "/play.html?id=" + encodeURIComponent(g.gameId),
          text: line }) : line));
      }
      for (const n of r.halfPointByes || []) ul.append(el("li", { text: t("tournament.unpaired.h.line", { name: n }) }));
      // a Swiss bye is a point; the odd player out of a round robin sits out with none (as the standings count)
      if (r.bye) ul.append(el("li", { text: t(x.system === "swiss" ? "tournament.bye.line" : "tournament.bye.line.none",
        { name: r.bye }) }));
      rounds.append(el("section", { class: "panel" }, el("h3", { text: t("tournament.round", { round: r.number }) }), ul));
    }
    const pl = $("t-players");
    pl.textContent = "";
    for (const p of x.players) {
      pl.append(el("li", {}, el("bdi", { text: p.username }), " (" + I18n.num(p.rating) + ")", absentNote(x, p)));
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

  async function act(path, body) {
    const r = await api("POST", "/api/tournaments/" + encodeURIComponent(id) + path, body);
    $("t-error").textContent = r.ok ? "" : errorText(r);
    if (r.ok) show(r.data);
  }

  // live: the lobby socket says which tournament changed; this page then reloads its own
  function connect() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(proto + "://" + location.host + "/ws/lobby");
    ws.onmessage = (ev) => {
      const msg = JSON.parse(ev.data);
      if (msg.type === "tournament" && msg.id === id) load();
    };
    ws.onclose = () => setTimeout(connect, 2000);
  }

  document.addEventListener("DOMContentLoaded", async () => {
    me = await session();
    $("t-join").addEventListener("click", () => act("/join"));
    $("t-leave").addEventListener("click", () => act("/leave"));
    $("t-start").addEventListener("click", () => act("/start"));
    $("t-withdraw").addEventListener("click", () => act("/withdraw"));
    $("t-return").addEventListener("click", () => act("/return"));
    $("t-bye-form").addEventListener("submit", (e) => {
      e.preventDefault();
      act("/bye", { round: Number($("t-bye-round").value) });
    });
    const x = await load();
    if (x) {
      connect();
      setInterval(countdown, 1000);
      setInterval(load, 30000); // a safety net should a notice be missed
    }
  });
})();

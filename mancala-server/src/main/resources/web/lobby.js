// The lobby on the home page: quick pairing, a challenge form, the open challenges (live over /ws/lobby, from any
// server instance), taken with one click, and the games being played now to watch.
import { Community } from "/community.js";
import { I18n, t } from "/i18n.js";
import { Words } from "/words.js";

(() => {
  const { api, errorText, controlText, gameName, el, session } = Community;
  const GAMES = ["hawalis", "bao-kiarabu", "al-manqala", "rio-kadalis"];
  const QUICK = [[60, 0], [180, 2], [300, 3], [600, 5], [900, 10], [1800, 20]];
  const mine = new Set(JSON.parse(sessionStorage.getItem("mancala-my-challenges") || "[]"));
  let me = null;

  function remember(id) {
    mine.add(id);
    sessionStorage.setItem("mancala-my-challenges", JSON.stringify([...mine]));
  }

  function gameSelect(id) {
    const s = el("select", { id });
    GAMES.forEach((g) => s.append(el("option", { value: g, text: gameName(g) })));
    return s;
  }

  function labelled(textKey, control) {
    return el("label", {}, el("span", { text: t(textKey) }), control);
  }

  function build(root) {
    const status = el("p", { class: "notice", id: "lobby-status", role: "status" });
    const error = el("p", { class: "error", id: "lobby-error", role: "alert" });

    // quick pairing
    const quickGame = gameSelect("quick-game");
    const quick = el("div", { class: "quick", role: "group", "aria-label": t("lobby.quick.clocks") });
    QUICK.forEach(([init, inc]) => quick.append(el("button", { type: "button", class: "secondary",
      "data-clock": init + "+" + inc, text: controlText({ initialSeconds: init, incrementSeconds: inc }),
      onclick: () => seek(quickGame.value, init, inc) })));
    const quickPanel = el("div", { class: "panel" }, el("h3", { text: t("lobby.quick.heading") }),
      el("p", { class: "hint-text", text: t("lobby.quick.text") + " " + t("lobby.quick.rated") }), labelled("lobby.form.game", quickGame), quick);

    // the challenge form
    const game = gameSelect("challenge-game");
    const options = el("input", { type: "text", id: "challenge-options", dir: "ltr", spellcheck: "false",
      autocomplete: "off", placeholder: t("lobby.form.options.placeholder") });
    const kind = el("select", { id: "challenge-kind" },
      el("option", { value: "realtime", text: t("lobby.form.clock.realtime") }),
      el("option", { value: "correspondence", text: t("lobby.form.clock.correspondence") }),
      el("option", { value: "none", text: t("lobby.form.clock.none") }));
    const minutes = el("select", { id: "challenge-minutes" });
    [1, 2, 3, 5, 10, 15, 20, 30].forEach((m) => minutes.append(el("option", { value: m, text: I18n.num(m),
      selected: m === 5 })));
    const increment = el("select", { id: "challenge-increment" });
    [0, 1, 2, 3, 5, 10, 15, 20].forEach((s) => increment.append(el("option", { value: s, text: I18n.num(s),
      selected: s === 3 })));
    const days = el("select", { id: "challenge-days" });
    [1, 3, 7].forEach((d) => days.append(el("option", { value: d,
      text: t("lobby.clock.correspondence", { count: d, days: d }) })));
    const rated = el("input", { type: "checkbox", id: "challenge-rated" });
    const side = el("select", { id: "challenge-side" },
      el("option", { value: "random", text: t("lobby.side.random") }),
      el("option", { value: "south", text: t("lobby.side.south") }),
      el("option", { value: "north", text: t("lobby.side.north") }));
    const to = el("input", { type: "text", id: "challenge-to", maxlength: "20", autocomplete: "off",
      placeholder: t("lobby.form.to.placeholder") });
    const realRow = el("div", { class: "row" }, labelled("lobby.form.minutes", minutes),
      labelled("lobby.form.increment", increment));
    const dayRow = el("div", { class: "row", hidden: true }, labelled("lobby.form.days", days));
    kind.addEventListener("change", () => {
      realRow.hidden = kind.value !== "realtime";
      dayRow.hidden = kind.value !== "correspondence";
    });
    const form = el("form", { id: "challenge-form" },
      el("h3", { text: t("lobby.form.heading") }),
      labelled("lobby.form.game", game), labelled("lobby.form.options", options),
      labelled("lobby.form.clock", kind), realRow, dayRow,
      el("label", { class: "inline" }, rated, el("span", { text: t("lobby.form.rated") })),
      labelled("lobby.form.side", side), labelled("lobby.form.to", to),
      el("div", { class: "actions-row" }, el("button", { type: "submit", id: "challenge-submit",
        text: t("lobby.form.submit") })));
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      error.textContent = "";
      const body = { game: game.value, rated: rated.checked, side: side.value };
      if (options.value.trim()) body.options = options.value.trim();
      if (to.value.trim()) body.to = to.value.trim();
      if (kind.value === "realtime") {
        body.clock = { initialSeconds: Number(minutes.value) * 60, incrementSeconds: Number(increment.value) };
      } else if (kind.value === "correspondence") {
        body.clock = { daysPerMove: Number(days.value) };
      }
      const r = await api("POST", "/api/challenges", body);
      if (!r.ok) {
        error.textContent = errorText(r);
        return;
      }
      remember(r.data.id);
      status.textContent = t("lobby.waiting");
    });

    // open challenges and games being played
    const table = el("table", { class: "list", id: "challenges" },
      el("thead", {}, el("tr", {}, ...["lobby.list.player", "lobby.list.game", "lobby.list.clock",
        "lobby.list.mode", "lobby.list.side", "lobby.list.action"].map((k) => el("th", { scope: "col",
        text: t(k) })))),
      el("tbody", {}, el("tr", {}, el("td", { colspan: "6", text: t("common.loading") }))));
    // Both lists say they are loading until the lobby's first message fills them.
    const playing = el("ul", { id: "playing", class: "playing" }, el("li", { text: t("common.loading") }));
    root.append(
      el("h2", { id: "lobby", tabindex: "-1", text: t("lobby.heading") }),
      status, error,
      el("div", { class: "lobby" }, quickPanel, el("div", { class: "panel" }, form)),
      el("h3", { text: t("lobby.list.heading") }),
      el("div", { class: "panel table-scroll" }, table),
      el("h3", { text: t("lobby.playing.heading") }),
      el("div", { class: "panel" }, playing));
  }

  async function seek(game, init, inc) {
    const error = document.getElementById("lobby-error");
    error.textContent = "";
    const r = await api("POST", "/api/seeks", { game, clock: { initialSeconds: init, incrementSeconds: inc } });
    if (!r.ok) {
      error.textContent = errorText(r);
      return;
    }
    if (r.data.gameId) {
      location.href = "/play.html?id=" + encodeURIComponent(r.data.gameId);
      return;
    }
    remember(r.data.id);
    document.getElementById("lobby-status").textContent = t("lobby.quick.waiting");
    if (r.data.casualBecause) {
      // the server made the seek casual and says why
      error.textContent = r.data.casualBecause.message;
    }
  }

  async function accept(id) {
    const error = document.getElementById("lobby-error");
    const r = await api("POST", "/api/challenges/" + encodeURIComponent(id) + "/accept");
    if (!r.ok) {
      error.textContent = errorText(r);
      return;
    }
    location.href = "/play.html?id=" + encodeURIComponent(r.data.gameId);
  }

  async function cancel(id) {
    const r = await api("DELETE", "/api/challenges/" + encodeURIComponent(id));
    mine.delete(id);
    if (r.ok || r.status === 404) document.getElementById("lobby-status").textContent = ""; // no longer looking
  }

  function showChallenges(list) {
    const body = document.querySelector("#challenges tbody");
    body.textContent = "";
    if (!list.length) {
      body.append(el("tr", {}, el("td", { colspan: "6", text: t("lobby.list.empty") })));
    }
    for (const c of list) {
      const own = mine.has(c.id) || (me && c.creator === me);
      const creator = c.creatorTitle === "BOT" ? t("account.bot.mark") + " " + c.creator : c.creator;
      const who = c.creatorRating ? t("lobby.list.rated-player", { name: creator, rating: c.creatorRating })
        : c.creator === "Anonymous" ? t("lobby.guest") : creator; // the server's name for a guest
      const mode = c.rated ? t("lobby.rated") : t("lobby.casual");
      const action = own
        ? el("button", { type: "button", class: "secondary", "data-cancel": c.id, text: t("lobby.list.cancel"),
          onclick: () => cancel(c.id) })
        : el("button", { type: "button", "data-accept": c.id, text: t("lobby.list.accept"),
          onclick: () => accept(c.id) });
      const gameCell = I18n.join(gameName(c.game), c.options);
      const sideText = t("lobby.side." + c.side);
      body.append(el("tr", { "data-challenge": c.id },
        el("td", {}, el("bdi", { text: who }), c.to ? " → " : null, c.to ? el("bdi", { text: c.to }) : null),
        el("td", { text: gameCell }), el("td", { text: controlText(c.clock) }),
        el("td", { text: c.kind === "seek" ? t("lobby.quick.mine") : mode }), el("td", { text: sideText }),
        el("td", {}, action)));
    }
  }

  function showPlaying(list) {
    const ul = document.getElementById("playing");
    ul.textContent = "";
    if (!list.length) ul.append(el("li", { text: t("lobby.playing.empty") }));
    for (const g of list) {
      ul.append(el("li", {}, el("a", { href: "/play.html?id=" + encodeURIComponent(g.id),
        text: t("lobby.playing.game", { south: Words.playerName(g.south, "south"),
          north: Words.playerName(g.north, "north"), game: gameName(g.game),
          clock: controlText(g.clock) }) })));
    }
  }

  function connect() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(proto + "://" + location.host + "/ws/lobby");
    ws.onmessage = (ev) => {
      const msg = JSON.parse(ev.data);
      if (msg.type === "lobby") {
        showChallenges(msg.challenges);
        showPlaying(msg.playing);
      } else if (msg.type === "accepted" && mine.has(msg.challenge)) {
        mine.delete(msg.challenge);
        sessionStorage.setItem("mancala-my-challenges", JSON.stringify([...mine]));
        location.href = "/play.html?id=" + encodeURIComponent(msg.gameId);
      }
    };
    ws.onclose = () => setTimeout(connect, 2000);
  }

  document.addEventListener("DOMContentLoaded", async () => {
    const root = document.getElementById("community");
    if (!root) return;
    me = await session();
    build(root);
    connect();
  });
})();

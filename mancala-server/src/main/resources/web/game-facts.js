// The play page's facts about its game (an ES module): the game and its rule options, each explained; rated or
// casual; the time control; the tournament and round; both players with their ratings ("?" while provisional); and
// once the game is over, its result, how it ended and each player's rating change. It listens for the "game-state"
// event play.js sends with every new state. Ratings, changes and rounds come from the public player and tournament
// pages of the API. Every text from the bundles; numbers through I18n (the page's digits).
import { Community } from "/community.js";
import { I18n, t } from "/i18n.js";
import { Words } from "/words.js";

/* global I18n, Words, Community */

const box = document.getElementById("game-facts");
let shownFor = null;
const profiles = new Map();
const tournaments = new Map();

function el(tag, attrs, ...children) {
  return Community.el(tag, attrs, ...children);
}

async function json(path) {
  try {
    const r = await fetch(path);
    return r.ok ? await r.json() : null;
  } catch (e) {
    return null;
  }
}

function profile(name) {
  if (!profiles.has(name)) profiles.set(name, json("/api/players/" + encodeURIComponent(name)));
  return profiles.get(name);
}

function tournament(id) {
  if (!tournaments.has(id)) tournaments.set(id, json("/api/tournaments/" + encodeURIComponent(id)));
  return tournaments.get(id);
}

/** Each option word of the game with its explanation, e.g. "skipOrigin: a lap of 12 seeds …". */
function options(text) {
  const list = el("ul", { class: "option-list" });
  const words = (text || "").split(/\s+/).filter((w) => w);
  if (!words.length) list.append(el("li", { text: t("common.option.default") }));
  for (const w of words) {
    const [name, value] = w.split("=");
    let key = "common.option." + name;
    let args;
    if (value !== undefined && I18n.has(key + "." + value)) key += "." + value;
    else if (value !== undefined) args = { count: Number(value) };
    const explained = I18n.has(key) ? t(key, args) : "";
    list.append(el("li", {}, el("code", { dir: "ltr", text: w, title: explained || null }),
      explained ? " — " + explained : ""));
  }
  return list;
}

/** A player's rating before this game and his change from it, from his history (null for a guest). */
async function rating(name, game) {
  if (!name) return null;
  const p = await profile(name);
  const r = p && p.ratings && p.ratings[game.game];
  if (!r) return { rating: 1500, provisional: true, change: null };
  const hist = r.history || [];
  const i = hist.findIndex((h) => h.gameId === game.id);
  if (i < 0) return { rating: r.rating, provisional: r.provisional, change: null };
  const before = i > 0 ? hist[i - 1] : { rating: 1500, deviation: 350 };
  return { rating: before.rating, provisional: before.deviation > 110, change: hist[i].rating - before.rating };
}

function row(list, label, ...value) {
  list.append(el("dt", { text: label }), el("dd", {}, ...value));
}

function signed(n) {
  return (n > 0 ? "+" : n < 0 ? "−" : "±") + I18n.num(Math.abs(n));
}

async function render(game) {
  const key = game.id + ":" + game.status + ":" + (game.result || "");
  if (key === shownFor) return;
  shownFor = key;
  const list = el("dl", { class: "facts" });
  row(list, t("play.facts.options"), el("strong", { text: Words.gameName(game.game) }), options(game.options),
    el("a", { href: "/learn.html?lesson=" + encodeURIComponent(game.game === "bao-kiarabu" ? "hawalis" : game.game),
      text: t("common.option.help") }));
  row(list, t("play.facts.kind"), t(game.rated ? "lobby.rated" : "lobby.casual"));
  if (game.clock) row(list, t("play.facts.clock"), Community.controlText(game.clock));
  const names = game.accounts || {};
  const ratings = {};
  for (const side of ["south", "north"]) {
    ratings[side] = game.rated ? await rating(names[side], game) : null;
  }
  const players = el("ul", { class: "fact-players" });
  for (const side of ["south", "north"]) {
    const p = game.players && game.players[side];
    const name = Words.playerName(p && p.name, side, p && p.ai ? game.ai || {} : null, p && p.named);
    const r = ratings[side];
    // A player without a name is the side alone: "South", not "South: South".
    const sideOnly = name === Words.sideName(side) && !names[side];
    players.append(el("li", {}, sideOnly ? null : el("span", { text: Words.sideName(side) + ": " }),
      names[side] ? el("a", { href: "/player.html?name=" + encodeURIComponent(names[side]), text: name })
        : el("span", { text: name }),
      r ? el("span", { class: "fact-rating", text: " (" + Community.ratingText(r) + ")" }) : null));
  }
  row(list, t("play.facts.players"), players);
  if (game.tournament) {
    const tv = await tournament(game.tournament);
    if (tv) {
      const round = (tv.pairings || []).find((rd) => (rd.games || []).some((g) => g.gameId === game.id));
      row(list, t("play.facts.tournament"),
        el("a", { href: "/tournament.html?id=" + encodeURIComponent(tv.id), text: Community.tournamentName(tv) }),
        round ? el("span", { text: t("common.separator") + t("tournament.round", { round: round.number }) }) : null);
    }
  }
  if (game.result) {
    row(list, t("play.facts.result"), el("span", { class: "fact-result", dir: "ltr", text: I18n.digits(game.result) }), " — ",
      el("span", { class: "fact-termination", text: Words.how(game.result, game.termination) }));
    const changes = ["south", "north"].filter((s) => ratings[s] && ratings[s].change !== null);
    if (changes.length) {
      row(list, t("play.facts.rating-change"), ...changes.map((s) => el("span", { class: "fact-change",
        text: t("play.facts.change", { name: names[s], change: signed(ratings[s].change) }) + " " })));
    }
  }
  box.replaceChildren(el("h2", { class: "panel-title", id: "facts-title", text: t("play.facts.heading") }), list);
  box.hidden = false;
}

document.addEventListener("game-state", (e) => {
  if (box && e.detail && e.detail.game) render(e.detail.game);
});

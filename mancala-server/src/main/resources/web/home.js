// Home page: start a game, import a record, list recent games.
// The rule options of each game (notation: the same in every language).
import { I18n, t } from "/i18n.js";
import { Words } from "/words.js";

const OPTIONS_HELP = {
  "hawalis": "skipOrigin, endless=lose|illegal|draw, scoring=captures",
  "bao-kiarabu": "skipOrigin, endless=lose|illegal|draw, scoring=captures, seeds=2|3",
  "al-manqala": "skipOrigin, relay, captureOpposite, endless=lose|illegal|draw",
  "rio-kadalis": "pits=5|6, clockwise, skipOrigin, foursAtLapEnd, endless=lose|illegal|draw, loserStarts, conquest",
};

const $ = (id) => document.getElementById(id);

function syncForm() {
  const mode = document.querySelector("input[name=mode]:checked").value;
  $("level-label").hidden = mode !== "ai";
  $("side").disabled = mode === "local";
  $("options-help").textContent = t("home.start.allowed", { options: OPTIONS_HELP[$("game").value] });
}

async function startGame(ev) {
  ev.preventDefault();
  $("start-error").textContent = "";
  const mode = document.querySelector("input[name=mode]:checked").value;
  const body = { game: $("game").value, mode, options: $("options").value.trim() || null };
  if (mode === "ai") body.level = Number($("level").value);
  if (mode !== "local") body.side = $("side").value;
  if ($("name").value.trim()) body.name = $("name").value.trim();
  $("start-button").disabled = true;
  try {
    const r = await fetch("/api/games", { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body) });
    const data = await r.json();
    if (!r.ok) throw new Error(Words.error(data));
    location.href = data.playUrl;
  } catch (e) {
    $("start-error").textContent = e.message;
  } finally {
    $("start-button").disabled = false;
  }
}

async function importRecord() {
  $("import-error").textContent = "";
  let text = $("record-text").value;
  const file = $("record-file").files[0];
  let source = "pasted record";
  if (!text.trim() && file) {
    text = await file.text();
    source = file.name;
  }
  if (!text.trim()) {
    $("import-error").textContent = t("home.import.empty");
    return;
  }
  let data;
  try {
    const r = await fetch("/api/records/analyse", { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ text, source }) });
    data = await r.json();
    if (!r.ok) throw new Error(Words.error(data));
  } catch (e) {
    $("import-error").textContent = e.message;
    return;
  }
  sessionStorage.setItem("mancala-import", JSON.stringify(data));
  location.href = "/analysis.html?import=1";
}

function resultOf(g) {
  if (g.status === "abandoned" || g.abandoned) return t("home.recent.abandoned");
  if (g.status === "aborted") return t("common.termination.aborted");
  if (!g.result) return t("home.recent.playing");
  return Words.outcome({ result: g.result, termination: g.termination, names: { south: Words.playerName(g.south, "south"), north: Words.playerName(g.north, "north") },
    you: null });
}

async function loadRecent() {
  const tbody = $("recent-games").querySelector("tbody");
  const message = (key) => {
    tbody.innerHTML = "<tr><td colspan='5'></td></tr>";
    tbody.querySelector("td").textContent = t(key);
  };
  try {
    const r = await fetch("/api/games?limit=15");
    const data = await r.json();
    tbody.innerHTML = "";
    if (!data.games.length) {
      message("home.recent.none");
      return;
    }
    for (const g of data.games) {
      const tr = document.createElement("tr");
      tr.innerHTML = `<td><a></a></td><td></td><td></td><td></td><td></td>`;
      const a = tr.children[0].firstChild;
      a.href = `/play.html?id=${encodeURIComponent(g.id)}`;
      a.textContent = Words.gameName(g.game);
      const names = document.createElement("bdi");
      names.textContent = Words.playerName(g.south, "south");
      const names2 = document.createElement("bdi");
      names2.textContent = Words.playerName(g.north, "north");
      tr.children[1].append(names, " – ", names2);
      tr.children[2].textContent = t("home.recent.ply-count", { count: g.plies });
      tr.children[3].textContent = resultOf(g);
      tr.children[4].textContent = Words.when(g.updatedAt || g.createdAt);
      tbody.appendChild(tr);
    }
  } catch (e) {
    message("home.recent.failed");
  }
}

document.addEventListener("DOMContentLoaded", () => {
  $("start-form").addEventListener("submit", startGame);
  document.querySelectorAll("input[name=mode]").forEach((i) => i.addEventListener("change", syncForm));
  $("game").addEventListener("change", syncForm);
  // The last step of the range (11) is the oracle.
  const levelText = () => {
    const v = Number($("level").value);
    $("level-out").textContent = v === 11 ? t("home.start.oracle") : I18n.num(v);
  };
  $("level").addEventListener("input", levelText);
  levelText();
  document.querySelectorAll("[data-pick]").forEach((b) => b.addEventListener("click", () => {
    $("game").value = b.dataset.pick;
    syncForm();
    $("start").scrollIntoView({ behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
    $("game").focus({ preventScroll: true });
  }));
  $("import-button").addEventListener("click", importRecord);
  syncForm();
  loadRecent();
});

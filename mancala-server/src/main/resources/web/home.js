// Home page: start a game, import a record, list recent games.
"use strict";

const OPTIONS_HELP = {
  "hawalis": "skipOrigin, endless=lose|illegal|draw, scoring=captures",
  "bao-kiarabu": "skipOrigin, endless=lose|illegal|draw, scoring=captures, seeds=2|3",
  "al-manqala": "skipOrigin, relay, captureOpposite, endless=… (with relay)",
  "rio-kadalis": "pits=5|6, clockwise, skipOrigin, foursAtLapEnd, endless=…, loserStarts, conquest",
};

const $ = (id) => document.getElementById(id);

function syncForm() {
  const mode = document.querySelector("input[name=mode]:checked").value;
  $("level-label").style.display = mode === "ai" ? "" : "none";
  $("side").disabled = mode === "local";
  $("options-help").textContent = "Allowed: " + OPTIONS_HELP[$("game").value];
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
    if (!r.ok) throw new Error(data.message);
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
    $("import-error").textContent = "Paste a record or choose a file first.";
    return;
  }
  const r = await fetch("/api/records/analyse", { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ text, source }) });
  const data = await r.json();
  if (!r.ok) {
    $("import-error").textContent = data.message;
    return;
  }
  sessionStorage.setItem("mancala-import", JSON.stringify(data));
  location.href = "/analysis.html?import=1";
}

async function loadRecent() {
  const tbody = $("recent-games").querySelector("tbody");
  try {
    const r = await fetch("/api/games?limit=15");
    const data = await r.json();
    tbody.innerHTML = "";
    if (!data.games.length) {
      tbody.innerHTML = "<tr><td>No games yet.</td></tr>";
      return;
    }
    for (const g of data.games) {
      const tr = document.createElement("tr");
      const res = g.result ? `${g.result} (${g.termination.replace(/-/g, " ")})` : (g.status || "playing");
      tr.innerHTML = `<td><a href="/play.html?id=${g.id}"></a></td><td></td><td></td><td></td><td></td>`;
      tr.children[0].firstChild.textContent = g.game;
      tr.children[1].textContent = `${g.south} – ${g.north}`;
      tr.children[2].textContent = `${g.plies} plies`;
      tr.children[3].textContent = res;
      tr.children[4].textContent = (g.updatedAt || "").substring(0, 10);
      tbody.appendChild(tr);
    }
  } catch (e) {
    tbody.innerHTML = "<tr><td class='error'>Could not load the games.</td></tr>";
  }
}

document.addEventListener("DOMContentLoaded", () => {
  $("start-form").addEventListener("submit", startGame);
  document.querySelectorAll("input[name=mode]").forEach((i) => i.addEventListener("change", syncForm));
  $("game").addEventListener("change", syncForm);
  $("level").addEventListener("input", () => { $("level-out").textContent = $("level").value; });
  document.querySelectorAll("[data-pick]").forEach((b) => b.addEventListener("click", () => {
    $("game").value = b.dataset.pick;
    syncForm();
    $("start").scrollIntoView({ behavior: "smooth" });
  }));
  $("import-button").addEventListener("click", importRecord);
  syncForm();
  loadRecent();
});

// The tournaments: the list, and the form to create one (signed-in players; others get a link to sign in).
import { Community } from "/community.js";
import { I18n, t } from "/i18n.js";

(() => {
  const { api, errorText, controlText, when, gameName, el, session } = Community;
  const $ = (id) => document.getElementById(id);

  async function list() {
    const r = await api("GET", "/api/tournaments");
    const body = document.querySelector("#tournaments tbody");
    body.textContent = "";
    if (!r.ok || !r.data.tournaments.length) {
      body.append(el("tr", {}, el("td", { colspan: "7", text: t("tournament.none") })));
      return;
    }
    for (const x of r.data.tournaments) {
      body.append(el("tr", {},
        el("td", {}, el("a", { href: "/tournament.html?id=" + encodeURIComponent(x.id) }, el("bdi", { text: Community.tournamentName(x) }))),
        el("td", { text: gameName(x.game) }), el("td", { text: t("tournament.system." + x.system) }),
        el("td", { text: controlText(x.clock) }),
        // once started, when it did (its creator may have started it early); before, when it is to start
        el("td", { text: when(x.startedAt || x.startsAt) }),
        el("td", { text: I18n.num(x.players) }), el("td", { text: t("tournament.status." + x.status) })));
    }
  }

  document.addEventListener("DOMContentLoaded", async () => {
    list();
    const start = new Date(Date.now() + 15 * 60000);
    start.setSeconds(0, 0);
    const local = new Date(start.getTime() - start.getTimezoneOffset() * 60000).toISOString().substring(0, 16);
    $("t-starts").value = local;
    $("t-system").addEventListener("change", () => {
      const system = $("t-system").value;
      $("t-rounds-label").hidden = system !== "swiss";
      $("t-late-label").hidden = system !== "swiss";
      $("t-seating-label").hidden = system !== "round-robin";
      $("t-tiebreaks-label").hidden = system === "arena";
      $("t-duration-label").hidden = system !== "arena";
    });
    // signed out: a way to sign in (and back here) instead of a form that would be refused
    const signedIn = Boolean(await session());
    $("create-form").hidden = !signedIn;
    $("create-signin").hidden = signedIn;
    if (!signedIn) return;
    $("create-form").addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const starts = new Date($("t-starts").value);
      if (Number.isNaN(starts.getTime())) { // an empty or partly typed date: said in words, never the API's text
        $("create-error").textContent = t("tournament.error.starts");
        return;
      }
      const body = { game: $("t-game").value, system: $("t-system").value, rated: $("t-rated").checked,
        clock: { initialSeconds: Number($("t-minutes").value) * 60, incrementSeconds: Number($("t-increment").value) },
        startsAt: starts.toISOString() };
      if ($("t-name").value.trim()) body.name = $("t-name").value.trim();
      if ($("t-options").value.trim()) body.options = $("t-options").value.trim();
      if (body.system === "swiss") {
        body.rounds = Number($("t-rounds").value);
        body.lateJoin = $("t-late").checked;
      }
      if (body.system === "round-robin") body.seating = $("t-seating").value;
      if (body.system === "arena") body.minutes = Number($("t-duration").value);
      const codes = $("t-tiebreaks").value.split(/[\s,]+/).filter((c) => c);
      if (body.system !== "arena" && codes.length) body.tieBreaks = codes;
      const r = await api("POST", "/api/tournaments", body);
      if (!r.ok) {
        $("create-error").textContent = errorText(r);
        return;
      }
      location.href = "/tournament.html?id=" + encodeURIComponent(r.data.id);
    });
  });
})();

// The page frame, built once for every page (an ES module loaded by each page's head): the header with the logo,
// the site's one navigation, the signed-in player's name and menu (or the sign-in link) and the language switch;
// the footer; and the site's one dialog (Frame.ask) in place of the browser's own confirmation box. A page's links (such as
// "analysis" on the play page) are written in the page with class "frame-extra" and moved into the navigation.
// Every text comes from the bundles through I18n.t (i18n.js, a classic script loaded before this module).
import { Community } from "/community.js";
import { I18n, t } from "/i18n.js";


/** The site's navigation, the same on every page: [path, bundle key]. */
export const NAV = [
  ["/", "common.nav.new-game"],
  ["/learn.html", "learn.nav.learn"],
  ["/puzzles.html", "learn.nav.puzzles"],
  ["/analysis.html", "learn.nav.analysis"],
  ["/tournaments.html", "tournament.nav"],
  ["/leaderboard.html", "rating.nav"],
];

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

/** The header: logo, site name, navigation (the current page marked), the account slot. */
function header() {
  const nav = el("nav", { class: "site-nav", "aria-label": t("common.nav.label") });
  const here = location.pathname === "/index.html" ? "/" : location.pathname;
  for (const [href, key] of NAV) {
    nav.append(el("a", { href, text: t(key), "aria-current": href === here ? "page" : null }));
  }
  document.querySelectorAll(".frame-extra").forEach((a) => nav.append(a));
  nav.append(el("span", { id: "account-nav", class: "account-nav" }));
  const site = el("p", { class: "site-name" }, el("a", { href: "/", text: t("common.site.name") }));
  return el("header", { class: "top" }, el("img", { class: "logo", src: "/logo.svg", alt: "" }), site, nav);
}

function footer() {
  return el("footer", { class: "site-footer" },
    el("a", { href: "/learn.html", text: t("common.frame.footer.rules") }), t("common.separator"),
    el("a", { href: "/api/openapi.json", text: t("common.nav.api") }));
}

/** Fills the account slot: the player's name opens a menu (his page, his account, sign out), else "sign in". */
async function account() {
  const slot = document.getElementById("account-nav");
  // The same read of the session as the community pages' (one request a page, shared through the module).
  const name = (await Community.session()) || null;
  slot.replaceChildren();
  if (!name) {
    slot.append(el("a", { href: "/account.html", id: "login-link", text: t("account.login.link") }));
    return;
  }
  const menu = el("ul", { class: "account-menu", id: "account-menu", hidden: true });
  const item = (child) => menu.append(el("li", {}, child));
  item(el("a", { href: "/player.html?name=" + encodeURIComponent(name), id: "me-link", text: t("common.frame.menu.profile") }));
  item(el("a", { href: "/account.html", text: t("common.frame.menu.account") }));
  item(el("button", { type: "button", class: "link", id: "logout", text: t("account.logout"),
    onclick: async () => { await fetch("/api/session", { method: "DELETE" }); location.href = "/"; } }));
  const toggle = el("button", { type: "button", class: "link account-name", id: "account-name", text: name,
    "aria-expanded": "false", "aria-controls": "account-menu", "aria-haspopup": "true" });
  toggle.addEventListener("click", () => {
    const open = menu.hidden;
    menu.hidden = !open;
    toggle.setAttribute("aria-expanded", String(open));
  });
  slot.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && !menu.hidden) {
      menu.hidden = true;
      toggle.setAttribute("aria-expanded", "false");
      toggle.focus();
    }
  });
  document.addEventListener("click", (e) => {
    if (!slot.contains(e.target)) {
      menu.hidden = true;
      toggle.setAttribute("aria-expanded", "false");
    }
  });
  slot.append(toggle, menu);
  I18n.produced.add(name);
}

let dialogCount = 0;

/**
 * Asks the player to confirm an action in the site's modal dialog (role dialog, labelled by its title, described by
 * its text, focus kept inside while open, Escape cancels, focus returned where it was).
 *
 * @param {{title: string, text?: string, confirm: string, cancel?: string}} o texts, already translated
 * @returns {Promise<boolean>} true when confirmed
 */
export function ask(o) {
  return new Promise((resolve) => {
    const id = "dialog-" + ++dialogCount;
    const before = document.activeElement;
    const dialog = el("dialog", { class: "modal", "aria-labelledby": id + "-title",
      "aria-describedby": o.text ? id + "-text" : null });
    const yes = el("button", { type: "button", class: "primary", text: o.confirm });
    const no = el("button", { type: "button", text: o.cancel || t("common.frame.dialog.cancel") });
    dialog.append(el("h2", { id: id + "-title", text: o.title }));
    if (o.text) dialog.append(el("p", { id: id + "-text", text: o.text }));
    dialog.append(el("div", { class: "modal-buttons" }, no, yes));
    let answered = false;
    const done = (v) => {
      if (answered) return;
      answered = true;
      if (dialog.open) dialog.close();
      dialog.remove();
      if (before && before.focus) before.focus();
      resolve(v);
    };
    yes.addEventListener("click", () => done(true));
    no.addEventListener("click", () => done(false));
    dialog.addEventListener("cancel", (e) => { e.preventDefault(); done(false); }); // Escape
    dialog.addEventListener("keydown", (e) => { // focus stays inside: Tab cycles over the two buttons
      if (e.key !== "Tab") return;
      const first = no, last = yes;
      if (e.shiftKey && document.activeElement === first) { e.preventDefault(); last.focus(); }
      else if (!e.shiftKey && document.activeElement === last) { e.preventDefault(); first.focus(); }
    });
    document.body.append(dialog);
    dialog.showModal();
    no.focus();
  });
}

/** Shows a notice in the page's notice area (role status), replacing the previous one. */
export function notice(text, kind) {
  let n = document.getElementById("frame-notice");
  if (!n) {
    n = el("p", { id: "frame-notice", class: "notice", role: "status" });
    const main = document.querySelector("main") || document.body;
    main.prepend(n);
  }
  n.className = "notice" + (kind ? " " + kind : "");
  n.textContent = text;
  n.hidden = !text;
}

function build() {
  if (document.querySelector("header.top")) return;
  const skip = document.querySelector("a.skip");
  const h = header();
  if (skip) skip.after(h); else document.body.prepend(h);
  document.body.append(footer());
  account();
}

/** The frame's dialog and notice, for the pages' scripts. */
export const Frame = { ask, notice, NAV };
build();

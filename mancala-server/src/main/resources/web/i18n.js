// The site's languages in the page: t(key, args) gives a bundle's text with its {placeholders} filled in, and
// elements marked data-i18n="key" (text) or data-i18n-attr="aria-label:key;title:key2" are filled from the bundle
// when the page loads (and by I18n.apply(root) for markup added later). Loaded first on every page. The server
// places the bundle of the page's language in the page (script#i18n-data); without it, it is fetched.
const I18n = (() => {
  function loadData() {
    const el = document.getElementById("i18n-data");
    if (el) return JSON.parse(el.textContent);
    const lang = document.documentElement.lang || "en";
    const xhr = new XMLHttpRequest();
    xhr.open("GET", "/api/i18n/" + encodeURIComponent(lang), false);
    xhr.send();
    return xhr.status === 200 ? JSON.parse(xhr.responseText) : { lang: "en", dir: "ltr", languages: ["en"], messages: {} };
  }

  const data = loadData();
  const messages = data.messages;
  const lang = data.lang;
  const dir = data.dir;
  const rtl = dir === "rtl";
  const plurals = new Intl.PluralRules(lang);
  // Arabic text is read with Arabic-Indic digits (٠١٢…), as the bundles write them; notation keeps its own.
  const locale = lang === "ar" ? "ar-u-nu-arab" : lang;
  const numbers = new Intl.NumberFormat(locale, { useGrouping: false });
  // Every text given out, so that a test can tell bundle text from everything else on the page.
  const produced = new Set();
  const FSI = "\u2068", PDI = "\u2069";

  function has(key) {
    return Object.prototype.hasOwnProperty.call(messages, key);
  }

  // A plural key has no text of its own but forms key.one, key.other … chosen by args.count.
  function template(key, args) {
    if (has(key)) return messages[key];
    if (args && typeof args.count === "number") {
      const form = key + "." + plurals.select(args.count);
      if (has(form)) return messages[form];
      if (has(key + ".other")) return messages[key + ".other"];
    }
    return null;
  }

  /** The text of key with {name} placeholders from args; numbers in the language's digits; names isolated. */
  function t(key, args) {
    const s = template(key, args);
    if (s === null) {
      console.warn("i18n: no text for " + key + " in " + lang);
      return key;
    }
    const out = s.replace(/\{([A-Za-z0-9_]+)\}/g, (m, name) => {
      if (!args || !(name in args)) return m;
      const v = args[name];
      if (typeof v === "number") return numbers.format(v);
      // A name or a notation in a right-to-left text keeps its own direction (text already in the page's
      // script needs no isolation).
      const str = String(v);
      return rtl && !/[\u0590-\u08ff]/.test(str) ? FSI + str + PDI : str;
    });
    produced.add(out);
    return out;
  }

  const fixedFormats = new Map();

  /**
   * A number in the page's language (Arabic-Indic digits in Arabic); with fractionDigits, exactly that many digits
   * after the language's decimal sign (1.5 → "١٫٥").
   */
  function num(n, fractionDigits) {
    let f = numbers;
    if (fractionDigits !== undefined) {
      if (!fixedFormats.has(fractionDigits)) {
        fixedFormats.set(fractionDigits, new Intl.NumberFormat(locale, { useGrouping: false,
          minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }));
      }
      f = fixedFormats.get(fractionDigits);
    }
    const s = f.format(n);
    produced.add(s);
    return s;
  }

  /** A short code or result written with digits ("1-0", "½-½") in the page's digits; everything else kept. */
  function digits(s) {
    const out = String(s).replace(/[0-9]/g, (d) => numbers.format(Number(d)));
    produced.add(out);
    return out;
  }

  /**
   * The parts of a line (a game and its options, a name and its tags) joined by the language's separator
   * (common.separator: " · " in most languages, "، " in Arabic, where a middle dot reads as the digit zero ٠);
   * empty parts are left out.
   */
  function join(...parts) {
    return parts.flat().filter((p) => p !== null && p !== undefined && p !== "").join(t("common.separator"));
  }

  /** The separator before a first part that follows something else, kept on one line with that part. */
  function lead() {
    return t("common.separator").replace(/\s$/, "\u00a0");
  }

  // Dates: through Intl where the browser knows the language; where it does not (Chromium has no Somali, and would
  // write English month names), from the language's CLDR calendar words and patterns that the server sends.
  const calendar = data.calendar || null;
  const intlDates = Intl.DateTimeFormat.supportedLocalesOf([lang]).length > 0 || !calendar;

  /** An ICU date pattern (y, M, d, E, h, H, m, a and 'quoted text') applied to d, numbers in the page's digits. */
  function pattern(p, d) {
    const two = (n) => numbers.format(n).padStart(2, numbers.format(0));
    return p.replace(/'([^']*)'|([yMdEhHma])\2*/g, (m, quoted, letter) => {
      if (quoted !== undefined) return quoted === "" ? "'" : quoted;
      const n = m.length;
      switch (letter) {
        case "y": return n === 2 ? two(d.getFullYear() % 100) : numbers.format(d.getFullYear());
        case "M": return n >= 4 ? calendar.months[d.getMonth()] : n === 3 ? calendar.monthsShort[d.getMonth()]
          : n === 2 ? two(d.getMonth() + 1) : numbers.format(d.getMonth() + 1);
        case "d": return n === 2 ? two(d.getDate()) : numbers.format(d.getDate());
        case "E": return calendar.weekdays[d.getDay()];
        case "h": { const h = d.getHours() % 12 || 12; return n === 2 ? two(h) : numbers.format(h); }
        case "H": return n === 2 ? two(d.getHours()) : numbers.format(d.getHours());
        case "m": return two(d.getMinutes());
        case "a": return calendar.amPm[d.getHours() < 12 ? 0 : 1];
        default: return m;
      }
    });
  }

  /**
   * A moment in the page's language: o.date "long" (the month in words) or "numeric", o.time "short" (the language's
   * clock) or "h23" (hours 0-23); either may be left out. Returns "" for an invalid date.
   */
  function date(value, o) {
    const d = value instanceof Date ? value : new Date(value);
    if (isNaN(d)) return "";
    const opts = o || { date: "long", time: "short" };
    let s;
    if (intlDates) {
      const f = {};
      // the month in words ("5 ديسمبر ٢٠٢٦", "5. joulukuuta 2026"): a medium date is numbers only in Arabic and Finnish
      if (opts.date) Object.assign(f, { year: "numeric", month: opts.date === "long" ? "long" : "numeric", day: "numeric" });
      if (opts.time === "short") Object.assign(f, { hour: "numeric", minute: "2-digit" });
      else if (opts.time) Object.assign(f, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
      s = new Intl.DateTimeFormat(locale, f).format(d);
    } else {
      const parts = [];
      if (opts.date) parts.push(pattern(opts.date === "long" ? calendar.date : calendar.dateShort, d));
      if (opts.time) parts.push(pattern(opts.time === "h23" ? calendar.time24 : calendar.time, d));
      s = parts.join(" ");
    }
    produced.add(s);
    return s;
  }

  /** Fills every data-i18n / data-i18n-attr element under root (root included). */
  function apply(root) {
    const scope = root || document;
    const els = [];
    if (scope.nodeType === 1 && (scope.hasAttribute("data-i18n") || scope.hasAttribute("data-i18n-attr"))) {
      els.push(scope);
    }
    scope.querySelectorAll("[data-i18n], [data-i18n-attr]").forEach((e) => els.push(e));
    els.forEach((el) => {
      const key = el.getAttribute("data-i18n");
      if (key) el.textContent = t(key);
      const attrs = el.getAttribute("data-i18n-attr");
      if (attrs) {
        attrs.split(";").forEach((pair) => {
          const i = pair.indexOf(":");
          if (i > 0) el.setAttribute(pair.substring(0, i).trim(), t(pair.substring(i + 1).trim()));
        });
      }
    });
  }

  /** Chooses a language: remembered in the lang cookie for a year, then the page is loaded again. */
  function setLanguage(l) {
    document.cookie = "lang=" + encodeURIComponent(l) + "; path=/; max-age=31536000; samesite=lax";
    const url = new URL(location.href);
    url.searchParams.delete("lang");
    location.replace(url.toString());
  }

  // The language switcher, on every page: in the header's navigation, each language named in itself.
  function switcher() {
    if (document.getElementById("lang-select")) return;
    const host = document.querySelector("header.top") || document.body;
    const label = document.createElement("label");
    label.className = "lang-switch";
    const span = document.createElement("span");
    span.className = "visually-hidden";
    span.textContent = t("common.language");
    const select = document.createElement("select");
    select.id = "lang-select";
    (data.languages || [lang]).forEach((l) => {
      const o = document.createElement("option");
      o.value = l;
      o.lang = l;
      o.textContent = t("common.lang." + l);
      if (l === lang) o.selected = true;
      select.appendChild(o);
    });
    select.addEventListener("change", () => setLanguage(select.value));
    label.appendChild(span);
    label.appendChild(select);
    host.appendChild(label);
  }

  document.addEventListener("DOMContentLoaded", () => {
    apply(document);
    switcher();
  });

  return { t, num, digits, join, lead, date, apply, lang, locale, dir, rtl, has, setLanguage, produced };
})();

/** The text of a bundle's key (I18n.t). */
export const t = I18n.t;
export { I18n };

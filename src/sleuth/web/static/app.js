// The page's entry: the theme, then the lobby (/) or a table (/t/ID).
"use strict";
import {languagePicker, tr} from "./i18n.js";
import {showMe, whoAmI} from "./api.js";
import {setUpAccount} from "./account.js";
import {ICONS, icon} from "./kit.js";
import {soundToggle, startWatching} from "./yourmove.js";

/** @typedef {"auto" | "light" | "dark"} Theme */
/** @type {Theme[]} */
const THEMES = ["auto", "light", "dark"];
const THEME_ICONS = {auto: ICONS.auto, light: ICONS.sun, dark: ICONS.moon};

/** @param {string} id */
function byId(id) {
  const node = document.getElementById(id);
  if (!node) throw new Error(`the page has no #${id}`);
  return node;
}

/** @param {string | null} saved */
function themeOf(saved) {
  return THEMES.find((theme) => theme === saved) || "auto";
}

/** @param {Theme} theme */
function applyTheme(theme) {
  const root = document.documentElement;
  if (theme === "auto") delete root.dataset.theme; else root.dataset.theme = theme;
  const button = byId("theme");
  button.replaceChildren(icon(THEME_ICONS[theme]));
  const labels = {auto: tr("Theme: automatic (as the system); change"), light: tr("Theme: light; change"), dark: tr("Theme: dark; change")};
  button.setAttribute("aria-label", labels[theme]);
}

function setUpTheme() {
  let theme = themeOf(localStorage.getItem("sleuth.theme"));
  applyTheme(theme);
  byId("theme").addEventListener("click", () => {
    theme = THEMES[(THEMES.indexOf(theme) + 1) % THEMES.length];
    if (theme === "auto") localStorage.removeItem("sleuth.theme"); else localStorage.setItem("sleuth.theme", theme);
    applyTheme(theme);
  });
}

/** The page's own lines (index.html) in the page's language, and the language's picker. */
function setUpLanguage() {
  const skip = document.querySelector(".skip");
  if (skip) skip.textContent = tr("Skip to the page");
  document.querySelector(".brand")?.setAttribute("aria-label", tr("Sleuth: the lobby"));
  byId("theme").title = tr("Light or dark theme");
  byId("boards-link").textContent = tr("Leaderboards");
  const loading = document.querySelector(".loading");
  if (loading) loading.textContent = tr("Loading…");
  byId("theme").before(languagePicker());
  byId("theme").before(soundToggle());
}

async function start() {
  setUpLanguage();
  setUpTheme();
  await whoAmI();
  showMe();
  setUpAccount();
  const main = byId("main");
  const match = location.pathname.match(/^\/t\/([0-9a-zA-Z_-]{1,32})\/?$/);
  const board = location.pathname.match(/^\/boards(?:\/([0-9a-zA-Z_-]{1,64}))?\/?$/);
  const person = location.pathname.match(/^\/p\/([0-9a-zA-Z_-]{1,32})\/?$/);
  const learn = location.pathname.match(/^\/learn\/([0-9a-zA-Z_-]{1,64})\/?$/);
  if (match) {
    const {openTable} = await import("./table-open.js");
    await openTable(main, match[1]);
    startWatching();
  } else if (board) {
    const {openBoards} = await import("./boards.js");
    await openBoards(main, board[1] || null);
  } else if (learn) {
    const {openTutorial} = await import("./tutorial.js");
    await openTutorial(main, learn[1]);
  } else if (person) {
    const {openProfile} = await import("./boards.js");
    await openProfile(main, person[1]);
  } else {
    const {openLobby} = await import("./lobby.js");
    await openLobby(main);
    startWatching();
  }
}

start().catch((/** @type {Error} */ error) => {
  const main = byId("main");
  main.replaceChildren();
  const box = document.createElement("p");
  box.className = "panel error-box";
  box.setAttribute("role", "alert");
  box.textContent = tr("The page could not start: %(error)s", {error: error.message});
  main.append(box);
});

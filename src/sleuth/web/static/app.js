// The page's entry: the theme, then the lobby (/) or a table (/t/ID).
"use strict";
import {showMe, whoAmI} from "./api.js";
import {ICONS, icon} from "./kit.js";

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
  button.setAttribute("aria-label", `Theme: ${theme === "auto" ? "automatic (as the system)" : theme}; change`);
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

async function start() {
  setUpTheme();
  await whoAmI();
  showMe();
  const main = byId("main");
  const match = location.pathname.match(/^\/t\/([0-9a-zA-Z_-]{1,32})\/?$/);
  if (match) {
    const {openTable} = await import("./table.js");
    await openTable(main, match[1]);
  } else {
    const {openLobby} = await import("./lobby.js");
    await openLobby(main);
  }
}

start().catch((/** @type {Error} */ error) => {
  const main = byId("main");
  main.replaceChildren();
  const box = document.createElement("p");
  box.className = "panel error-box";
  box.setAttribute("role", "alert");
  box.textContent = `The page could not start: ${error.message}`;
  main.append(box);
});

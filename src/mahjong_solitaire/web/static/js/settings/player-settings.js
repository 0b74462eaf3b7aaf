// Player settings kept in localStorage: tile style (tilesets/index.js), background
// (backgrounds.js), theme, timer visibility, and the aids'
// (highlight matches, sound and its volume, the solution demo's speed 1…5), and calm play's
// (ask before abandoning a game in progress, zen: no timer, counters or chip while playing),
// and animations (board/motion.js: on unless the player turns them off), and the tray of
// removed tiles (board/removed-tray.js: off unless the player turns it on).

import { applyMotion } from "../board/motion.js";

import { background, DEFAULT_BACKGROUND } from "./backgrounds.js";
import { DEFAULT_TILE_STYLE, tileSet } from "../tilesets/index.js";

const KEY = "mahjong-solitaire.settings";
const DEFAULTS = {
  tileStyle: DEFAULT_TILE_STYLE, background: DEFAULT_BACKGROUND, theme: "system", showTimer: true,
  highlight: false, sound: false, volume: 0.6, demoSpeed: 3,
  confirmAbandon: true, zen: false, motion: true, removedTray: false,
};

export function loadSettings() {
  try {
    return { ...DEFAULTS, ...JSON.parse(localStorage.getItem(KEY) || "{}") };
  } catch (problem) {
    // storage refused (DOMException: private mode, blocked cookies) or a value that is no
    // JSON (SyntaxError): the defaults, as for a new player; other faults are the page's
    if (!(problem instanceof DOMException || problem instanceof SyntaxError)) throw problem;
    return { ...DEFAULTS };
  }
}

export function saveSettings(settings) {
  try {
    localStorage.setItem(KEY, JSON.stringify(settings));
  } catch (problem) {
    // private mode or full storage (DOMException): the settings still apply to this page
    if (!(problem instanceof DOMException)) throw problem;
  }
}

const darkQuery = window.matchMedia("(prefers-color-scheme: dark)");

/** Apply the theme, the tile set's face and the background (css/board/tile-sets.css,
 * css/settings/backgrounds.css), the timer setting, zen (css/settings/calm-play.css) and
 * animations to the document. */
export function applySettings(settings) {
  const dark = settings.theme === "dark" || (settings.theme === "system" && darkQuery.matches);
  const root = document.documentElement;
  root.dataset.theme = dark ? "dark" : "light";
  root.dataset.tileSet = tileSet(settings.tileStyle).name;
  root.dataset.background = background(settings.background).name;
  document.body.classList.toggle("hide-timer", !settings.showTimer);
  document.body.classList.toggle("zen", Boolean(settings.zen));
  applyMotion(settings);
}

export function onSystemThemeChange(callback) {
  darkQuery.addEventListener("change", callback);
}

/** The tile style the page shows now (for the faces drawn outside the board's views). */
export function shownTileStyle() {
  return document.documentElement.dataset.tileSet || DEFAULT_TILE_STYLE;
}

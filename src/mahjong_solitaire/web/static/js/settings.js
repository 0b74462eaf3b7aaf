// Player settings kept in localStorage: tile style, theme, timer visibility.

const KEY = "mahjong-solitaire.settings";
const DEFAULTS = { tileStyle: "classic", theme: "system", showTimer: true };

export function loadSettings() {
  try {
    return { ...DEFAULTS, ...JSON.parse(localStorage.getItem(KEY) || "{}") };
  } catch {
    return { ...DEFAULTS };
  }
}

export function saveSettings(settings) {
  try {
    localStorage.setItem(KEY, JSON.stringify(settings));
  } catch {
    // private mode or full storage: the settings still apply to this page
  }
}

const darkQuery = window.matchMedia("(prefers-color-scheme: dark)");

/** Apply the theme and timer setting to the document. */
export function applySettings(settings) {
  const dark = settings.theme === "dark" || (settings.theme === "system" && darkQuery.matches);
  document.documentElement.dataset.theme = dark ? "dark" : "light";
  document.body.classList.toggle("hide-timer", !settings.showTimer);
}

export function onSystemThemeChange(callback) {
  darkQuery.addEventListener("change", callback);
}

// The pages shown in the dialog: Leaderboard (with today's daily board), Settings, Rules and
// About (Statistics is statistics.js).

import { api } from "../shell/api.js";
import { calmSettingsPart } from "../settings/calm-settings.js";
import { buttons, openDialog } from "./dialog.js";
import { formatDate, formatTime, h, showProblem, toast } from "../shell/dom.js";
import { entryMarks, fairRule, showAllSwitch } from "../aids/fair-boards.js";
import { challengeFilter, ranksByScore } from "../challenges/board-filter.js";
import { segmented } from "./game-dialogs.js";
import { lookSettingsPart, miniFace } from "../settings/look-settings.js";
import { classic, modeLayoutTitle } from "../modes/index.js";
import { motionSettingPart } from "../settings/motion-setting.js";
import { stackable } from "./stacked-table.js";
import { FAMILIES } from "../layouts/seeded-layout.js";
import { shownTileStyle } from "../settings/player-settings.js";
import { difficultyName, language, languages, t } from "../shell/strings.js";

/** The signs a mirrored layout's title adds (rules §8.5), by its name's ending. */
const MIRROR_SIGNS = { lr: "⇆", tb: "⇅", both: "⇆⇅" };

export function layoutTitle(name, layouts) {
  const found = layouts.find((layout) => layout.name === name);
  if (found) return found.title;
  const mirrored = /^(.+)-mirrored-(lr|tb|both)$/.exec(name);
  if (mirrored) return `${layoutTitle(mirrored[1], layouts)} ${MIRROR_SIGNS[mirrored[2]]}`;
  const generated = /^([a-z]+)-(\d{2,3})-(\d{1,9})$/.exec(name);
  const family = generated && FAMILIES.find(([key]) => key === generated[1]);
  if (family) return t("generatedTitle", { family: t(family[1]), tiles: generated[2], seed: generated[3] });
  return modeLayoutTitle(name) || name;
}

/** A page title, naming the mode when its figures are kept apart (Connect). */
export function pageTitle(key, mode) {
  return h("h2", { "data-mode": mode.name }, mode.namedInTitles ? `${t(key)} · ${t(mode.titleKey)}` : t(key));
}

function aids(entry) {
  const used = (entry.hints || 0) + (entry.undos || 0) + (entry.shuffles || 0);
  return used ? t("aidsSummary", { hints: entry.hints || 0, undos: entry.undos || 0, shuffles: entry.shuffles || 0 })
    : t("aidsNone");
}

function table(headers, rows, attrs = {}) {
  return h("div", { class: "table-wrap" }, stackable(h("table", attrs,
    h("thead", {}, h("tr", {}, headers.map(([label, numeric]) => h("th", { class: numeric ? "n" : null }, label)))),
    h("tbody", {}, rows))));
}

/** The table of the player's best wins (or the note that there are none); `scored`: a
 * board that ranks by score, whose scores come first. */
function bestTable(entries, layouts, highlight, filtered, scored = false) {
  if (!entries.length) return h("p", { class: "muted" }, t(filtered ? "noWinsFiltered" : "noWinsYet"));
  return table([[t("colPlace"), true], ...(scored ? [[t("colScore"), true]] : []), [t("colTime"), true],
    [t("colLayout")], [t("colDifficulty")], [t("colDate")], [t("colAids")]],
  entries.map((entry) => h("tr", { class: entry.game_id === highlight ? "mine" : null, "data-game": entry.game_id,
    "data-layout": entry.layout, "data-difficulty": entry.difficulty },
    h("td", { class: "n" }, entry.rank),
    scored ? h("td", { class: "n", "data-score": entry.score ?? "" }, entry.score ?? "–") : null,
    h("td", { class: "n", "data-time": entry.time }, formatTime(entry.time)),
    h("td", {}, layoutTitle(entry.layout, layouts)),
    h("td", {}, difficultyName(entry.difficulty)),
    h("td", {}, formatDate(entry.date)),
    h("td", { title: t("aidsTitle") }, aids(entry), entryMarks(entry)))), { id: "leaderboard-table" });
}

/**
 * The filters of the leaderboard: a layout (those the player has won on) and a level.
 * `change({layout, difficulty})` runs with the new choice (null for "all").
 */
function boardFilters(groups, layouts, change) {
  const names = [...new Set(groups.filter((group) => group.won > 0).map((group) => group.layout))];
  const layout = h("select", { id: "board-layout" },
    h("option", { value: "" }, t("allLayouts")),
    names.map((name) => h("option", { value: name }, layoutTitle(name, layouts))));
  const level = h("select", { id: "board-difficulty" },
    h("option", { value: "" }, t("allDifficulties")),
    ["easy", "normal", "hard"].map((value) => h("option", { value }, difficultyName(value))));
  const changed = () => change({ layout: layout.value || null, difficulty: level.value || null });
  layout.addEventListener("change", changed);
  level.addEventListener("change", changed);
  return h("div", { class: "board-filters", role: "group", "aria-label": t("boardFilters") },
    h("label", { for: "board-layout" }, t("colLayout")), layout,
    h("label", { for: "board-difficulty" }, t("colDifficulty")), level);
}

/** The Leaderboard of `mode` (a mode object), with today's daily board for classic. */
export async function leaderboardPage({ layouts, highlight, mode = classic, onClose }) {
  const withDaily = mode.dailyBoard;
  const [board, daily, stats] = await Promise.all([api.leaderboard(mode.name),
    withDaily ? api.dailyBoard().catch((problem) => {
      showProblem(problem); // the player's own board is still worth showing
      return null;
    }) : null,
    api.statistics(mode.name).catch((problem) => {
      showProblem(problem); // no layout to filter by: the board itself still shows
      return null;
    })]);
  const entries = board.entries || [];
  const mineBox = h("div", { id: "leaderboard-box" }, bestTable(entries, layouts, highlight, false));
  const shown = h("p", { class: "visually-hidden", id: "leaderboard-shown", role: "status" });
  let asked = 0;
  let only = { layout: null, difficulty: null };
  let all = false;
  let challenge = null; // plain play's board, or one rule set's
  const filter = async (chosen) => {
    only = chosen;
    const mine = ++asked;
    let answer;
    try {
      answer = await api.leaderboard(mode.name, { ...only, all, challenge });
    } catch (problem) {
      showProblem(problem);
      return;
    }
    if (mine !== asked) return; // a later choice is on its way
    const found = answer.entries || [];
    mineBox.replaceChildren(bestTable(found, layouts, highlight, Boolean(only.layout || only.difficulty || challenge),
      ranksByScore(answer)));
    shown.textContent = t("winsShown", { n: found.length });
  };
  const dailyTable = (dailyEntries) => (dailyEntries.length
    ? table([[t("colPlace"), true], [t("colPlayer")], [t("colTime"), true], [t("colAids")]],
      dailyEntries.map((entry) => h("tr", { class: entry.mine ? "mine" : null },
        h("td", { class: "n" }, entry.rank),
        h("td", {}, entry.name || t("anonymous")),
        h("td", { class: "n" }, formatTime(entry.time)),
        h("td", {}, aids(entry), entryMarks(entry)))), { id: "daily-table" })
    : h("p", { class: "muted" }, t("noDailyYet")));
  const dailyBox = h("div", { id: "daily-box" }, dailyTable((daily && daily.entries) || []));
  let dailyAsked = 0;
  const showAll = async (on) => {
    all = on;
    filter(only);
    if (!withDaily || !daily) return;
    const mine = ++dailyAsked;
    try {
      const answer = await api.dailyBoard(daily.date, { all });
      if (mine === dailyAsked) dailyBox.replaceChildren(dailyTable(answer.entries || []));
    } catch (problem) {
      showProblem(problem);
    }
  };
  openDialog("leaderboard", [
    pageTitle("leaderboardTitle", mode),
    showAllSwitch("board-all", showAll),
    h("h3", {}, t("yourBest")),
    challengeFilter({ id: "board-challenge", mode, change: (name) => { challenge = name; filter(only); } }),
    boardFilters((stats && stats.layouts) || [], layouts, filter),
    fairRule(false),
    shown,
    mineBox,
    withDaily ? h("h3", {}, `${t("todaysBoard")}${daily ? ` · ${formatDate(`${daily.date}T12:00:00`)}` : ""}`) : null,
    withDaily ? fairRule(true) : null,
    withDaily ? dailyBox : null,
  ], { wide: true, onClose });
}

/**
 * The Settings page.  `setLanguage(code)` switches the language (a promise); the page is
 * then drawn again in the new language.
 */
export async function settingsPage({ settings, change, setLanguage, onClose, aidSettings = null }) {
  let name = "";
  try {
    name = (await api.player()).name || "";
  } catch (problem) {
    showProblem(problem); // the settings still open, with an empty name field
  }
  const nameInput = h("input", { id: "player-name", type: "text", maxlength: 32, value: name, "aria-label": t("playerName") });
  const saveName = h("button", {
    type: "button", class: "btn",
    onclick: async () => {
      try {
        await api.setPlayer(nameInput.value);
        toast(t("saved"));
      } catch (problem) {
        toast(problem.message, { error: true });
      }
    },
  }, t("save"));
  const timer = h("input", { type: "checkbox", id: "show-timer", checked: settings.showTimer,
    onchange: () => change({ showTimer: timer.checked }) });
  const choice = h("select", {
    id: "language", "aria-describedby": "language-note",
    onchange: async () => {
      choice.disabled = true;
      try {
        await setLanguage(choice.value);
        await settingsPage({ settings, change, setLanguage, onClose, aidSettings });
        document.getElementById("language")?.focus();
      } catch (problem) {
        toast(problem.message, { error: true });
        choice.disabled = false;
      }
    },
  }, languages().map(({ code, name, locale }) => h("option", { value: code, lang: locale || code, selected: code === language() }, name)));
  openDialog("settings", h("div", { class: "settings" },
    h("h2", {}, t("settingsTitle")),
    lookSettingsPart(settings, change),
    h("h3", {}, t("theme")),
    segmented(t("theme"), [["light", t("themeLight")], ["dark", t("themeDark")], ["system", t("themeSystem")]],
      settings.theme, (value) => change({ theme: value })),
    h("label", { class: "check" }, timer, t("showTimer")),
    motionSettingPart(settings, change),
    calmSettingsPart(settings, change),
    aidSettings ? aidSettings() : null,
    h("h3", {}, h("label", { for: "language" }, t("language"))),
    choice,
    h("p", { class: "muted", id: "language-note" }, t("languageNote")),
    h("h3", {}, t("playerName")),
    h("div", { class: "field" }, nameInput, saveName)), { onClose });
}

function miniTile(label) {
  return miniFace(label, shownTileStyle());
}

export function rulesPage({ onClose }) {
  openDialog("rules", [
    h("h2", {}, t("rulesTitle")),
    h("div", { class: "rules-figure" }, ["5D", "5D", "F1", "F3", "S2", "S4"].map(miniTile)),
    h("ul", { class: "rules" }, t("rules").map((line) => h("li", {}, line))),
    h("p", { class: "muted" }, t("rulesKeys")),
    h("p", { class: "muted" }, t("rulesKeysBoard")),
    h("p", { class: "muted" }, t("rulesKeysView")),
  ], { onClose });
}

export function aboutPage({ onClose }) {
  openDialog("about", [
    h("h2", {}, t("aboutTitle")),
    h("div", { class: "rules-figure" }, ["1B", "R", "G", "Wh", "E"].map(miniTile)),
    h("p", {}, t("about")),
    buttons(),
  ], { onClose });
}

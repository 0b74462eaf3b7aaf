// The Statistics page (rules §12.2): the totals, a sentence on how the latest wins compare
// with the ones before, the chart of the latest winning times (assisted wins hollow, the
// median dashed), and per layout and difficulty the wins, the assisted wins apart, the best
// and median of the others and the streaks.  The chart can follow one layout and level.
// Below the chart, the games over or stuck, each with its review (played-games.js).

import { api } from "../shell/api.js";
import { timesChart } from "./statistics-chart.js";
import { openDialog } from "./dialog.js";
import { formatTime, h } from "../shell/dom.js";
import { historySection } from "./history-file.js";
import { challengeFilter } from "../challenges/board-filter.js";
import { playedGames } from "./played-games.js";
import { classic } from "../modes/index.js";
import { layoutTitle, pageTitle } from "./pages.js";
import { stackable } from "./stacked-table.js";
import { difficultyName, formatNumber, formatPercent, t } from "../shell/strings.js";

/** How many wins of each side the trend sentence compares. */
const TREND = 5;

function median(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const half = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[half] : (sorted[half - 1] + sorted[half]) / 2;
}

/** One sentence on the latest wins (oldest first): faster, slower or steady. */
export function trendSentence(wins) {
  if (wins.length < 2 * TREND) return t("storyFewWins", { n: Math.max(0, 2 * TREND - wins.length) });
  const times = wins.map((win) => Number(win.time));
  const before = median(times.slice(-2 * TREND, -TREND));
  const latest = median(times.slice(-TREND));
  const change = before > 0 ? (before - latest) / before : 0;
  if (Math.abs(change) < 0.05) return t("storySteady", { n: TREND, time: formatTime(latest) });
  const key = change > 0 ? "storyFaster" : "storySlower";
  return t(key, { n: TREND, percent: formatPercent(Math.abs(change)) });
}

const time = (value) => (value === null || value === undefined ? "–" : formatTime(value));
const count = (value) => formatNumber(value ?? 0);

function groupTable(groups, layouts) {
  if (!groups.length) return h("p", { class: "muted" }, t("noStatsYet"));
  const head = [[t("colLayout")], [t("colDifficulty")], [t("colStarted"), true], [t("colWon"), true],
    [t("colAssisted"), true], [t("colBest"), true], [t("colMedian"), true], [t("colStreak"), true]];
  return h("div", { class: "table-wrap" }, stackable(h("table", { id: "stats-groups", "aria-describedby": "stats-groups-note" },
    h("thead", {}, h("tr", {}, head.map(([label, numeric]) => h("th", { class: numeric ? "n" : null, scope: "col" }, label)))),
    h("tbody", {}, groups.map((group) => h("tr", { "data-layout": group.layout, "data-difficulty": group.difficulty },
      h("th", { scope: "row" }, layoutTitle(group.layout, layouts)),
      h("td", {}, difficultyName(group.difficulty)),
      h("td", { class: "n" }, count(group.started)),
      h("td", { class: "n" }, count(group.won)),
      h("td", { class: "n", "data-assisted": group.assisted_won }, count(group.assisted_won)),
      h("td", { class: "n", "data-best": group.unassisted_best_time ?? "" }, time(group.unassisted_best_time)),
      h("td", { class: "n", "data-median": group.unassisted_median_time ?? "" }, time(group.unassisted_median_time)),
      h("td", { class: "n", title: t("streakTitle") },
        t("streakPair", { current: count(group.current_streak), best: count(group.best_streak) }))))))));
}

/** The Statistics of `mode` (a mode object): of plain play, or of the games of the rule set
 * named `challenge` (the filter draws the page again, `shown` its announcement). */
export async function statisticsPage({ layouts, mode = classic, onClose, notice = "", review = null, challenge = null, shown = "" }) {
  // the games over or stuck, each with its review (played-games.js)
  const [stats, played] = await Promise.all([api.statistics(mode.name, challenge), review ? playedGames({ mode, layouts, review }) : null]);
  const filterShown = h("p", { class: "visually-hidden", id: "stats-challenge-shown", role: "status" });
  const filter = challengeFilter({ id: "stats-challenge", mode, chosen: challenge, status: filterShown,
    change: async (name) => {
      await statisticsPage({ layouts, mode, onClose, review, challenge: name, shown: filterShown.textContent });
      document.getElementById("stats-challenge")?.focus();
    } });
  const fact = (label, value, attrs = {}) => h("div", attrs, h("dt", {}, label), h("dd", {}, value));
  const rate = stats.win_rate === null || stats.win_rate === undefined ? "–" : formatPercent(stats.win_rate);
  const groups = stats.layouts || [];
  const wins = stats.wins || [];
  const width = Math.max(280, Math.min(720, window.innerWidth - 64));

  // the chart follows one layout and level, or all of them
  const chartBox = h("div", { class: "chart", id: "times-chart" });
  const story = h("p", { class: "story", id: "stats-story", "aria-live": "polite" });
  const drawChart = (key) => {
    const shown = key ? wins.filter((win) => `${win.layout}|${win.difficulty}` === key) : wins;
    story.textContent = trendSentence(shown);
    chartBox.replaceChildren(shown.length ? timesChart(shown, { width }) : h("p", { class: "muted" }, t("chartEmpty")));
    const svg = chartBox.querySelector("svg");
    if (svg) svg.setAttribute("aria-describedby", "stats-story");
  };
  const seen = [...new Set(wins.map((win) => `${win.layout}|${win.difficulty}`))];
  const picker = h("select", { id: "chart-group", onchange: () => drawChart(picker.value) },
    h("option", { value: "" }, t("allLayouts")),
    seen.map((key) => {
      const [layout, difficulty] = key.split("|");
      return h("option", { value: key }, `${layoutTitle(layout, layouts)} · ${difficultyName(difficulty)}`);
    }));
  drawChart("");

  openDialog("statistics", [
    pageTitle("statisticsTitle", mode),
    filter,
    filterShown,
    h("dl", { class: "facts", id: "stats-facts" },
      stats.challenge ? fact(t("bestScore"), stats.best_score ?? "–", { "data-fact": "best-score" }) : null,
      fact(t("gamesStarted"), count(stats.started)),
      fact(t("gamesWon"), count(stats.won)),
      stats.solved ? fact(t("gamesSolved"), count(stats.solved)) : null,
      fact(t("winRate"), rate),
      fact(t("bestTime"), time(stats.best_time)),
      fact(t("medianTime"), time(stats.median_time), { "data-fact": "median" }),
      fact(t("assistedWins"), count(stats.assisted_won), { "data-fact": "assisted" }),
      fact(t("currentStreak"), count(stats.current_streak)),
      fact(t("bestStreak"), count(stats.best_streak)),
      fact(t("hintsUsed"), count(stats.hints)),
      fact(t("undosUsed"), count(stats.undos)),
      fact(t("shufflesUsed"), count(stats.shuffles))),
    h("h3", {}, t("chartTitle")),
    wins.length ? h("div", { class: "field chart-pick" }, h("label", { for: "chart-group" }, t("chartShow")), picker) : null,
    story,
    chartBox,
    wins.length ? h("p", { class: "chart-legend muted" },
      h("span", { class: "dot" }), t("chartUnassisted"), " ", h("span", { class: "dot assisted" }), t("chartAssisted")) : null,
    played,
    h("h3", {}, t("perLayout")),
    groupTable(groups, layouts),
    groups.length ? h("p", { class: "muted", id: "stats-groups-note" }, t("statsAssistedNote")) : null,
    // the history file: after an import the figures are drawn again, the sentence kept
    historySection({
      notice,
      onImported: async (sentence) => {
        await statisticsPage({ layouts, mode, onClose, notice: sentence, review, challenge });
        document.querySelector('[data-action="import-history"]')?.focus();
      },
    }),
  ], { wide: true, onClose });
  if (shown) filterShown.textContent = shown; // once it is on the page: announced
}

// The daily challenges: the calendar dialog of the menu's daily item (GET /api/daily) and
// the board's "Daily — date" badge.  One cell per day of the last 365 (data-date,
// data-status won / played / none; from 2026-12-07 data-challenge, the day's rule set, with
// its mark); the arrow keys move between days, a cell shows that day's own board (ranked by
// the rule set's measure) and plays its challenge; "Play today" comes first.  Rules §7.5–7.6,
// §13.

import { api } from "../shell/api.js";
import { buttons, openDialog } from "./dialog.js";
import { fillButton, formatTime, h, showProblem } from "../shell/dom.js";
import { entryMarks, fairRule, showAllSwitch } from "../aids/fair-boards.js";
import { formatDate, formatNumber, t } from "../shell/strings.js";
import { DayStatus } from "../shell/vocabulary.js";

const DAY_MS = 86_400_000;

/** "2026-11-29" -> the Date of that day at 00:00 UTC. */
const utcDay = (iso) => new Date(`${iso}T00:00:00Z`);
const isoDay = (date) => date.toISOString().slice(0, 10);

/** A calendar date (YYYY-MM-DD, a UTC day) in the page's language. */
export function dailyDate(iso, options = { year: "numeric", month: "long", day: "numeric" }) {
  return formatDate(utcDay(iso), { ...options, timeZone: "UTC" });
}

/** What names a daily challenge wherever the game is named (the badge, the tab's title):
 * "Daily — 29 November 2026"; "" for any other game. */
export function dailyLabel(state) {
  const day = state && state.daily;
  return day ? t("dailyBadge", { date: dailyDate(day) }) : "";
}

/** The board's badge while a daily challenge is played: "Daily — 29 November 2026"; the
 * board's accessible name says it too. */
export function showDailyBadge(state) {
  const day = state && state.daily;
  const board = document.getElementById("board");
  if (board) board.setAttribute("aria-label", day ? t("boardLabelDaily", { date: dailyDate(day) }) : t("boardLabel"));
  const badge = document.getElementById("daily-badge");
  if (!badge) return;
  badge.hidden = !day;
  badge.dataset.daily = day || "";
  badge.textContent = dailyLabel(state);
  badge.dataset.short = day ? dailyDate(day, { month: "short", day: "numeric" }) : ""; // a narrow bar's form
}

const STATUS_KEYS = { won: "dayWon", played: "dayPlayed", none: "dayNotPlayed" };
/** The mark a calendar cell shows for its day's rule set (its title says it in words). */
const RULE_MARKS = { scored: "★", countdown: "⏱", sprint: "»", blackout: "◐", "suit-hunt": "◎" };

/** A day's rule set in words ("Rules: Scored"), "" for a plain day. */
const ruleText = (challenge) => (challenge ? t("dayChallenge", { title: challenge.title }) : "");

/** The weekdays' short names in the language, Monday first. */
function weekdays() {
  const monday = utcDay("2024-01-01"); // a Monday
  return Array.from({ length: 7 }, (_, k) => formatDate(new Date(monday.getTime() + k * DAY_MS), { weekday: "narrow", timeZone: "UTC" }));
}

/** The days from `first` to `today` (ISO dates), grouped by month. */
function months(first, today) {
  const found = [];
  for (let at = utcDay(first).getTime(); at <= utcDay(today).getTime(); at += DAY_MS) {
    const iso = isoDay(new Date(at));
    const key = iso.slice(0, 7);
    if (!found.length || found[found.length - 1].key !== key) found.push({ key, days: [] });
    found[found.length - 1].days.push(iso);
  }
  return found;
}

/**
 * Open the calendar.  `play(body)` starts a game (`{daily: true}` or `{daily: "YYYY-MM-DD"}`)
 * and closes the dialog; `onClose` runs when it closes.  The streak is read with the first
 * button, which has the focus.
 */
export async function dailyPage({ play, onClose }) {
  const calendar = await api.daily();
  const status = new Map(calendar.days.map((day) => [day.date, day]));
  const rules = new Map((calendar.challenges || []).map((day) => [day.date, day.challenge]));

  const today = h("button", { type: "button", class: "btn primary", id: "daily-today", "aria-describedby": "daily-streak-summary",
    onclick: () => play({ daily: true }) });
  fillButton(today, "play", t("playToday"));

  const streak = h("div", { class: "daily-streaks", id: "daily-streaks" },
    h("div", {}, h("span", { class: "num", "data-streak": calendar.current_streak }, formatNumber(calendar.current_streak)),
      h("small", {}, t("currentStreak"))),
    h("div", {}, h("span", { class: "num", "data-best-streak": calendar.best_streak }, formatNumber(calendar.best_streak)),
      h("small", {}, t("bestStreak"))),
    h("p", { class: "visually-hidden", id: "daily-streak-summary" },
      t("dailyStreakSummary", { n: calendar.current_streak, best: formatNumber(calendar.best_streak) })));

  const detail = h("section", { class: "daily-day", id: "daily-day", "aria-live": "polite" });
  const cells = [];
  let chosen = calendar.today;

  function choose(iso, { focus = false } = {}) {
    chosen = iso;
    for (const cell of cells) {
      const on = cell.dataset.date === iso;
      cell.tabIndex = on ? 0 : -1;
      cell.setAttribute("aria-pressed", String(on));
      if (on && focus) cell.focus();
    }
    showDay(iso);
  }

  let asked = 0;
  let all = false; // "Show all wins" (aids/fair-boards.js), kept while other days are chosen
  const allSwitch = showAllSwitch("daily-all", (on) => {
    all = on;
    fillBoard(chosen, detail.querySelector("#daily-board"));
  });
  async function showDay(iso) {
    const day = status.get(iso);
    const mark = day ? day.status : "none";
    const playDay = h("button", { type: "button", class: "btn primary", id: "daily-play-day", "data-date": iso,
      onclick: () => play(iso === calendar.today ? { daily: true } : { daily: iso }) });
    fillButton(playDay, "play", t(iso === calendar.today ? "playToday" : "playThisDay"));
    const board = h("div", { class: "daily-board", id: "daily-board", "data-date": iso }, h("p", { class: "muted" }, t("loadingBoard")));
    const challenge = rules.get(iso) || null;
    detail.replaceChildren(
      h("h3", {}, dailyDate(iso)),
      challenge ? h("p", { class: "daily-rule-name", "data-challenge": challenge.name }, ruleText(challenge)) : null,
      h("p", { "data-day-status": mark }, t(STATUS_KEYS[mark]),
        day && day.best_time !== null ? ` · ${t("dayBestTime", { time: formatTime(day.best_time) })}` : ""),
      buttons(playDay),
      h("h4", {}, t("dayBoardTitle")),
      fairRule(true),
      allSwitch,
      board);
    await fillBoard(iso, board);
  }

  async function fillBoard(iso, board) {
    const mine = ++asked;
    let answer = null;
    try {
      answer = await api.dailyBoard(iso, { all });
    } catch (problem) {
      showProblem(problem);
    }
    if (mine !== asked || !answer) return; // another day was chosen meanwhile
    const entries = answer.entries || [];
    const scored = answer.ranks_by === "score"; // the day's rule set ranks by score
    board.dataset.ranksBy = answer.ranks_by || "time";
    board.replaceChildren(entries.length
      ? h("div", { class: "table-wrap" }, h("table", {},
        h("thead", {}, h("tr", {}, h("th", { class: "n" }, t("colPlace")), h("th", {}, t("colPlayer")),
          scored ? h("th", { class: "n" }, t("colScore")) : null, h("th", { class: "n" }, t("colTime")))),
        h("tbody", {}, entries.map((entry) => h("tr", { class: entry.mine ? "mine" : null },
          h("td", { class: "n" }, entry.rank),
          h("td", {}, entry.name || t("anonymous")),
          scored ? h("td", { class: "n", "data-score": entry.score }, formatNumber(entry.score ?? 0)) : null,
          h("td", { class: "n" }, formatTime(entry.time), entryMarks(entry)))))))
      : h("p", { class: "muted" }, t("noDayWinners")));
  }

  function move(event) {
    const steps = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 }[event.key];
    let target = null;
    if (steps) target = isoDay(new Date(utcDay(chosen).getTime() + steps * DAY_MS));
    else if (event.key === "Home") target = calendar.first;
    else if (event.key === "End") target = calendar.today;
    else return;
    event.preventDefault();
    if (target < calendar.first || target > calendar.today) return;
    choose(target, { focus: true });
  }

  const names = weekdays();
  const grid = h("div", { class: "daily-calendar", id: "daily-calendar", onkeydown: move },
    months(calendar.first, calendar.today).map(({ key, days }) => {
      const offset = (utcDay(days[0]).getUTCDay() + 6) % 7; // Monday first
      return h("section", { class: "daily-month", "data-month": key },
        h("h4", {}, formatDate(utcDay(`${key}-01`), { year: "numeric", month: "long", timeZone: "UTC" })),
        h("div", { class: "daily-grid" },
          names.map((name) => h("span", { class: "weekday", "aria-hidden": "true" }, name)),
          Array.from({ length: offset }, () => h("span", { class: "blank", "aria-hidden": "true" })),
          days.map((iso) => {
            const mark = status.get(iso)?.status || "none";
            const challenge = rules.get(iso) || null;
            const cell = h("button", {
              type: "button", class: "daily-cell", "data-date": iso, "data-status": mark,
              "data-challenge": challenge ? challenge.name : null,
              "aria-label": [`${dailyDate(iso)}: ${t(STATUS_KEYS[mark])}`, ruleText(challenge)].filter(Boolean).join(" · "),
              title: challenge ? challenge.title : null,
              "aria-current": iso === calendar.today ? "date" : null,
              tabindex: -1,
              onclick: () => choose(iso),
            }, String(Number(iso.slice(8))),
            challenge ? h("span", { class: "daily-rule", "aria-hidden": "true" }, RULE_MARKS[challenge.name] || "•") : null);
            cells.push(cell);
            return cell;
          })));
    }));

  openDialog("daily", [
    h("h2", {}, t("dailyTitle")),
    buttons(today),
    streak,
    h("p", { class: "daily-legend" },
      [DayStatus.WON, DayStatus.PLAYED, "none"].map((mark) => h("span", { "data-status": mark }, h("i", { "aria-hidden": "true" }), t(STATUS_KEYS[mark])))),
    h("p", { class: "muted" }, t("dailyStreakNote")),
    grid,
    detail,
  ], { wide: true, onClose });
  choose(chosen);
  grid.querySelector(`[data-date='${chosen}']`)?.scrollIntoView({ block: "nearest" });
}

// A small line chart of winning times over time, as plain SVG, with the best time marked,
// the median as a dashed line, and the assisted wins (a hint was used) as hollow points.

import { formatDate, formatTime } from "../shell/dom.js";
import { t } from "../shell/strings.js";

const NS = "http://www.w3.org/2000/svg";

function node(tag, attrs, text) {
  const el = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value));
  if (text !== undefined) el.textContent = text;
  return el;
}

/** The steps of the time axis, in seconds: 1-2-5 steps of seconds, minutes and hours, with
 * the half minute and the half hour that a clock reads as round too. */
export const TIME_STEPS = [1, 2, 5, 10, 20, 30, 60, 120, 300, 600, 1200, 1800, 3600, 7200, 18000, 36000];

/**
 * The round ticks of a time axis that shows every time from `min` to `max` seconds:
 * {lo, hi, step, ticks}, the ticks every `step` (a round time: 0:30, 1:00, 2:00, 5:00…)
 * from `lo` to `hi` (multiples of it), at most `most` + 1 of them and at least two.  A
 * little room is left around the times, so no point sits on the frame without need.
 */
export function timeTicks(min, max, { most = 5 } = {}) {
  let low = Math.max(0, Math.min(min, max));
  let high = Math.max(min, max, 0);
  // a little room; around a lone time (or times all alike) a tenth of it each way
  const room = Math.max((high - low) * 0.05, high - low < high * 0.2 ? high * 0.1 : 0, 1);
  low = Math.max(0, low - room);
  high += room;
  let found = null;
  for (const step of TIME_STEPS) {
    const lo = Math.floor(low / step) * step;
    const hi = Math.max(Math.ceil(high / step) * step, lo + step);
    found = { lo, hi, step };
    if ((hi - lo) / step <= most) break;
  }
  if ((found.hi - found.lo) / found.step > most) { // beyond the longest step: multiples of it
    const step = found.step * Math.ceil((found.hi - found.lo) / found.step / most);
    found = { lo: Math.floor(low / step) * step, hi: Math.ceil(high / step) * step, step };
  }
  const ticks = [];
  for (let value = found.lo; value <= found.hi + found.step / 1000; value += found.step) ticks.push(value);
  return { ...found, ticks };
}

/**
 * timesChart([{date: "2024-05-01T10:00:00Z", time: 312.4, assisted: false}, …]) -> <svg>
 * Points in the order of their dates; y is the time (lower is better).
 */
export function timesChart(wins, { width = 560, height = 200 } = {}) {
  const points = wins
    .filter((win) => win && Number.isFinite(Number(win.time)))
    .map((win) => ({ date: win.date, time: Number(win.time), assisted: Boolean(win.assisted) }))
    .sort((a, b) => String(a.date).localeCompare(String(b.date)));
  const svg = node("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": t("chartTitle") });
  if (!points.length) return svg;
  const left = 52;
  const right = 16;
  const top = 18;
  const bottom = 30;
  const times = points.map((p) => p.time);
  const { lo, hi, ticks } = timeTicks(Math.min(...times), Math.max(...times));
  const x = (k) => (points.length === 1 ? (left + width - right) / 2
    : left + (k * (width - left - right)) / (points.length - 1));
  const y = (time) => top + ((hi - time) / (hi - lo)) * (height - top - bottom);
  svg.append(node("line", { class: "axis", x1: left, y1: height - bottom, x2: width - right, y2: height - bottom }));
  svg.append(node("line", { class: "axis", x1: left, y1: top, x2: left, y2: height - bottom }));
  for (const value of ticks) {
    svg.append(node("text", { class: "tick", "data-tick": value, x: left - 6, y: (y(value) + 4).toFixed(1), "text-anchor": "end" },
      formatTime(value)));
    if (value !== lo) svg.append(node("line", { class: "grid", x1: left, y1: y(value).toFixed(1), x2: width - right, y2: y(value).toFixed(1) }));
  }
  svg.append(node("text", { x: left, y: height - 10 }, formatDate(points[0].date)));
  if (points.length > 1) {
    svg.append(node("text", { x: width - right, y: height - 10, "text-anchor": "end" },
      formatDate(points[points.length - 1].date)));
  }
  const sorted = [...times].sort((a, b) => a - b);
  const half = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[half] : (sorted[half - 1] + sorted[half]) / 2;
  if (points.length > 2) {
    svg.append(node("line", { class: "median", "data-median": median, x1: left, y1: y(median).toFixed(1), x2: width - right, y2: y(median).toFixed(1) }));
    svg.append(node("text", { class: "median-label", x: left + 6, y: (y(median) + 14).toFixed(1) },
      t("chartMedian", { time: formatTime(median) })));
  }
  const path = points.map((p, k) => `${k ? "L" : "M"}${x(k).toFixed(1)} ${y(p.time).toFixed(1)}`).join(" ");
  svg.append(node("path", { class: "line", d: path }));
  let best = 0;
  points.forEach((p, k) => {
    if (p.time < points[best].time) best = k;
    const dot = node("circle", { class: p.assisted ? "point assisted" : "point", cx: x(k).toFixed(1), cy: y(p.time).toFixed(1), r: p.assisted ? 3.5 : 3 });
    const note = p.assisted ? ` (${t("chartAssisted")})` : "";
    dot.append(node("title", {}, `${formatDate(p.date)}: ${formatTime(p.time)}${note}`));
    svg.append(dot);
  });
  const bx = x(best);
  const by = y(points[best].time);
  svg.append(node("circle", { class: "best", cx: bx.toFixed(1), cy: by.toFixed(1), r: 6, "data-best": "" }));
  const anchor = bx > width * 0.7 ? "end" : bx < width * 0.3 ? "start" : "middle";
  svg.append(node("text", { class: "best-label", x: bx.toFixed(1), y: (by - 11).toFixed(1), "text-anchor": anchor },
    t("chartBest", { time: formatTime(points[best].time) })));
  return svg;
}

// The review's timeline: one option per move of the game's log and a last one for the end,
// in a listbox the arrow keys (and Home, End, Page Up, Page Down) step through.  Each move
// carries its verdict as a mark and a word, not as a colour alone: ✓ still winnable, ✗ lost,
// ? unknown; the first losing move is marked "lost here" as well.
//
// Test contract: `#review-timeline[role=listbox]`, its options `[data-step]` with
// `data-verdict` and `aria-selected`; the first losing move `[data-losing="true"]`.

import { h } from "../shell/dom.js";
import { t } from "../shell/strings.js";
import { Verdict } from "../shell/vocabulary.js";

const MARKS = { [Verdict.WINNABLE]: "✓", [Verdict.LOST]: "✗", [Verdict.UNKNOWN]: "?" };

export class Timeline {
  /** `count` moves, `verdicts` (null: a replay without a review), `losing` the first losing
   * move (or null), `onStep(k)` when the step changes. */
  constructor({ count, verdicts, losing, onStep }) {
    this.count = count;
    this.step = 0;
    this.onStep = onStep;
    this.options = [];
    for (let k = 0; k <= count; k += 1) {
      const verdict = k < count && verdicts ? verdicts[k] : null;
      const last = k === count;
      const option = h("li", {
        role: "option", id: `review-step-${k}`, "aria-selected": "false",
        dataset: { step: String(k), verdict: verdict || "", losing: String(k === losing) },
        onclick: () => this.go(k),
      },
      h("span", { class: "step-number", "aria-hidden": "true" }, last ? "■" : String(k + 1)),
      verdict ? h("span", { class: "step-mark", "aria-hidden": "true" }, MARKS[verdict]) : null,
      h("span", { class: "visually-hidden" }, last ? t("reviewEnd")
        : [t("reviewMoveNumber", { n: k + 1 }), verdict ? verdictMark(verdict, k === losing) : null].filter(Boolean).join(", ")));
      this.options.push(option);
    }
    this.el = h("ol", {
      id: "review-timeline", class: "review-timeline", role: "listbox", tabindex: "0",
      "aria-label": t("reviewTimeline"), "aria-orientation": "horizontal",
      onkeydown: (event) => this.key(event),
    }, this.options);
  }

  key(event) {
    const page = 10;
    const to = {
      ArrowRight: this.step + 1, ArrowDown: this.step + 1, ArrowLeft: this.step - 1, ArrowUp: this.step - 1,
      Home: 0, End: this.count, PageDown: this.step + page, PageUp: this.step - page,
    }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    this.go(to);
  }

  /** Go to step `k` (kept within the game) and tell the review. */
  go(k) {
    const step = Math.max(0, Math.min(this.count, k));
    this.options[this.step].setAttribute("aria-selected", "false");
    this.step = step;
    const option = this.options[step];
    option.setAttribute("aria-selected", "true");
    this.el.setAttribute("aria-activedescendant", option.id);
    option.scrollIntoView({ block: "nearest", inline: "nearest" });
    this.onStep(step);
  }
}

/** A move's verdict as its option names it. */
function verdictMark(verdict, losing) {
  if (losing) return t("reviewLostHere");
  return t({ [Verdict.WINNABLE]: "reviewMarkWinnable", [Verdict.LOST]: "reviewMarkLost" }[verdict] || "reviewMarkUnknown");
}

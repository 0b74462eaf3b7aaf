// Connect's sliding rule during play (rules §9.4): the chip `#rule` in a strip above the stage
// (its `data-rule` is the rule as the server names it, e.g. "left"; an arrow icon of its
// direction, the stage, and a one-line explanation in the player's language), and, the
// first time a rule appears, a short explanation the player dismisses ("Got it"; remembered
// in this browser), in the same strip.  The strip (`#rule-bar`, a landmark named "Sliding
// rule") sits between the top bar and the stage, never over the board: the stage shrinks by
// its height and the board fits what is left, so no tile is ever hidden under it.
// ConnectView draws it with each state and removes it on reset.

import { h } from "../../shell/dom.js";
import { language, slideRuleName, slideRuleNote, t } from "../../shell/strings.js";
import { seenOnce } from "../../settings/seen-once.js";

const SEEN = seenOnce("mahjong-solitaire.rules-seen");

/** A 24×24 line drawing of each rule's direction. */
const ICONS = {
  none: '<rect x="5" y="5" width="14" height="14" rx="2"/><path d="M9 12h6"/>',
  down: '<path d="M12 4v15M6 13l6 6 6-6"/>',
  up: '<path d="M12 20V5M6 11l6-6 6 6"/>',
  left: '<path d="M20 12H5M11 6l-6 6 6 6"/>',
  right: '<path d="M4 12h15M13 6l6 6-6 6"/>',
  "split-v": '<path d="M4 12h16M12 9V3M8 6l4-4 4 4M12 15v6M8 18l4 4 4-4"/>',
  "split-h": '<path d="M12 4v16M9 12H3M6 8l-4 4 4 4M15 12h6M18 8l4 4-4 4"/>',
  "gather-v": '<path d="M4 12h16M12 3v6M8 6l4 4 4-4M12 21v-6M8 18l4-4 4 4"/>',
  "gather-h": '<path d="M12 4v16M3 12h6M6 8l4 4-4 4M21 12h-6M18 8l-4 4 4 4"/>',
  outward: '<path d="M10 10 4 4M4 9V4h5M14 10l6-6M15 4h5v5M10 14l-6 6M4 15v5h5M14 14l6 6M20 15v5h-5"/>',
  inward: '<path d="m4 4 6 6M10 5v5H5M20 4l-6 6M14 5v5h5M4 20l6-6M5 14h5v5M20 20l-6-6M19 14h-5v5"/>',
};

export function ruleIcon(rule) {
  return '<svg class="icon rule-icon" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" '
    + `stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${ICONS[rule] || ICONS.none}</svg>`;
}

/** The chip and the first-time explanation of one Connect game's rule. */
export class RuleDisplay {
  constructor(stage, announce) {
    this.stage = stage;
    this.announce = announce;
    this.shown = null; // "rule|stage|language" drawn
    this.introFor = null;
  }

  /** Draw the rule of `state` (a Connect state); nothing changes while it stays the same. */
  show(state) {
    const rule = state.layout.slide || "none";
    const key = `${rule}|${state.stage ?? ""}|${language()}`;
    if (this.shown === key) return;
    this.shown = key;
    const bar = this.bar();
    bar.setAttribute("aria-label", t("connectSlideLabel"));
    let chip = document.getElementById("rule");
    if (!chip) {
      chip = h("div", { id: "rule", class: "rule-chip" });
      bar.prepend(chip);
    }
    chip.dataset.rule = rule;
    const name = slideRuleName(rule);
    chip.setAttribute("role", "note");
    chip.title = slideRuleNote(rule);
    chip.innerHTML = ruleIcon(rule);
    chip.append(
      h("span", { class: "rule-text" },
        h("strong", { class: "rule-name" }, state.stage ? t("ruleStage", { n: state.stage, rule: name }) : name),
        h("span", { class: "rule-note" }, slideRuleNote(rule))));
    if (!SEEN.has(rule)) this.explain(rule);
    else this.dismiss();
  }

  /** The first time a rule appears: what it does, until the player says "Got it". */
  explain(rule) {
    if (this.introFor === rule && document.getElementById("rule-intro")) return;
    this.dismiss();
    this.introFor = rule;
    const close = h("button", { type: "button", class: "btn primary", id: "rule-intro-ok",
      onclick: () => {
        SEEN.remember(rule);
        this.dismiss();
        document.getElementById("board")?.querySelector(".tile")?.focus();
      } }, t("ruleGotIt"));
    const intro = h("section", { id: "rule-intro", class: "rule-intro", "data-rule": rule, "aria-labelledby": "rule-intro-title" },
      h("div", { class: "rule-intro-icon", html: ruleIcon(rule) }),
      h("div", {},
        h("h2", { id: "rule-intro-title" }, t("ruleNewTitle", { rule: slideRuleName(rule) })),
        h("p", {}, slideRuleNote(rule)),
        h("p", { class: "muted" }, t("ruleIntroNote")),
        close));
    this.bar().append(intro);
    if (!document.querySelector("dialog[open]")) close.focus({ preventScroll: true });
    this.announce(`${t("ruleNewTitle", { rule: slideRuleName(rule) })}. ${slideRuleNote(rule)}`);
  }

  dismiss() {
    document.getElementById("rule-intro")?.remove();
    this.introFor = null;
  }

  /** The strip above the stage that holds the chip and the explanation (made once). */
  bar() {
    let bar = document.getElementById("rule-bar");
    if (!bar) {
      bar = h("aside", { id: "rule-bar", class: "rule-bar play-strip" });
      this.stage.before(bar);
    }
    return bar;
  }

  /** Take the strip, its chip and the explanation away (a new game of another mode). */
  clear() {
    document.getElementById("rule-bar")?.remove();
    this.introFor = null;
    this.shown = null;
  }
}

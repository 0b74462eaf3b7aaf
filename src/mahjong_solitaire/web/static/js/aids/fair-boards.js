// Fair boards (rules §12.3): the boards list unassisted wins, and the daily board each
// player's first finished attempt, unless the player turns on "Show all wins".  This module
// draws the switch, the sentence that explains the rule and the marks of the entries that
// only "Show all" lists; dialogs/pages.js and dialogs/daily.js put them on their boards.

import { h } from "../shell/dom.js";
import { t } from "../shell/strings.js";

/**
 * A "Show all wins" switch (a labelled checkbox) with the id `id`; `change(all)` runs when
 * it is turned.  A status line announces to screen readers which board is shown.
 */
export function showAllSwitch(id, change, { checked = false } = {}) {
  const box = h("input", { type: "checkbox", id, "data-show-all": "", checked });
  const said = h("span", { class: "visually-hidden", role: "status" });
  box.addEventListener("change", () => {
    said.textContent = t(box.checked ? "allWinsShown" : "fairWinsShown");
    change(box.checked);
  });
  return h("div", { class: "show-all" }, box, h("label", { for: id }, t("showAllWins")), said);
}

/** The sentence under a board that says which wins it ranks (`daily`: the daily board). */
export function fairRule(daily) {
  return h("p", { class: "muted fair-rule", "data-fair-rule": daily ? "daily" : "best" },
    t(daily ? "dailyFairRule" : "bestFairRule"));
}

/** The marks of an entry only "Show all wins" lists: assisted, a later attempt. */
export function entryMarks(entry) {
  const marks = [];
  if (entry.assisted) marks.push(t("markAssisted"));
  if (entry.first === false) marks.push(t("markLaterAttempt"));
  return marks.length ? h("span", { class: "entry-marks" }, ` (${marks.join(", ")})`) : null;
}

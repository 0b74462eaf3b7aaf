// The challenge filter of the Leaderboard and the Statistics (rules §12.3, §13): plain play
// or one rule set (GET /api/challenges), a labelled native <select> (keyboard as any), the
// choice announced in a status line.  A mode without challenges (Connect) has none.

import { h, showProblem } from "../shell/dom.js";
import { t } from "../shell/strings.js";
import { ruleSets } from "./rule-sets.js";

/**
 * The filter `#ID` (a <select>, its options filled once the rule sets are known) set to
 * `chosen` (a rule set's name, null: plain play), or null for a mode without challenges.
 * `change(name)` runs with the new choice (null: plain play); `status` (an element with
 * role="status") hears which games are shown.
 */
export function challengeFilter({ id, mode, chosen = null, change, status }) {
  if (!mode.challenges) return null;
  const select = h("select", { id, "data-challenge-filter": "" },
    h("option", { value: "" }, t("plainPlay")));
  ruleSets().then((sets) => {
    for (const set of sets) {
      select.append(h("option", { value: set.name }, set.title));
    }
    select.value = chosen || "";
  }, showProblem);
  select.addEventListener("change", () => {
    const name = select.value || null;
    if (status) {
      status.textContent = t("challengeShown", { title: select.selectedOptions[0]?.textContent || t("plainPlay") });
    }
    change(name);
  });
  return h("div", { class: "field challenge-filter" },
    h("label", { for: id }, t("challengeFilter")), select);
}

/** Whether a board answer (`ranks_by`) ranks by score. */
export const ranksByScore = (answer) => Boolean(answer && answer.ranks_by === "score");

// The Challenges section of the New game dialog: one card `[data-challenge=NAME]` per rule
// set (GET /api/challenges), its title and one-line rule; choosing one starts that
// challenge on the layout and difficulty chosen above.

import { h, showProblem } from "../shell/dom.js";
import { t } from "../shell/strings.js";
import { ruleSets } from "./rule-sets.js";

/** The section; `chosen()` gives {layout, difficulty, mirror}, `start(body)` starts a game
 * (its refusal goes to `failed(problem)`). */
export function challengesPart({ chosen, start, failed }) {
  const list = h("ul", { class: "challenge-cards", role: "list" });
  const part = h("section", { class: "challenges-part", "aria-labelledby": "challenges-title" },
    h("h3", { id: "challenges-title" }, t("challengesTitle")),
    h("p", { class: "muted" }, t("challengesNote")),
    list);
  ruleSets().then((sets) => {
    for (const set of sets) {
      const card = h("button", { type: "button", class: "challenge-card", "data-challenge": set.name,
        onclick: () => {
          const { layout, difficulty, mirror } = chosen();
          start({ layout, difficulty, challenge: set.name, ...(mirror ? { mirror } : {}) }).catch(failed);
        } },
      h("strong", {}, set.title), h("span", {}, set.rule));
      list.append(h("li", {}, card));
    }
  }, showProblem);
  return part;
}

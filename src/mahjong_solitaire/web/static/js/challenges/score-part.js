// The score of a finished challenge and how it was made up (its `parts`), for the win and
// the lost dialogs; nothing for plain play or a rule set without a score.

import { h } from "../shell/dom.js";
import { formatNumber, t } from "../shell/strings.js";
import { partName } from "./words.js";

export function scorePart(state) {
  const figures = state && state.challenge;
  if (!figures || figures.score === null || figures.score === undefined) return null;
  const rows = (figures.parts || []).map(({ part, points }) => h("tr", { "data-part": part },
    h("th", { scope: "row" }, partName(part)),
    h("td", {}, points > 0 ? `+${formatNumber(points)}` : formatNumber(points))));
  return h("section", { class: "challenge-score", "data-challenge": figures.name },
    h("p", { class: "challenge-total", "data-score": figures.score }, t("challengeTotal", { score: formatNumber(figures.score) })),
    rows.length ? h("table", { class: "challenge-parts" },
      h("caption", {}, t("challengeScoreMade")), h("tbody", {}, rows)) : null);
}

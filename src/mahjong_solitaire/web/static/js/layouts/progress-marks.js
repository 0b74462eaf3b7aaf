// Progress marks: each layout card of the New game picker says whether the
// player has won that layout at the chosen difficulty, and the best time
// (`data-best` = seconds), from the player's statistics per layout and difficulty
// (`GET /api/statistics`, `layouts`).  The mark is text inside the card, so it is part of
// the card's accessible name.

import { api } from "../shell/api.js";
import { formatTime, h, showProblem } from "../shell/dom.js";
import { icon } from "../shell/icons.js";
import { t } from "../shell/strings.js";

/** The player's figures per layout and difficulty in `modeName` ([] when they cannot be
 * had: the player is told, and the cards go unmarked). */
export async function loadProgress(modeName) {
  try {
    return (await api.statistics(modeName)).layouts || [];
  } catch (problem) {
    showProblem(problem);
    return [];
  }
}

/** The mark's text for a won layout: "Won · best 3:12" (or "Won" without a time). */
export function progressText(best) {
  return best === null || best === undefined ? t("progressWon") : t("progressWonBest", { time: formatTime(best) });
}

/** Mark every card `[data-layout]` of `cards` for `difficulty` from `groups`. */
export function markCards(cards, groups, difficulty) {
  const won = new Map(groups.filter((group) => group.difficulty === difficulty && group.won > 0)
    .map((group) => [group.layout, group]));
  for (const card of cards.querySelectorAll("[data-layout]")) {
    card.querySelector(".progress-mark")?.remove();
    const group = won.get(card.dataset.layout);
    card.dataset.won = String(Boolean(group));
    if (!group) {
      delete card.dataset.best;
      continue;
    }
    if (group.best_time === null || group.best_time === undefined) delete card.dataset.best;
    else card.dataset.best = String(group.best_time);
    card.append(h("small", { class: "progress-mark" },
      h("span", { "aria-hidden": "true", html: icon("check") }), " ", progressText(group.best_time)));
  }
}

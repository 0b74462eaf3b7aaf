// The Statistics page's history (issue 28): the player's games of the mode that are over or
// stuck, the latest first, each with its outcome in words, its date, its layout and
// difficulty, its time, a mark on a practice copy, and Review (`[data-action="review"]`),
// which opens the game's review.  A page at a time (GET /api/history/games): "Show more
// games" brings the next one, moves the focus to the first game it brought and says how
// many came.  Each Review button is described by its game's line, so a screen reader reads
// the outcome with it.
//
// Test contract: `#played-games` (a list) of `li[data-game][data-status][data-practice]`,
// each with `[data-action="review"]`; `[data-action="more-games"]`; `#played-said`.

import { api } from "../shell/api.js";
import { formatTime, h } from "../shell/dom.js";
import { difficultyName, formatDate, t, tn } from "../shell/strings.js";
import { Status } from "../shell/vocabulary.js";
import { layoutTitle } from "./pages.js";

/** A game's outcome in words. */
export function outcomeWords(game) {
  if (game.status === Status.WON) return t(game.solution_shown ? "playedSolved" : "playedWon");
  if (game.status === Status.STUCK) return t("playedStuck");
  if (game.status === Status.LOST) return t("playedLost");
  return t("playedAbandoned");
}

const WHEN = { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" };

function row(game, layouts, review) {
  const line = `played-${game.game_id}`;
  return h("li", { "data-game": game.game_id, "data-status": game.status, "data-practice": String(game.practice) },
    h("span", { id: line },
      h("strong", {}, outcomeWords(game)),
      game.practice ? " " : null,
      game.practice ? h("span", { class: "badge practice-badge" }, t("practiceBadge")) : null,
      ` · ${layoutTitle(game.layout, layouts)} · ${difficultyName(game.difficulty)} · `,
      h("time", { datetime: game.ended_at }, formatDate(game.ended_at, WHEN)),
      ` · ${formatTime(game.time)}`),
    h("button", { type: "button", class: "btn", "data-action": "review", "aria-describedby": line,
      onclick: () => review(game.game_id) }, t("review")));
}

/** The section of the history of `mode` (a mode object), its first page read;
 * `review(id)` opens a game's review. */
export async function playedGames({ mode, layouts, review }) {
  const said = h("p", { class: "visually-hidden", id: "played-said", role: "status", "aria-live": "polite" });
  const section = h("section", { class: "played-games", "aria-labelledby": "played-title" },
    h("h3", { id: "played-title" }, t("playedTitle")));
  let page;
  try {
    page = await api.playedGames(mode.name);
  } catch (problem) {
    section.append(h("p", { class: "field-error", role: "alert" }, problem.status === 0 ? t("errorNetwork") : problem.message));
    return section;
  }
  if (!page.games.length) {
    section.append(h("p", { class: "muted" }, t("playedNone")));
    return section;
  }
  const list = h("ul", { class: "played-games-list", id: "played-games" },
    page.games.map((game) => row(game, layouts, review)));
  const more = h("button", { type: "button", class: "btn", "data-action": "more-games", hidden: !page.more }, t("playedMore"));
  more.addEventListener("click", async () => {
    more.disabled = true;
    try {
      const last = list.lastElementChild.dataset.game;
      const next = await api.playedGames(mode.name, last);
      const rows = next.games.map((game) => row(game, layouts, review));
      list.append(...rows);
      more.hidden = !next.more;
      said.textContent = tn("playedMoreShown", rows.length);
      if (rows.length) rows[0].querySelector("[data-action='review']").focus();
    } catch (problem) {
      said.textContent = problem.status === 0 ? t("errorNetwork") : problem.message;
    } finally {
      more.disabled = false;
    }
  });
  section.append(list, more, said);
  return section;
}

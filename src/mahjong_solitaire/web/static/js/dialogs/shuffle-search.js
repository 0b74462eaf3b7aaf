// When a shuffle's search runs out (rules §6.2): the page says that no solvable shuffle was
// found yet, never that none exists, and offers to search longer or to undo.  Only a proven
// refusal ("no_shuffle") says that no shuffle can help.

import { openDialog } from "./dialog.js";
import { fillButton, h } from "../shell/dom.js";
import { t } from "../shell/strings.js";
import { ErrorCode } from "../shell/vocabulary.js";

/** The error codes of a refused shuffle: proven hopeless, or merely not found yet. */
export const SHUFFLE_PROVEN_HOPELESS = ErrorCode.NO_SHUFFLE;
export const SHUFFLE_NOT_FOUND = ErrorCode.SHUFFLE_NOT_FOUND;

/** Whether a refused request was a shuffle refusal (which has its own words). */
export const isShuffleRefusal = (problem) =>
  problem?.code === SHUFFLE_PROVEN_HOPELESS || problem?.code === SHUFFLE_NOT_FOUND;

/**
 * The "No shuffle found yet" dialog: Search longer (the `searchLonger()` promise), Undo
 * (when `canUndo`), and the note, a live region that says what the longer search found.
 */
export function shuffleNotFoundDialog({ searchLonger, undo, canUndo, onClose }) {
  const note = h("p", { id: "shuffle-search-note", role: "status", "aria-live": "polite" }, t("shuffleNotFound"));
  const longer = h("button", { type: "button", class: "btn primary", id: "shuffle-longer", "data-action": "shuffle-longer" });
  fillButton(longer, "shuffle", t("shuffleSearchLonger"));
  longer.addEventListener("click", async () => {
    longer.disabled = true;
    note.textContent = t("shuffleSearching");
    try {
      await searchLonger();
    } catch (problem) {
      if (!isShuffleRefusal(problem)) throw problem;
      const proven = problem.code === SHUFFLE_PROVEN_HOPELESS;
      note.textContent = t(proven ? "shuffleImpossible" : "shuffleStillNotFound");
      note.classList.add("field-error");
      longer.hidden = proven;
    } finally {
      longer.disabled = false;
    }
  });
  const back = canUndo ? h("button", { type: "button", class: "btn", id: "shuffle-undo", onclick: undo }) : null;
  if (back) fillButton(back, "undo", t("noMovesUndo"));
  openDialog("shuffle-not-found", [
    h("h2", {}, t("shuffleNotFoundTitle")),
    note,
    h("div", { class: "choices" }, longer, back),
  ], { onClose });
}

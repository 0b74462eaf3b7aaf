// The aids a challenge refuses (rules §13, `challenge.refused`) shown as unavailable: their
// buttons disabled, with the reason as their description, rather than failing when used.
// The controller asks `refusal(state, action)` before it sends an action.

import { paintButton } from "../shell/dom.js";
import { t } from "../shell/strings.js";

/** The page's controls and actions -> the aid the server names (challenges.AIDS). */
const AIDS = {
  hint: "hint", undo: "undo", redo: "redo", shuffle: "shuffle", "shuffle-longer": "shuffle", pause: "pause",
  solve: "solve", finish: "finish", "undo-to-winnable": "back",
};
const CONTROLS = ["hint", "undo", "redo", "shuffle", "pause", "solve", "finish"];

/** Why `action` is not allowed in `state`'s challenge (null: it is, or no challenge). */
export function refusal(state, action) {
  const refused = state && state.challenge ? state.challenge.refused : [];
  return refused.includes(AIDS[action]) ? t("challengeRefused") : null;
}

/** Disable the controls of the aids `state` refuses (after the controller drew the rest). */
export function markRefusedAids(state) {
  for (const id of CONTROLS) {
    const button = document.getElementById(id);
    if (!button) continue;
    const reason = refusal(state, id);
    if (reason) {
      button.disabled = true;
      button.dataset.refused = "true";
      button.title = reason;
    } else if (button.dataset.refused) {
      delete button.dataset.refused;
      paintButton(button); // its own title again
    }
  }
}

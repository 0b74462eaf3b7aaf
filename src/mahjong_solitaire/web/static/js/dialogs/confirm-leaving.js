// Confirm before abandoning (rules §12.1): leaving a game in which at least one pair was
// played (a new game, the daily challenge, a stage, a code, a shared link, the other mode,
// Restart) counts it as lost, so the page asks first, unless the player turned the
// question off (settings: `confirmAbandon`).  The controller's `confirmLeaving()` is the
// one place every starting path passes through; this module holds the rule and the
// question.

import { buttons, closeDialog, dialogName, openDialog } from "./dialog.js";
import { fillButton, h } from "../shell/dom.js";
import { t } from "../shell/strings.js";
import { Status } from "../shell/vocabulary.js";

/** A game is in progress when it is still being played and at least one pair has left the
 * board (or has been taken back: the player has moved, whatever undo did since). */
export function inProgress(state) {
  if (!state || ![Status.PLAYING, Status.PAUSED, Status.STUCK].includes(state.status)) return false;
  const total = state.layout && state.layout.tiles;
  return state.can_undo || state.can_redo || (Boolean(total) && state.tiles_left < total);
}

/** Whether leaving `state` needs the player's word first. */
export function mustAsk(state, settings) {
  return settings.confirmAbandon !== false && inProgress(state);
}

/**
 * Ask whether to abandon the game in progress: a modal question whose focus starts on the
 * safe choice ("Keep playing"); Escape, the × button and "Keep playing" answer false,
 * "Abandon it" true.  `pause(onClose)` opens the question the way the page's dialogs pause
 * the clock (the controller's withPause); asked from another dialog, the question takes
 * that dialog's place.  The dialog stays open on true: the caller closes it as it starts
 * the next game.
 */
export function askToLeave(pause) {
  return new Promise((answer) => {
    const open = (onClose) => {
      const keep = h("button", { type: "button", class: "btn primary", id: "leave-cancel", autofocus: true });
      fillButton(keep, "play", t("leaveKeepPlaying"));
      const leave = h("button", { type: "button", class: "btn", id: "leave-confirm" });
      fillButton(leave, "new", t("leaveAbandon"));
      keep.addEventListener("click", () => {
        answer(false);
        closeDialog();
      });
      leave.addEventListener("click", () => answer(true));
      openDialog("confirm-leave", [
        h("h2", {}, t("leaveTitle")),
        h("p", { id: "leave-note" }, t("leaveNote")),
        h("p", { class: "muted" }, t("leaveSettingNote")),
        buttons(keep, leave),
      ], {
        stack: true,
        onClose: () => {
          answer(false); // (a promise answers once: after "Abandon it" this changes nothing)
          if (onClose) onClose();
        },
      });
    };
    if (dialogName()) open(null);
    else pause(open);
  });
}

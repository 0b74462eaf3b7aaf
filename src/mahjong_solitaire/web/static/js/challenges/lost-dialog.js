// The Lost dialog (a challenge its rules ended, rules §13): why, the score and how it was
// made up; Play again (the same code, the same rules) and New game.

import { buttons, openDialog } from "../dialogs/dialog.js";
import { fillButton, h } from "../shell/dom.js";
import { t } from "../shell/strings.js";
import { scorePart } from "./score-part.js";
import { reasonText } from "./words.js";

export function lostDialog(state, { playAgain, newGame, onClose }) {
  const again = h("button", { type: "button", class: "btn primary", id: "lost-again", onclick: playAgain });
  fillButton(again, "undo", t("playAgain"));
  const fresh = h("button", { type: "button", class: "btn", id: "lost-new", onclick: newGame });
  fillButton(fresh, "new", t("winNewGame"));
  const reason = state.challenge ? state.challenge.reason : null;
  openDialog("challenge-lost", [
    h("h2", {}, t("lostTitle")),
    h("p", { id: "lost-reason", "data-reason": reason || "" }, reasonText(reason)),
    scorePart(state),
    buttons(again, fresh),
  ], { onClose });
}

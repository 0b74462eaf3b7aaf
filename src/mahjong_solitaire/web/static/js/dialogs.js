// The one <dialog> of the page and the dialogs shown in it: New game, No moves, Win, and
// the pages (leaderboard, statistics, settings, rules, about) in pages.js.

import { h } from "./dom.js";

const dialog = () => document.getElementById("dialog");

let closing = null;

/**
 * Show a dialog: `name` lands in data-dialog (tests find it there), `content` is a node or
 * a list of nodes, `onClose` runs once when it closes (by a button, Esc or the × button).
 */
export function openDialog(name, content, { wide = false, onClose = null } = {}) {
  const el = dialog();
  if (el.open) closeDialog();
  el.dataset.dialog = name;
  el.classList.toggle("wide", wide);
  document.getElementById("dialog-body").replaceChildren(...[content].flat(Infinity).filter((item) => item !== null && item !== undefined && item !== false));
  closing = onClose;
  el.showModal();
  const first = el.querySelector("#dialog-body [autofocus], #dialog-body .btn.primary");
  if (first) first.focus();
}

export function closeDialog() {
  const el = dialog();
  if (el.open) el.close();
}

export function dialogName() {
  const el = dialog();
  return el.open ? el.dataset.dialog : null;
}

export function installDialog() {
  dialog().addEventListener("close", () => {
    const done = closing;
    closing = null;
    delete dialog().dataset.dialog;
    if (done) done();
  });
  // a click on the backdrop closes the dialog
  dialog().addEventListener("click", (event) => {
    if (event.target === dialog()) closeDialog();
  });
}

/** A row of dialog buttons. */
export function buttons(...items) {
  return h("div", { class: "row-buttons" }, ...items);
}

// The one <dialog> of the page and the dialogs shown in it: New game, No moves, Win, and
// the pages (leaderboard, statistics, settings, rules, about) in pages.js.

import { h } from "../shell/dom.js";

const dialog = () => document.getElementById("dialog");

const FOCUSABLE = "button, [href], input, select, textarea, [tabindex]:not([tabindex='-1'])";

let closing = null;
let opener = null; // what had the focus before the dialog opened: it gets it back
let settled = true; // the shown dialog's closing has been handled (its onClose ran)
let fallbackFocus = () => false;

/**
 * Show a dialog: `name` lands in data-dialog (tests find it there), `content` is a node or
 * a list of nodes, `onClose` runs once when it closes (by a button, Esc or the × button).
 * It is modal (the page behind is inert, Tab stays inside, Escape closes it), named by its
 * first heading, and the focus goes back where it was when it closes.  Opening the dialog
 * shown again (same name) redraws it in place.  With `stack`, a question asked from
 * another dialog (confirm-leaving.js) takes its place, and that dialog's onClose waits until
 * the question's has run (a game paused by that dialog stays paused while the question is up).
 */
export function openDialog(name, content, { wide = false, onClose = null, stack = false } = {}) {
  const el = dialog();
  // the first-run guide's first step, drawn by the server before any script ran
  // (web/pwa/page.py), is open but not modal: it gives way as if it were not there
  if (el.open && !el.matches(":modal")) el.close();
  const redraw = el.open && el.dataset.dialog === name;
  let below = null; // the onClose of the dialog the question replaces (stack)
  if (el.open && !redraw && stack) {
    below = closing;
    closing = null;
    el.close();
    settled = true;
  } else if (el.open && !redraw) {
    // another dialog gives way: it closes now (its own onClose runs), and the focus will go
    // back where it was before that one opened
    const back = opener;
    el.close();
    finish(false);
    opener = back;
  } else if (!el.open) {
    opener = document.activeElement;
  }
  el.dataset.dialog = name;
  el.classList.toggle("wide", wide);
  const body = document.getElementById("dialog-body");
  body.replaceChildren(...[content].flat(Infinity).filter((item) => item !== null && item !== undefined && item !== false));
  const heading = body.querySelector("h2");
  if (heading) heading.id = "dialog-title";
  if (heading) el.setAttribute("aria-labelledby", "dialog-title");
  else el.removeAttribute("aria-labelledby");
  closing = below ? () => {
    if (onClose) onClose();
    below();
  } : onClose;
  if (redraw) return;
  settled = false;
  el.showModal();
  const first = el.querySelector("#dialog-body [autofocus], #dialog-body .btn.primary");
  if (first) first.focus();
}

export function closeDialog() {
  const el = dialog();
  if (!el.open) return;
  el.close();
  finish(true);
}

/** The shown dialog has closed: run its onClose (once) and, with `refocus`, give the focus
 * back.  Done at once when the page closes it; the browser's `close` event comes later (a
 * task of its own), so by then another dialog may be open, whose onClose must wait. */
function finish(refocus) {
  if (settled) return;
  settled = true;
  const done = closing;
  closing = null;
  delete dialog().dataset.dialog;
  const back = opener;
  opener = null;
  if (done) done();
  if (!refocus || dialog().open) return; // onClose opened another dialog
  const usable = back && back.isConnected && back !== document.body && !back.closest("[hidden], .ghost")
    && (!back.classList.contains("tile") || back.classList.contains("free"));
  if (usable) back.focus();
  else fallbackFocus();
}

export function dialogName() {
  const el = dialog();
  return el.open && el.matches(":modal") ? el.dataset.dialog : null;
}

/** Wire the dialog once; `fallbackFocus()` places the focus when what had it is gone. */
export function installDialog({ fallbackFocus: fallback = () => false } = {}) {
  fallbackFocus = fallback;
  // closed by the browser (Esc, a form's dialog method): finish, unless that close was
  // finished already and another dialog has opened since
  dialog().addEventListener("close", () => {
    if (!dialog().open) finish(true);
  });
  // Tab and Shift+Tab go round inside the dialog (not out to the browser's own controls)
  dialog().addEventListener("keydown", (event) => {
    if (event.key !== "Tab") return;
    const focusable = [...dialog().querySelectorAll(FOCUSABLE)]
      .filter((el) => !el.disabled && !el.closest("[hidden]") && el.getClientRects().length);
    if (!focusable.length) return;
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey ? document.activeElement === first : document.activeElement === last) {
      event.preventDefault();
      (event.shiftKey ? last : first).focus();
    }
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

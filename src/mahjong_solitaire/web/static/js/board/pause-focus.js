// The keyboard focus across a pause: when the game pauses (P, the Pause button, the tab
// hidden, a page of the menu), the focus goes to the pause cover's Resume button (unless a
// dialog holds it), and when the game resumes it goes back where it was before the pause
// (the tile or the button that paused), and the end of a pause the player saw is announced.
//
// It watches the board's data-status, which every drawing sets, so it needs no hook in
// the commands: a pause is the status turning "paused" from a status of play (not from
// "loading": a game found paused as the page opens was not paused from here).

const PLAY = new Set([Status.PLAYING, Status.STUCK, "demo"]);
import { Status } from "../shell/vocabulary.js";

/** Whether `el` can take the focus back: still on the page, shown, enabled, and for a tile
 * still a free one. */
function usable(el) {
  return Boolean(el) && el.isConnected && el !== document.body && !el.disabled
    && !el.closest("[hidden], [inert], .ghost") && el.getClientRects().length > 0
    && (!el.classList.contains("tile") || el.classList.contains("free"));
}

/**
 * Wire the focus of `board` (#board), `cover` (#pause-cover) and its `resume` button.
 * `dialogOpen()` says whether a dialog holds the focus; `fallback()` puts the focus on the
 * board when what had it is gone; `announce(text)` speaks; `resumedText()` is what it says.
 * Returns {forDialog()}, to call before a dialog's own pause is sent.
 */
export function keepFocusAcrossPause({ board, cover, resume, dialogOpen, fallback, announce, resumedText }) {
  let last = null; // the last element focused outside the cover and the dialog
  let before = null; // what had the focus when the game paused
  let paused = false; // a pause seen from a status of play: the resume gives the focus back
  document.addEventListener("focusin", (event) => {
    const el = event.target;
    // (a menu's item hides as it acts: the menu's button is what the focus goes back to)
    if (el instanceof Element && !cover.contains(el) && !el.closest("dialog, [role='menu']")) last = el;
  });
  let shown = false; // the cover was in sight (not behind the dialog that paused the game)
  let forDialog = false; // the next pause is a dialog's, which will hold the focus
  const onPause = () => {
    paused = true;
    before = last;
    shown = !forDialog && !dialogOpen();
    forDialog = false;
    if (shown) resume.focus();
  };
  const onResume = () => {
    paused = false;
    const focused = document.activeElement;
    const lost = !focused || focused === document.body || cover.contains(focused);
    if (!dialogOpen() && lost) {
      if (usable(before)) before.focus();
      else if (cover.contains(focused) || board.contains(before)) fallback();
    }
    before = null;
    // a pause the player saw is undone aloud; the dialog that paused the game says its own
    // last word as it closes
    if (shown) announce(resumedText());
  };
  new MutationObserver((records) => {
    records.forEach((record, k) => {
      const was = record.oldValue;
      const now = k + 1 < records.length ? records[k + 1].oldValue : board.dataset.status;
      if (was === now) return;
      if (now === Status.PAUSED && PLAY.has(was)) onPause();
      else if (was === Status.PAUSED && paused && PLAY.has(now)) onResume();
      else if (now !== Status.PAUSED) paused = false; // won, or another game: nothing to give back
      if (now !== Status.PAUSED) forDialog = false; // (a pause refused: the next one is the player's)
    });
  }).observe(board, { attributes: true, attributeFilter: ["data-status"], attributeOldValue: true });
  return {
    /** The pause on its way is for a dialog (which may open after it lands): the focus
     * stays for the dialog, and the resume as it closes is not announced. */
    forDialog() {
      forDialog = true;
    },
  };
}

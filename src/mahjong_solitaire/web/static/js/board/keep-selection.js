// A reload keeps the selection.  The server clears the selection when the game pauses
// (rules §3.5), and the page pauses the game as it unloads; so the page remembers the
// selected tile for this tab (sessionStorage: the game, its board and the tile) and, once
// the reloaded page has resumed the game, selects it again by a tap the server rules on,
// if the game and its board are the ones remembered and the tile is still free.  Another
// move, another game or another window's play since then drops it.

const KEY = "mahjong-solitaire.selection";
import { Status } from "../shell/vocabulary.js";

/** The board of a state: each tile's position and face (a move, an undo or a shuffle
 * changes it; a selection or a pause does not). */
export function boardOf(state) {
  return state.tiles.map((tile) => `${tile.i}${tile.tile}`).join(",");
}

/** Remember the selection of the state drawn (or forget it: nothing selected, the game
 * over).  A paused state changes nothing: the pause cleared the selection, not the player. */
export function noteSelection(state) {
  if (!state || state.status === Status.PAUSED) return;
  const i = state.selection;
  const playing = state.status === Status.PLAYING || state.status === Status.STUCK;
  try {
    if (playing && i !== null && i !== undefined) {
      sessionStorage.setItem(KEY, JSON.stringify({ id: state.id, board: boardOf(state), i }));
    } else {
      sessionStorage.removeItem(KEY);
    }
  } catch (problem) {
    if (!(problem instanceof DOMException)) throw problem;
    // no storage for this tab (a private window's quota): a reload simply loses the selection
  }
}

/**
 * What this tab remembered, read before the game resumes (the resumed state, drawn, has
 * nothing selected): a function of the resumed state that answers the tile to select
 * again, or null (nothing remembered, another game, another board, the tile not free).
 */
export function keptSelection() {
  let kept = null;
  try {
    kept = JSON.parse(sessionStorage.getItem(KEY) || "null");
  } catch (problem) {
    if (!(problem instanceof SyntaxError || problem instanceof DOMException)) throw problem;
    kept = null; // nothing readable remembered: nothing to select
  }
  return (state) => {
    if (!kept || !state || state.status !== Status.PLAYING || state.selection !== null) return null;
    if (kept.id !== state.id || kept.board !== boardOf(state)) return null;
    const tile = state.tiles.find((one) => one.i === kept.i);
    return tile && tile.free ? tile.i : null;
  };
}

// Highlight matches (rules §5.12, the setting `highlight`, off by default): while a tile
// is selected, every other free tile of its group carries the class `match`.  It works on
// what the board views draw (`.tile.free[data-i]`, labels from `view.label(i)`), so the
// classic board and the Connect grid are marked alike.

import { tilesMatch } from "../board/faces.js";

/** Mark (or, with `on` false or no selection, unmark) the free tiles matching `selection`. */
export function markMatches(board, view, selection, on) {
  const label = on && selection !== null && selection !== undefined ? view.label(selection) : null;
  for (const el of board.querySelectorAll(".tile")) {
    const i = Number(el.dataset.i);
    const match = Boolean(label) && i !== selection && el.classList.contains("free")
      && tilesMatch(label, view.label(i));
    el.classList.toggle("match", match);
  }
}

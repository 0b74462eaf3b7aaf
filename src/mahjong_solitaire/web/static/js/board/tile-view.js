// What the classic board (modes/classic/board.js) and the Connect grid (modes/connect/grid.js)
// draw alike: tile elements with their faces, the board fitted and centred in the stage,
// removed tiles leaving (motion.js), and the selection, hint and shake outlines.
//
// A view extends TileView and keeps `this.tiles` (what a tap names -> its `.tile` element)
// and `this.labels` (the same keys -> the label drawn) up to date; it implements `fit()`,
// which measures its tiles and calls `sizeBoard`.

import { loadFaces, paintFace } from "./faces.js";
import { leave, motionAllowed } from "./motion.js";
import { viewportOf } from "./viewport.js";

/** The narrowest tile drawn (px). */
const MIN_TILE = 3;

/** The tile width (px) that fits `spanW` × `spanH` tile widths into the stage, `margin` px
 * kept free on every side, at most `max`: boards of several tile sets (up to 1,152 tiles)
 * scale down to fit too, to no less than `MIN_TILE` px.  The stage's viewport may turn
 * the board a quarter (its width then lies along the stage's height). */
export function tileWidth(stage, margin, spanW, spanH, max) {
  const availW = Math.max(40, stage.clientWidth - 2 * margin);
  const availH = Math.max(40, stage.clientHeight - 2 * margin);
  const fitting = (width, height) => Math.max(MIN_TILE, Math.min(width / spanW, height / spanH, max));
  const upright = fitting(availW, availH);
  const turned = fitting(availH, availW); // the board turned a quarter (viewport.js)
  const viewport = viewportOf(stage);
  return viewport && viewport.turnFor(upright, turned, spanW, spanH) ? turned : upright;
}

/** Size the board element (`boardW` × `boardH` px, centred in the stage) and set the tile
 * variables of the CSS: face size from the tile `w` × `h` less its `edge`, corner radius,
 * outline ring, and the box shadows of a tile at rest (`extrude`) and lifted.  With
 * `edgeInside`, the edge is drawn inside the tile's box (css/board/tile-box.css) and the
 * shadows are only the soft one under the tile. */
export function sizeBoard(board, stage, { w, h, edge, boardW, boardH, extrude, extrudeLift, edgeInside = false }) {
  const style = board.style;
  style.width = `${boardW}px`;
  style.height = `${boardH}px`;
  style.left = `${Math.round((stage.clientWidth - boardW) / 2)}px`;
  style.top = `${Math.round((stage.clientHeight - boardH) / 2)}px`;
  style.setProperty("--fw", `${(w - edge).toFixed(2)}px`);
  style.setProperty("--fh", `${(h - edge).toFixed(2)}px`);
  style.setProperty("--edge", edgeInside ? `${edge}px` : "0px");
  style.setProperty("--tr", `${Math.max(2, w * 0.1).toFixed(1)}px`);
  style.setProperty("--ring", `${Math.max(2, Math.round(w * 0.05))}px`);
  style.setProperty("--extrude", extrude);
  style.setProperty("--extrude-lift", extrudeLift);
  const viewport = viewportOf(stage);
  if (viewport) viewport.fitted();
}

/** A new tappable `.tile` element (more classes in `className`) with `data` in its dataset. */
export function tileElement(className, data) {
  const el = document.createElement("div");
  el.className = className;
  el.setAttribute("role", "button");
  Object.assign(el.dataset, data);
  return el;
}

/** A removed tile: `el` becomes a ghost (its `keys` dropped from the dataset, so tests and
 * taps no longer find it) that leaves with its pair (motion.js), then `outer` (the tile or
 * its holder) is removed. */
export function fadeOut(el, outer, keys) {
  const face = el.dataset.tile || "";
  el.className = "ghost";
  for (const key of keys) delete el.dataset[key];
  el.removeAttribute("role");
  el.removeAttribute("aria-label");
  leave(el, outer, face);
}

export class TileView {
  constructor(board, stage) {
    this.board = board;
    this.stage = stage;
    this.tiles = new Map(); // what a tap names -> .tile element
    this.labels = new Map(); // the same -> label drawn
    this.gameId = null;
    this.geometry = null;
    this.style = "classic";
    this.hint = null;
    new ResizeObserver(() => this.fit()).observe(stage);
    window.addEventListener("orientationchange", () => this.fit());
  }

  setStyle(style) {
    this.style = style;
    loadFaces(style);
    for (const [i, el] of this.tiles) this.paintFace(el, this.labels.get(i));
  }

  paintFace(el, label) {
    paintFace(el, label, this.style);
  }

  /** Optimistic selection: outline `positions` before the server answers. */
  select(positions) {
    for (const [i, el] of this.tiles) el.classList.toggle("selected", positions.includes(i));
  }

  shake(i) {
    const el = this.tiles.get(i);
    if (!el || !motionAllowed()) return;
    el.classList.remove("shake");
    void el.offsetWidth; // restart the animation
    el.classList.add("shake");
  }

  setHint(pair) {
    this.hint = pair;
    for (const [i, el] of this.tiles) {
      el.classList.remove("hint");
      if (pair && pair.includes(i)) {
        void el.offsetWidth;
        el.classList.add("hint");
      }
    }
  }

  label(i) {
    return this.labels.get(i) || null;
  }
}

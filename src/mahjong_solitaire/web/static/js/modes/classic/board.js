// The board: one absolutely positioned element per tile, drawn in 3-D and scaled to fit.
//
// Geometry: a tile covers 2×2 half-tile cells, so its cell is `w` by `h` pixels and sits
// at (x·w/2, y·h/2); each layer shifts up-left by `lift` (≈ 1/8 tile) so stacks read as
// 3-D.  The face takes the top-left of the cell and the darker edge fills the last `edge`
// pixels on the right and bottom, inside the tile's own box (css/board/tile-box.css: the box is
// the tile a player sees), so in one layer no edge ever covers a neighbour's face; higher
// layers and later rows paint on top.

import { t, tileName } from "../../shell/strings.js";
import { fadeOut, sizeBoard, tileElement, TileView, tileWidth } from "../../board/tile-view.js";


const ASPECT = 4 / 3; // tile height / width
const LIFT = 0.125; // layer offset, in tile widths
const EDGE = 0.1; // edge thickness, in tile widths
const MARGIN = 10; // px kept free around the board
const SHADOW = 0.08; // room for the soft shadow, in tile widths

export class BoardView extends TileView {
  constructor(board, stage, { onTap, positionsOf }) {
    super(board, stage); // tiles and labels: by position index
    this.positionsOf = positionsOf; // layout name -> its positions, when known
    this.onTap = onTap;
    this.extent = null; // the layout's drawn extent, in tile widths
    board.addEventListener("click", (event) => {
      const tile = event.target.closest(".tile");
      if (tile && board.contains(tile)) onTap(Number(tile.dataset.i));
    });
    board.addEventListener("animationend", (event) => {
      if (event.animationName === "shake") event.target.classList.remove("shake");
    });
  }

  /** Recompute the tile size from the stage and place every tile. */
  fit() {
    const extent = this.extent;
    if (!extent) return;
    const spanW = extent.right - extent.left + SHADOW;
    const spanH = extent.bottom - extent.top + SHADOW;
    const w = tileWidth(this.stage, MARGIN, spanW, spanH, 104);
    const h = w * ASPECT;
    const lift = w * LIFT;
    const edge = Math.max(2, Math.round(w * EDGE));
    this.geometry = { w, h, lift, edge, originX: -extent.left * w, originY: -extent.top * w };
    sizeBoard(this.board, this.stage, {
      w, h, edge, boardW: spanW * w, boardH: spanH * w,
      extrude: softShadow(w, false), extrudeLift: softShadow(w, true), edgeInside: true,
    });
    for (const el of this.tiles.values()) this.place(el);
  }

  /** The drawn extent of a layout's positions, in tile widths. */
  measure(positions) {
    const extent = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
    for (const [x, y, z] of positions) {
      const left = x / 2 - z * LIFT;
      const top = (y / 2) * ASPECT - z * LIFT;
      extent.left = Math.min(extent.left, left);
      extent.top = Math.min(extent.top, top);
      extent.right = Math.max(extent.right, left + 1);
      extent.bottom = Math.max(extent.bottom, top + ASPECT);
    }
    this.extent = extent;
    this.fit();
  }

  place(el) {
    const g = this.geometry;
    if (!g) return;
    const x = Number(el.dataset.x);
    const y = Number(el.dataset.y);
    const z = Number(el.dataset.z);
    el.style.left = `${(g.originX + (x * g.w) / 2 - z * g.lift).toFixed(2)}px`;
    el.style.top = `${(g.originY + (y * g.h) / 2 - z * g.lift).toFixed(2)}px`;
  }

  /** Clear the board at once (a new game). */
  reset() {
    this.board.replaceChildren();
    this.tiles.clear();
    this.labels.clear();
    this.hint = null;
    this.gameId = null;
    this.extent = null; // no fitting until the next game is measured
  }

  /** Draw a server state; tiles gone since the last state leave with a short animation. */
  render(state) {
    if (state.id !== this.gameId) {
      this.reset();
      this.gameId = state.id;
      const complete = state.tiles.length === state.layout.tiles;
      const known = this.positionsOf(state.layout.name);
      this.measure(!complete && known && known.length === state.layout.tiles ? known
        : state.tiles.map((tile) => [tile.x, tile.y, tile.z]));
    }
    const present = new Set();
    for (const tile of state.tiles) {
      present.add(tile.i);
      let el = this.tiles.get(tile.i);
      if (!el) {
        el = tileElement("tile", { i: tile.i, x: tile.x, y: tile.y, z: tile.z });
        el.style.zIndex = String(tile.z * 1000 + tile.y * 4 + tile.x);
        this.tiles.set(tile.i, el);
        this.place(el);
        this.board.append(el);
      }
      const label = tile.tile || "";
      if (this.labels.get(tile.i) !== label) {
        this.labels.set(tile.i, label);
        el.dataset.tile = label;
        this.paintFace(el, label);
      }
      const wasBlocked = el.classList.contains("blocked");
      el.classList.toggle("free", tile.free);
      el.classList.toggle("blocked", !tile.free);
      el.classList.toggle("brighten", wasBlocked && tile.free);
      el.classList.toggle("selected", state.selection === tile.i);
      el.classList.toggle("hint", Boolean(this.hint && this.hint.includes(tile.i)));
      el.classList.toggle("face-down", !label); // a face the server does not send (blackout)
      el.setAttribute("aria-label", label ? t(tile.free ? "tileFree" : "tileBlocked", { name: tileName(label) }) : t("tileFaceDown"));
    }
    for (const [i, el] of this.tiles) {
      if (!present.has(i)) this.remove(i, el);
    }
  }

  remove(i, el) {
    this.tiles.delete(i);
    this.labels.delete(i);
    fadeOut(el, el, ["i", "x", "y", "z", "tile"]);
  }

  isFree(i) {
    const el = this.tiles.get(i);
    return Boolean(el && el.classList.contains("free"));
  }
}

/** The soft shadow a tile casts on the felt (its edge is drawn inside its box), further
 * off when the tile is lifted. */
function softShadow(w, lifted) {
  const blur = Math.max(2, w * (lifted ? 0.22 : 0.14));
  const off = Math.max(1, w * (lifted ? 0.08 : 0.04));
  return `${off.toFixed(1)}px ${off.toFixed(1)}px ${blur.toFixed(1)}px var(--shadow)`;
}

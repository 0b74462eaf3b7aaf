// The layout editor's drawing board (rules §8.3): a half-tile grid shown as an SVG, one
// layer edited at a time (the layers below drawn dimmer, those above as outlines), the
// free tiles of the last check marked, and a cursor the keyboard moves.  A click places a
// tile centred on the pointer or removes the tile under it; the keys are in `keys()`.
//
// It knows positions only: what a change means (checking, saving) is editor.js's.

import { h } from "../shell/dom.js";

/** The grid: tile origins from 0 to COLUMNS - 2 and ROWS - 2, layers 0 to LAYERS - 1. */
export const COLUMNS = 36;
export const ROWS = 24;
export const LAYERS = 8;

/** One half-tile cell in the picture's own units, and the shift of each layer up-left. */
const CELL_W = 14;
const CELL_H = 18;
const LIFT = 3;
const MARGIN = LAYERS * LIFT + 4;
const SVG_NS = "http://www.w3.org/2000/svg";

const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

const key = ([x, y, z]) => `${x},${y},${z}`;

function svg(tag, attrs = {}) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, String(value));
  return el;
}

/** Whether two tiles of one layer overlap (each covers two half cells each way). */
export function overlaps([ax, ay], [bx, by]) {
  return Math.abs(ax - bx) < 2 && Math.abs(ay - by) < 2;
}

const clamp = (value, high) => Math.max(0, Math.min(high, value));

export class EditorGrid {
  /**
   * `draft` holds `positions` ([x, y, z] triples), `layer` and `cursor` ({x, y});
   * `onChange(kind, position)` runs after a tile is placed ("placed") or removed
   * ("removed"), `onRefused(reason, position)` when a place is taken ("taken") or the draft
   * is full ("full"), `onMove()` after the cursor or the layer moved.
   */
  constructor(draft, { maxTiles, label, onChange, onRefused, onMove }) {
    this.draft = draft;
    this.maxTiles = maxTiles;
    this.onChange = onChange;
    this.onRefused = onRefused;
    this.onMove = onMove;
    this.free = new Set();
    this.picture = svg("svg", {
      viewBox: `${-MARGIN} ${-MARGIN} ${COLUMNS * CELL_W + MARGIN + 4} ${ROWS * CELL_H + MARGIN + 4}`,
      class: "editor-picture", "aria-hidden": "true", focusable: "false",
    });
    this.element = h("div", {
      class: "editor-grid", id: "editor-grid", tabindex: "0", role: "application", "aria-label": label,
    });
    this.element.append(this.picture);
    this.picture.addEventListener("click", (event) => this.click(event));
    this.picture.addEventListener("pointermove", (event) => this.hover(event));
    this.picture.addEventListener("pointerleave", () => { this.ghost = null; this.draw(); });
    this.element.addEventListener("keydown", (event) => this.keys(event));
    this.ghost = null;
    this.draw();
  }

  /** The tile of the current layer covering the half cell (x, y), if any. */
  tileAt(x, y, z = this.draft.layer) {
    return this.draft.positions.find(([tx, ty, tz]) => tz === z && tx <= x && x <= tx + 1 && ty <= y && y <= ty + 1);
  }

  /** Place a tile with its top-left cell at (x, y) on the current layer, or say why not. */
  place(x, y) {
    const z = this.draft.layer;
    const position = [clamp(x, COLUMNS - 2), clamp(y, ROWS - 2), z];
    if (this.draft.positions.some((other) => other[2] === z && overlaps(other, position))) {
      this.onRefused("taken", position);
    } else if (this.draft.positions.length >= this.maxTiles) {
      this.onRefused("full", position);
    } else {
      this.draft.positions.push(position);
      this.draw();
      this.onChange("placed", position);
    }
  }

  remove(tile) {
    this.draft.positions = this.draft.positions.filter((other) => other !== tile);
    this.draw();
    this.onChange("removed", tile);
  }

  /** The half cell under the pointer, and the origin of a tile centred there. */
  cellOf(event) {
    const box = this.picture.getBoundingClientRect();
    const view = this.picture.viewBox.baseVal;
    const px = view.x + ((event.clientX - box.left) / box.width) * view.width;
    const py = view.y + ((event.clientY - box.top) / box.height) * view.height;
    return {
      x: Math.floor(px / CELL_W), y: Math.floor(py / CELL_H),
      ox: Math.round(px / CELL_W - 1), oy: Math.round(py / CELL_H - 1),
    };
  }

  click(event) {
    const cell = this.cellOf(event);
    const tile = this.tileAt(cell.x, cell.y);
    this.draft.cursor = { x: clamp(cell.ox, COLUMNS - 2), y: clamp(cell.oy, ROWS - 2) };
    if (tile) this.remove(tile);
    else this.place(cell.ox, cell.oy);
  }

  hover(event) {
    const cell = this.cellOf(event);
    const ghost = [clamp(cell.ox, COLUMNS - 2), clamp(cell.oy, ROWS - 2)];
    if (this.ghost && this.ghost[0] === ghost[0] && this.ghost[1] === ghost[1]) return;
    this.ghost = ghost;
    this.draw();
  }

  /** Arrows move the cursor half a tile (Shift: a whole tile); Space or Enter places a tile
   * at the cursor or removes the one there; Delete removes; Page Up / Page Down (or + / -)
   * change the layer. */
  keys(event) {
    const { cursor } = this.draft;
    const step = ARROWS[event.key];
    if (step && !event.altKey && !event.ctrlKey && !event.metaKey) {
      const size = event.shiftKey ? 2 : 1;
      cursor.x = clamp(cursor.x + step[0] * size, COLUMNS - 2);
      cursor.y = clamp(cursor.y + step[1] * size, ROWS - 2);
      this.moved();
    } else if (event.key === " " || event.key === "Enter") {
      const here = this.draft.positions.find(([x, y, z]) => z === this.draft.layer && x === cursor.x && y === cursor.y);
      if (here) this.remove(here);
      else this.place(cursor.x, cursor.y);
    } else if (event.key === "Delete" || event.key === "Backspace") {
      const tile = this.tileAt(cursor.x, cursor.y) || this.tileAt(cursor.x + 1, cursor.y + 1);
      if (tile) this.remove(tile);
    } else if (event.key === "PageUp" || event.key === "+") {
      this.setLayer(this.draft.layer + 1);
    } else if (event.key === "PageDown" || event.key === "-") {
      this.setLayer(this.draft.layer - 1);
    } else {
      return;
    }
    event.preventDefault();
  }

  setLayer(layer) {
    const next = clamp(layer, LAYERS - 1);
    if (next === this.draft.layer) return;
    this.draft.layer = next;
    this.moved();
  }

  moved() {
    this.draw();
    // on a phone the grid scrolls: keep the cursor in sight
    this.picture.querySelector(".editor-cursor").scrollIntoView({ block: "nearest", inline: "nearest" });
    this.onMove();
  }

  /** The free tiles of the last check ([x, y, z] triples). */
  setFree(free) {
    this.free = new Set(free.map(key));
    this.draw();
  }

  tileRect([x, y, z], cls) {
    return svg("rect", {
      x: x * CELL_W - z * LIFT + 1, y: y * CELL_H - z * LIFT + 1,
      width: 2 * CELL_W - 2, height: 2 * CELL_H - 2, rx: 3, class: cls,
    });
  }

  draw() {
    const layer = this.draft.layer;
    const parts = [];
    // the grid of the current layer: a dot at every half cell
    const dots = [];
    for (let y = 0; y <= ROWS; y += 1) {
      for (let x = 0; x <= COLUMNS; x += 1) {
        dots.push(`M${x * CELL_W - layer * LIFT} ${y * CELL_H - layer * LIFT}h0.01`);
      }
    }
    parts.push(svg("path", { d: dots.join(""), class: "grid-dots" }));
    const ordered = [...this.draft.positions].sort((a, b) => a[2] - b[2] || a[1] - b[1] || a[0] - b[0]);
    for (const position of ordered) {
      const [, , z] = position;
      const where = z < layer ? "below" : z > layer ? "above" : "current";
      const free = this.free.has(key(position)) ? " free" : "";
      const rect = this.tileRect(position, `editor-tile ${where}${free}`);
      rect.dataset.position = key(position);
      parts.push(rect);
    }
    if (this.ghost) parts.push(this.tileRect([...this.ghost, layer], "editor-ghost"));
    parts.push(this.tileRect([this.draft.cursor.x, this.draft.cursor.y, layer], "editor-cursor"));
    this.picture.replaceChildren(...parts);
  }
}

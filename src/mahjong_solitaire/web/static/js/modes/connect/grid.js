// The Connect board (Shisen-Sho, rules §9.1): a flat W×H grid of the same tile faces, fitted to
// the window, with the link of each removed pair drawn for a moment and the tiles sliding
// to their new cells.
//
// Each tile is a slot (`.cslot`, moved by a CSS transform: the slide) holding a `.tile`
// (the face; selected, hint and shake as on the classic board).  Slots are keyed by the
// tile's `id` from the server (the cell it was dealt on, followed through the slides), so
// one element travels from cell to cell; `data-i` is its cell now (what a tap names).
// The view answers the same calls as the classic BoardView (render, select, shake,
// setHint, label, isFree, setStyle, reset), so the controller drives either; what both
// draw alike comes from board/tile-view.js.
//
// Test contract: `.tile[data-cx][data-cy][data-tile][data-i][data-id]`, `#board[data-mode=
// "connect"]`; after a match `#board[data-last-path]` holds the link ("x,y x,y …", ring
// cells at -1 or W/H) and `#board[data-slid]` the number of tiles that slid.

import { RuleDisplay } from "./rule-strip.js";
import { tilesMatch } from "../../board/faces.js";
import { t, tileName } from "../../shell/strings.js";
import { fadeOut, sizeBoard, tileElement, TileView, tileWidth } from "../../board/tile-view.js";

const NS = "http://www.w3.org/2000/svg";
const ASPECT = 4 / 3; // tile height / width
const RING = 0.55; // the ring around the grid that links may run through, in tile widths
const GAP = 0.06; // space between tiles (the edge), in tile widths
const MARGIN = 8; // px kept free around the board
const PATH_MS = 520; // how long a link stays drawn

export class ConnectView extends TileView {
  constructor(board, stage, { announce = () => {} } = {}) {
    super(board, stage); // tiles and labels: by cell (rebuilt on every render)
    this.slots = new Map(); // tile id -> slot element
    this.grid = null; // {width, height}
    this.pathLayer = null;
    this.rules = new RuleDisplay(stage, announce); // the sliding rule's chip (#rule)
  }

  /** Recompute the tile size from the stage and place every tile. */
  fit() {
    const grid = this.grid;
    if (!grid) return;
    const spanW = grid.width + 2 * RING;
    const spanH = grid.height * ASPECT + 2 * RING;
    const w = tileWidth(this.stage, MARGIN, spanW, spanH, 92);
    const h = w * ASPECT;
    const edge = Math.max(2, Math.round(w * GAP));
    const ring = RING * w;
    this.geometry = { w, h, edge, ring };
    sizeBoard(this.board, this.stage, {
      w, h, edge, boardW: spanW * w, boardH: grid.height * h + 2 * ring,
      extrude: `${edge}px ${edge}px 0 var(--edge-dark), 0 ${(edge + 1).toFixed(1)}px ${(w * 0.12).toFixed(1)}px var(--shadow)`,
      extrudeLift: `${edge + 1}px ${edge + 1}px 0 var(--edge-dark), 0 ${(edge + 3).toFixed(1)}px ${(w * 0.2).toFixed(1)}px var(--shadow)`,
    });
    for (const slot of this.slots.values()) this.place(slot);
  }

  /** The pixel corner of cell (x, y). */
  corner(x, y) {
    const g = this.geometry;
    return [g.ring + x * g.w, g.ring + y * g.h];
  }

  /** The pixel point a link passes through at cell (x, y): a tile's centre, or the middle
   * of the ring for the cells outside the grid. */
  centre(x, y) {
    const g = this.geometry;
    const { width, height } = this.grid;
    const along = (v, size, step) => {
      if (v < 0) return g.ring / 2;
      if (v >= size) return g.ring + size * step + g.ring / 2;
      return g.ring + v * step + (step - g.edge) / 2;
    };
    return [along(x, width, g.w), along(y, height, g.h)];
  }

  place(slot) {
    if (!this.geometry) return;
    const [left, top] = this.corner(Number(slot.dataset.cx), Number(slot.dataset.cy));
    slot.style.transform = `translate(${left.toFixed(2)}px, ${top.toFixed(2)}px)`;
  }

  /** Clear the board at once (a new game, or the other mode's game). */
  reset() {
    this.board.replaceChildren();
    this.slots.clear();
    this.tiles.clear();
    this.labels.clear();
    this.hint = null;
    this.gameId = null;
    this.grid = null;
    this.pathLayer = null;
    this.rules.clear();
    delete this.board.dataset.lastPath;
    delete this.board.dataset.slid;
  }

  /** Draw a server state: tiles move to their cells (sliding), removed ones fade out, and
   * the link of a pair just removed (`state.event.path`) shows for a moment. */
  render(state) {
    const fresh = state.id !== this.gameId;
    if (fresh) {
      this.reset();
      this.gameId = state.id;
      this.grid = { width: state.layout.width, height: state.layout.height };
      this.board.dataset.mode = state.mode;
    }
    this.rules.show(state);
    if (fresh) this.fit(); // after the rule's strip is drawn: the board fits the stage under it
    const event = state.event;
    const matched = event && event.outcome === "matched" && Array.isArray(event.path);
    this.board.classList.toggle("sliding", Boolean(matched && event.slid && event.slid.length));
    const present = new Set();
    this.tiles.clear();
    const labels = new Map();
    for (const tile of state.tiles) {
      present.add(tile.id);
      let slot = this.slots.get(tile.id);
      let el = slot && slot.firstChild;
      if (!slot) {
        slot = document.createElement("div");
        slot.className = "cslot";
        el = tileElement("tile free", { id: tile.id });
        slot.append(el);
        slot.dataset.cx = tile.x;
        slot.dataset.cy = tile.y;
        this.place(slot);
        this.slots.set(tile.id, slot);
        this.board.append(slot);
      } else if (Number(slot.dataset.cx) !== tile.x || Number(slot.dataset.cy) !== tile.y) {
        slot.dataset.cx = tile.x;
        slot.dataset.cy = tile.y;
        this.place(slot);
      }
      el.dataset.i = tile.i;
      el.dataset.cx = tile.x;
      el.dataset.cy = tile.y;
      slot.style.zIndex = String(tile.y * 100 + tile.x);
      const label = tile.tile || "";
      if (el.dataset.tile !== label) {
        el.dataset.tile = label;
        this.paintFace(el, label);
      }
      labels.set(tile.i, label);
      this.tiles.set(tile.i, el);
      el.classList.toggle("selected", state.selection === tile.i);
      el.classList.toggle("hint", Boolean(this.hint && this.hint.includes(tile.i)));
      el.setAttribute("aria-label", label ? t("tileFree", { name: tileName(label) }) : "");
    }
    this.labels = labels;
    for (const [id, slot] of this.slots) {
      if (!present.has(id)) this.remove(id, slot);
    }
    if (matched) {
      this.board.dataset.lastPath = event.path.map(([x, y]) => `${x},${y}`).join(" ");
      this.board.dataset.slid = String((event.slid || []).length);
      this.drawPath(event.path);
    }
  }

  remove(id, slot) {
    this.slots.delete(id);
    fadeOut(slot.firstChild, slot, ["i", "id", "cx", "cy", "tile"]);
  }

  /** The link of a removed pair: a polyline through the cell centres, shown for a moment. */
  drawPath(points) {
    if (!this.geometry) return;
    if (this.pathLayer) this.pathLayer.remove();
    const svg = document.createElementNS(NS, "svg");
    svg.setAttribute("class", "connect-path");
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("width", this.board.style.width);
    svg.setAttribute("height", this.board.style.height);
    const line = document.createElementNS(NS, "polyline");
    line.setAttribute("points", points.map(([x, y]) => this.centre(x, y).map((v) => v.toFixed(1)).join(",")).join(" "));
    line.setAttribute("stroke-width", Math.max(2.5, this.geometry.w * 0.09).toFixed(1));
    svg.append(line);
    for (const [x, y] of [points[0], points[points.length - 1]]) {
      const [cx, cy] = this.centre(x, y);
      const dot = document.createElementNS(NS, "circle");
      dot.setAttribute("cx", cx.toFixed(1));
      dot.setAttribute("cy", cy.toFixed(1));
      dot.setAttribute("r", Math.max(3, this.geometry.w * 0.13).toFixed(1));
      svg.append(dot);
    }
    this.board.append(svg);
    this.pathLayer = svg;
    setTimeout(() => {
      svg.remove();
      if (this.pathLayer === svg) this.pathLayer = null;
    }, PATH_MS);
  }

  /**
   * A tap the server answered `event` to, with `before` selected until then: two matching
   * tiles that no path joins shake, and the message key that says why is returned (the
   * controller shows and announces it); null for any other answer.
   */
  refusedMatch(event, before) {
    if (!event || event.outcome !== "reselected" || before === null || before === event.position) return null;
    if (!tilesMatch(this.label(before), this.label(event.position))) return null;
    this.shake(before);
    this.shake(event.position);
    return "noPathJoins";
  }

  /** Any tile on the grid can be selected in Connect. */
  isFree(i) {
    return this.tiles.has(i);
  }
}

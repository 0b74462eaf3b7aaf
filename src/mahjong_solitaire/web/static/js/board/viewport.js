// How the board sits in the stage: fitted to the space, turned a quarter
// on a narrow screen when that gives bigger tiles, zoomed and panned on big layouts.
//
// The views (modes/classic/board.js, modes/connect/grid.js) fit the board as before;
// `tileWidth` and `sizeBoard` (tile-view.js) ask the page's viewport whether the board is
// turned (the stage's width and height then trade places) and hand it the fitted board, which
// it turns, zooms and pans with one CSS transform on #board (translate · scale · rotate about
// the board's centre).  Taps, keyboard navigation, the Connect link and the demo all work in
// the board's own coordinates, so none of them knows about the transform.
//
// - Turning: by itself when upright tiles are small (a phone: under COMFORTABLE px) and
//   turned ones are at least TURN_GAIN times bigger; the player's
//   choice (the menu's "Turn the board" or "… back", shown on a portrait screen or while
//   turned; key R)
//   is remembered per kind of screen and board (portrait or landscape × wide or tall) and
//   wins from then on.
// - Zoom: the mouse wheel over the board and Ctrl+wheel (a trackpad's pinch) zoom at the
//   pointer; two fingers pinch; keys + and − zoom at the centre, 0 fits.  Never below the
//   fitted view.
// - Pan: once zoomed, one pointer drags the board (a drag is not a tap: the click that
//   ends it is swallowed); a tile that takes the keyboard focus off the screen is brought
//   into view.
// - The Fit button (over the stage's bottom-right corner) returns to the fitted view; it is
//   hidden while the board is fitted, so it never covers a tile of the fitted board.
//
// Test contract: `#board[data-turned]` ("true"/"false"), `#board[data-zoom]` (1 = fitted).

import { dialogName } from "../dialogs/dialog.js";
import { paintButton } from "../shell/dom.js";
import { formatPercent, t } from "../shell/strings.js";

const TURN_GAIN = 1.1; // turning by itself needs tiles at least 10 % bigger …
const COMFORTABLE = 40; // … than upright tiles narrower than this (px): a phone, not a tablet
const CHOICES = "mahjong-solitaire.board-turn"; // {"portrait/wide": "turned" | "upright", …}
const ZOOM_STEP = 1.25; // one key press or button
const MAX_TILE = 120; // px: zoom stops when a tile is this wide …
const MIN_MAX_ZOOM = 2; // … but always allows at least twice the fitted size
const DRAG = 8; // px a pointer moves before it is a drag and not a tap
const SLACK = 16; // px the zoomed board may be pulled past the stage's edge

let current = null; // the page's viewport: there is one stage

/** The viewport installed on `stage`, or null (the board is then drawn upright, unzoomed). */
export function viewportOf(stage) {
  return current && current.stage === stage ? current : null;
}

/** A distance on the screen (`dx`, `dy` px, as getBoundingClientRect measures) in the
 * board's own pixels (its tiles' `left` and `top`), undoing the zoom and the turn: for an
 * animation that measures on the screen and moves a tile inside the board. */
export function boardVector(stage, dx, dy) {
  const viewport = viewportOf(stage);
  if (!viewport) return [dx, dy];
  const zoom = viewport.zoom;
  // rotate(90deg) draws the board's (x, y) at the screen's (-y, x)
  return viewport.turned ? [dy / zoom, -dx / zoom] : [dx / zoom, dy / zoom];
}

/** Install the page's viewport; `refit()` has the shown view fit its board again;
 * `turnButton` (the menu's item) is the app's to wire: its click calls `turn()`. */
export function installViewport(stage, board, { announce, refit, turnButton, fitButton }) {
  current = new Viewport(stage, board, { announce, refit, turnButton, fitButton });
  return current;
}

function readChoices() {
  try {
    const choices = JSON.parse(localStorage.getItem(CHOICES) || "{}");
    return choices && typeof choices === "object" ? choices : {};
  } catch (unreadable) {
    // a hand-edited or foreign value: no choice is remembered
    if (!(unreadable instanceof SyntaxError)) throw unreadable;
    return {};
  }
}

export class Viewport {
  constructor(stage, board, { announce, refit, turnButton, fitButton }) {
    this.stage = stage;
    this.board = board;
    this.announce = announce;
    this.refit = refit;
    this.turnButton = turnButton;
    this.fitButton = fitButton;
    this.turned = false;
    this.kind = null; // "portrait/wide": the screen and board the turn was decided for
    this.span = null; // the board's span at the last fit: another one is another board
    this.tile = 0; // the fitted tile width (px)
    this.zoom = 1;
    this.pan = { x: 0, y: 0 };
    this.pointers = new Map(); // pointer id -> {x, y}
    this.gesture = null; // {kind: "drag" | "pinch", …} while one is under way
    this.swallowClick = false;
    this.turning = false; // the player's turn is under way (announced by turn())
    this.listen();
  }

  /**
   * Decide the turn for a board of `spanW` × `spanH` tile widths whose tiles are `upright`
   * px wide drawn upright and `turned` px wide turned; true when it is to be turned.
   */
  turnFor(upright, turned, spanW, spanH) {
    const portrait = this.stage.clientHeight > this.stage.clientWidth;
    this.kind = `${portrait ? "portrait" : "landscape"}/${spanW >= spanH ? "wide" : "tall"}`;
    const chosen = readChoices()[this.kind];
    const was = this.turned;
    this.turned = chosen ? chosen === "turned" : upright < COMFORTABLE && turned >= upright * TURN_GAIN;
    // a turn of its own (the phone turned, another board) is told; the first one is part
    // of the page's coming up, and the player's own is told by turn()
    if (this.span && was !== this.turned && !this.turning) {
      this.announce(t(this.turned ? "announceBoardTurned" : "announceBoardUpright"));
    }
    const span = `${spanW.toFixed(3)}×${spanH.toFixed(3)}`;
    if (span !== this.span) this.reset(); // another board: it starts fitted
    this.span = span;
    this.tile = this.turned ? turned : upright;
    return this.turned;
  }

  /** After the view sized the board: draw it turned, zoomed and panned, and show the buttons. */
  fitted() {
    this.clamp();
    this.draw();
  }

  get maxZoom() {
    return Math.max(MIN_MAX_ZOOM, MAX_TILE / Math.max(1, this.tile));
  }

  reset() {
    this.zoom = 1;
    this.pan = { x: 0, y: 0 };
  }

  get isFitted() {
    return this.zoom === 1 && this.pan.x === 0 && this.pan.y === 0;
  }

  /** The board's drawn size (px) at zoom 1, turned or not. */
  drawnSize() {
    const w = this.board.offsetWidth;
    const h = this.board.offsetHeight;
    return this.turned ? [h, w] : [w, h];
  }

  /** Keep the zoomed board over the stage: no pan along a side where it fits. */
  clamp() {
    const [w, h] = this.drawnSize();
    const room = (size, stage) => Math.max(0, (size * this.zoom - stage) / 2 + SLACK);
    const fits = (size, stage) => size * this.zoom <= stage;
    const limit = (value, size, stage) => (fits(size, stage) ? 0
      : Math.max(-room(size, stage), Math.min(room(size, stage), value)));
    this.pan.x = limit(this.pan.x, w, this.stage.clientWidth);
    this.pan.y = limit(this.pan.y, h, this.stage.clientHeight);
  }

  draw() {
    const style = this.board.style;
    const parts = [];
    if (this.pan.x || this.pan.y) parts.push(`translate(${this.pan.x.toFixed(1)}px, ${this.pan.y.toFixed(1)}px)`);
    if (this.zoom !== 1) parts.push(`scale(${this.zoom.toFixed(4)})`);
    if (this.turned) parts.push("rotate(90deg)");
    style.transform = parts.join(" ");
    this.board.dataset.turned = String(this.turned);
    this.board.dataset.zoom = String(Math.round(this.zoom * 1000) / 1000);
    this.stage.classList.toggle("zoomed", this.zoom > 1);
    if (this.fitButton) this.fitButton.hidden = this.isFitted;
    if (this.turnButton) {
      const portrait = this.stage.clientHeight > this.stage.clientWidth;
      this.turnButton.hidden = !(portrait || this.turned);
      const label = this.turned ? "turnBoardBack" : "turnBoard";
      if (this.turnButton.dataset.label !== label) {
        this.turnButton.dataset.label = label;
        paintButton(this.turnButton);
      }
    }
  }

  /** The board's centre at zoom 1 and no pan, in client coordinates. */
  centre() {
    const stage = this.stage.getBoundingClientRect();
    return {
      x: stage.left + this.board.offsetLeft + this.board.offsetWidth / 2,
      y: stage.top + this.board.offsetTop + this.board.offsetHeight / 2,
    };
  }

  /** Zoom to `zoom` keeping the point (clientX, clientY) where it is (default: the stage's
   * centre); `say` announces the new zoom. */
  zoomTo(zoom, at = null, { say = false } = {}) {
    if (!this.span) return;
    const next = Math.max(1, Math.min(this.maxZoom, zoom));
    const c = this.centre();
    const stage = this.stage.getBoundingClientRect();
    const point = at || { x: stage.left + stage.width / 2, y: stage.top + stage.height / 2 };
    const qx = point.x - c.x;
    const qy = point.y - c.y;
    const ratio = next / this.zoom;
    this.pan = { x: qx - ratio * (qx - this.pan.x), y: qy - ratio * (qy - this.pan.y) };
    this.zoom = next;
    if (next === 1) this.pan = { x: 0, y: 0 };
    this.clamp();
    this.draw();
    if (say) this.announce(next === 1 ? t("announceBoardFitted") : t("announceZoom", { percent: formatPercent(next) }));
  }

  panBy(dx, dy) {
    this.pan = { x: this.pan.x + dx, y: this.pan.y + dy };
    this.clamp();
    this.draw();
  }

  /** Back to the fitted view (the Fit button, key 0). */
  fit() {
    const was = this.isFitted;
    this.reset();
    this.draw();
    if (!was) this.announce(t("announceBoardFitted"));
  }

  /** Turn the board a quarter, or back; remembered for this kind of screen and board. */
  turn() {
    if (!this.kind) return;
    const choices = readChoices();
    choices[this.kind] = this.turned ? "upright" : "turned";
    localStorage.setItem(CHOICES, JSON.stringify(choices));
    this.reset();
    this.turning = true;
    this.refit();
    this.turning = false;
    this.announce(t(this.turned ? "announceBoardTurned" : "announceBoardUpright"));
  }

  /** Bring the element `el` (a tile given the focus) into the stage, when zoomed. */
  reveal(el) {
    this.stage.scrollTo(0, 0); // the browser's own scrolling of the focus: undone
    if (this.zoom === 1) return;
    const box = el.getBoundingClientRect();
    const stage = this.stage.getBoundingClientRect();
    const margin = Math.min(24, stage.width / 8);
    const shift = (low, high, from, to) => {
      if (low < from + margin) return from + margin - low;
      if (high > to - margin) return to - margin - high;
      return 0;
    };
    const dx = shift(box.left, box.right, stage.left, stage.right);
    const dy = shift(box.top, box.bottom, stage.top, stage.bottom);
    if (dx || dy) this.panBy(dx, dy);
  }

  listen() {
    const stage = this.stage;
    stage.addEventListener("wheel", (event) => this.wheel(event), { passive: false });
    stage.addEventListener("pointerdown", (event) => this.pointerDown(event));
    stage.addEventListener("pointermove", (event) => this.pointerMove(event));
    for (const name of ["pointerup", "pointercancel"]) {
      stage.addEventListener(name, (event) => this.pointerUp(event));
    }
    // the click that ends a drag or a pinch is not a tap: the first click after it (on the
    // board, or on the stage that held the pointer) is taken, or the next press forgets it
    stage.addEventListener("click", (event) => {
      if (!this.swallowClick) return;
      this.swallowClick = false;
      if (!this.board.contains(event.target)) return;
      event.stopImmediatePropagation();
      event.preventDefault();
    }, { capture: true });
    this.board.addEventListener("focusin", (event) => {
      const tile = event.target.closest(".tile");
      if (tile) requestAnimationFrame(() => this.reveal(tile));
    });
    stage.addEventListener("scroll", () => stage.scrollTo(0, 0));
    document.addEventListener("keydown", (event) => this.key(event));
    if (this.fitButton) {
      this.fitButton.addEventListener("click", () => {
        this.fit();
        // the button hides itself: the focus goes to the board rather than the page
        const tile = this.board.querySelector(".tile[tabindex='0']");
        if (tile) tile.focus({ preventScroll: true });
      });
    }
  }

  /** The mouse wheel and Ctrl+wheel (a trackpad's pinch) over the board zoom at the pointer. */
  wheel(event) {
    if (!this.board.contains(event.target) && event.target !== this.stage) return;
    event.preventDefault();
    const lines = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? 400 : 1;
    const speed = event.ctrlKey ? 0.01 : 0.002; // a pinch sends small steps
    const factor = Math.exp(-event.deltaY * lines * speed);
    this.zoomTo(this.zoom * factor, { x: event.clientX, y: event.clientY });
  }

  pointerDown(event) {
    if (!this.board.contains(event.target) && event.target !== this.stage) return;
    if (event.pointerType === "mouse" && event.button !== 0) return;
    if (!this.pointers.size) this.swallowClick = false; // a new press: no click of the last gesture is coming
    this.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (this.pointers.size === 2) {
      const [a, b] = [...this.pointers.values()];
      this.gesture = {
        kind: "pinch",
        distance: Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)),
        zoom: this.zoom,
        mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 },
      };
    } else if (this.pointers.size === 1) {
      this.gesture = { kind: "press", start: { x: event.clientX, y: event.clientY }, id: event.pointerId };
    }
  }

  pointerMove(event) {
    const known = this.pointers.get(event.pointerId);
    if (!known || !this.gesture) return;
    const last = { ...known };
    known.x = event.clientX;
    known.y = event.clientY;
    const gesture = this.gesture;
    if (gesture.kind === "pinch" && this.pointers.size >= 2) {
      const [a, b] = [...this.pointers.values()];
      const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      const distance = Math.max(1, Math.hypot(a.x - b.x, a.y - b.y));
      this.panBy(mid.x - gesture.mid.x, mid.y - gesture.mid.y);
      this.zoomTo(gesture.zoom * (distance / gesture.distance), mid);
      gesture.mid = mid;
      gesture.moved = true;
      return;
    }
    if (gesture.kind === "press" && this.zoom > 1) {
      const far = Math.hypot(event.clientX - gesture.start.x, event.clientY - gesture.start.y);
      if (far < DRAG) return;
      gesture.kind = "drag";
      this.stage.setPointerCapture(event.pointerId);
      this.panBy(event.clientX - gesture.start.x, event.clientY - gesture.start.y);
      return;
    }
    if (gesture.kind === "drag") this.panBy(event.clientX - last.x, event.clientY - last.y);
  }

  pointerUp(event) {
    if (!this.pointers.has(event.pointerId)) return;
    this.pointers.delete(event.pointerId);
    const gesture = this.gesture;
    if (gesture && ["drag", "pinch", "pinch-end"].includes(gesture.kind)) {
      this.swallowClick = true; // the click that follows, if any, ends the gesture
    }
    if (this.pointers.size === 0) this.gesture = null;
    else if (gesture && gesture.kind === "pinch") this.gesture = { kind: "pinch-end" }; // one finger left: no drag
  }

  /** Keys + / − zoom, 0 fits, R turns (not in a dialog or a text field). */
  key(event) {
    if (dialogName() || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest && event.target.closest("input:not([type='range']), textarea, select")) return;
    const action = {
      "+": () => this.zoomTo(this.zoom * ZOOM_STEP, null, { say: true }),
      "=": () => this.zoomTo(this.zoom * ZOOM_STEP, null, { say: true }),
      "-": () => this.zoomTo(this.zoom / ZOOM_STEP, null, { say: true }),
      0: () => this.fit(),
      r: () => this.turn(),
      R: () => this.turn(),
    }[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  }
}

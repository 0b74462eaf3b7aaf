// Playing with the keyboard alone, and hearing the game: the board's roving tabindex (Tab
// reaches the board on one free tile; the arrow keys move between the free tiles by where
// they are drawn, Home and End go to the first and the last; Enter or Space selects), and
// the live region that announces moves, hints, "No moves" and the win.
//
// It works on what the board views draw (`.tile` elements, `.free` ones selectable, a tap
// names `data-i`), so the classic board and the Connect grid are played the same way.

const KEYS = {
  ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1],
};

function centre(el) {
  const box = el.getBoundingClientRect();
  return { x: box.left + box.width / 2, y: box.top + box.height / 2, h: box.height };
}

/** Free tiles in reading order: by rows of half a tile's height, then left to right. */
function readingOrder(tiles) {
  const points = tiles.map((el) => ({ el, ...centre(el) }));
  const band = Math.max(1, Math.min(...points.map((p) => p.h)) / 2);
  points.sort((a, b) => Math.round(a.y / band) - Math.round(b.y / band) || a.x - b.x);
  return points.map((p) => p.el);
}

/**
 * The free tile the arrow `[dx, dy]` leads to from `from`: among the tiles ahead in that
 * direction, the nearest, a sideways step counting twice a step ahead.  Null at the edge.
 */
export function nextTile(from, tiles, [dx, dy]) {
  const here = centre(from);
  let best = null;
  let bestScore = Infinity;
  for (const el of tiles) {
    if (el === from) continue;
    const there = centre(el);
    const ahead = (there.x - here.x) * dx + (there.y - here.y) * dy;
    const aside = Math.abs((there.x - here.x) * dy - (there.y - here.y) * dx);
    if (ahead <= 1) continue;
    const score = ahead + 2 * aside;
    if (score < bestScore) {
      best = el;
      bestScore = score;
    }
  }
  return best;
}

export class BoardKeys {
  /** `tap(i)` plays the tile at position `i`, as a click does. */
  constructor(board, { tap }) {
    this.board = board;
    this.tap = tap;
    this.current = null; // the free tile that holds tabindex=0
    this.lastPoint = null; // where it was drawn, to find the nearest one when it goes
    this.active = false; // the keyboard focus is on the board
    board.addEventListener("keydown", (event) => this.key(event));
    board.addEventListener("focusin", (event) => {
      const tile = event.target.closest(".tile.free");
      this.active = true;
      if (tile) this.setCurrent(tile);
    });
    board.addEventListener("focusout", (event) => {
      const gone = !event.target.isConnected || !event.target.matches(".tile.free");
      if (event.relatedTarget ? !board.contains(event.relatedTarget) : !gone) this.active = false;
    });
  }

  freeTiles() {
    return [...this.board.querySelectorAll(".tile.free")];
  }

  /** `tile` holds the board's Tab stop; where it is drawn is kept (`measured`), to find the
   * nearest free tile when it goes. */
  setCurrent(tile, { measured = true } = {}) {
    if (this.current && this.current !== tile && this.current.isConnected) this.current.tabIndex = -1;
    this.current = tile;
    if (tile) {
      tile.tabIndex = 0;
      this.lastPoint = measured ? centre(tile) : null;
    }
  }

  /**
   * A first board takes its Tab stop on its first free tile in reading order once it has
   * been drawn: measuring its tiles at once, their face pictures not yet loaded, would lay
   * the page out anew for each new picture (forced synchronous layouts).  Until then the
   * first free tile in the markup holds it; a player already on the board stays put.
   */
  orderWhenDrawn() {
    if (this.ordering) return;
    this.ordering = true;
    requestAnimationFrame(() => setTimeout(() => {
      this.ordering = false;
      const free = this.freeTiles();
      if (!free.length || this.lastPoint) return; // the player has been on the board since
      this.setCurrent(readingOrder(free)[0]);
    }, 0));
  }

  /**
   * After every drawing: free tiles are focusable (one of them in the tab order), the
   * others are not; when the current tile left (matched) or became blocked, the nearest
   * free tile takes its place, and the focus with it if the player was on the board.
   */
  refresh() {
    const free = this.freeTiles();
    for (const el of this.board.querySelectorAll(".tile")) {
      if (!el.classList.contains("free")) el.removeAttribute("tabindex");
      else if (el !== this.current) el.tabIndex = -1;
    }
    for (const el of this.board.querySelectorAll(".ghost")) {
      // a removed tile fading out: neither named nor focusable any more
      el.removeAttribute("aria-label");
      el.removeAttribute("tabindex");
    }
    if (!free.includes(this.current)) {
      let next = null;
      if (this.lastPoint && free.length) {
        const { x, y } = this.lastPoint;
        next = free.reduce((a, b) => {
          const pa = centre(a);
          const pb = centre(b);
          return Math.hypot(pa.x - x, pa.y - y) <= Math.hypot(pb.x - x, pb.y - y) ? a : b;
        });
      }
      this.current = null;
      if (next || !free.length) {
        this.setCurrent(next);
      } else {
        this.setCurrent(free[0], { measured: false });
        this.orderWhenDrawn();
        next = free[0];
      }
      const focused = document.activeElement;
      const lost = !focused || focused === document.body || (this.board.contains(focused) && !free.includes(focused));
      if (next && this.active && lost) next.focus();
    }
  }

  /** Put the keyboard focus on the board (its current tile). */
  focus() {
    if (!this.current) this.refresh();
    if (this.current) this.current.focus();
    return Boolean(this.current);
  }

  key(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const tile = event.target.closest(".tile");
    if (!tile) return;
    const free = this.freeTiles();
    let next = null;
    if (KEYS[event.key]) {
      next = nextTile(tile, free, KEYS[event.key]);
    } else if (event.key === "Home" || event.key === "End") {
      const ordered = readingOrder(free);
      next = event.key === "Home" ? ordered[0] : ordered[ordered.length - 1];
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      if (!event.repeat) this.tap(Number(tile.dataset.i));
      return;
    } else {
      return;
    }
    event.preventDefault();
    if (next) {
      this.setCurrent(next);
      next.focus();
    }
  }
}

/** The live region: `announce(text)` has screen readers say `text` (again if repeated). */
export function announcer(el) {
  let timer = null;
  return (text) => {
    clearTimeout(timer);
    el.textContent = "";
    timer = setTimeout(() => { el.textContent = text; }, 60);
  };
}

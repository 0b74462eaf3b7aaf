// The top bar on one line at every width and in every language (the "priority+" pattern):
// measure the bar, and while its row does not fit, fold one more thing, in the order of
// the priorities the page's markup gives (a lower number folds first):
//
// - `data-priority="N"` on a control of the bar: it moves into the top of the menu, as a
//   real menu item with the same icon, label and keyboard shortcut, its disabled and
//   hidden state mirrored (a control whose command the menu already has, such as New
//   game, simply leaves the bar: the menu's own item serves);
// - `data-compact="N"` on a part of the bar: it takes its shorter form
//   (css/shell/top-bar.css: the counters without their captions, the code chip smaller, the
//   daily badge's short date);
// - the bar's own folds (BAR_FOLDS): the keyboard hints go first, then every button's
//   label folds away (the button keeps its name for screen readers and its tooltip).
//
// Once the row fits, a control moved before a later fold made room (Solve, moved while the
// labels still showed) comes back if it fits now.
//
// Everything is measured again from the full bar when the bar's width changes (resize,
// rotation), when anything in it changes (a language, a label, a button shown or hidden,
// the daily badge, zen's counters, the timer passing an hour) and once the fonts load, so
// a control that fits again comes back.  A later control slots in by its priority alone.
// A change is measured in the next frame, before it is painted, once for all the changes
// made meanwhile: the page's start (its strings, the game's counters, the board drawn, the
// first-run guide) costs the bar one measuring, not one per change, and never in the
// middle of the script that draws the board, where it would force the whole page's first
// style and layout pass early.

import { copyMarks } from "./menu.js";

/** The bar's own folds: [priority, class on the bar]. */
const BAR_FOLDS = [
  [10, "keys-folded"],
  [30, "labels-folded"],
];

/** What moves or shortens is skipped while it is not shown (Finish, zen's counters). */
const shown = (el) => !el.hidden && el.getClientRects().length > 0;

/** Whether `record` wrote what was there already: an attribute or a text set to its old
 * value, or a text replaced by the same text. */
function unchanged(record) {
  if (record.type === "attributes") return record.oldValue === record.target.getAttribute(record.attributeName);
  if (record.type === "characterData") return record.oldValue === record.target.data;
  const texts = (nodes) => [...nodes].every((node) => node.nodeType === Node.TEXT_NODE);
  const text = (nodes) => [...nodes].map((node) => node.data).join("");
  return texts(record.removedNodes) && texts(record.addedNodes)
    && text(record.removedNodes) === text(record.addedNodes);
}

class TopBar {
  /** `bar` is the header; its `menu` receives the moved controls ahead of its own items. */
  constructor(bar, menu, menuButton) {
    this.bar = bar;
    this.menu = menu;
    this.menuButton = menuButton;
    this.proxies = new Map(); // a movable control -> its menu item (or the menu's own twin)
    this.width = null;
    this.counted = new Map(); // each counter and the length of its text when measured
    this.group = document.createElement("div");
    this.group.className = "moved-actions";
    this.group.setAttribute("role", "none");
    this.group.hidden = true;
    menu.prepend(this.group);
    this.mutations = new MutationObserver((records) => this.changed(records));
    this.mutations.observe(bar, {
      subtree: true, childList: true, characterData: true, characterDataOldValue: true,
      attributes: true, attributeOldValue: true,
      attributeFilter: ["hidden", "class", "disabled", "data-label", "data-icon", "title", "data-short"],
    });
    // zen and the timer setting are classes of the body
    this.mutations.observe(document.body, { attributes: true, attributeOldValue: true, attributeFilter: ["class"] });
    this.sizes = new ResizeObserver(() => {
      const width = this.bar.clientWidth;
      if (width !== this.width) this.layout();
    });
    this.sizes.observe(bar);
    menu.addEventListener("click", (event) => this.choose(event));
    if (document.fonts) document.fonts.addEventListener("loadingdone", () => this.schedule());
    this.frame = 0; // the frame asked for to measure in (0: none)
    this.schedule();
  }

  /** Measure the bar in the next frame (once, whatever changed meanwhile). */
  schedule() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.layout();
    });
  }

  /** The controls that may move into the menu. */
  movable() {
    return [...this.bar.querySelectorAll("[data-priority]")].filter((el) => !this.menu.contains(el));
  }

  /** Every fold of the full bar, lowest priority first: [priority, element, class] (the bar's
   * own folds are classes of the bar).  What is not shown has none.  (Array.sort is stable:
   * at equal priorities the bar's folds, then the markup's order.) */
  folds() {
    const found = BAR_FOLDS.map(([priority, name]) => [priority, this.bar, name]);
    for (const el of this.bar.querySelectorAll("[data-compact]")) {
      if (shown(el)) found.push([Number(el.dataset.compact), el, "compact"]);
    }
    for (const el of this.movable()) {
      if (shown(el)) found.push([Number(el.dataset.priority), el, "overflowed"]);
    }
    return found.sort((a, b) => a[0] - b[0]);
  }

  /** The first `count` of `folds` applied, the others not. */
  foldFirst(folds, count) {
    folds.forEach(([, el, name], k) => el.classList.toggle(name, k < count));
  }

  /** How many of `folds` the row needs to fit: the fewest, found by halving (a fold never
   * widens the row), so that a phone's bar is measured a few times, not once per fold. */
  fewestFolds(folds) {
    if (this.fits()) return 0;
    let low = 0; // too few
    let high = folds.length; // enough (or every fold there is)
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      this.foldFirst(folds, middle);
      if (this.fits()) high = middle;
      else low = middle;
    }
    return high;
  }

  /** Whether the bar's row fits between its paddings (nothing wraps: css/shell/top-bar.css). */
  fits() {
    const box = this.bar.getBoundingClientRect();
    const style = getComputedStyle(this.bar);
    const left = box.left + parseFloat(style.paddingLeft) - 0.5;
    const right = box.right - parseFloat(style.paddingRight) + 0.5;
    return [...this.bar.children].filter((el) => el !== this.menu && shown(el)).every((el) => {
      const part = el.getBoundingClientRect();
      return part.left >= left && part.right <= right;
    });
  }

  /** Measure from the full bar, fold until the row fits, and mirror the menu. */
  layout() {
    if (this.frame) cancelAnimationFrame(this.frame); // measured now: the frame's turn is done
    this.frame = 0;
    const focused = document.activeElement;
    for (const name of BAR_FOLDS.map(([, fold]) => fold)) this.bar.classList.remove(name);
    for (const el of this.bar.querySelectorAll("[data-compact], [data-priority]")) el.classList.remove("compact", "overflowed");
    const folds = this.folds();
    this.foldFirst(folds, this.fewestFolds(folds));
    this.bringBack();
    this.width = this.bar.clientWidth;
    this.counted = new Map([...this.bar.querySelectorAll(".num")].map((el) => [el, el.textContent.length]));
    this.mirror();
    if (focused && focused.closest && focused.closest(".overflowed")) this.menuButton.focus();
    this.bar.dataset.measured = String(this.width); // (tests wait for the width they set)
    this.mutations.takeRecords(); // our own changes are no news
  }

  /** A control moved before a later fold made room (Solve, before the labels folded) comes
   * back while it fits, the highest priority first; the first that does not fit stops. */
  bringBack() {
    const moved = this.movable().filter((el) => el.classList.contains("overflowed"))
      .sort((a, b) => Number(b.dataset.priority) - Number(a.dataset.priority));
    for (const el of moved) {
      el.classList.remove("overflowed");
      if (this.fits()) continue;
      el.classList.add("overflowed");
      return;
    }
  }

  /** The menu items of the moved controls: shown, disabled and drawn as their controls. */
  mirror() {
    let moved = 0;
    for (const el of this.movable()) {
      const item = this.proxyOf(el);
      const out = el.classList.contains("overflowed");
      if (item.dataset.twin !== undefined) continue; // the menu's own item
      item.hidden = !out || el.hidden;
      item.disabled = el.disabled;
      if (out) copyMarks(el, item);
      if (!item.hidden) moved += 1;
    }
    this.group.hidden = moved === 0;
    this.mutations.takeRecords();
  }

  /** The menu item standing for `el`: the menu's own item for the same command, or one
   * made for it (in the bar's order: the actions first, then the code and its sharing). */
  proxyOf(el) {
    let item = this.proxies.get(el);
    if (item) return item;
    item = this.menu.querySelector(`[data-action="${el.id}"]`);
    if (item) {
      item.dataset.twin = "";
    } else {
      item = document.createElement("button");
      item.type = "button";
      item.setAttribute("role", "menuitem");
      item.className = "moved-item";
      item.dataset.movedFrom = el.id;
      const order = (control) => (control.closest(".actions") ? 0 : 1);
      const after = [...this.group.children].find((other) => {
        const source = document.getElementById(other.dataset.movedFrom);
        return order(source) > order(el)
          || (order(source) === order(el) && (el.compareDocumentPosition(source) & Node.DOCUMENT_POSITION_FOLLOWING));
      });
      this.group.insertBefore(item, after || null);
    }
    this.proxies.set(el, item);
    return item;
  }

  /** A moved control chosen in the menu: the menu closes, the focus goes back to the menu
   * button (where a dialog the control opens will return it), and the control acts. */
  choose(event) {
    const item = event.target.closest(".moved-item");
    if (!item) return;
    const control = document.getElementById(item.dataset.movedFrom);
    this.menu.hidden = true;
    this.menuButton.setAttribute("aria-expanded", "false");
    this.menuButton.focus();
    if (control && !control.disabled) control.click();
  }

  /** Something in the bar changed: only a disabled state moved, or a counter (the timer,
   * tiles left, pairs) changed within its width, needs the menu mirrored at most; a value
   * written again as it was (each answer redraws the code, the badge, Finish) is no change;
   * anything else is measured again. */
  changed(records) {
    const news = records.filter((record) => {
      const target = record.target.nodeType === Node.ELEMENT_NODE ? record.target : record.target.parentElement;
      if (!target || this.menu.contains(target) || unchanged(record)) return false;
      // a counter (the timer, tiles left, pairs) keeps its width while its length stays:
      // tabular digits; a tap or a timer tick is no reason to measure the bar again
      const counter = record.type === "attributes" ? null : target.closest(".num");
      if (counter && this.counted.has(counter)) return counter.textContent.length !== this.counted.get(counter);
      return !(record.type === "attributes" && record.attributeName === "disabled");
    });
    if (news.length) this.schedule();
    else this.mirror();
  }
}

/** Keep `bar` on one line from now on, folding into `menu` (opened by `menuButton`). */
export function keepOnOneLine(bar, menu, menuButton) {
  return new TopBar(bar, menu, menuButton);
}

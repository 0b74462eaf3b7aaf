// A grid of cards that is one stop of the Tab key (the layout picker of the New game dialog,
// the stage lists): a roving tabindex gives one card tabindex=0 and the others -1; the
// arrow keys move the focus among the cards shown (Left and Right one card back or on, in
// reading order; Up and Down to the nearest card of the row above or below, by where the
// cards are drawn), Home and End to the first and the last; Enter and Space choose, as the
// cards are buttons.  When cards are hidden (a search, a filter), added or removed, the tab
// stop moves to a card still shown, and the focus with it if it was on a hidden card.

const STEPS = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -1, ArrowDown: 1 };

function middle(el) {
  const box = el.getBoundingClientRect();
  return { x: box.left + box.width / 2, y: box.top + box.height / 2, h: box.height };
}

/** The card of the next row (`step` 1) or the row before (-1) nearest to `from` sideways. */
function acrossRows(from, shown, step) {
  const here = middle(from);
  const rows = shown.map((el) => ({ el, ...middle(el) }))
    .filter((card) => (card.y - here.y) * step > here.h / 2);
  if (!rows.length) return null;
  const nearestRow = Math.min(...rows.map((card) => Math.abs(card.y - here.y)));
  const row = rows.filter((card) => Math.abs(card.y - here.y) - nearestRow < here.h / 2);
  return row.reduce((a, b) => (Math.abs(a.x - here.x) <= Math.abs(b.x - here.x) ? a : b)).el;
}

/**
 * Make the cards (`selector`) inside `container` one Tab stop with arrow keys.  The stop
 * starts on `initial(cards)` (default: the checked card, else the first); it then follows
 * the focus.  Returns {refresh()}, which the grid also runs by itself on any change.
 */
export function cardGrid(container, selector, { initial = (cards) => cards.find((el) => el.getAttribute("aria-checked") === "true") } = {}) {
  let stop = null;
  let focusedCard = null; // the card that had the focus, to follow it if it is hidden
  const cards = () => [...container.querySelectorAll(selector)];
  const shown = () => cards().filter((el) => !el.disabled && !el.closest("[hidden]"));
  const setStop = (card) => {
    stop = card;
    for (const el of cards()) el.tabIndex = el === card ? 0 : -1;
  };
  const refresh = () => {
    const visible = shown();
    if (visible.includes(stop)) {
      setStop(stop); // cards added since leave the tab order
    } else {
      const first = initial(visible);
      setStop(first && visible.includes(first) ? first : visible[0] || null);
    }
    if (focusedCard && !visible.includes(focusedCard)) { // the focused card was hidden or removed
      const lost = [focusedCard, document.body, null].includes(document.activeElement);
      focusedCard = null;
      if (lost && stop) stop.focus();
    }
  };
  container.addEventListener("focusin", (event) => {
    const card = event.target.closest(selector);
    if (card && container.contains(card)) {
      focusedCard = card;
      if (card !== stop) setStop(card);
    }
  });
  container.addEventListener("focusout", (event) => {
    // the focus went elsewhere on the page (when it goes nowhere, its card may have been hidden)
    if (event.relatedTarget && !container.contains(event.relatedTarget)) focusedCard = null;
  });
  container.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const card = event.target.closest(selector);
    if (!card) return;
    const visible = shown();
    let next = null;
    if (event.key === "Home") next = visible[0];
    else if (event.key === "End") next = visible[visible.length - 1];
    else if (event.key === "ArrowLeft" || event.key === "ArrowRight") next = visible[visible.indexOf(card) + STEPS[event.key]];
    else if (event.key === "ArrowUp" || event.key === "ArrowDown") next = acrossRows(card, visible, STEPS[event.key]);
    else return;
    event.preventDefault();
    if (next) {
      setStop(next);
      next.focus();
    }
  });
  new MutationObserver(refresh).observe(container, { childList: true, subtree: true, attributes: true, attributeFilter: ["hidden"] });
  setStop(initial(shown()) || shown()[0] || null);
  return { refresh };
}

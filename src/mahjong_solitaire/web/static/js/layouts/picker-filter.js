// The layout picker's search and size filter: a search field (a layout's title in the
// page's language, its name or its number) and a size choice (all, small, medium, large)
// that hide the cards that do not match; how many are shown is announced to screen readers.

import { h } from "../shell/dom.js";
import { t, tn } from "../shell/strings.js";

/** The sizes of the filter, by tile count (rules §8.1): under 100, 100 to 143, 144 and more. */
export const SIZES = ["small", "medium", "large"];
const SIZE_LABELS = { all: "sizeAll", small: "sizeSmall", medium: "sizeMedium", large: "sizeLarge" };
const SIZE_NOTES = { small: "sizeSmallNote", medium: "sizeMediumNote", large: "sizeLargeNote" };

/** A layout's size: "small", "medium" or "large". */
export function sizeOf(layout) {
  if (layout.tiles < 100) return "small";
  return layout.tiles < 144 ? "medium" : "large";
}

/** Text folded for searching: lower case, without accents ("Coração" -> "coracao"). */
export function folded(text) {
  return String(text).normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase().trim();
}

/** What a search finds a layout by: its title, its name and its number ("7", "L07"). */
export function searchText(layout) {
  const words = [layout.title, layout.name];
  if (layout.number !== null && layout.number !== undefined) {
    words.push(String(layout.number), `l${String(layout.number).padStart(2, "0")}`);
  }
  return folded(words.join(" "));
}

/** Whether a card (with data-search and data-size) matches the query and the size, and,
 * when `unwon`, is not marked won (`data-won`, progress-marks.js). */
export function matches(card, query, size, unwon = false) {
  return (size === "all" || card.dataset.size === size) && card.dataset.search.includes(folded(query))
    && !(unwon && card.dataset.won === "true");
}

/**
 * The search field and the size choice over the picker's `cards` (a radiogroup of cards
 * that carry data-search and data-size).  Returns the element; `apply()` filters again
 * (after cards were added or removed) and `reset()` shows every card.
 */
export function layoutFilter(cards) {
  let size = "all";
  const search = h("input", {
    type: "search", id: "layout-search", autocomplete: "off", spellcheck: "false",
    placeholder: t("layoutSearchPlaceholder"), "aria-label": t("layoutSearch"),
    "aria-controls": "layout-cards",
  });
  const status = h("p", { class: "layout-count muted", id: "layout-count", role: "status", "aria-live": "polite" });
  const sizes = h("div", { class: "segmented layout-sizes", role: "radiogroup", "aria-label": t("sizeFilter") });
  // "Hide won layouts" (issue 29): a toggle, before the search so the Tab order stays
  // search, sizes, cards
  const unwon = h("button", { type: "button", class: "btn filter-unwon", "data-filter": "unwon", "aria-pressed": "false" },
    t("filterUnwon"));
  unwon.addEventListener("click", () => {
    unwon.setAttribute("aria-pressed", String(unwon.getAttribute("aria-pressed") !== "true"));
    apply();
  });
  const apply = () => {
    let shown = 0;
    const hideWon = unwon.getAttribute("aria-pressed") === "true";
    for (const card of cards.children) {
      const visible = matches(card, search.value, size, hideWon);
      card.hidden = !visible;
      if (visible) shown += 1;
    }
    status.textContent = shown ? tn("layoutsShown", shown) : t("noLayoutMatches");
  };
  for (const key of ["all", ...SIZES]) {
    const button = h("button", {
      type: "button", role: "radio", "aria-checked": String(key === size), "data-size": key,
      title: SIZE_NOTES[key] ? t(SIZE_NOTES[key]) : null,
      onclick: () => {
        for (const other of sizes.children) other.setAttribute("aria-checked", String(other === button));
        size = key;
        apply();
      },
    }, t(SIZE_LABELS[key]));
    sizes.append(button);
  }
  // arrow keys move within the size choice, as in any radio group
  sizes.addEventListener("keydown", (event) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    const all = [...sizes.children];
    const next = all[(all.indexOf(document.activeElement) + step + all.length) % all.length];
    next.focus();
    next.click();
  });
  search.addEventListener("input", apply);
  search.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && search.value) { // clear the search, keep the dialog open
      event.preventDefault();
      event.stopPropagation();
      search.value = "";
      apply();
    }
  });
  const element = h("div", { class: "layout-filter" }, unwon, search, sizes, status);
  element.apply = apply;
  /** Show every card again (after an import, so the new layout is in sight). */
  element.reset = () => {
    search.value = "";
    size = "all";
    for (const other of sizes.children) other.setAttribute("aria-checked", String(other.dataset.size === "all"));
    unwon.setAttribute("aria-pressed", "false");
    apply();
  };
  apply();
  return element;
}

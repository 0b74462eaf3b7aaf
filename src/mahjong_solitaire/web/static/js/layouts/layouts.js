// Layouts in the page: the list (built-in and imported), the server's preview pictures,
// the layout picker of the New game dialog, importing a KMahjongg or GNOME layout file, and
// deleting one's own imported layouts (the server lists only those of the player).

import { api, ApiError } from "../shell/api.js";
import { cardGrid } from "../dialogs/card-grid.js";
import { fillButton, h, toast } from "../shell/dom.js";
import { layoutFilter, searchText, sizeOf } from "./picker-filter.js";
import { seededLayoutPanel } from "./seeded-layout.js";
import { t, tn } from "../shell/strings.js";
import { whenSettled } from "../shell/idle.js";

/** Largest layout file the server takes (it refuses larger ones too). */
const MAX_FILE_BYTES = 1 << 20;

/** How long the New game dialog waits for previews not yet loaded before it opens. */
const PREVIEW_WAIT_MS = 400;

const HINTS = { gentle: "layoutHintGentle", moderate: "layoutHintModerate", demanding: "layoutHintDemanding" };

// The one list of layouts: updated in place when a file is imported, so every holder of it
// (the controller, the pages) sees the new layouts.
const layouts = [];
let loading = null;
const previews = new Map(); // preview URL -> promise of its SVG text

/** Load the list again on the next call (its titles are in the page's language). */
export function forgetLayouts() {
  loading = null;
}

/** The layouts, built-in by number then imported (loaded once; previews fetched behind). */
export function loadLayouts() {
  if (!loading) {
    loading = api.layouts().then((list) => {
      layouts.splice(0, layouts.length, ...list);
      whenSettled(() => preload(list)); // in the background, once the page has settled
      return layouts;
    });
    // a failed load is asked again next time; the failure itself reaches every caller (loading)
    loading.catch(() => { loading = null; });
  }
  return loading;
}

/**
 * Fetch the previews one after another, so that the game's own requests always find a
 * free connection (a browser opens only a few per server).
 */
async function preload(list) {
  for (const layout of list) await previewText(layout);
}

function previewText(layout) {
  const url = layout.preview;
  if (!url) return Promise.resolve(null);
  if (!previews.has(url)) {
    // a picture that does not come (fetch rejects only when the network fails) leaves the
    // card with its title: decoration, not worth a message; asked again next time
    const text = fetch(url, { credentials: "same-origin" })
      .then((answer) => (answer.ok ? answer.text() : null), () => null);
    text.then((value) => { if (value === null) previews.delete(url); });
    previews.set(url, text);
  }
  return previews.get(url);
}

function svgOf(text) {
  if (!text) return null;
  const parsed = new DOMParser().parseFromString(text, "image/svg+xml").documentElement;
  if (parsed.nodeName !== "svg") return null;
  parsed.setAttribute("aria-hidden", "true");
  parsed.removeAttribute("role");
  parsed.querySelector("title")?.remove();
  return document.importNode(parsed, true);
}

/**
 * A layout's preview: a box that holds the server's picture once it has arrived.
 * Resolves `box.ready` when it is drawn (or could not be).
 */
export function layoutPreview(layout) {
  const box = h("span", { class: "layout-preview", "data-preview": layout.name });
  box.ready = previewText(layout).then((text) => {
    const svg = svgOf(text);
    if (svg) box.replaceChildren(svg);
  });
  return box;
}

/** The difficulty hint of a layout as a small badge (imported layouts say so instead). */
export function hintBadge(layout) {
  if (layout.difficulty_hint && HINTS[layout.difficulty_hint]) {
    return h("span", { class: `badge hint-${layout.difficulty_hint}`, "data-hint": layout.difficulty_hint },
      t(HINTS[layout.difficulty_hint]));
  }
  return layout.number === null ? h("span", { class: "badge imported" }, t("layoutImported")) : null;
}

/** A layout file or deletion refused: its message is for the player. */
export class LayoutProblem extends Error {}

/**
 * Import a KMahjongg or GNOME layout file for the player: the layouts stored (also put in
 * the one list) and the text of the refusals (the maps of the file that were refused, each
 * with its reason; "" when none).  A file too large, or refused as a whole, is an Error
 * a LayoutProblem.
 */
export async function importLayoutFile(file) {
  if (file.size > MAX_FILE_BYTES) {
    throw new LayoutProblem(t("layoutFileTooLarge", { name: file.name, max: MAX_FILE_BYTES / 1024 }));
  }
  let answer;
  try {
    answer = await api.uploadLayout(file);
  } catch (problem) {
    if (!(problem instanceof ApiError)) throw problem;
    throw new LayoutProblem(problem.status === 0 ? t("errorNetwork") : t("layoutImportFailed", { message: problem.detail || problem.message }));
  }
  const added = answer.layouts || [];
  const skipped = (answer.refused || []).map((item) => `“${item.title}”: ${item.reason}`);
  for (const layout of added) {
    const known = layouts.findIndex((other) => other.name === layout.name);
    if (known >= 0) layouts[known] = layout;
    else layouts.push(layout);
  }
  return { added, refused: skipped.length ? t("layoutMapsRefused", { maps: skipped.join("; ") }) : "" };
}

/** What the player is told of a finished import (a toast). */
export function importedText(added) {
  return added.length === 1 ? t("layoutImportedToast", { title: added[0].title }) : tn("layoutImportedMany", added.length);
}

/** Delete one of the player's imported layouts (also from the one list).  One already gone
 * (another tab) is dropped all the same; another refusal is a LayoutProblem. */
export async function deleteImportedLayout(layout) {
  try {
    await api.deleteLayout(layout.name);
  } catch (problem) {
    if (!(problem instanceof ApiError)) throw problem;
    if (problem.status !== 404) { // 404: already gone (another tab): dropped here too
      throw new LayoutProblem(problem.status === 0 ? t("errorNetwork") : t("layoutDeleteFailed", { message: problem.message }));
    }
  }
  const known = layouts.findIndex((other) => other.name === layout.name);
  if (known >= 0) layouts.splice(known, 1);
}

function layoutCard(layout, checked, onPick) {
  const card = h("button", {
    type: "button", class: "layout-card", role: "radio", "data-layout": layout.name,
    "aria-checked": String(checked), title: layout.description || layout.title,
    "data-size": sizeOf(layout), "data-search": searchText(layout),
  });
  const preview = layoutPreview(layout);
  card.append(preview, h("strong", {}, layout.title),
    h("small", {}, tn("tiles", layout.tiles), " ", hintBadge(layout)));
  card.addEventListener("click", () => onPick(card));
  card.ready = preview.ready;
  return card;
}

/**
 * The layout picker: a card per layout with its preview and difficulty hint, and the
 * "Import a layout file" button.  `onChoose(name)` runs when a card is picked (and when an
 * imported file's layout is picked for the player).  Returns the element, with `ready`:
 * a promise of the previews, bounded in time.
 */
export function layoutPicker({ list, chosen, onChoose }) {
  const cards = h("div", { class: "layouts", id: "layout-cards", role: "radiogroup", "aria-label": t("layout") });
  // "Delete this layout": shown while an imported layout is picked (a plain button after
  // the import button, so the keyboard reaches it; its outcome is a toast, as for imports)
  const remove = h("button", { type: "button", class: "btn", id: "delete-layout", hidden: true });
  fillButton(remove, "trash", t("deleteLayout"));
  const pickedImported = () => layouts.find((layout) => layout.name === current && layout.number === null);
  const showRemove = () => {
    const layout = pickedImported();
    remove.hidden = !layout;
    if (layout) remove.title = t("deleteLayoutNote", { title: layout.title });
  };
  let current = chosen;
  const pick = (card) => {
    for (const other of cards.children) other.setAttribute("aria-checked", String(other === card));
    current = card.dataset.layout;
    showRemove();
    onChoose(card.dataset.layout);
  };
  const waits = [];
  for (const layout of list) {
    const card = layoutCard(layout, layout.name === chosen, pick);
    waits.push(card.ready);
    cards.append(card);
  }

  const error = h("p", { class: "field-error", id: "layout-import-error", role: "alert" });
  const input = h("input", { type: "file", id: "layout-file", accept: ".layout,.map", hidden: true });
  const button = h("button", { type: "button", class: "btn", id: "import-layout", title: t("importLayoutNote") });
  fillButton(button, "upload", t("importLayout"));
  button.addEventListener("click", () => input.click());
  input.addEventListener("change", async () => {
    const file = input.files && input.files[0];
    input.value = "";
    if (!file) return;
    error.textContent = "";
    button.disabled = true;
    button.querySelector(".label").textContent = t("importingLayout", { name: file.name });
    try {
      const { added, refused } = await importLayoutFile(file);
      error.textContent = refused;
      for (const layout of added) {
        if (!cards.querySelector(`[data-layout="${CSS.escape(layout.name)}"]`)) cards.append(layoutCard(layout, false, pick));
      }
      filter.reset();
      if (added.length) {
        const first = cards.querySelector(`[data-layout="${CSS.escape(added[0].name)}"]`);
        pick(first);
        first.scrollIntoView({ block: "nearest" });
        toast(importedText(added));
      }
    } catch (problem) {
      if (!(problem instanceof LayoutProblem)) throw problem;
      error.textContent = problem.message;
    } finally {
      button.disabled = false;
      button.querySelector(".label").textContent = t("importLayout");
    }
  });

  remove.addEventListener("click", async () => {
    const layout = pickedImported();
    if (!layout || !window.confirm(t("deleteLayoutConfirm", { title: layout.title }))) return;
    error.textContent = "";
    remove.disabled = true;
    try {
      await deleteImportedLayout(layout);
    } catch (problem) {
      if (!(problem instanceof LayoutProblem)) throw problem;
      remove.disabled = false;
      error.textContent = problem.message;
      return;
    }
    remove.disabled = false;
    cards.querySelector(`[data-layout="${CSS.escape(layout.name)}"]`)?.remove();
    filter.apply();
    const first = cards.querySelector(".layout-card:not([hidden])") || cards.querySelector(".layout-card");
    if (first) {
      pick(first);
      first.focus();
    }
    toast(t("layoutDeletedToast", { title: layout.title }));
  });
  showRemove();

  // "New layout from a seed": its layout becomes a card of this picker, picked
  const seeded = seededLayoutPanel({
    preview: layoutPreview,
    onUse: (layout) => {
      let card = cards.querySelector(`[data-layout="${CSS.escape(layout.name)}"]`);
      if (!card) {
        card = layoutCard(layout, false, pick);
        cards.append(card);
      }
      filter.reset();
      pick(card);
      card.scrollIntoView({ block: "nearest" });
      card.focus();
      toast(t("seededChosen", { title: layout.title }));
    },
  });

  const filter = layoutFilter(cards);
  cardGrid(cards, ".layout-card"); // one Tab stop, arrow keys inside
  const element = h("div", { class: "layout-picker" }, filter, cards,
    h("div", { class: "import-row" }, button, remove, h("small", { class: "muted" }, t("importLayoutNote")), input),
    error, seeded);
  element.ready = Promise.race([Promise.all(waits), new Promise((done) => { setTimeout(done, PREVIEW_WAIT_MS); })]);
  element.cards = cards;
  element.filter = filter;
  return element;
}

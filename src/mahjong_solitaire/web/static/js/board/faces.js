// The project's own tile faces, drawn as SVG from the tile label.
//
//   faceSvg("5D", "classic")  -> "<svg …>…</svg>"   (markup, cached)
//   faceUrl("5D", "classic")  -> 'url("data:image/svg+xml,…")'  (for CSS, cached)
//   paintFace(el, "5D", "classic")  a tile element shows the face (all of a set's faces
//                                   are one picture: see loadFaces)
//
// A face is drawn in a 60×80 box (the ivory of the tile and its edge are CSS) by the tile
// set of that name (tilesets/index.js: classic, numbers, contrast, flat; js/tilesets/).

import { f, H, W } from "../tilesets/draw.js";
import { DEFAULT_TILE_STYLE, tileSet } from "../tilesets/index.js";

const cache = new Map();

/** The SVG markup of a face in the tile set named `style` (tilesets/index.js; the default set
 * for an unknown name). */
export function faceSvg(label, style = DEFAULT_TILE_STYLE) {
  const set = tileSet(style);
  const key = `${set.name}:${label}`;
  let svg = cache.get(key);
  if (svg === undefined) {
    svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}">${set.draw(label)}</svg>`;
    cache.set(key, svg);
  }
  return svg;
}

const addresses = new Map();

/** The face as a `data:` address (cached). */
function faceAddress(label, style) {
  const key = `${tileSet(style).name}:${label}`;
  let address = addresses.get(key);
  if (address === undefined) {
    address = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(faceSvg(label, style))}`;
    addresses.set(key, address);
  }
  return address;
}

/** A CSS `url(…)` of the face, for a background image. */
export function faceUrl(label, style = DEFAULT_TILE_STYLE) {
  return `url("${faceAddress(label, style)}")`;
}

// A board draws its faces from one picture per tile set, the 42 faces side by side
// (COLUMNS × ROWS cells of W × H, in the order of LABELS), named once in a style rule of
// the page (the `data-faces` attribute of a tile picks the set, its background position
// the cell): one picture decoded and drawn once for the whole board, not one SVG
// document per face, and no tile's style carries a picture of its own to parse.  The
// picture is named by a short `blob:` address, not a `data:` one: the rule also names the
// theme's `var(--ivory)`, and a declaration with var() is read again for each tile it
// styles, which for the picture's ~100 kB of markup was most of the board's first style
// pass (a third of a second on a phone).
const COLUMNS = 7;
const ROWS = 6;

/** The style rules of the sets drawn so far (one sheet, adopted by the page once). */
let sheet = null;
const ruled = new Set(); // the names of the sets with a rule

/** The 42 faces of a set in one SVG picture, as a `blob:` address (the page's own). */
function spriteAddress(set) {
  const cells = LABELS.map((label, k) => {
    const x = (k % COLUMNS) * W;
    const y = Math.floor(k / COLUMNS) * H;
    return `<svg x="${x}" y="${y}" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${set.draw(label)}</svg>`;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${COLUMNS * W} ${ROWS * H}" `
    + `width="${COLUMNS * W}" height="${ROWS * H}">${cells.join("")}</svg>`;
  return URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
}

/**
 * Give the page the style rule of the tile set named `style` (once per set): a tile (or a
 * ghost leaving) with `data-faces` set to its name shows the set's picture over its ivory.
 * Done ahead of the board (while the page waits for the game), so the picture is decoded
 * before the tiles are drawn.
 */
export function loadFaces(style = DEFAULT_TILE_STYLE) {
  const set = tileSet(style);
  if (ruled.has(set.name)) return;
  if (!sheet) {
    sheet = new CSSStyleSheet();
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  }
  const chosen = `[data-faces="${set.name}"]`;
  sheet.insertRule(`:is(.tile, .ghost)${chosen} { background-image: url("${spriteAddress(set)}"), var(--ivory); `
    + `background-size: ${COLUMNS * 100}% ${ROWS * 100}%, 100% 100%; }`, sheet.cssRules.length);
  ruled.add(set.name);
}

/** Show the face `label` of the tile set named `style` on the tile element `el` (no face
 * for a label of null: the bare ivory, as a paused game's tiles). */
export function paintFace(el, label, style = DEFAULT_TILE_STYLE) {
  const k = label ? LABELS.indexOf(label) : -1;
  if (k < 0) {
    delete el.dataset.faces;
    el.style.backgroundPosition = "";
    return;
  }
  loadFaces(style);
  el.dataset.faces = tileSet(style).name;
  const column = ((k % COLUMNS) * 100) / (COLUMNS - 1);
  const row = (Math.floor(k / COLUMNS) * 100) / (ROWS - 1);
  el.style.backgroundPosition = `${f(column)}% ${f(row)}%, 0 0`;
}

/** All 42 labels, in the canonical order of the tile set. */
export const LABELS = [
  ..."123456789".split("").map((n) => `${n}B`),
  ..."123456789".split("").map((n) => `${n}C`),
  ..."123456789".split("").map((n) => `${n}D`),
  "N", "S", "E", "W", "R", "G", "Wh", "F1", "F2", "F3", "F4", "S1", "S2", "S3", "S4",
];

/** The match key: flowers match flowers, seasons match seasons ("S" alone is South). */
export function matchKey(label) {
  if (/^F[1-4]$/.test(label)) return "F*";
  if (/^S[1-4]$/.test(label)) return "S*";
  return label;
}

export function tilesMatch(a, b) {
  return Boolean(a) && Boolean(b) && matchKey(a) === matchKey(b);
}

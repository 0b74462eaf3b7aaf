// The project's own tile faces, drawn as SVG from the tile label.
//
//   faceSvg("5D", "classic")  -> "<svg …>…</svg>"   (markup, cached)
//   faceUrl("5D", "classic")  -> 'url("data:image/svg+xml,…")'  (for CSS, cached)
//
// A face is drawn in a 60×80 box (the ivory of the tile and its edge are CSS) by the tile
// set of that name (tilesets/index.js: classic, numbers, contrast, flat; js/tilesets/).

import { H, W } from "../tilesets/draw.js";
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

const loaded = new Map(); // tile set name -> its 42 faces as loaded pictures (kept: cached)

/**
 * Load the faces of a tile set as pictures ahead of the board that shows them (while the
 * page waits for the game): a board of pictures not yet loaded, laid out at once (a
 * dialog opening over it, the top bar measuring itself), would have its tiles' styles
 * worked out again for each picture as it arrives.  Done once per set.
 */
export function loadFaces(style = DEFAULT_TILE_STYLE) {
  const name = tileSet(style).name;
  if (loaded.has(name)) return;
  loaded.set(name, LABELS.map((label) => {
    const picture = new Image();
    picture.src = faceAddress(label, style);
    return picture;
  }));
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

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

const urls = new Map();

/** A CSS `url(…)` of the face, for a background image. */
export function faceUrl(label, style = DEFAULT_TILE_STYLE) {
  const key = `${tileSet(style).name}:${label}`;
  let url = urls.get(key);
  if (url === undefined) {
    url = `url("data:image/svg+xml;charset=utf-8,${encodeURIComponent(faceSvg(label, style))}")`;
    urls.set(key, url);
  }
  return url;
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

// The tile sets the player chooses from in Settings, each of our own drawing (js/tilesets/):
//
//   TILE_SETS            [{name, titleKey, draw(label) -> SVG markup in a 60 × 80 box}, …]
//   tileSet("numbers")   the set of that name; an unknown name (an old or edited setting)
//                        gives the default set
//
// The face of the tile (its colour and edge under the drawing) is CSS: css/board/tile-sets.css,
// keyed by the `data-tile-set` attribute of the page (or of a preview).  To add a set: a
// module in js/tilesets/ that draws all 42 faces, a line here, its name in shell/strings.js
// (`titleKey`) and, if its face differs, a rule in css/board/tile-sets.css.

import { classicSet } from "./classic.js";
import { contrastSet } from "./contrast.js";
import { flatSet } from "./flat.js";
import { numbersSet } from "./numbers.js";

export const TILE_SETS = [classicSet, numbersSet, contrastSet, flatSet];

/** The tile style dealt to a new player. */
export const DEFAULT_TILE_STYLE = classicSet.name;

export function tileSet(name) {
  return TILE_SETS.find((set) => set.name === name) || classicSet;
}

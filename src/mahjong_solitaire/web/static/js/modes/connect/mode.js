// The Connect mode (Shisen-Sho, rules §9): a flat grid, a pair is joined by a line with at
// most two turns, and the tiles slide after each pair.  Its name and code prefix are
// spelled here and nowhere else in the page (strings shown to players aside).

import { connectApi } from "./api.js";
import { ConnectView } from "./grid.js";
import { removedAfter } from "../../board/removed-tray.js";
import { slideRuleName } from "../../shell/strings.js";

const NAME = "connect";
const PREFIX = "CN2";
/** Every version of the codes the game reads, oldest first (rules §7.6): new deals get
 * PREFIX, and CN1 codes keep dealing what they dealt. */
const PREFIXES = Object.freeze(["CN1", PREFIX]);

/** A stored Connect layout name: "connect-12x6-down" (server: store.records). */
const LAYOUT_NAME = new RegExp(`^${NAME}-(\\d+)x(\\d+)-(.+)$`);

export const connect = Object.freeze({
  name: NAME,
  prefix: PREFIX,
  prefixes: PREFIXES,
  /** The shape of a code as it is typed after its prefix: `0` a digit, `A` a letter,
   * anything else itself. */
  codeShape: `${PREFIX}-0000A-AAAAAAA`,
  /** A whole code of any version, also inside a pasted link (`…?code=CN2-1808B-ABCDEFG`). */
  codePattern: new RegExp(`(?:${PREFIXES.join("|")})-\\d{4}[A-Z]-[A-Z]{7}`),
  api: connectApi,
  View: ConnectView,
  /** Keys of shell/strings.js: the mode's name, the menu item that switches to it, and the note
   * of its No moves dialog. */
  titleKey: "modeConnect",
  switchLabel: "menuPlayConnect",
  noMovesNote: "connectNoMovesNote",
  /** No solver chip: Connect games are not asked. */
  winnability: false,
  /** No daily board: the daily challenge is a classic deal. */
  dailyBoard: false,
  /** Page titles name the mode: its figures are kept apart. */
  namedInTitles: true,
  /** Start stage `number` (a promise of the new game's state). */
  startStage: (number) => connectApi.create({ stage: number }),
  /** The same deal again: the same code (and stage). */
  again: (state) => connectApi.create({ code: state.code, stage: state.stage ?? undefined }),
  /** The state after a tap, from the state it was sent from and the tap's answer (what
   * changed: docs/web-api.md): the pair removed (its faces added to `removed`), and the
   * tiles that slid to other cells (every tile stays free). */
  applyTap(state, change) {
    const { freed, blocked, ...fields } = change;
    const removed = change.event.move || [];
    if (!removed.length) return { ...state, ...fields };
    const gone = new Set(removed);
    const width = state.layout.width;
    const moved = new Map(change.event.slid.map((slide) => [slide.id, slide.to]));
    const tiles = [];
    for (const tile of state.tiles) {
      if (gone.has(tile.i)) continue;
      const to = moved.get(tile.id);
      tiles.push(to ? { ...tile, x: to[0], y: to[1], i: to[1] * width + to[0] } : tile);
    }
    tiles.sort((a, b) => a.i - b.i);
    return { ...state, ...fields, tiles, removed: removedAfter(state, change.event.move) };
  },
  /** "connect-12x6-down" (a stored layout name) -> "12×6 · Down"; null for other names. */
  layoutTitle(name) {
    const found = LAYOUT_NAME.exec(name || "");
    if (!found) return null;
    return `${found[1]}×${found[2]} · ${slideRuleName(found[3])}`;
  },
});

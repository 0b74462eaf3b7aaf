// The classic mode (rules §1–§8): tiles stacked in a layout, a pair is taken when both are
// free.  Its name and code prefix are spelled here and nowhere else in the page (strings
// shown to players aside); the controller and the dialogs ask this object.

import { api } from "../../shell/api.js";
import { BoardView } from "./board.js";
import { removedAfter } from "../../board/removed-tray.js";

const NAME = "classic";
const PREFIX = "MJ2";
/** Every version of the codes the game reads, oldest first (rules §7.6): new deals get
 * PREFIX, and MJ1 codes keep dealing what they dealt. */
const PREFIXES = Object.freeze(["MJ1", PREFIX]);

/** The shapes of classic codes (see `codeShapes` below). */
function codeShapes() {
  const parts = ["L00", "H##########"];
  for (let digits = 1; digits <= 9; digits += 1) {
    for (const tiles of ["00", "000"]) parts.push(`G${"0".repeat(digits)}A${tiles}`);
  }
  return parts.flatMap((part) => ["", "X", "Y", "XY"].map((mirror) => `${PREFIX}-${part}${mirror}-AAAAAAA`));
}

export const classic = Object.freeze({
  name: NAME,
  prefix: PREFIX,
  prefixes: PREFIXES,
  /** The shape of a code as it is typed after its prefix: `0` a digit, `A` a letter,
   * anything else itself. */
  codeShape: `${PREFIX}-L00-AAAAAAA`,
  /** Every shape a code may take (`#`: a letter or a digit 2-7): a built-in layout by
   * number, an imported layout by the hash of its positions, or a layout made from a seed
   * (`G`, 1 to 9 digits, a family letter, 2 or 3 digits), each played as it is or
   * mirrored (`X`, `Y`, `XY`; rules §7.2). */
  codeShapes: codeShapes(),
  /** A whole code of any version, also inside a pasted link (`…?code=MJ2-L00-ABCDEFG`). */
  codePattern: new RegExp(`(?:${PREFIXES.join("|")})-(?:L\\d\\d|H[A-Z2-7]{10}|G\\d{1,9}[A-Z]\\d{2,3})(?:XY|X|Y)?-[A-Z]{7}`),
  /** The layout number a complete code names (null: an imported layout, by its hash), and
   * how the player sees it ("L07"). */
  layoutNumberOf: (code) => (code[PREFIX.length + 1] === "L" ? Number(code.slice(PREFIX.length + 2, PREFIX.length + 4)) : null),
  layoutLabelOf: (code) => code.slice(PREFIX.length + 1, PREFIX.length + 4),
  api,
  View: BoardView,
  /** Keys of shell/strings.js: the mode's name, the menu item that switches to it, and the note
   * of its No moves dialog. */
  titleKey: "modeClassic",
  switchLabel: "menuPlayClassic",
  noMovesNote: "noMovesNote",
  /** The solver's chip (winnable or not) is shown for its games. */
  winnability: true,
  /** Its leaderboard has today's daily board (the daily challenge is a classic deal). */
  dailyBoard: true,
  /** Its games may be played under a challenge's rule set: its boards filter by them. */
  challenges: true,
  /** Page titles name the mode (classic is the one without a name). */
  namedInTitles: false,
  /** Start stage `number` (a promise of the new game's state). */
  startStage: (number) => api.startStage(number),
  /** The same deal again: the same stage, the same code, or (imported layouts) the layout. */
  again(state) {
    if (state.stage) return api.startStage(state.stage);
    if (state.code) return api.create({ code: state.code });
    return api.create({ layout: state.layout.name, difficulty: state.difficulty });
  },
  /** A stored layout name's title when the mode builds it (classic layouts have their own). */
  layoutTitle: () => null,
  /** The state after a tap, from the state it was sent from and the tap's answer (what
   * changed: docs/web-api.md): the pair removed (its faces added to `removed`), the tiles
   * freed or blocked (and given the faces of `revealed`: blackout, rules §13.5). */
  applyTap(state, change) {
    const { freed, blocked, revealed, ...fields } = change;
    const faces = new Map((revealed || []).map((tile) => [tile.i, tile.tile])); // blackout's
    const removed = change.event.move || [];
    if (!removed.length && !freed.length && !blocked.length) return { ...state, ...fields };
    const gone = new Set(removed);
    const free = new Set(freed);
    const stuck = new Set(blocked);
    const tiles = [];
    for (const tile of state.tiles) {
      if (gone.has(tile.i)) continue;
      if (free.has(tile.i)) tiles.push({ ...tile, free: true, tile: faces.get(tile.i) ?? tile.tile });
      else if (stuck.has(tile.i)) tiles.push({ ...tile, free: false });
      else tiles.push(tile);
    }
    return { ...state, ...fields, tiles, removed: removedAfter(state, change.event.move) };
  },
});

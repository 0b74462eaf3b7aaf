// The modes of play, each an object of its own module (classic/mode.js, connect/mode.js):
// the page asks them instead of comparing mode names or matching game codes.  A mode's
// folder also holds what only that mode draws (its board's view, its stages, Connect's
// rule strip, grid chooser and API).
//
//   modeOf(state)          the mode of a game state (by `state.mode`; classic by default)
//   modeNamed("connect")   the mode of a name (null when unknown)
//   modeOfCode(text)       the mode one of whose code prefixes a text starts with (null for none)

import { classic } from "./classic/mode.js";
import { connect } from "./connect/mode.js";

export { classic, connect };

/** Every mode, the default (classic) first. */
export const MODES = Object.freeze([classic, connect]);

export function modeNamed(name) {
  return MODES.find((mode) => mode.name === name) || null;
}

export function modeOf(state) {
  return (state && modeNamed(state.mode)) || classic;
}

export function modeOfCode(text) {
  const code = String(text || "").trim().toUpperCase();
  return MODES.find((mode) => mode.prefixes.some((prefix) => code.startsWith(`${prefix}-`))) || null;
}

/** The mode the menu offers to switch to from `mode`. */
export function otherMode(mode) {
  return MODES[(MODES.indexOf(mode) + 1) % MODES.length];
}

/** The code of `mode` in `text` (a code, or a link holding one), upper-cased; null if none. */
export function codeIn(text, mode) {
  const found = mode.codePattern.exec(String(text || "").trim().toUpperCase());
  return found ? found[0] : null;
}

/**
 * Check a code of `mode` as it is typed against its shape: {code, error, complete}; the
 * error (`invalid`, a message) is "" while the text may still become a code.  A pasted
 * link gives its code.
 */
export function checkShape(text, mode, invalid) {
  let code = String(text || "").trim().toUpperCase();
  const shapes = mode.codeShapes || [mode.codeShape];
  const longest = Math.max(...shapes.map((shape) => shape.length));
  if (code.length > longest) code = codeIn(code, mode) || code;
  if (!code) return { code, error: "", complete: false };
  // The prefix may be any version the mode reads (all of one length); the rest follows a
  // shape: `0` a digit, `A` a letter, `#` a letter or a digit 2-7, anything else itself.
  const head = code.slice(0, mode.prefix.length);
  if (!mode.prefixes.some((prefix) => prefix.startsWith(head))) return { code, error: invalid, complete: false };
  const fits = (shape) => code.length <= shape.length && [...code].every((c, k) => {
    if (k < mode.prefix.length) return true;
    const want = shape[k];
    return want === "0" ? /\d/.test(c) : want === "A" ? /[A-Z]/.test(c) : want === "#" ? /[A-Z2-7]/.test(c) : c === want;
  });
  const fitting = shapes.filter(fits);
  if (!fitting.length) return { code, error: invalid, complete: false };
  return { code, error: "", complete: fitting.some((shape) => shape.length === code.length) };
}

/**
 * Start a game from a new-game request: `{mode: name, ...}` names its mode, else a code's
 * prefix does, else it is classic.  The mode's API gets the rest.
 */
export function createGame(body) {
  const { mode: name, ...rest } = body || {};
  const mode = (name && modeNamed(name)) || modeOfCode(rest.code) || classic;
  return mode.api.create(rest);
}

/** A stored layout name's title when a mode builds such names (Connect's grids); null. */
export function modeLayoutTitle(name) {
  for (const mode of MODES) {
    const title = mode.layoutTitle(name);
    if (title) return title;
  }
  return null;
}

// What each action of a game's log is, in words (the review's timeline and what it says).
// The log's words are the engine's (core/game.py): a pair "12,40", "solve 12,40", "undo",
// "redo", "shuffle", "hint", "finish", "back 3".

import { t, tileName } from "../shell/strings.js";
import { Verdict } from "../shell/vocabulary.js";

const PAIR = /^(?:solve )?(\d+),(\d+)$/;

/** The pair an action removes (`[a, b]`), or null for an action that takes no pair. */
export function pairOf(action) {
  const found = PAIR.exec(action);
  return found ? [Number(found[1]), Number(found[2])] : null;
}

/** The two tiles of `pair` named on the board drawn before it went (`label(i)`). */
export function pairWords(pair, label) {
  const [first, second] = pair.map((i) => tileName(label(i)) || "?");
  return t("reviewPair", { first, second });
}

/** An action in words: its pair's tiles, or what the player did. */
export function actionWords(action, label) {
  const pair = pairOf(action);
  if (pair) return pairWords(pair, label);
  const word = action.split(" ")[0];
  const key = { undo: "undo", redo: "redo", shuffle: "shuffle", hint: "hint", finish: "finish", back: "reviewBack" }[word];
  return key ? t(key) : action;
}

/** The verdict after a move, in words (never by colour alone: the timeline marks it too). */
export function verdictWords(verdict) {
  return t({ [Verdict.WINNABLE]: "reviewStillWinnable", [Verdict.LOST]: "reviewLost" }[verdict] || "reviewUnknown");
}

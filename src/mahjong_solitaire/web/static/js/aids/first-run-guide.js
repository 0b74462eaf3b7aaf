// The first-run guide: a short walkthrough on a board of twelve tiles played here in the page
// (nothing is sent to the server, nothing is saved): what is free, selecting two, Hint,
// Undo, Shuffle and the "winnable" chip, each step done by the player or skipped.  Shown on
// the first visit, reachable again from the menu; Skip ends it at any step.  The little
// board follows the rules of the real one (rules §2.2, §3.1): a tile is free when no tile
// lies on it and its left or right side is open.

import { buttons, closeDialog, openDialog } from "../dialogs/dialog.js";
import { fillButton, h } from "../shell/dom.js";
import { paintFace, tilesMatch } from "../board/faces.js";
import { shownTileStyle } from "../settings/player-settings.js";
import { t, tileName } from "../shell/strings.js";
import { Verdict } from "../shell/vocabulary.js";

const DONE = "mahjong-solitaire.guide-done";
// the same, told to the server: a page served without it draws the guide's first step
// before any script has run (web/pwa/page.py, GUIDE_COOKIE)
const COOKIE = "mj_guide";
const COOKIE_AGE = 5 * 365 * 24 * 3600;

// Positions in half-tile units [x, y, z] and their faces: two rows of five with two tiles on
// top.  Winnable, and it shows flowers matching flowers.
const POSITIONS = [
  [0, 0, 0], [2, 0, 0], [4, 0, 0], [6, 0, 0], [8, 0, 0],
  [0, 2, 0], [2, 2, 0], [4, 2, 0], [6, 2, 0], [8, 2, 0],
  [3, 1, 1], [5, 1, 1],
];
const FACES = ["N", "3B", "7C", "3B", "N", "R", "F1", "7C", "F3", "R", "5D", "5D"];
const STEPS = ["guideFree", "guidePair", "guideHint", "guideUndo", "guideShuffle", "guideChip"];
const W = 46; // a tile's width in px (the height is 4/3 of it)
const H = 62;
const LIFT = 5; // each layer is drawn up and left by this much

/** Whether the guide has been seen (finished or skipped) in this browser. */
export function guideSeen() {
  try {
    return localStorage.getItem(DONE) === "1";
  } catch (problem) {
    if (problem instanceof DOMException) return true; // no storage: never pushed on anyone
    throw problem;
  }
}

function markSeen() {
  tellServer();
  try {
    localStorage.setItem(DONE, "1");
  } catch (problem) {
    if (!(problem instanceof DOMException)) throw problem; // private mode: asked again next time
  }
}

function tellServer() {
  document.cookie = `${COOKIE}=1; path=/; max-age=${COOKIE_AGE}; samesite=lax`;
}

/** The guide's first step as the server drew it in the page on a first visit
 * (web/pwa/page.py): open but not modal, until the guide takes it over (openDialog) or it
 * goes (dropServedGuide). */
function servedGuide() {
  const dialog = document.getElementById("dialog");
  return dialog.open && !dialog.matches(":modal") && dialog.dataset.dialog === "guide" ? dialog : null;
}

/** Close the guide's first step the server drew, when the guide is not to open: this
 * browser has seen it (the server is told, for the next load), or the game is under way. */
export function dropServedGuide() {
  if (guideSeen()) tellServer();
  const dialog = servedGuide();
  if (!dialog) return;
  dialog.close();
  delete dialog.dataset.dialog;
  delete dialog.dataset.step;
  dialog.removeAttribute("aria-labelledby");
  document.getElementById("dialog-body").replaceChildren();
}

const overlaps = (a, b) => Math.abs(a[0] - b[0]) < 2 && Math.abs(a[1] - b[1]) < 2;

/** The positions free among `present` (a Set of indices). */
export function freeTiles(present) {
  const free = new Set();
  for (const i of present) {
    const [x, y, z] = POSITIONS[i];
    const others = [...present].filter((j) => j !== i).map((j) => POSITIONS[j]);
    const covered = others.some((p) => p[2] === z + 1 && overlaps(p, POSITIONS[i]));
    const side = (dx) => others.some((p) => p[2] === z && p[0] === x + dx && Math.abs(p[1] - y) < 2);
    if (!covered && (!side(-2) || !side(2))) free.add(i);
  }
  return free;
}

/** The pairs that can be taken now. */
function pairs(present, faces) {
  const free = [...freeTiles(present)];
  const found = [];
  free.forEach((a, k) => free.slice(k + 1).forEach((b) => {
    if (tilesMatch(faces[a], faces[b])) found.push([a, b]);
  }));
  return found;
}

/** A first pair of a way to clear the board, or null when the position cannot be won. */
export function winningPair(present, faces, seen = new Map()) {
  if (!present.size) return [];
  const key = [...present].sort((a, b) => a - b).join(",");
  if (seen.has(key)) return seen.get(key);
  let found = null;
  for (const pair of pairs(present, faces)) {
    const rest = new Set(present);
    pair.forEach((i) => rest.delete(i));
    if (winningPair(rest, faces, seen) !== null) {
      found = pair;
      break;
    }
  }
  seen.set(key, found);
  return found;
}

/** A copy of `items` in a random order (Fisher–Yates). */
function shuffled(items) {
  const out = [...items];
  for (let k = out.length - 1; k > 0; k -= 1) {
    const j = Math.floor(Math.random() * (k + 1));
    [out[k], out[j]] = [out[j], out[k]];
  }
  return out;
}

/** Open the guide; `onClose` runs when it closes (by Finish, Skip or Escape). */
export function guidePage({ onClose, tileGuide = null } = {}) {
  const game = { present: new Set(POSITIONS.keys()), faces: [...FACES], selected: null, history: [], hint: null };
  const done = new Set(); // the steps the player has done
  let step = 0;

  const board = h("div", { class: "guide-board", id: "guide-board", role: "group", "aria-label": t("guideBoard") });
  const chip = h("span", { class: "guide-chip", id: "guide-chip", role: "status" });
  const text = h("p", { class: "guide-text", id: "guide-text", "aria-live": "polite" });
  const progress = h("p", { class: "guide-progress muted", id: "guide-progress" });
  const hint = h("button", { type: "button", class: "btn", id: "guide-hint", "aria-keyshortcuts": "H", onclick: () => act("hint") });
  const undo = h("button", { type: "button", class: "btn", id: "guide-undo", "aria-keyshortcuts": "Z", onclick: () => act("undo") });
  const shuffle = h("button", { type: "button", class: "btn", id: "guide-shuffle", "aria-keyshortcuts": "S", onclick: () => act("shuffle") });
  fillButton(hint, "hint", t("hint"));
  fillButton(undo, "undo", t("undo"));
  fillButton(shuffle, "shuffle", t("shuffle"));
  const back = h("button", { type: "button", class: "btn", id: "guide-back", onclick: () => go(step - 1) }, t("guideBack"));
  const next = h("button", { type: "button", class: "btn primary", id: "guide-next", onclick: () => go(step + 1) });
  const skip = h("button", { type: "button", class: "btn", id: "guide-skip", onclick: () => closeDialog() }, t("guideSkip"));
  // the tile guide takes the dialog's place (the practice board is seen once closed so)
  const kinds = tileGuide && h("button", { type: "button", class: "btn", "data-action": "tile-guide", onclick: () => tileGuide() }, t("tileGuide"));

  const tiles = POSITIONS.map(([x, y, z], i) => {
    const el = h("button", { type: "button", class: "tile", "data-i": i, onclick: () => tap(i) });
    el.style.left = `${(x * W) / 2 - z * LIFT + LIFT}px`;
    el.style.top = `${(y * H) / 2 - z * LIFT + LIFT}px`;
    el.style.zIndex = String(z * 100 + x + y);
    board.append(el);
    return el;
  });

  function draw() {
    const free = freeTiles(game.present);
    tiles.forEach((el, i) => {
      const here = game.present.has(i);
      el.hidden = !here;
      if (!here) return;
      el.dataset.tile = game.faces[i];
      paintFace(el, game.faces[i], shownTileStyle());
      el.classList.toggle("free", free.has(i));
      el.classList.toggle("blocked", !free.has(i));
      el.classList.toggle("selected", game.selected === i);
      el.classList.toggle("hint", Boolean(game.hint && game.hint.includes(i)));
      el.setAttribute("aria-label", t(free.has(i) ? "tileFree" : "tileBlocked", { name: tileName(game.faces[i]) }));
      el.setAttribute("aria-pressed", String(game.selected === i));
    });
    const winnable = winningPair(game.present, game.faces) !== null;
    chip.dataset.winnable = winnable ? Verdict.WINNABLE : Verdict.LOST;
    chip.textContent = `${winnable ? "✓" : "✗"} ${t(winnable ? "winnableYes" : "winnableNo")}`;
    undo.disabled = !game.history.length;
    board.dataset.left = String(game.present.size);
    const focused = document.activeElement;
    if (focused && focused.hidden && board.contains(focused)) tiles.find((el) => !el.hidden)?.focus();
  }

  function achieved(key) {
    if (STEPS[step] !== key || done.has(key)) return;
    done.add(key);
    text.textContent = `${text.textContent} ${t("guideWellDone")}`;
    next.focus();
  }

  function tap(i) {
    const free = freeTiles(game.present);
    if (!free.has(i)) {
      tiles[i].classList.remove("shake");
      void tiles[i].offsetWidth; // restart the animation
      tiles[i].classList.add("shake");
      game.selected = null;
      text.textContent = t("guideBlockedTap", { name: tileName(game.faces[i]) });
      achieved("guideFree");
    } else if (game.selected === i) {
      game.selected = null;
    } else if (game.selected !== null && tilesMatch(game.faces[game.selected], game.faces[i])) {
      const pair = [game.selected, i];
      game.history.push({ pair, faces: [...game.faces] });
      pair.forEach((k) => game.present.delete(k));
      game.selected = null;
      game.hint = null;
      achieved("guidePair");
      if (!game.present.size) text.textContent = t("guideCleared");
    } else {
      game.selected = i;
    }
    draw();
  }

  function act(name) {
    if (name === "hint") {
      game.hint = winningPair(game.present, game.faces) || pairs(game.present, game.faces)[0] || null;
      text.textContent = game.hint
        ? t("announceHint", { first: tileName(game.faces[game.hint[0]]), second: tileName(game.faces[game.hint[1]]) })
        : t("noMovesTitle");
      achieved("guideHint");
    } else if (name === "undo") {
      const last = game.history.pop();
      if (!last) return;
      last.pair.forEach((k) => game.present.add(k));
      game.faces = last.faces;
      game.selected = null;
      text.textContent = t("announceUndone");
      achieved("guideUndo");
    } else if (name === "shuffle") {
      const before = [...game.faces];
      const left = [...game.present];
      for (let attempt = 0; attempt < 200; attempt += 1) {
        const drawn = shuffled(left.map((i) => game.faces[i]));
        const faces = [...game.faces];
        left.forEach((i, k) => { faces[i] = drawn[k]; });
        if (winningPair(game.present, faces) !== null) {
          game.history.push({ pair: [], faces: before });
          game.faces = faces;
          break;
        }
      }
      game.selected = null;
      game.hint = null;
      text.textContent = t("announceShuffled");
      achieved("guideShuffle");
    }
    draw();
  }

  function go(to) {
    if (to >= STEPS.length) {
      closeDialog();
      return;
    }
    step = Math.max(0, to);
    text.textContent = t(STEPS[step]);
    progress.textContent = t("guideStep", { n: step + 1, total: STEPS.length });
    back.disabled = step === 0;
    next.textContent = t(step === STEPS.length - 1 ? "guideFinish" : "guideNext");
    const key = STEPS[step];
    hint.hidden = !["guideHint", "guideUndo", "guideShuffle", "guideChip"].includes(key);
    undo.hidden = !["guideUndo", "guideShuffle", "guideChip"].includes(key);
    shuffle.hidden = !["guideShuffle", "guideChip"].includes(key);
    chip.hidden = key !== "guideChip";
    for (const [name, el] of [["guideHint", hint], ["guideUndo", undo], ["guideShuffle", shuffle], ["guideChip", chip]]) {
      el.classList.toggle("guide-focus", name === key);
    }
    document.getElementById("dialog").dataset.step = key;
  }

  const keys = (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const name = { h: "hint", z: "undo", s: "shuffle" }[event.key.toLowerCase()];
    const button = { hint, undo, shuffle }[name];
    if (!button || button.hidden || button.disabled) return;
    event.preventDefault();
    act(name);
  };

  openDialog("guide", h("div", { class: "guide", onkeydown: keys },
    h("h2", {}, t("guideTitle")),
    progress,
    text,
    h("div", { class: "guide-stage" }, board),
    h("div", { class: "guide-tools" }, hint, undo, shuffle, chip),
    buttons(...[kinds, skip, back, next].filter(Boolean))), {
    wide: false,
    onClose: () => {
      markSeen();
      delete document.getElementById("dialog").dataset.step;
      if (onClose) onClose();
    },
  });
  go(0);
  draw();
  next.focus();
}

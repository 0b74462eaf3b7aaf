// Motion with meaning, for the classic board and the Connect grid alike:
//
// - a matched pair leaves: both tiles, now ghosts that take no taps (tile-view.js `fadeOut`),
//   lift, drift toward each other and fade (`.ghost.leaving`, ~260 ms).  The board's state is
//   the server's at once, so the next tap is never held up;
// - a shuffle (and its undo or redo) shows each new face travelling from where that face was
//   to its new place (`.tile.moving`, a FLIP: the tile is drawn at its end, and a Web
//   Animation "tile-move" brings it from the old place's offset back home);
// - tiles an undo brings back settle into place (`.tile.returning`);
// - a win celebrates: confetti of our own drawing (dots, sticks and tiles, as the suits)
//   bursts from the last pair on a canvas (`#celebration`) over the win dialog, taking no
//   clicks, and clears itself after about three seconds;
// - a blocked tap shakes (tile-view.js `shake`).
//
// All of it is off under `prefers-reduced-motion: reduce` and when the player turns the
// Animations setting off (settings/motion-setting.js): this module then starts nothing, and
// under `<html data-motion="off">` css/board/motion.css stops every CSS animation and
// transition of the page (the hint's pulse, a dialog's entry, Connect's slide), as
// css/shell/app.css does for the media query.

import { tilesMatch } from "./faces.js";
import { boardVector } from "./viewport.js";

const reduceQuery = window.matchMedia("(prefers-reduced-motion: reduce)");

/** Whether the page may animate now: the system does not ask for less motion, and the
 * player has not turned animations off. */
export function motionAllowed() {
  return !reduceQuery.matches && document.documentElement.dataset.motion !== "off";
}

/** Apply the Animations setting (settings `motion`, on unless turned off). */
export function applyMotion(settings) {
  document.documentElement.dataset.motion = settings.motion === false ? "off" : "on";
}

// -- a pair leaves ----------------------------------------------------------------------

const LEAVE_MS = 260;
const LEAVE = "pair-leave"; // the animation's id
/** At most this many ghosts at once (a fast demo, Finish): older ones go at once. */
const MAX_LEAVING = 12;
/** How far the two tiles of a pair drift toward each other: a share of the gap, at most
 * this many tile widths. */
const DRIFT = 0.3;
const MAX_DRIFT = 1.2;

let batch = null; // the ghosts removed by one drawing, paired once the drawing is done
const leaving = []; // the ghosts animating, oldest first: {outer, timer}
let lastPlaces = []; // where the last ghosts were (viewport points), for the celebration

/** A removed tile leaves: `el` (already a ghost, its face `label`) animates, then `outer`
 * (the tile or its holder) is removed.  The ghosts of one drawing are paired by face. */
export function leave(el, outer, label) {
  if (!motionAllowed()) {
    outer.remove();
    return;
  }
  if (!batch) {
    batch = [];
    queueMicrotask(launch);
  }
  batch.push({ el, outer, label });
}

function launch() {
  if (!batch) return; // already launched (a celebration asked for the last places first)
  const ghosts = batch;
  batch = null;
  const placed = ghosts.filter((ghost) => ghost.outer.isConnected).map((ghost) => {
    const box = ghost.el.getBoundingClientRect();
    const width = ghost.el.offsetWidth || box.width || 1; // all reads first: one layout
    return { ...ghost, box, width, x: box.left + box.width / 2, y: box.top + box.height / 2 };
  });
  lastPlaces = placed.map(({ x, y }) => ({ x, y }));
  const alone = [...placed];
  while (alone.length) {
    const ghost = alone.shift();
    const at = alone.findIndex((other) => tilesMatch(ghost.label, other.label));
    const partner = at >= 0 ? alone.splice(at, 1)[0] : null;
    drift(ghost, partner);
    if (partner) drift(partner, ghost);
  }
}

/** Send one ghost on its way: toward its partner (when there is one), up, and out. */
function drift(ghost, partner) {
  const { el, outer, box, width } = ghost;
  // distances are measured on the screen and moved inside a board that may be zoomed or turned
  const stage = el.closest("#stage");
  let dx = 0;
  let dy = 0;
  if (partner) {
    const gap = Math.hypot(partner.x - ghost.x, partner.y - ghost.y) || 1;
    const reach = Math.min(gap * DRIFT, box.width * MAX_DRIFT);
    [dx, dy] = boardVector(stage, ((partner.x - ghost.x) / gap) * reach, ((partner.y - ghost.y) / gap) * reach);
  }
  const [upX, upY] = boardVector(stage, 0, -1); // the screen's up, in the board's pixels
  const lift = (width * 0.35) / (Math.hypot(upX, upY) || 1);
  const at = (share, up, size) => `translate(${(dx * share + upX * lift * up).toFixed(1)}px, ${(dy * share + upY * lift * up).toFixed(1)}px) scale(${size})`;
  outer.style.zIndex = "9000"; // above the tiles it passes
  const entry = { outer, timer: 0 };
  const done = () => {
    clearTimeout(entry.timer);
    outer.remove();
    const index = leaving.indexOf(entry);
    if (index >= 0) leaving.splice(index, 1);
  };
  entry.timer = setTimeout(done, LEAVE_MS + 200); // also when the animation never ends
  play(el, "leaving", LEAVE, [
    { offset: 0, transform: "none", opacity: 1 },
    { offset: 0.35, transform: at(0.3, 0.6, 1.06), opacity: 1 },
    { offset: 1, transform: at(1, 1, 0.6), opacity: 0 },
  ], { duration: LEAVE_MS, easing: "cubic-bezier(0.3, 0.1, 0.5, 1)", fill: "forwards" }, done);
  leaving.push(entry);
  while (leaving.length > MAX_LEAVING) {
    const oldest = leaving.shift();
    clearTimeout(oldest.timer);
    oldest.outer.remove();
  }
}

// -- a shuffle, an undo ---------------------------------------------------------------

const MOVE_MS = 460;
const MOVE = "tile-move"; // the flight's animation id
const RETURN_MS = 220;
const RETURN = "tile-return";
/** Boards with more tiles changing places than this show the new faces at once. */
const MAX_MOVING = 200;

/** What a view shows before a drawing: its game, and each tile element's face. */
export function snapshot(view) {
  const faces = new Map();
  for (const el of view.tiles.values()) faces.set(el, el.dataset.tile || "");
  return { game: view.gameId, faces };
}

/** After `view` drew the state that followed `before` (a snapshot): faces rearranged (a
 * shuffle) travel from their old places, and tiles brought back (an undo) settle in. */
export function animateChanges(view, before) {
  if (!before || before.game === null || before.game !== view.gameId || !motionAllowed()) return;
  const now = [...view.tiles.values()];
  const back = now.filter((el) => !before.faces.has(el));
  if (back.length && before.faces.size) {
    const heights = back.map((el) => el.offsetWidth * 0.3); // all reads first: one layout
    back.forEach((el, k) => play(el, "returning", RETURN,
      [{ offset: 0, transform: `translateY(${(-heights[k]).toFixed(1)}px) scale(1.08)`, opacity: 0 }],
      { duration: RETURN_MS, easing: "ease-out", fill: "backwards" }));
    return;
  }
  if (now.length !== before.faces.size) return;
  const changed = now.filter((el) => (el.dataset.tile || "") !== before.faces.get(el));
  if (changed.length < 2 || changed.length > MAX_MOVING) return;
  if (changed.some((el) => !el.dataset.tile || !before.faces.get(el))) return; // faces shown or hidden: a pause
  const places = new Map(changed.map((el) => [el, el.getBoundingClientRect()]));
  const routes = rearrangement(changed, before.faces, places);
  if (routes) fly(routes, places);
}

/** Each changed tile and the tile whose old face it now shows (the nearest such one), or
 * null when the faces changed in another way than a rearrangement. */
function rearrangement(changed, faces, places) {
  const sources = new Map(); // face -> tiles that showed it
  for (const el of changed) {
    const face = faces.get(el);
    if (!sources.has(face)) sources.set(face, []);
    sources.get(face).push(el);
  }
  const routes = [];
  for (const el of changed) {
    const free = sources.get(el.dataset.tile);
    if (!free || !free.length) return null;
    const here = places.get(el);
    let best = 0;
    for (let k = 1; k < free.length; k += 1) {
      if (distance(places.get(free[k]), here) < distance(places.get(free[best]), here)) best = k;
    }
    routes.push([el, places.get(free.splice(best, 1)[0])]);
  }
  return routes;
}

function distance(a, b) {
  return Math.hypot(a.left - b.left, a.top - b.top);
}

/** FLIP: each tile of `routes` is drawn at its place (`places`, viewport boxes); it starts
 * from the box of the face's old place and comes home (`.moving` meanwhile).  All reads
 * first, then one animation per tile: one layout for the whole board. */
function fly(routes, places) {
  const offsets = routes.map(([el, from]) => {
    const here = places.get(el);
    // measured on the screen, moved inside a board that may be zoomed or turned
    return [el, ...boardVector(el.closest("#stage"), from.left - here.left, from.top - here.top)];
  });
  for (const [el, dx, dy] of offsets) {
    play(el, "moving", MOVE,
      [{ offset: 0, transform: `translate(${dx.toFixed(1)}px, ${dy.toFixed(1)}px) scale(1.06)` }],
      { duration: MOVE_MS, delay: Math.round(Math.random() * 90), easing: "cubic-bezier(0.2, 0.75, 0.25, 1)", fill: "backwards" });
  }
}

/** Play the Web Animation `id` (`keyframes`, `timing`) on `el`, from its start when one
 * still runs, with `className` on `el` meanwhile; then `after()`.  Fixed values of
 * transform and opacity: the compositor plays them without styling or painting the board
 * again on each frame. */
function play(el, className, id, keyframes, timing, after = null) {
  for (const running of el.getAnimations()) if (running.id === id) running.cancel();
  el.classList.add(className);
  const animation = el.animate(keyframes, { ...timing, id });
  const ended = () => {
    if (!el.getAnimations().some((other) => other.id === id && other !== animation)) el.classList.remove(className);
    if (after) after();
  };
  animation.addEventListener("finish", ended);
  animation.addEventListener("cancel", ended);
}

// -- a win --------------------------------------------------------------------------

const CELEBRATION_MS = 3000;
const COLOURS = ["#e0a526", "#c62828", "#1d7a3e", "#1f5fae", "#c2185b", "#35c6ff", "#fbf7ea"];
const SHAPES = ["dot", "stick", "tile"];
let celebration = null; // {canvas, frame}

/** Confetti over the page (and the win dialog) for a moment: a burst from where the last
 * pair left (or the middle of the board), then a shower from the top.  Nothing when motion
 * is off; a new celebration replaces one still running. */
export function celebrate() {
  endCelebration();
  launch(); // the last pair's ghosts, drawn just now: where the burst starts
  if (!motionAllowed()) return;
  const canvas = document.createElement("canvas");
  canvas.id = "celebration";
  canvas.className = "celebration";
  canvas.setAttribute("aria-hidden", "true");
  canvas.setAttribute("popover", "manual"); // the top layer: over the dialog's backdrop
  document.body.append(canvas);
  if (typeof canvas.showPopover === "function") canvas.showPopover();
  const ratio = Math.min(2, window.devicePixelRatio || 1);
  const width = window.innerWidth;
  const height = window.innerHeight;
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  const context = canvas.getContext("2d");
  if (!context) {
    canvas.remove();
    return;
  }
  context.scale(ratio, ratio);
  const pieces = confetti(width, height);
  canvas.dataset.pieces = String(pieces.length);
  const start = performance.now();
  let last = start;
  const running = { canvas, frame: 0 };
  const draw = (now) => {
    const age = now - start;
    if (age > CELEBRATION_MS || !motionAllowed() || !canvas.isConnected) {
      endCelebration();
      return;
    }
    const dt = Math.min(0.05, (now - last) / 1000);
    last = now;
    context.clearRect(0, 0, width, height);
    context.globalAlpha = Math.min(1, (CELEBRATION_MS - age) / 700);
    for (const piece of pieces) {
      if (age < piece.delay) continue;
      move(piece, dt);
      paint(context, piece);
    }
    running.frame = requestAnimationFrame(draw);
  };
  running.frame = requestAnimationFrame(draw);
  celebration = running;
}

/** Stop the celebration now (a new game, or motion turned off). */
export function endCelebration() {
  if (!celebration) return;
  cancelAnimationFrame(celebration.frame);
  celebration.canvas.remove();
  celebration = null;
}

/** The pieces: most burst from the last pair's places, the rest fall from the top. */
function confetti(width, height) {
  const origins = lastPlaces.length ? lastPlaces : [{ x: width / 2, y: height / 2 }];
  const size = Math.max(6, Math.min(width, height) / 70);
  const pieces = [];
  const piece = (x, y, speed, angle, delay) => ({
    x, y, delay,
    vx: Math.cos(angle) * speed,
    vy: Math.sin(angle) * speed,
    turn: Math.random() * Math.PI * 2,
    spin: (Math.random() - 0.5) * 12,
    flip: Math.random() * Math.PI * 2,
    size: size * (0.7 + Math.random() * 0.6),
    colour: COLOURS[Math.floor(Math.random() * COLOURS.length)],
    shape: SHAPES[Math.floor(Math.random() * SHAPES.length)],
  });
  for (let k = 0; k < 110; k += 1) {
    const { x, y } = origins[k % origins.length];
    const angle = -Math.PI / 2 + (Math.random() - 0.5) * Math.PI * 1.1; // upward, fanned out
    const speed = (0.45 + Math.random() * 0.6) * Math.max(height, 500);
    pieces.push(piece(x, y, speed, angle, Math.random() * 120));
  }
  for (let k = 0; k < 70; k += 1) {
    pieces.push(piece(Math.random() * width, -20, 40 + Math.random() * 80, Math.PI / 2, 250 + Math.random() * 900));
  }
  return pieces;
}

const GRAVITY = 900; // px/s²
const DRAG = 1.6; // 1/s

function move(piece, dt) {
  piece.vx -= piece.vx * DRAG * dt;
  piece.vy += (GRAVITY - piece.vy * DRAG) * dt;
  piece.x += piece.vx * dt;
  piece.y += piece.vy * dt;
  piece.turn += piece.spin * dt;
  piece.flip += 9 * dt;
}

/** One piece, turning and flipping: a dot (circles), a stick (bamboo) or a little tile. */
function paint(context, piece) {
  const s = piece.size;
  context.save();
  context.translate(piece.x, piece.y);
  context.rotate(piece.turn);
  context.scale(Math.cos(piece.flip), 1); // the flip: a piece seen edge-on is a line
  context.fillStyle = piece.colour;
  if (piece.shape === "dot") {
    context.beginPath();
    context.arc(0, 0, s * 0.45, 0, Math.PI * 2);
    context.fill();
  } else if (piece.shape === "stick") {
    context.fillRect(-s * 0.15, -s * 0.75, s * 0.3, s * 1.5);
  } else {
    context.fillStyle = "#fbf7ea";
    context.fillRect(-s * 0.4, -s * 0.55, s * 0.8, s * 1.1);
    context.fillStyle = piece.colour === "#fbf7ea" ? "#c62828" : piece.colour;
    context.fillRect(-s * 0.22, -s * 0.3, s * 0.44, s * 0.6);
  }
  context.restore();
}

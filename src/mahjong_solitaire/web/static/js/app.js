// The page's controller: loads the game, sends taps and actions to the server in order,
// and draws every answer.  The server decides everything; the page only predicts the
// selection so that a tap answers within one frame.

import { api } from "./api.js";
import { BoardView } from "./board.js";
import { ConnectView } from "./connect.js";
import { apiFor, connectApi, createGame } from "./connectapi.js";
import { connectNewGamePart, connectStagesPanel } from "./connectpages.js";
import { closeDialog, dialogName, installDialog } from "./dialogs.js";
import { applyStrings, copyText, formatTime, paintButton, toast } from "./dom.js";
import { tilesMatch } from "./faces.js";
import { newGameDialog, noMovesDialog, winDialog } from "./gamedialogs.js";
import { announcer, BoardKeys } from "./keyboard.js";
import { forgetLayouts, loadLayouts } from "./layouts.js";
import { aboutPage, leaderboardPage, rulesPage, settingsPage, statisticsPage } from "./pages.js";
import { applySettings, loadSettings, onSystemThemeChange, saveSettings } from "./settings.js";
import { stagesPage } from "./stages.js";
import { chooseLanguage, loadCatalogue, t, tileName } from "./strings.js";
import { reducedMotion } from "./tileview.js";

const $ = (id) => document.getElementById(id);

let knownLayouts = [];
const AUTO_PAUSED = "mahjong-solitaire.auto-paused";

const app = {
  state: null,
  queue: Promise.resolve(),
  pending: 0,
  selection: null, // the predicted selection
  clock: { base: 0, at: 0, running: false },
  settings: loadSettings(),
  shownFor: null, // "id:status:version" of the last end-of-game dialog shown
  gameShown: null, // the id of the game drawn, to announce a new one
  verdict: null, // the solver's word on a position: {key, value} ("pending" while asked)
};

const classicBoard = new BoardView($("board"), $("stage"), {
  onTap: tap, // (its click handler also serves the Connect tiles: .tile[data-i])
  positionsOf: (name) => knownLayouts.find((layout) => layout.name === name)?.positions || null,
});
const connectBoard = new ConnectView($("board"), $("stage"));
let board = classicBoard; // the view of the game shown: classic or Connect
const keys = new BoardKeys($("board"), { tap });
const announce = announcer($("announcer"));
for (const view of [classicBoard, connectBoard]) view.setStyle(app.settings.tileStyle);

/** The view for `state`'s mode; switching clears the other view's board. */
function viewFor(state) {
  const view = state.mode === "connect" ? connectBoard : classicBoard;
  if (view !== board) {
    board.reset();
    board = view;
  }
  $("board").dataset.mode = state.mode || "classic";
  const other = document.querySelector("#menu [data-action='mode']");
  const label = state.mode === "connect" ? "menuPlayClassic" : "menuPlayConnect";
  if (other && other.dataset.label !== label) {
    other.dataset.label = label;
    paintButton(other);
  }
  return view;
}

// -- drawing ---------------------------------------------------------------------------

function show(state) {
  app.state = state;
  app.selection = state.selection;
  $("loading").hidden = true;
  viewFor(state);
  if (board.hint && !board.hint.every((i) => state.tiles.some((tile) => tile.i === i))) board.setHint(null);
  const fresh = app.gameShown !== null && app.gameShown !== state.id;
  app.gameShown = state.id;
  board.render(state);
  keys.refresh();
  if (fresh) announce(t("announceNewGame", { layout: state.layout.title, difficulty: t(state.difficulty) }));
  const el = $("board");
  el.dataset.status = state.status;
  el.dataset.game = state.id;
  el.dataset.version = state.version;
  $("tiles-left").textContent = state.tiles_left;
  $("pairs").textContent = state.status === "paused" ? "–" : state.pairs_available;
  const code = $("code");
  code.dataset.code = state.code || "";
  code.textContent = state.code || state.layout.title;
  app.clock = { base: state.elapsed, at: performance.now(), running: state.running };
  tick();
  const paused = state.status === "paused";
  const over = state.status === "won";
  $("pause-cover").hidden = !paused;
  el.inert = paused; // hidden faces: the board leaves the focus order and the reading
  $("hint").disabled = paused || over || state.status === "stuck";
  $("undo").disabled = paused || over || !state.can_undo;
  $("redo").disabled = paused || over || !state.can_redo;
  $("shuffle").disabled = paused || over;
  $("pause").disabled = over;
  const pause = $("pause");
  if (pause.dataset.icon !== (paused ? "play" : "pause")) {
    pause.dataset.icon = paused ? "play" : "pause";
    pause.dataset.label = paused ? "resume" : "pause";
    paintButton(pause);
  }
  document.title = `${state.tiles_left} · ${t("appTitle")}`;
  showWinnability(state);
  endOfGame(state);
}

/** What the solver's verdict is about: the game and the faces at each position. */
function positionKey(state) {
  return `${state.id}:${state.tiles.map((tile) => `${tile.i}${tile.tile}`).join(",")}`;
}

/** The solver's word on the position (classic games), asked once per position without
 * holding up play (a selection changes the game's version, not its position).  While the
 * answer is on its way the chip keeps the last verdict, so it does not blink on each tap;
 * an answer for another version of the game is dropped. */
function showWinnability(state) {
  const chip = $("winnable");
  const classic = (state.mode || "classic") === "classic";
  if (!classic || state.status === "paused") {
    chip.hidden = true;
    return;
  }
  const key = positionKey(state);
  const known = state.status === "won" ? "winnable" : state.winnability;
  if (known !== "unknown") app.verdict = { key, value: known };
  if (app.verdict && app.verdict.key === key) {
    if (app.verdict.value !== "pending") paintWinnability(app.verdict.value);
    return;
  }
  const verdict = { key, value: "pending" };
  app.verdict = verdict;
  api.winnability(state.id).then((answer) => {
    if (app.verdict !== verdict) return; // the position moved on
    if (answer.version !== state.version) { // the game moved on first: ask again next time
      app.verdict = null;
      return;
    }
    verdict.value = answer.winnability;
    const now = app.state;
    if (now && positionKey(now) === key && now.status !== "paused") paintWinnability(verdict.value);
  }).catch(() => {
    if (app.verdict === verdict) app.verdict = null;
  });
}

function paintWinnability(verdict) {
  const chip = $("winnable");
  chip.dataset.winnable = verdict;
  chip.hidden = verdict === "unknown";
  if (verdict === "unknown") return;
  const yes = verdict === "winnable";
  chip.querySelector(".num").textContent = yes ? "✓" : "✗";
  chip.querySelector("small").textContent = t(yes ? "winnableYes" : "winnableNo");
  chip.title = t(yes ? "winnableYesTitle" : "winnableNoTitle");
}

function endOfGame(state) {
  const key = `${state.id}:${state.status}:${state.version}`;
  const banner = $("stuck-banner");
  banner.hidden = state.status !== "stuck";
  banner.textContent = t("noMovesTitle");
  const current = dialogName();
  if (state.status !== "stuck" && current === "no-moves") closeDialog();
  if (state.status !== "won" && current === "win") closeDialog();
  if (app.shownFor === key) return;
  if (state.status === "stuck") {
    app.shownFor = key;
    announce(`${t("noMovesTitle")}. ${t(state.mode === "connect" ? "connectNoMovesNote" : "noMovesNote")}`);
    openNoMoves();
  } else if (state.status === "won") {
    app.shownFor = key;
    announce(t("announceWon", { time: formatTime(state.result ? state.result.time : state.elapsed) }));
    winDialog(state, {
      playAgain: () => playAgain(state),
      nextStage: (number) => playStage(number).catch(() => {}),
      newGame: () => openNewGame(),
      share: () => shareLink(),
    });
    confetti();
  }
}

function openNoMoves() {
  const state = app.state;
  noMovesDialog(state, {
    undo: () => run("undo"),
    shuffle: () => run("shuffle"),
    toWinnable: () => run("undo-to-winnable"),
    newGame: () => openNewGame(),
  });
}

function tick() {
  const { base, at, running } = app.clock;
  const seconds = running ? base + (performance.now() - at) / 1000 : base;
  const text = formatTime(seconds);
  const el = $("timer");
  if (el.textContent !== text) el.textContent = text;
}

setInterval(tick, 250);

// -- talking to the server -------------------------------------------------------------

/** Run `job` after every earlier request; draw its answer when nothing else is pending. */
function setPending(delta) {
  app.pending += delta;
  $("board").dataset.pending = String(app.pending);
}

function enqueue(job) {
  setPending(1);
  const result = app.queue.then(job).then((state) => {
    setPending(-1);
    app.state = state;
    if (app.pending === 0) show(state);
    return state;
  }, async (problem) => {
    await recover(problem, app.pending === 1);
    setPending(-1);
    throw problem;
  });
  app.queue = result.catch(() => {});
  return result;
}

async function recover(problem, last) {
  if (problem.status === 0) {
    toast(t("errorNetwork"), { error: true });
  } else if (problem.code === "stale_version") {
    toast(t("errorStale"));
  } else if (problem.code !== "no_shuffle") {
    toast(problem.message, { error: true });
  }
  if (last && app.state) {
    try {
      // a game replaced in another window (or gone): show the player's current game
      const replaced = problem.code === "game_over" || problem.code === "unknown_game";
      show(await (replaced ? api.current() : apiFor(app.state).game(app.state.id)));
    } catch {
      show(app.state);
    }
  }
}

function tap(i) {
  const state = app.state;
  if (!state || (state.status !== "playing" && state.status !== "stuck")) return;
  let shaken = false;
  if (!board.isFree(i)) {
    board.shake(i);
    shaken = true;
    app.selection = null;
    board.select([]);
  } else if (app.selection === i) {
    app.selection = null;
    board.select([]);
  } else if (app.selection !== null && tilesMatch(board.label(app.selection), board.label(i))) {
    board.select([app.selection, i]);
    app.selection = null;
  } else {
    app.selection = i;
    board.select([i]);
  }
  const name = tileName(board.label(i));
  enqueue(() => apiFor(app.state).tap(app.state.id, i, app.state.version)).then((answer) => {
    const outcome = answer.event && answer.event.outcome;
    if (outcome === "blocked" && !shaken) board.shake(i);
    if (outcome === "matched") board.setHint(null);
    const said = {
      selected: () => t("announceSelected", { name }),
      reselected: () => t("announceSelected", { name }),
      deselected: () => t("announceDeselected"),
      blocked: () => t("announceBlocked", { name }),
      matched: () => t("announceMatched", { name, n: answer.tiles_left }),
    }[outcome];
    if (said && answer.status !== "won") announce(said());
  }, () => {});
}

/** An action by name (hint, undo, redo, shuffle, pause, resume, undo-to-winnable). */
function run(name, options = {}) {
  const state = app.state;
  if (!state) return Promise.resolve();
  if (name !== "hint" && name !== "pause" && name !== "resume") board.setHint(null);
  if (name === "resume") sessionStorage.removeItem(AUTO_PAUSED);
  return enqueue(() => apiFor(app.state).action(app.state.id, name, app.state.version, options)).then((answer) => {
    if (name === "hint") board.setHint(answer.hint || null);
    if (name === "hint" && answer.hint) {
      const [first, second] = answer.hint.map((i) => tileName(board.label(i)));
      announce(t("announceHint", { first, second }));
    }
    const said = { undo: "announceUndone", redo: "announceRedone", shuffle: "announceShuffled" }[name];
    if (said) announce(t(said));
    return answer;
  });
}

/** Close the dialog and start the game that `request()` creates. */
function begin(request) {
  closeDialog();
  board.setHint(null);
  return enqueue(request);
}

const start = (body) => begin(() => createGame(body));
const playStage = (number, mode = app.state?.mode) => begin(() => (mode === "connect"
  ? connectApi.create({ stage: number }) : api.startStage(number)));

/** The same deal again: the same stage, the same code, or (imported layouts) the layout. */
function playAgain(state) {
  if (state.mode === "connect") return start({ code: state.code, stage: state.stage ?? undefined }).catch(() => {});
  if (state.stage) return playStage(state.stage).catch(() => {});
  if (state.code) return start({ code: state.code }).catch(() => {});
  return start({ layout: state.layout.name, difficulty: state.difficulty }).catch(() => {});
}

// -- commands --------------------------------------------------------------------------

const playable = () => app.state && (app.state.status === "playing" || app.state.status === "stuck");

const commands = {
  hint: () => playable() && app.state.status === "playing" && run("hint").catch(() => {}),
  undo: () => playable() && app.state.can_undo && run("undo").catch(() => {}),
  redo: () => playable() && app.state.can_redo && run("redo").catch(() => {}),
  shuffle: () => playable() && run("shuffle").catch((problem) => {
    if (problem.code === "no_shuffle") toast(t("shuffleImpossible"), { error: true });
  }),
  pause: () => {
    if (!app.state) return;
    if (app.state.status === "paused") run("resume").catch(() => {});
    else if (playable()) run("pause").then(() => announce(t("announcePaused")), () => {});
  },
  new: () => openNewGame(),
  daily: () => start({ daily: true }).catch(() => {}),
  stages: () => withPause((onClose) => stagesPage({ play: (number) => playStage(number).catch(() => {}), onClose })),
  connectStages: () => withPause((onClose) => connectStagesPanel({ start, onClose })),
  mode: () => openNewGame(app.state?.mode === "connect" ? "classic" : "connect"),
  leaderboard: () => withPause((onClose) => leaderboardPage({ layouts: layoutsOrEmpty(), highlight: app.state?.id, mode: modeShown(), onClose })),
  statistics: () => withPause((onClose) => statisticsPage({ layouts: layoutsOrEmpty(), mode: modeShown(), onClose })),
  settings: () => withPause((onClose) => settingsPage({ settings: app.settings, change: changeSettings, setLanguage, onClose })),
  rules: () => withPause((onClose) => rulesPage({ onClose })),
  about: () => withPause((onClose) => aboutPage({ onClose })),
};

const layoutsOrEmpty = () => knownLayouts;
const modeShown = () => app.state?.mode || "classic";

/** Open a page dialog; a running game pauses while it is open and resumes after. */
async function withPause(open) {
  const wasRunning = app.state && app.state.status === "playing";
  const pausing = wasRunning ? run("pause").catch(() => {}) : null;
  const onClose = () => {
    // After the pause has landed (a dialog closed at once must not leave the game paused).
    // The extra pending request spans the gap between the pause's answer and the resume, so
    // the board never says "nothing pending" while the game is about to resume.
    if (!wasRunning) return;
    setPending(1);
    pausing.then(() => {
      if (app.state && app.state.status === "paused" && !dialogName()) run("resume").catch(() => {});
      setPending(-1);
      if (app.pending === 0 && app.state) show(app.state);
    });
  };
  try {
    await open(onClose);
  } catch (problem) {
    toast(problem.message || t("errorNetwork"), { error: true });
    onClose();
  }
}

function openNewGame(mode = app.state?.mode || "classic") {
  return withPause((onClose) => newGameDialog({ current: app.state, start, onClose, mode,
    connectPart: () => connectNewGamePart({ start }) }));
}

function changeSettings(change) {
  Object.assign(app.settings, change);
  saveSettings(app.settings);
  applySettings(app.settings);
  for (const view of [classicBoard, connectBoard]) view.setStyle(app.settings.tileStyle);
}

/** Speak another language: the page's strings, then the server's (layout titles). */
async function setLanguage(lang) {
  await chooseLanguage(lang);
  applyStrings();
  forgetLayouts();
  knownLayouts = await loadLayouts().catch(() => knownLayouts);
  if (app.state) await enqueue(() => apiFor(app.state).game(app.state.id)).catch(() => {});
}

async function copyCode() {
  const code = app.state && app.state.code;
  if (!code) return;
  toast((await copyText(code)) ? t("copied") : t("copyFailed"), { error: false });
}

async function shareLink() {
  const code = app.state && app.state.code;
  if (!code) return;
  const url = `${window.location.origin}/?code=${encodeURIComponent(code)}`;
  toast((await copyText(url)) ? t("linkCopied") : t("copyFailed"));
}

function confetti() {
  if (reducedMotion()) return;
  const box = document.createElement("div");
  box.className = "confetti";
  const colors = ["#e0a526", "#c62828", "#1d7a3e", "#1f5fae", "#c2185b", "#35c6ff"];
  for (let k = 0; k < 70; k += 1) {
    const piece = document.createElement("i");
    piece.style.left = `${Math.random() * 100}%`;
    piece.style.background = colors[k % colors.length];
    piece.style.animationDelay = `${Math.random() * 600}ms`;
    piece.style.animationDuration = `${1400 + Math.random() * 1200}ms`;
    box.append(piece);
  }
  document.body.append(box);
  setTimeout(() => box.remove(), 3400);
}

// -- wiring ----------------------------------------------------------------------------

function wire() {
  for (const name of ["hint", "undo", "redo", "shuffle", "pause", "new"]) {
    $(name).addEventListener("click", () => commands[name]());
  }
  $("resume").addEventListener("click", () => commands.pause());
  $("code").addEventListener("click", copyCode);
  $("share").addEventListener("click", shareLink);
  $("stuck-banner").addEventListener("click", openNoMoves);
  const menu = $("menu");
  const menuButton = $("menu-button");
  const setMenu = (open) => {
    menu.hidden = !open;
    menuButton.setAttribute("aria-expanded", String(open));
    if (open) menu.querySelector("button").focus();
  };
  menuButton.addEventListener("click", (event) => {
    event.stopPropagation();
    setMenu(menu.hidden);
  });
  menu.addEventListener("click", (event) => {
    const item = event.target.closest("[data-action]");
    if (!item) return;
    setMenu(false);
    commands[item.dataset.action]();
  });
  document.addEventListener("click", (event) => {
    if (!menu.hidden && !menu.contains(event.target)) setMenu(false);
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !menu.hidden) {
      setMenu(false);
      menuButton.focus();
      return;
    }
    if (dialogName() || event.altKey || event.metaKey) return;
    if (event.target.closest && event.target.closest("input, textarea, select")) return;
    const key = event.key.toLowerCase();
    const ctrl = event.ctrlKey;
    let command = null;
    if (key === "z") command = ctrl && event.shiftKey ? "redo" : "undo";
    else if (key === "y") command = "redo";
    else if (ctrl) return;
    else command = { h: "hint", p: "pause", n: "new", s: "shuffle" }[key] || null;
    if (!command) return;
    event.preventDefault();
    commands[command]();
  });
  document.addEventListener("visibilitychange", () => {
    if (document.hidden && playable()) {
      // remembered for this tab: a reload (which hides the page too) resumes by itself
      sessionStorage.setItem(AUTO_PAUSED, app.state.id);
      run("pause", { keepalive: true }).catch(() => {});
    }
  });
  onSystemThemeChange(() => applySettings(app.settings));
  installDialog({ fallbackFocus: () => keys.focus() });
}

async function boot() {
  try {
    await loadCatalogue();
  } catch {
    // no catalogue (the server is not answering): the page speaks English
  }
  applyStrings();
  applySettings(app.settings);
  wire();
  const layoutsLoaded = loadLayouts().then((layouts) => { knownLayouts = layouts; }, () => {});
  const params = new URLSearchParams(window.location.search);
  const code = params.get("code");
  try {
    if (code) {
      window.history.replaceState(null, "", window.location.pathname);
      try {
        const created = await createGame({ code });
        await layoutsLoaded;
        show(created);
        return;
      } catch (problem) {
        toast(problem.message, { error: true });
      }
    }
    const current = await api.current();
    await layoutsLoaded;
    show(current);
    if (current.status === "paused" && sessionStorage.getItem(AUTO_PAUSED) === current.id) {
      run("resume").catch(() => {});
    }
  } catch (problem) {
    $("loading").textContent = problem.status === 0 ? t("errorNetwork") : t("errorGeneric", { message: problem.message });
  }
}

boot();

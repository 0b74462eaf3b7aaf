// The page's controller: loads the game, sends taps and actions to the server in order,
// and draws every answer.  The server decides everything; the page only predicts the
// selection so that a tap answers within one frame.

import { api, ApiError } from "./api.js";
import { serverUnreachable, watchConnection } from "./server-connection.js";
import { SolutionDemo } from "../aids/solution-demo.js";
import { dailyLabel, dailyPage, showDailyBadge } from "../dialogs/daily.js";
import { closeDialog, dialogName, installDialog } from "../dialogs/dialog.js";
import { applyStrings, copyText, formatTime, paintButton, showProblem, toast } from "./dom.js";
import { tilesMatch } from "../board/faces.js";
import { dropServedGuide, guidePage, guideSeen } from "../aids/first-run-guide.js";
import { fullscreenSwitch, registerServiceWorker, toggleFullscreen } from "./installable.js";
import { boardOf, keptSelection, noteSelection } from "../board/keep-selection.js";
import { announcer, BoardKeys } from "../board/keyboard.js";
import { forgetLayouts, loadLayouts } from "../layouts/layouts.js";
import { markMatches } from "../aids/highlight-matches.js";
import { firstItem, menuKeys } from "./menu.js";
import { keepFocusAcrossPause } from "../board/pause-focus.js";
import { askToLeave, mustAsk } from "../dialogs/confirm-leaving.js";
import { animateChanges, celebrate, motionAllowed, snapshot } from "../board/motion.js";
import { layoutFragment, layoutInFragment } from "../layouts/shared-layout.js";
import { classic, connect, createGame, MODES, modeOf, otherMode } from "../modes/index.js";
import { applySettings, loadSettings, onSystemThemeChange, saveSettings } from "../settings/player-settings.js";
import { Sound } from "../aids/sound.js";
import { isShuffleRefusal, SHUFFLE_NOT_FOUND, shuffleNotFoundDialog } from "../dialogs/shuffle-search.js";
import { chooseLanguage, loadCatalogue, t, tileName, tn } from "./strings.js";
import { keepOnOneLine } from "./top-bar.js";
import { whenSettled } from "./idle.js";
import { installViewport } from "../board/viewport.js";
import { RemovedTray } from "../board/removed-tray.js";
import { ErrorCode, Status } from "./vocabulary.js";
import { ChallengeStrip } from "../challenges/strip.js";
import { markRefusedAids, refusal } from "../challenges/refused-aids.js";

const $ = (id) => document.getElementById(id);

// The pages and dialogs not shown at start, loaded when first opened: the first load
// fetches only what draws the game (web/pwa/page.py preloads the static imports).
const gameDialogs = () => import("../dialogs/game-dialogs.js");
const pages = () => import("../dialogs/pages.js");
const connectDialogs = () => import("../modes/connect/dialogs.js");
const editor = () => import("../layouts/editor.js");
const tileGuide = () => import("../dialogs/tile-guide.js");
const reviews = () => import("../review/review-page.js");

const AUTO_PAUSED = "mahjong-solitaire.auto-paused";

// Everything the controller keeps between events, in one place.
const app = {
  state: null, // the last game state drawn or received
  layouts: [], // the layouts known (titles in the page's language; positions for the board)
  views: new Map(), // mode -> its board view (each mode draws its own way)
  view: null, // the view of the game shown
  queue: Promise.resolve(),
  pending: 0,
  selection: null, // the predicted selection
  clock: { base: 0, at: 0, running: false },
  settings: loadSettings(),
  shownFor: null, // "id:status:version" of the last end-of-game dialog shown
  gameShown: null, // the id of the game drawn, to announce a new one
  verdict: null, // the solver's word on a position: {key, value} ("pending" while asked)
  speechless: false, // the catalogue could not be loaded: the page speaks English for now
};

for (const mode of MODES) {
  // (the classic view's click handler also serves the other views' tiles: .tile[data-i])
  app.views.set(mode, new mode.View($("board"), $("stage"), {
    onTap: tap,
    positionsOf: (name) => app.layouts.find((layout) => layout.name === name)?.positions || null,
    announce: (text) => announce(text),
  }));
}
app.view = app.views.get(classic);
const keys = new BoardKeys($("board"), { tap });
const announce = announcer($("announcer"));
const pauseFocus = keepFocusAcrossPause({ board: $("board"), cover: $("pause-cover"), resume: $("resume"),
  dialogOpen: () => Boolean(dialogName()), fallback: () => keys.focus(), announce, resumedText: () => t("announceResumed") });
const viewport = installViewport($("stage"), $("board"), {
  announce, refit: () => app.view.fit(), turnButton: $("turn-board"), fitButton: $("fit-board"),
});
for (const view of app.views.values()) view.setStyle(app.settings.tileStyle);
// a challenge's figures; the time ran out on the page: the server says whether it is lost
const challenge = new ChallengeStrip($("stage"), { problem: showProblem,
  timeUp: () => app.state && enqueue(() => modeOf(app.state).api.game(app.state.id)).catch(reported) });
const tray = new RemovedTray($("removed"), $("removed-toggle"));
tray.setStyle(app.settings.tileStyle);
tray.setEnabled(app.settings.removedTray);
const sound = new Sound({ settings: () => app.settings, muted: () => !app.state || app.state.status === Status.PAUSED });
const demo = new SolutionDemo({
  state: () => app.state,
  view: () => app.view,
  modeOf,
  settled: () => app.queue,
  enqueue,
  run: (name) => run(name),
  announce,
  sound: (name) => sound.play(name),
  reported,
  speed: () => app.settings.demoSpeed,
  setSpeed: (speed) => changeSettings({ demoSpeed: speed }),
});

/** Highlight matches (a setting): the free tiles of the selected tile's group. */
function paintMatches() {
  markMatches($("board"), app.view, app.selection, app.settings.highlight);
}

/** The view for `state`'s mode; switching clears the other view's board. */
function viewFor(state) {
  const mode = modeOf(state);
  const view = app.views.get(mode);
  if (view !== app.view) {
    app.view.reset();
    app.view = view;
  }
  $("board").dataset.mode = mode.name;
  const other = document.querySelector("#menu [data-action='mode']");
  const label = otherMode(mode).switchLabel;
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
  const board = viewFor(state);
  if (board.hint && !board.hint.every((i) => state.tiles.some((tile) => tile.i === i))) board.setHint(null);
  const fresh = app.gameShown !== null && app.gameShown !== state.id;
  app.gameShown = state.id;
  const before = snapshot(board);
  board.render(state);
  animateChanges(board, before);
  paintMatches();
  tray.show(state);
  noteSelection(state);
  keys.refresh();
  if (fresh) announce(t("announceNewGame", { layout: state.layout.title, difficulty: t(state.difficulty) }));
  const el = $("board");
  if (demo.running && state.status === Status.PAUSED) demo.pause({ quiet: true });
  if (demo.running && (state.status === Status.WON || state.status === Status.STUCK)) demo.end();
  el.dataset.status = demo.statusOf(state);
  el.dataset.game = state.id;
  el.dataset.version = state.version;
  $("tiles-left").textContent = state.tiles_left;
  $("pairs").textContent = state.status === Status.PAUSED ? "–" : state.pairs_available;
  const code = $("code");
  code.dataset.code = state.code || "";
  code.textContent = state.code || state.layout.title;
  showDailyBadge(state);
  $("practice-badge").hidden = !state.practice;
  app.clock = { base: state.elapsed, at: performance.now(), running: state.running };
  tick();
  const paused = state.status === Status.PAUSED;
  const over = state.status === Status.WON || state.status === Status.LOST;
  $("pause-cover").hidden = !paused;
  el.inert = paused; // hidden faces: the board leaves the focus order and the reading
  $("hint").disabled = paused || over || state.status === Status.STUCK;
  $("undo").disabled = paused || over || !state.can_undo;
  $("redo").disabled = paused || over || !state.can_redo;
  $("shuffle").disabled = paused || over;
  $("solve").disabled = paused || over;
  $("finish").hidden = !state.finishable;
  $("pause").disabled = over;
  const pause = $("pause");
  if (pause.dataset.icon !== (paused ? "play" : "pause")) {
    pause.dataset.icon = paused ? "play" : "pause";
    pause.dataset.label = paused ? "resume" : "pause";
    paintButton(pause);
  }
  markRefusedAids(state);
  challenge.show(state);
  showTitle(state);
  showWinnability(state);
  endOfGame(state);
}

/** The tab's title: the tiles left, but for zen (no counter while playing); a daily
 * challenge is named with its date. */
function showTitle(state) {
  const name = [dailyLabel(state), t("appTitle")].filter(Boolean).join(" · ");
  document.title = app.settings.zen ? name : `${state.tiles_left} · ${name}`;
}

/** What the solver's verdict is about: the game and the faces at each position. */
function positionKey(state) {
  return `${state.id}:${boardOf(state)}`;
}

/** The solver's word on the position (classic games), asked once per position without
 * holding up play (a selection changes the game's version, not its position).  While the
 * answer is on its way the chip keeps the last verdict, so it does not blink on each tap;
 * an answer for another version of the game is dropped. */
function showWinnability(state) {
  const chip = $("winnable");
  if (!modeOf(state).winnability || state.status === Status.PAUSED) {
    chip.hidden = true;
    return;
  }
  const key = positionKey(state);
  const known = state.status === Status.WON ? "winnable" : state.winnability;
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
    if (now && positionKey(now) === key && now.status !== Status.PAUSED) paintWinnability(verdict.value);
  }).catch((problem) => {
    if (app.verdict !== verdict) return; // the position moved on: its verdict no longer matters
    app.verdict = null; // asked again with the next position
    showProblem(problem);
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
  banner.hidden = state.status !== Status.STUCK;
  banner.textContent = t("noMovesTitle");
  const current = dialogName();
  if (state.status !== Status.STUCK && current === "no-moves") closeDialog();
  if (state.status !== Status.WON && current === "win") closeDialog();
  if (state.status !== Status.LOST && current === "challenge-lost") closeDialog();
  if (app.shownFor === key) return;
  if (state.status === Status.LOST) {
    app.shownFor = key;
    import("../challenges/lost-dialog.js").then(({ lostDialog }) => lostDialog(state, {
      playAgain: () => playAgain(state), newGame: () => openNewGame() }), showProblem);
  }
  if (state.status === Status.STUCK) {
    app.shownFor = key;
    announce(`${t("noMovesTitle")}. ${t(modeOf(state).noMovesNote)}`);
    openNoMoves();
  } else if (state.status === Status.WON) {
    app.shownFor = key;
    announce(t("announceWon", { time: formatTime(state.result ? state.result.time : state.elapsed) }));
    sound.play(state.stage ? "stage" : "win");
    gameDialogs().then(({ winDialog }) => winDialog(state, {
      playAgain: () => playAgain(state),
      nextStage: (number) => playStage(number).catch(reported),
      newGame: () => openNewGame(),
      share: () => shareLink(),
      review: () => openReview(state.id),
      findNextUnwon: modeOf(state) === classic ? () => import("../layouts/next-unwon.js")
        .then(({ nextUnwonAfter }) => nextUnwonAfter(classic.name, state.layout.name, state.difficulty)) : null,
      start,
    }), showProblem);
    celebrate();
  }
}

function openNoMoves() {
  const state = app.state;
  gameDialogs().then(({ noMovesDialog }) => noMovesDialog(state, {
    undo: () => run("undo"),
    shuffle: () => run("shuffle"),
    shuffleNotFound: openShuffleSearch,
    toWinnable: () => run("undo-to-winnable"),
    newGame: () => openNewGame(),
    review: () => openReview(state.id),
  }), showProblem);
}

/** The review of the player's game `id` (review/review-page.js); Try from here starts its
 * practice copy and returns to play. */
function openReview(id) {
  return withPause(async (onClose) => (await reviews())
    .reviewPage({ gameId: id, play: (request) => begin(request).catch(reported), onClose }));
}

/** No solvable shuffle found yet (rules §6.2): offer a longer search or an undo. */
function openShuffleSearch() {
  shuffleNotFoundDialog({
    searchLonger: () => run("shuffle-longer").then(() => closeDialog()),
    undo: () => run("undo").then(() => closeDialog(), reported),
    canUndo: Boolean(app.state?.can_undo),
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
  // The queue only keeps the order: the next request waits for this one whatever its
  // outcome, and the outcome (a state or a problem) goes to the caller through `result`.
  app.queue = result.then(() => undefined, () => undefined);
  return result;
}

/** Tell the player why a queued request failed (the caller's catch then needs `reported`),
 * and when it was the last one pending, draw the game as the server has it now. */
async function recover(problem, last) {
  if (!(problem instanceof ApiError)) {
    showProblem(problem); // a fault of the page: shown, and not marked (it is thrown on)
  } else if (problem.status === 0) {
    toast(t("errorNetwork"), { error: true });
    problem.reported = true;
  } else if (problem.code === ErrorCode.STALE_VERSION) {
    toast(t("errorStale"));
    problem.reported = true;
  } else if (!isShuffleRefusal(problem)) { // the shuffle commands have their own words
    toast(problem.message, { error: true });
    problem.reported = true;
  }
  if (last && app.state) {
    try {
      // a game replaced in another window (or gone): show the player's current game
      const replaced = problem.code === ErrorCode.GAME_OVER || problem.code === ErrorCode.UNKNOWN_GAME;
      show(await (replaced ? api.current() : modeOf(app.state).api.game(app.state.id)));
    } catch (again) {
      // the player has just been told what failed; when the server cannot be asked either
      // (the network is still gone), the last state stays drawn
      if (!(again instanceof ApiError)) throw again;
      show(app.state);
    }
  }
}

/** The catch of a queued request whose problem recover() has shown; anything else (a
 * fault of the page, or a problem nobody showed) is thrown on, never swallowed. */
function reported(problem) {
  if (!(problem && problem.reported)) throw problem;
}

function tap(i) {
  const state = app.state;
  const board = app.view;
  if (!state || (state.status !== Status.PLAYING && state.status !== Status.STUCK)) return;
  demo.stop(); // the player takes over
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
  paintMatches();
  const name = tileName(board.label(i));
  let before = null; // the server's selection when the tap is sent
  enqueue(() => {
    const shown = app.state;
    before = shown.selection;
    // the answer is what changed (the pair removed, the tiles freed, the counters): the
    // mode applies it to the state it was sent from
    return modeOf(shown).api.tap(shown.id, i, shown.version).then((change) => modeOf(shown).applyTap(shown, change));
  }).then((answer) => {
    const outcome = answer.event && answer.event.outcome;
    if (outcome === "blocked" && !shaken) board.shake(i);
    if (outcome === "matched") board.setHint(null);
    const refused = board.refusedMatch ? board.refusedMatch(answer.event, before) : null;
    if (refused) { // a view that knows why a match was refused (Connect: no path joins them)
      sound.play("blocked");
      toast(t(refused), { error: true });
      announce(t(refused));
      return;
    }
    sound.play({ selected: "select", reselected: "select", matched: "match", blocked: "blocked" }[outcome]);
    const said = {
      selected: () => t("announceSelected", { name }),
      reselected: () => t("announceSelected", { name }),
      deselected: () => t("announceDeselected"),
      blocked: () => t("announceBlocked", { name }),
      matched: () => t("announceMatched", { name, n: answer.tiles_left }),
    }[outcome];
    if (said && answer.status !== Status.WON) announce(said());
  }, reported);
}

/** An action by name (hint, undo, redo, shuffle, pause, resume, undo-to-winnable). */
function run(name, options = {}) {
  const state = app.state;
  if (!state) return Promise.resolve();
  if (refusal(state, name)) return Promise.resolve(state); // shown unavailable: nothing to send
  const board = app.view;
  if (name !== "pause" && name !== "resume") demo.stop({ quiet: true }); // the player's own move
  if (name !== "hint" && name !== "pause" && name !== "resume") board.setHint(null);
  if (name === "resume") sessionStorage.removeItem(AUTO_PAUSED);
  return enqueue(() => modeOf(app.state).api.action(app.state.id, name, app.state.version, options)).then((answer) => {
    if (name === "hint") board.setHint(answer.hint || null);
    if (name === "hint" && answer.hint) {
      const [first, second] = answer.hint.map((i) => tileName(board.label(i)));
      announce(t("announceHint", { first, second }));
    }
    const said = { undo: "announceUndone", redo: "announceRedone" }[name];
    if (said) announce(t(said));
    if (name === "shuffle" || name === "shuffle-longer") {
      const shuffled = tn("announceShuffledPairs", answer.pairs_available);
      toast(shuffled);
      announce(shuffled);
    }
    if (name === "hint" || name === "shuffle") sound.play(name);
    return answer;
  });
}

/** Whether the game shown may be left: nothing to lose, the question turned off, or the
 * player said so (dialogs/confirm-leaving.js).  Every way to another game asks here, and only
 * here. */
async function confirmLeaving() {
  if (!mustAsk(app.state, app.settings)) return true;
  const leave = await askToLeave(withPause);
  if (!leave) announce(t("announceKeptPlaying"));
  return leave;
}

/** Close the dialog and start the game that `request()` creates, once the game shown may be
 * left (null when the player keeps it). */
async function begin(request) {
  if (!(await confirmLeaving())) return null;
  closeDialog();
  app.view.setHint(null);
  return enqueue(request);
}

const start = (body) => begin(() => { demo.stop({ quiet: true }); return createGame(body); });
const playStage = (number, mode = modeOf(app.state)) => begin(() => mode.startStage(number));

/** The same deal again (each mode knows what that is: the stage, the code, the layout; a
 * test play of the layout editor deals its draft anew). */
function playAgain(state) {
  // the editor's module loads inside the queued request, which marks the board pending at
  // once: the click is a request in flight from the start, however long the import takes
  return begin(async () => {
    const { testPlayAgain } = await editor();
    return (testPlayAgain(state) || (() => modeOf(state).again(state)))();
  }).catch(reported);
}

// -- commands --------------------------------------------------------------------------

const playable = () => app.state && (app.state.status === Status.PLAYING || app.state.status === Status.STUCK);

const commands = {
  hint: () => playable() && app.state.status === Status.PLAYING && run("hint").catch(reported),
  undo: () => playable() && app.state.can_undo && run("undo").catch(reported),
  redo: () => playable() && app.state.can_redo && run("redo").catch(reported),
  shuffle: () => playable() && run("shuffle").catch((problem) => {
    if (problem.code === SHUFFLE_NOT_FOUND) openShuffleSearch();
    else if (isShuffleRefusal(problem)) toast(t("shuffleImpossible"), { error: true });
    else reported(problem);
  }),
  pause: () => {
    if (!app.state) return;
    if (app.state.status === Status.PAUSED) run("resume").catch(reported);
    else if (playable()) run("pause").then(() => announce(t("announcePaused")), reported);
  },
  solve: () => playable() && demo.start(),
  finish: () => playable() && app.state.finishable && finish(),
  restart: () => app.state && restart(),
  new: () => openNewGame(),
  daily: () => withPause((onClose) => dailyPage({ play: (body) => start(body).catch(reported), onClose })),
  stages: () => withPause(async (onClose) => (await import("../modes/classic/stages.js"))
    .stagesPage({ play: (number) => playStage(number, classic).catch(reported), onClose })),
  connectStages: () => withPause(async (onClose) => (await connectDialogs()).connectStagesPanel({ start, onClose })),
  mode: () => openNewGame(otherMode(modeOf(app.state))),
  leaderboard: () => withPause(async (onClose) => (await pages())
    .leaderboardPage({ layouts: app.layouts, highlight: app.state?.id, mode: modeOf(app.state), onClose })),
  statistics: () => withPause(async (onClose) => (await import("../dialogs/statistics.js"))
    .statisticsPage({ layouts: app.layouts, mode: modeOf(app.state), onClose, review: openReview })),
  settings: () => withPause(async (onClose) => {
    const [{ settingsPage }, { aidSettingsPart }] = await Promise.all([pages(), import("../settings/aid-settings.js")]);
    return settingsPage({ settings: app.settings, change: changeSettings, setLanguage, onClose,
      aidSettings: () => aidSettingsPart(app.settings, changeSettings, () => sound.sample()) });
  }),
  rules: () => withPause(async (onClose) => (await pages()).rulesPage({ onClose })),
  fullscreen: () => toggleFullscreen(),
  turn: () => viewport.turn(),
  // a deal not yet played (version 0) has no clock to stop: pausing would store it
  guide: () => (app.state && app.state.version === 0
    ? guidePage({ tileGuide: () => commands["tile-guide"]() })
    : withPause((onClose) => guidePage({ onClose, tileGuide: () => commands["tile-guide"]() }))),
  "tile-guide": () => withPause(async (onClose) => (await tileGuide()).tileGuidePage({ onClose })),
  about: () => withPause(async (onClose) => (await pages()).aboutPage({ onClose })),
  editor: () => withPause(openEditor),
  // the editor opened from the Layouts page takes its place, and resumes the game as it closes
  layouts: () => withPause(async (onClose) => (await import("../layouts/layouts-page.js"))
    .layoutsDialog({ editor: () => openEditor(onClose), onClose })),
};

function openEditor(onClose) {
  return editor().then(({ layoutEditor }) => layoutEditor({ play: (request) => begin(request).catch(reported), onClose }));
}

/** Open a page dialog; a running game pauses while it is open and resumes after. */
async function withPause(open) {
  const wasRunning = app.state && app.state.status === Status.PLAYING && !refusal(app.state, "pause");
  if (wasRunning) pauseFocus.forDialog(); // the focus goes to the dialog, not to Resume
  const pausing = wasRunning ? run("pause").catch(reported) : null;
  const onClose = () => {
    // After the pause has landed (a dialog closed at once must not leave the game paused).
    // The extra pending request spans the gap between the pause's answer and the resume, so
    // the board never says "nothing pending" while the game is about to resume.
    if (!wasRunning) return;
    setPending(1);
    pausing.finally(() => {
      if (app.state && app.state.status === Status.PAUSED && !dialogName()) run("resume").catch(reported);
      setPending(-1);
      if (app.pending === 0 && app.state) show(app.state);
    });
  };
  try {
    await open(onClose);
  } catch (problem) {
    showProblem(problem);
    onClose();
  }
}

function openNewGame(mode = modeOf(app.state)) {
  return withPause(async (onClose) => {
    const [{ newGameDialog }, { connectNewGamePart }] = await Promise.all([gameDialogs(), connectDialogs()]);
    return newGameDialog({ current: app.state, start, onClose, mode,
      parts: { [connect.name]: () => connectNewGamePart({ start }) } });
  });
}

function changeSettings(change) {
  Object.assign(app.settings, change);
  saveSettings(app.settings);
  applySettings(app.settings);
  for (const view of app.views.values()) view.setStyle(app.settings.tileStyle);
  tray.setStyle(app.settings.tileStyle);
  tray.setEnabled(app.settings.removedTray);
  paintMatches();
  if (app.state) showTitle(app.state);
}

/** Finish (rules §5.10): the server clears the rest; the pairs leave one after another. */
function finish() {
  demo.stop({ quiet: true });
  app.view.setHint(null);
  return enqueue(async () => {
    const before = app.state;
    const answer = await modeOf(before).api.action(before.id, "finish", before.version);
    if (motionAllowed()) {
      let tiles = before.tiles;
      for (const pair of answer.finished) {
        tiles = tiles.filter((tile) => !pair.includes(tile.i));
        app.view.render({ ...before, tiles, selection: null });
        await new Promise((done) => { setTimeout(done, 70); });
      }
    }
    return answer;
  }).then(() => announce(t("announceFinished")), reported);
}

/** Restart this deal (rules §5.11): the same deal from the start, as a new attempt. */
function restart() {
  const state = app.state;
  return begin(() => {
    demo.stop({ quiet: true });
    return modeOf(state).api.action(app.state.id, "restart", app.state.version);
  }).then((answer) => {
    // said once the queue is drawn (after a question, the resume follows): it is the last word
    if (answer) app.queue.then(() => announce(t("announceRestarted")));
  }, reported);
}

/** Speak another language: the page's strings, then the server's (layout titles). */
async function setLanguage(lang) {
  await chooseLanguage(lang);
  applyStrings();
  tray.relabel();
  forgetLayouts();
  try {
    app.layouts = await loadLayouts();
  } catch (problem) {
    showProblem(problem); // the titles stay in the last language until the next load
  }
  if (app.state) await enqueue(() => modeOf(app.state).api.game(app.state.id)).catch(reported);
}

async function copyCode() {
  const code = app.state && app.state.code;
  if (!code) return;
  toast((await copyText(code)) ? t("copied") : t("copyFailed"), { error: false });
}

async function shareLink() {
  const code = app.state && app.state.code;
  if (!code) return;
  // a game on one of the player's imported layouts: the link carries the layout along
  const shown = app.state.layout;
  const own = shown && shown.number === null && (app.layouts || []).find((layout) => layout.imported && layout.name === shown.name);
  const fragment = own ? await layoutFragment(own.title, own.positions) : "";
  const url = `${window.location.origin}/?code=${encodeURIComponent(code)}${fragment}`;
  toast((await copyText(url)) ? t("linkCopied") : t("copyFailed"));
}

// -- wiring ----------------------------------------------------------------------------

function wire() {
  for (const name of ["hint", "undo", "redo", "shuffle", "solve", "finish", "pause", "new"]) {
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
    if (open) firstItem(menu)?.focus();
  };
  menuButton.addEventListener("click", (event) => {
    event.stopPropagation();
    setMenu(menu.hidden);
  });
  menuKeys(menu);
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
    if (event.key === "Escape" && demo.running && !dialogName()) {
      demo.stop();
      return;
    }
    if (dialogName() || event.altKey || event.metaKey) return;
    // letters go to fields that take text (a slider, such as the demo's speed, takes none)
    if (event.target.closest && event.target.closest("input:not([type='range']), textarea, select")) return;
    const key = event.key.toLowerCase();
    const ctrl = event.ctrlKey;
    let command = null;
    if (key === "z") command = ctrl && event.shiftKey ? "redo" : "undo";
    else if (key === "y") command = "redo";
    else if (ctrl) return;
    else command = { h: "hint", p: "pause", n: "new", s: "shuffle", a: "solve", f: "finish" }[key] || null;
    if (!command) return;
    event.preventDefault();
    const refused = refusal(app.state, command);
    if (refused) { // a challenge's rules refuse the aid (its button says so too)
      toast(refused, { error: true });
      announce(refused);
      return;
    }
    commands[command]();
  });
  document.addEventListener("visibilitychange", () => {
    if (document.hidden) sound.hush();
    if (document.hidden && playable() && !refusal(app.state, "pause")) {
      // remembered for this tab: a reload (which hides the page too) resumes by itself
      sessionStorage.setItem(AUTO_PAUSED, app.state.id);
      run("pause", { keepalive: true }).catch(reported);
    }
  });
  onSystemThemeChange(() => applySettings(app.settings));
  installDialog({ fallbackFocus: () => keys.focus() });
}

async function boot() {
  if (guideSeen()) dropServedGuide(); // (a first visit as the server saw it: web/pwa/page.py)
  let speechless = null;
  try {
    await loadCatalogue();
  } catch (problem) {
    speechless = problem; // no catalogue: the page speaks English, and says why once it can
  }
  app.speechless = Boolean(speechless);
  applyStrings();
  applySettings(app.settings);
  wire();
  keepOnOneLine(document.querySelector(".topbar"), $("menu"), $("menu-button"));
  fullscreenSwitch(document.querySelector("#menu [data-action='fullscreen']"), announce);
  watchConnection(reconnected);
  // the worker's copy of the page's files waits for the page's own load to be over, and
  // the dialogs' modules (at hand when asked for) for the page to have settled
  whenSettled(registerServiceWorker, 1000);
  whenSettled(() => {
    for (const later of [gameDialogs, pages, connectDialogs, editor]) later().catch(showProblem);
  });
  if (speechless instanceof TypeError) serverUnreachable(); // no answer at all
  if (speechless) showProblem(speechless);
  // without the list the board still draws (the game's state holds its tiles); the player
  // is told, and a later New game dialog asks again
  const layoutsLoaded = loadLayouts().then((layouts) => { app.layouts = layouts; }, showProblem);
  const params = new URLSearchParams(window.location.search);
  const code = params.get("code");
  const replayToken = /^\/replay\/([^/]+)$/.exec(window.location.pathname);
  if (replayToken) { // a shared replay (/replay/<token>): shown over the visitor's own game
    layoutsLoaded.then(() => reviews()).then(({ sharedReplayPage }) => sharedReplayPage({ token: replayToken[1] }))
      .catch(showProblem);
  }
  try {
    if (code) {
      const shared = await layoutInFragment(window.location.hash);
      window.history.replaceState(null, "", window.location.pathname);
      const unfinished = await api.current();
      if (mustAsk(unfinished, app.settings)) { // a link would abandon it: ask first
        await layoutsLoaded;
        show(unfinished);
        if (!(await confirmLeaving())) return;
        closeDialog();
      }
      try {
        const created = await createGame(shared ? { code, shared_layout: shared } : { code });
        await layoutsLoaded;
        if (shared) { // the layout is the player's now: list it, and say so
          forgetLayouts();
          await loadLayouts().then((list) => { app.layouts = list; }, reported);
          toast(t("sharedLayoutKept", { title: shared.title }));
        }
        show(created);
        return;
      } catch (problem) {
        toast(problem.message, { error: true });
      }
    }
    const current = await api.current();
    await layoutsLoaded;
    // the first visit (no game played yet in this browser): the guide opens (over the step
    // the server drew) before the board is drawn behind it, so that the page turned inert by
    // the modal guide is restyled while the board is still empty, and its 144 tiles are
    // styled once, not twice
    if (current.version === 0 && !guideSeen()) {
      if (!dialogName()) guidePage({ tileGuide: () => commands["tile-guide"]() });
    } else {
      dropServedGuide(); // the game is under way: no guide pushed on it
    }
    show(current);
    if (current.status === Status.PAUSED && sessionStorage.getItem(AUTO_PAUSED) === current.id) {
      // a reload: the game resumes by itself, with the tile that was selected
      // (board/keep-selection.js)
      const reselect = keptSelection();
      run("resume").then((resumed) => {
        const kept = reselect(resumed);
        if (kept !== null) tap(kept);
      }, reported);
    }
  } catch (problem) {
    dropServedGuide();
    $("loading").textContent = problem.status === 0 ? t("errorNetwork") : t("errorGeneric", { message: problem.message });
  }
}

/** The server answers again after a while out of reach (server-connection.js): what the page
 * could not load meanwhile, then the game as the server has it; no reload. */
async function reconnected() {
  if (app.speechless && !(await catalogueLoaded())) return;
  try {
    const state = app.state ? await modeOf(app.state).api.game(app.state.id) : await api.current();
    if (app.pending === 0) show(state);
  } catch (problem) {
    // out of reach again (api.js has brought the banner back), or refused: the player is told
    if (!(problem instanceof ApiError)) throw problem;
    if (problem.status !== 0) showProblem(problem);
  }
}

/** Load the catalogue missed at boot; false when the server is out of reach again. */
async function catalogueLoaded() {
  try {
    await loadCatalogue();
  } catch (problem) {
    // fetch rejects with a TypeError when the server cannot be reached; any other failure
    // (a status the catalogue's request refused) is told, and the page speaks English
    if (problem instanceof TypeError) {
      serverUnreachable();
      return false;
    }
    showProblem(problem);
  }
  app.speechless = false;
  applyStrings();
  return true;
}

boot();

// The review of a game that is over or stuck (issue 28; rules §5.14), and the replay of a
// shared link: a dialog with the board at each step (drawn by the mode's own board view,
// read-only), the timeline of the moves with their verdicts, the summary, and Replay, Try
// from here and Share replay.
//
// Step k shows the board after k actions, with the next move's pair outlined (it is about
// to go); at the first losing move the better pair pulses beside it and is named in words.
// What the step shows is said in `#review-said` (a live region inside the dialog: the page
// behind is inert while it is open), e.g. "Move 12 of 70: Bamboo 3 and Bamboo 3, still
// winnable".
//
// Test contract: `#dialog[data-dialog="review"]`, `.review-board` (its `data-step`), the
// timeline of timeline.js, `#review-said`, `[data-action="replay"]` (`data-playing`),
// `#replay-speed`, `[data-action="try-from-here"]`, `[data-action="share-replay"]`.

import { openDialog } from "../dialogs/dialog.js";
import { api } from "../shell/api.js";
import { copyText, fillButton, formatTime, h, showProblem, toast } from "../shell/dom.js";
import { formatNumber, t, tn } from "../shell/strings.js";
import { createGame, modeOf } from "../modes/index.js";
import { stateAt, tilesAtEachStep } from "./boards.js";
import { actionWords, pairOf, pairWords, verdictWords } from "./moves.js";
import { ReplayPlayer, SPEEDS } from "./replay-player.js";
import { Timeline } from "./timeline.js";
import { Status } from "../shell/vocabulary.js";

// One stage and board for every review, with one view per mode drawn on them (a view
// watches its stage's size for as long as the page lives).
let surface = null;
const views = new Map();

function board() {
  if (!surface) {
    const el = h("div", { class: "review-board", inert: true });
    const stage = h("div", { class: "review-stage", role: "img" }, el);
    surface = { stage, board: el };
  }
  return surface;
}

function viewFor(mode) {
  if (!views.has(mode)) {
    const { board: el, stage } = board();
    views.set(mode, new mode.View(el, stage, { onTap: () => {}, positionsOf: () => null, announce: () => {} }));
  }
  return views.get(mode);
}

/** The review of the player's game `gameId`; `play(request)` starts the practice copy. */
export async function reviewPage({ gameId, play, onClose }) {
  const [review, replay] = await Promise.all([api.review(gameId), api.replay(gameId)]);
  showReview({ replay, review, play, onClose });
}

/** The replay of a shared link (`/replay/<token>`): the deal, the moves and the times. */
export async function sharedReplayPage({ token, onClose }) {
  showReview({ replay: await api.sharedReplay(token), review: null, play: null, onClose });
}

function summaryList(summary) {
  const fact = (label, value, key) => h("div", {}, h("dt", {}, label), h("dd", { "data-fact": key }, value));
  const seconds = (value) => (value === null || value === undefined ? "–" : formatTime(value));
  return h("dl", { class: "facts review-summary", id: "review-summary" },
    fact(t("reviewMoves"), formatNumber(summary.moves), "moves"),
    fact(t("winHints"), formatNumber(summary.hints), "hints"),
    fact(t("winUndos"), formatNumber(summary.undos), "undos"),
    fact(t("winShuffles"), formatNumber(summary.shuffles), "shuffles"),
    fact(t("reviewLongestThink"), seconds(summary.longest_think), "longest-think"),
    fact(t("reviewTimeStuck"), seconds(summary.time_stuck), "time-stuck"));
}

function button(id, iconName, label, onclick, attrs = {}) {
  const el = h("button", { type: "button", class: "btn", id, onclick, ...attrs });
  fillButton(el, iconName, label);
  return el;
}

function showReview({ replay, review, play, onClose }) {
  const mode = modeOf(replay);
  const view = viewFor(mode);
  const { stage, board: el } = board();
  const count = replay.actions.length;
  const tiles = tilesAtEachStep(replay.boards.steps);
  const losing = review ? review.first_losing_move : null;
  const said = h("p", { id: "review-said", class: "review-said", role: "status", "aria-live": "polite" });

  const show = (k) => {
    view.hint = null;
    view.render(stateAt(replay, tiles, k));
    el.dataset.step = String(k);
    el.dataset.mode = mode.name;
    const action = k < count ? replay.actions[k] : null;
    const pair = action ? pairOf(action) : null;
    view.select(pair || []);
    const label = (i) => view.label(i);
    let text;
    if (action === null) {
      text = tn("reviewEndStep", tiles[k].length);
    } else {
      const values = { n: formatNumber(k + 1), total: formatNumber(count), move: actionWords(action, label) };
      text = review ? t("reviewStep", { ...values, verdict: verdictWords(review.verdicts[k]) }) : t("reviewStepPlain", values);
    }
    const better = review && k === losing && review.better;
    if (better) {
      view.setHint(better.pair);
      text = `${text}. ${t("reviewBetter", { pair: pairWords(better.pair, label) })}`;
    }
    el.dataset.better = better ? better.pair.join(",") : "";
    said.textContent = text;
    stage.setAttribute("aria-label", text);
  };

  const timeline = new Timeline({ count, verdicts: review ? review.verdicts : null, losing, onStep: show });
  const replayButton = button("replay", "play", t("replayPlay"), () => player.toggle(), { "data-action": "replay", "data-playing": "false" });
  const player = new ReplayPlayer({
    times: replay.times, count, step: () => timeline.step, go: (k) => timeline.go(k),
    onChange: (playing) => {
      replayButton.dataset.playing = String(playing);
      fillButton(replayButton, playing ? "pause" : "play", t(playing ? "replayPause" : "replayPlay"));
      said.setAttribute("aria-live", playing ? "off" : "polite"); // each step said once it stops
      if (!playing) said.textContent = `${said.textContent} `; // said again: where it stopped
    },
  });
  const speed = h("select", { id: "replay-speed", onchange: () => player.setSpeed(Number(speed.value)) },
    SPEEDS.map((value) => h("option", { value: String(value), selected: value === 1 }, t("replaySpeedValue", { speed: formatNumber(value) }))));

  const tryHere = play ? button("try-from-here", "undo", t("reviewTryFromHere"), () => {
    player.pause();
    play(() => createGame({ mode: replay.mode, from_game: replay.game_id, at: timeline.step }));
  }, { "data-action": "try-from-here" }) : null;
  // a stuck game may still be played on: only a finished game has a replay link
  const share = play && replay.status !== Status.STUCK ? button("share-replay", "share", t("replayShare"), async () => {
    try {
      const link = await api.replayLink(replay.game_id);
      toast((await copyText(`${window.location.origin}${link.url}`)) ? t("linkCopied") : t("copyFailed"));
    } catch (problem) {
      showProblem(problem);
    }
  }, { "data-action": "share-replay" }) : null;

  const root = h("div", {
    class: "review",
    onkeydown: (event) => {
      const onField = event.target.closest("select, input");
      if ((event.key === "p" || event.key === "P") && !onField && !event.ctrlKey && !event.metaKey && !event.altKey) {
        event.preventDefault();
        player.toggle();
      } else if (event.key === " " && event.target === timeline.el) {
        event.preventDefault();
        player.toggle();
      }
    },
  },
  review ? summaryList(review.summary) : null,
  stage,
  said,
  timeline.el,
  h("p", { class: "muted review-keys" }, t("reviewKeys")),
  h("div", { class: "row-buttons" },
    button("review-previous", "undo", t("reviewPrevious"), () => timeline.go(timeline.step - 1)),
    button("review-next", "redo", t("reviewNext"), () => timeline.go(timeline.step + 1)),
    replayButton,
    h("label", { class: "review-speed", for: "replay-speed" }, t("replaySpeed")), speed,
    tryHere, share));

  openDialog("review", [h("h2", {}, t(review ? "reviewTitle" : "replayTitle")), root], {
    wide: true,
    onClose: () => {
      player.pause();
      view.reset();
      if (onClose) onClose();
    },
  });
  timeline.go(losing ?? 0);
  timeline.el.focus();
}

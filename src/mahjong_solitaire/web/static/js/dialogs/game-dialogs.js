// The dialogs of a game: New game, No moves, Win.

import { buttons, openDialog } from "./dialog.js";
import { fillButton, formatTime, h, showProblem } from "../shell/dom.js";
import { layoutPicker, loadLayouts } from "../layouts/layouts.js";
import { checkShape, classic, modeOf, MODES } from "../modes/index.js";
import { loadProgress, markCards } from "../layouts/progress-marks.js";
import { nextUnwon, nextUnwonControl, wonNames } from "../layouts/next-unwon.js";
import { SHUFFLE_NOT_FOUND, SHUFFLE_PROVEN_HOPELESS } from "./shuffle-search.js";
import { stageWinPart } from "../modes/classic/stages.js";
import { t, tn } from "../shell/strings.js";
import { challengesPart } from "../challenges/new-game-part.js";
import { scorePart } from "../challenges/score-part.js";


/**
 * Check a classic code as it is typed: "" while it may still become valid, else the
 * message.  Returns {code, error, complete}; a pasted link `…?code=…` gives its code.
 */
export function checkCode(text, layouts = []) {
  const result = checkShape(text, classic, t("codeInvalid"));
  if (!result.complete) return result;
  const { code } = result;
  const number = classic.layoutNumberOf(code);
  const numbers = layouts.map((layout) => layout.number).filter((n) => n !== null && n !== undefined);
  if (number !== null && numbers.length && !numbers.includes(number)) {
    return { code, error: t("codeUnknownLayout", { number: classic.layoutLabelOf(code) }), complete: false };
  }
  return result;
}

function segmented(name, options, value, onChange) {
  const group = h("div", { class: "segmented", role: "radiogroup", "aria-label": name });
  for (const [key, label] of options) {
    const button = h("button", {
      type: "button", role: "radio", "aria-checked": String(key === value), "data-value": key,
      onclick: () => {
        for (const other of group.children) other.setAttribute("aria-checked", String(other === button));
        onChange(key);
      },
    }, label);
    group.append(button);
  }
  return group;
}

export { segmented };

/**
 * The New game dialog, open on `mode`'s part.  `start(body)` creates the game (a promise);
 * its error is shown under the code field.  `parts` holds the other modes' parts: mode
 * name -> async () => element (the Connect part comes from modes/connect/dialogs.js).
 */
export async function newGameDialog({ current, start, onClose, mode = classic, parts = {} }) {
  let layouts = [];
  try {
    layouts = await loadLayouts();
  } catch (problem) {
    // the dialog still opens: the difficulty, the daily challenge and codes need no list
    showProblem(problem);
  }
  let chosenLayout = (modeOf(current) === classic && current?.layout?.name) || "turtle";
  let difficulty = current?.difficulty || "normal";
  // the board as drawn or mirrored (rules §8.5): "", "X" left–right, "Y" top–bottom
  let mirror = "";

  const picker = layoutPicker({ list: layouts, chosen: chosenLayout, onChoose: (name) => { chosenLayout = name; } });
  const progress = layouts.length ? loadProgress(classic.name) : Promise.resolve([]);

  const error = h("p", { class: "field-error", id: "code-error", role: "alert" });
  const input = h("input", {
    id: "code-input", type: "text", inputmode: "text", autocomplete: "off", spellcheck: "false",
    autocapitalize: "characters", placeholder: t("codePlaceholder"), "aria-describedby": "code-error",
    "aria-label": t("enterCode"),
  });
  const playCode = h("button", { type: "button", class: "btn", id: "play-code", disabled: true });
  fillButton(playCode, "play", t("playCode"));
  const validate = () => {
    const result = checkCode(input.value, layouts);
    error.textContent = result.error;
    input.setAttribute("aria-invalid", String(Boolean(result.error)));
    playCode.disabled = !result.complete;
    return result;
  };
  const submitCode = async () => {
    const result = validate();
    if (!result.complete) return;
    playCode.disabled = true;
    try {
      await start({ code: result.code });
    } catch (problem) {
      error.textContent = problem.message;
      input.setAttribute("aria-invalid", "true");
      playCode.disabled = false;
    }
  };
  input.addEventListener("input", validate);
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      submitCode();
    }
  });
  playCode.addEventListener("click", submitCode);

  const play = h("button", {
    type: "button", class: "btn primary", id: "start-game",
    onclick: () => start({ layout: chosenLayout, difficulty, ...(mirror ? { mirror } : {}) }).catch((problem) => {
      error.textContent = problem.message;
    }),
  });
  fillButton(play, "play", t("play"));
  const daily = h("button", {
    type: "button", class: "btn", id: "start-daily", title: t("dailyNote"),
    onclick: () => start({ daily: true }).catch((problem) => {
      error.textContent = problem.message;
    }),
  });
  fillButton(daily, "calendar", t("dailyChallenge"));
  const toNext = nextUnwonControl({
    find: async () => nextUnwon(layouts.map((layout) => layout.name), wonNames(await progress, difficulty), chosenLayout),
    start,
    difficulty: () => difficulty,
  });

  await picker.ready;
  markCards(picker.cards, await progress, difficulty);
  picker.filter.apply();
  // the mode switch: Classic (this part) or another mode (its part from `parts`)
  const classicPart = h("div", { class: "mode-part", "data-part": classic.name },
    layouts.length ? [h("h3", {}, t("layout")), picker] : null,
    h("h3", {}, t("difficulty")),
    segmented(t("difficulty"), [["easy", t("easy")], ["normal", t("normal")], ["hard", t("hard")]],
      difficulty, (value) => {
        difficulty = value;
        progress.then((groups) => {
          markCards(picker.cards, groups, difficulty);
          picker.filter.apply();
        });
      }),
    h("h3", {}, t("mirrorBoard")),
    h("div", { "data-setting": "mirror" },
      segmented(t("mirrorBoard"), [["", t("mirrorNone")], ["X", t("mirrorLeftRight")], ["Y", t("mirrorTopBottom")]],
        mirror, (value) => { mirror = value; })),
    buttons(play, toNext.next, daily),
    toNext.status, toNext.generated,
    challengesPart({ chosen: () => ({ layout: chosenLayout, difficulty, mirror }), start,
      failed: (problem) => { error.textContent = problem.message; } }),
    h("h3", {}, t("enterCode")),
    h("div", { class: "field" }, input, playCode),
    error);
  const shown = new Map([[classic, classicPart]]);
  for (const other of MODES) {
    if (other !== classic && parts[other.name]) shown.set(other, await parts[other.name]());
  }
  const showPart = (chosen) => {
    for (const [owner, part] of shown) part.hidden = owner !== chosen;
  };
  const opening = shown.has(mode) ? mode : classic;
  showPart(opening);
  const modes = shown.size > 1 ? segmented(t("gameMode"), [...shown.keys()].map((owner) => [owner.name, t(owner.titleKey)]),
    opening.name, (name) => showPart([...shown.keys()].find((owner) => owner.name === name))) : null;
  if (modes) modes.id = "mode-switch";
  openDialog("new-game", [h("h2", {}, t("newGameTitle")), modes, ...shown.values()], { wide: true, onClose });
  const chosen = picker.cards.querySelector("[aria-checked='true']");
  if (chosen) chosen.scrollIntoView({ block: "nearest" });
}

/** Review (`[data-action="review"]`): the game's review (review/review-page.js). */
function reviewButton(id, review) {
  const button = h("button", { type: "button", class: "btn", id, "data-action": "review", onclick: review });
  fillButton(button, "chart", t("review"));
  return button;
}

/** The No moves dialog (rules §3.4): Undo, Shuffle, New game, and back to the last winnable position. */
export function noMovesDialog(state, { undo, shuffle, shuffleNotFound, toWinnable, newGame, review, onClose }) {
  const note = h("p", { class: "muted", id: "no-moves-note" }, t(modeOf(state).noMovesNote));
  const choice = (id, iconName, label, action, primary = false) => {
    const button = h("button", { type: "button", class: primary ? "btn primary" : "btn", id });
    fillButton(button, iconName, label);
    button.addEventListener("click", async () => {
      try {
        await action();
      } catch (problem) {
        if (problem.code === SHUFFLE_NOT_FOUND) return shuffleNotFound(); // offer a longer search
        note.textContent = problem.code === SHUFFLE_PROVEN_HOPELESS ? t("shuffleImpossible") : problem.message;
        note.classList.remove("muted");
        note.classList.add("field-error");
      }
    });
    return button;
  };
  const back = state.last_winnable
    ? choice("to-winnable", "undo", tn("backToWinnable", state.last_winnable), toWinnable, true)
    : null;
  openDialog("no-moves", [
    h("h2", {}, t("noMovesTitle")),
    note,
    h("div", { class: "choices" },
      back,
      state.can_undo ? choice("stuck-undo", "undo", t("noMovesUndo"), undo, !back) : null,
      choice("stuck-shuffle", "shuffle", t("noMovesShuffle"), shuffle, !back && !state.can_undo),
      choice("stuck-new", "new", t("noMovesNew"), newGame),
      review ? reviewButton("stuck-review", review) : null),
  ], { onClose });
}

/** The Win dialog: time, aids, the place on the leaderboard; Play again, New game, Share. */
export function winDialog(state, { playAgain, newGame, share, nextStage, findNextUnwon, start, review, onClose }) {
  const result = state.result || { time: state.elapsed, rank: null, hints: state.hints, undos: state.undos, shuffles: state.shuffles };
  const fact = (label, value, key) => h("div", {}, h("dt", {}, label), h("dd", { "data-fact": key }, value));
  const stage = stageWinPart(state, nextStage);
  const again = h("button", { type: "button", class: stage ? "btn" : "btn primary", id: "play-again", onclick: playAgain });
  fillButton(again, "undo", t("playAgain"));
  const fresh = h("button", { type: "button", class: "btn", id: "win-new", onclick: newGame });
  fillButton(fresh, "new", t("winNewGame"));
  const shareButton = h("button", { type: "button", class: "btn", id: "win-share", onclick: share });
  fillButton(shareButton, "share", t("winShare"));
  // the next layout not yet won (classic games: `findNextUnwon` is given)
  const toNext = findNextUnwon ? nextUnwonControl({ find: findNextUnwon, start, difficulty: () => state.difficulty }) : null;
  openDialog("win", [
    h("h2", {}, t("winTitle")),
    stage && stage.note,
    h("dl", { class: "facts" },
      fact(t("winTime"), formatTime(result.time), "time"),
      fact(t("winHints"), result.hints, "hints"),
      fact(t("winUndos"), result.undos, "undos"),
      fact(t("winShuffles"), result.shuffles, "shuffles")),
    scorePart(state),
    h("p", { class: "win-rank", "data-rank": result.rank ?? "", "data-ranked": String(result.ranked !== false) },
      result.ranked === false ? t(result.solution_shown ? "winSolutionShown" : "winUnranked")
        : result.rank ? t("winRank", { rank: result.rank }) : t("winNoRank")),
    buttons(stage && stage.button, again, toNext && toNext.next, fresh, shareButton,
      review ? reviewButton("win-review", review) : null),
    toNext && toNext.status, toNext && toNext.generated,
  ], { onClose });
}

// Stages: the classic progression through the built-in layouts.  The Stages page lists
// them with the player's progress (cleared and best time, next, locked) and plays one; the
// Win dialog of a stage game offers the next stage.

import { api } from "../../shell/api.js";
import { cardGrid } from "../../dialogs/card-grid.js";
import { openDialog } from "../../dialogs/dialog.js";
import { fillButton, formatTime, h } from "../../shell/dom.js";
import { icon } from "../../shell/icons.js";
import { layoutPreview } from "../../layouts/layouts.js";
import { progressText } from "../../layouts/progress-marks.js";
import { difficultyName, t } from "../../shell/strings.js";


/** "cleared" | "next" | "locked" | "open": what a stage is for the player. */
function stageState(entry) {
  if (entry.cleared) return "cleared";
  if (entry.next) return "next";
  return entry.locked ? "locked" : "open";
}

/** The stage's status in words (also in the card's accessible name). */
function statusText(entry, state) {
  if (state === "cleared") return progressText(entry.best_time);
  return t({ next: "stageNext", locked: "stageLocked", open: "stageOpen" }[state]);
}

function statusLine(entry, state) {
  if (state === "cleared") {
    return h("span", { class: "stage-status", "data-best": entry.best_time, title: t("stageClearedTitle", { time: formatTime(entry.best_time) }) },
      h("span", { class: "stage-mark", html: icon("check") }), t("stageCleared", { time: formatTime(entry.best_time) }));
  }
  const key = { next: "stageNext", locked: "stageLocked", open: "stageOpen" }[state];
  return h("span", { class: "stage-status" }, t(key));
}

function stageCard(entry, play) {
  const state = stageState(entry);
  const button = h("button", {
    type: "button", class: state === "next" ? "btn primary" : "btn", "data-play-stage": entry.number,
    disabled: state === "locked", title: state === "locked" ? t("stageLockedTitle") : null,
  });
  fillButton(button, state === "locked" ? "lock" : "play", state === "cleared" ? t("stageReplay") : t("stagePlay"));
  button.addEventListener("click", () => play(entry.number));
  return h("li", {
    class: `stage-card ${state}`, "data-stage": entry.number, "data-state": state,
    "aria-label": `${t("stageNumber", { n: entry.number })}: ${entry.layout.title}, ${difficultyName(entry.difficulty)}, ${statusText(entry, state)}`,
  },
  h("span", { class: "stage-number" }, entry.number),
  layoutPreview(entry.layout),
  h("span", { class: "stage-text" },
    h("strong", {}, entry.layout.title),
    h("small", {}, difficultyName(entry.difficulty)),
    statusLine(entry, state)),
  button);
}

/** The Stages page: the stages by round with the player's progress; `play(n)` starts one. */
export async function stagesPage({ play, onClose }) {
  const data = await api.stages();
  const rounds = new Map();
  for (const entry of data.stages) {
    if (!rounds.has(entry.round)) rounds.set(entry.round, []);
    rounds.get(entry.round).push(entry);
  }
  const sections = [...rounds].map(([round, entries]) => [
    rounds.size > 1 ? h("h3", {}, t("stageRound", { n: round })) : null,
    h("ol", { class: "stages", start: entries[0].number }, entries.map((entry) => stageCard(entry, play))),
  ]);
  const list = h("div", { class: "stages-scroll" }, sections);
  // one Tab stop (on the next stage's button), arrow keys inside
  cardGrid(list, "[data-play-stage]", { initial: (cards) => cards.find((card) => card.classList.contains("primary")) });
  openDialog("stages", [
    h("h2", {}, t("stagesTitle")),
    h("p", { class: "muted" }, t("stagesIntro")),
    h("p", { class: "stages-progress", id: "stages-progress", "data-next": data.next },
      t("stagesProgress", { cleared: data.cleared.length, next: data.next })),
    list,
  ], { wide: true, onClose });
  const next = document.querySelector(`.stage-card[data-stage="${data.next}"]`);
  if (next) next.scrollIntoView({ block: "nearest" });
}

/**
 * The Win dialog's part for a won stage: a note naming the stage cleared and the next one,
 * and the "Next stage" button (calls `nextStage(n)`).  Null for other games.
 */
export function stageWinPart(state, nextStage) {
  const result = state.result || {};
  if (!result.stage || !result.next_stage || !nextStage) return null;
  const following = result.next_stage;
  const note = h("p", { class: "win-stage", "data-stage": result.stage },
    h("strong", {}, t("winStageCleared", { n: result.stage })), " ",
    t("winNextStageNote", { n: following.number, title: following.title, difficulty: difficultyName(following.difficulty) }));
  const button = h("button", { type: "button", class: "btn primary", id: "next-stage", "data-stage": following.number });
  fillButton(button, "stairs", t("nextStage"));
  button.addEventListener("click", () => nextStage(following.number));
  return { note, button };
}

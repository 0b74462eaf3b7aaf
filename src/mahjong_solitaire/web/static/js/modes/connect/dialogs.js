// The Connect mode's dialogs: the stages panel (each stage's grid, sliding rule and level,
// cleared / next / locked, best times) and the Connect part of the New game dialog (the
// stages, a grid of the player's choice, and a field for a Connect code).

import { cardGrid } from "../../dialogs/card-grid.js";
import { connectGridChooser } from "./grid-chooser.js";
import { openDialog } from "../../dialogs/dialog.js";
import { fillButton, formatTime, h } from "../../shell/dom.js";
import { icon } from "../../shell/icons.js";
import { checkShape, connect } from "../index.js";
import { difficultyName, slideRuleName, t } from "../../shell/strings.js";

/**
 * Check a Connect code as it is typed: {code, error, complete}; the error is "" while the
 * text may still become a code.  A pasted link `…?code=…` gives its code.
 */
export function checkConnectCode(text) {
  return checkShape(text, connect, t("connectCodeInvalid"));
}

function stageState(entry, next) {
  if (entry.locked) return "locked";
  if (entry.number === next) return "next";
  return entry.cleared ? "cleared" : "open";
}

/** The stage cards; `play(number)` starts an unlocked stage. */
function stageList(data, play) {
  const list = h("div", { class: "cstage-list", id: "connect-stages", role: "list" });
  for (const entry of data.stages) {
    const state = stageState(entry, data.next);
    const mark = state === "locked" ? icon("lock") : state === "cleared" ? icon("check") : "";
    const note = state === "locked" ? t("stageLocked")
      : entry.best_time !== null ? t("stageCleared", { time: formatTime(entry.best_time) })
        : state === "next" ? t("stageNext") : t("stageOpen");
    const card = h("button", {
      type: "button", class: "cstage-card", role: "listitem", "data-stage": entry.number,
      "data-state": state, "aria-disabled": String(entry.locked),
      title: entry.locked ? t("stageLockedTitle") : null,
      onclick: () => { if (!entry.locked) play(entry.number); },
    },
    h("strong", { html: `${mark}<span></span>` }),
    h("small", {}, `${entry.width}×${entry.height} · ${slideRuleName(entry.slide)} · ${difficultyName(entry.difficulty)}`),
    h("small", { class: "stage-note" }, note));
    card.querySelector("strong span").textContent = t("stageNumber", { n: entry.number });
    list.append(card);
  }
  // one Tab stop (on the next stage), arrow keys inside
  cardGrid(list, ".cstage-card", { initial: (cards) => cards.find((card) => card.dataset.state === "next") });
  return list;
}

/**
 * The Connect part of the New game dialog: the rules in one line, the stages, and a code
 * field.  `start(body)` creates the game (a promise; its error is shown under the field).
 */
export async function connectNewGamePart({ start }) {
  const error = h("p", { class: "field-error", id: "connect-code-error", role: "alert" });
  const fail = (problem) => { error.textContent = problem.message; };
  let data = { next: 1, stages: [] };
  try {
    data = await connect.api.stages();
  } catch (problem) {
    fail(problem);
  }
  const input = h("input", {
    id: "connect-code-input", type: "text", autocomplete: "off", spellcheck: "false",
    autocapitalize: "characters", placeholder: t("connectCodePlaceholder"),
    "aria-describedby": "connect-code-error", "aria-label": t("enterCode"),
  });
  const playCode = h("button", { type: "button", class: "btn", id: "connect-play-code", disabled: true });
  fillButton(playCode, "play", t("playCode"));
  const validate = () => {
    const result = checkConnectCode(input.value);
    error.textContent = result.error;
    input.setAttribute("aria-invalid", String(Boolean(result.error)));
    playCode.disabled = !result.complete;
    return result;
  };
  const submit = () => {
    const result = validate();
    if (result.complete) start({ mode: connect.name, code: result.code }).catch(fail);
  };
  input.addEventListener("input", validate);
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      submit();
    }
  });
  playCode.addEventListener("click", submit);
  const next = h("button", {
    type: "button", class: "btn primary", id: "connect-next-stage",
    onclick: () => start({ mode: connect.name, stage: data.next }).catch(fail),
  });
  fillButton(next, "play", t("connectPlayStage", { n: data.next }));
  return h("div", { class: "mode-part", "data-part": connect.name },
    h("p", { class: "muted mode-note" }, t("connectRulesShort")),
    h("div", { class: "row-buttons" }, next),
    h("h3", {}, t("connectStagesTitle")),
    stageList(data, (number) => start({ mode: connect.name, stage: number }).catch(fail)),
    connectGridChooser(data, { start, fail }),
    h("h3", {}, t("enterCode")),
    h("div", { class: "field" }, input, playCode),
    error);
}

/** The Connect stages panel (menu): every stage with its state; a click starts it. */
export async function connectStagesPanel({ start, onClose }) {
  const data = await connect.api.stages();
  const error = h("p", { class: "field-error", role: "alert" });
  const cleared = data.stages.filter((entry) => entry.cleared).length;
  openDialog("connect-stages", [
    h("h2", {}, t("connectStagesTitle")),
    h("p", { class: "muted mode-note" }, t("connectStagesIntro")),
    h("p", {}, t("stagesProgress", { cleared, next: data.next })),
    stageList(data, (number) => start({ mode: connect.name, stage: number }).catch((problem) => {
      error.textContent = problem.message;
    })),
    error,
  ], { wide: true, onClose });
}

// A Connect grid of the player's own choice (rules §9.1, §11.2): a size (up to 24×12, two
// full sets), a sliding rule and a difficulty, in the Connect part of the New game dialog.
// The sizes and rules come from the server (`GET /api/connect/stages`), which deals them.

import { fillButton, h } from "../../shell/dom.js";
import { connect } from "../index.js";
import { difficultyName, slideRuleName, t, tn } from "../../shell/strings.js";

const DIFFICULTIES = ["easy", "normal", "hard"];
/** The size the chooser starts on (the stages' full grid), when the server offers it. */
const FIRST_SIZE = "18x8";

function select(id, label, options, value) {
  const field = h("select", { id, name: id },
    ...options.map(([key, text]) => h("option", { value: key, selected: key === value }, text)));
  return h("div", { class: "grid-choice" }, h("label", { for: id }, label), field);
}

/** "24x12" -> "24×12 · 288 tiles". */
function sizeLabel(size) {
  const [width, height] = size.split("x").map(Number);
  return tn("connectGridSize", width * height, { size: `${width}×${height}` });
}

/**
 * The chooser: size, rule and difficulty, and Play this grid, which calls
 * `start({mode, size, slide, difficulty})` (a promise; `fail(problem)` shows its error).
 */
export function connectGridChooser(data, { start, fail }) {
  const sizes = data.grid_sizes || [];
  const rules = data.slide_rules || [];
  if (!sizes.length || !rules.length) return null;
  const size = select("connect-size", t("connectGridSizeLabel"),
    sizes.map((key) => [key, sizeLabel(key)]), sizes.includes(FIRST_SIZE) ? FIRST_SIZE : sizes[0]);
  const slide = select("connect-slide", t("connectSlideLabel"),
    rules.map((key) => [key, slideRuleName(key)]), rules[0]);
  const level = select("connect-difficulty", t("difficulty"),
    DIFFICULTIES.map((key) => [key, difficultyName(key)]), "normal");
  const play = h("button", { type: "button", class: "btn", id: "connect-play-grid" });
  fillButton(play, "play", t("connectPlayGrid"));
  play.addEventListener("click", () => start({
    mode: connect.name,
    size: size.querySelector("select").value,
    slide: slide.querySelector("select").value,
    difficulty: level.querySelector("select").value,
  }).catch(fail));
  return h("div", { class: "grid-chooser", id: "connect-grid-chooser" },
    h("h3", {}, t("connectOwnGridTitle")),
    h("div", { class: "grid-choices" }, size, slide, level),
    h("div", { class: "row-buttons" }, play));
}

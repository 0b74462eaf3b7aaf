// The challenge strip during play (rules §13): `#challenge[data-challenge=NAME]` between
// the top bar and the stage (as Connect's rule bar: the board fits what is left), with the
// rule set's title and its live figures: score, time left, pairs (of the target), the
// marked suit.  The time left counts down on the page between answers, for display only:
// the server's clock decides, so when it reaches 0 the strip asks for the state
// (`timeUp()`), which says whether the game is lost.  Its own polite live region speaks at
// the moments of moments.js; the first time a rule set is played, its card (rule-card.js).

import { formatTime, h } from "../shell/dom.js";
import { formatNumber, t } from "../shell/strings.js";
import { Moments } from "./moments.js";
import { ruleCard } from "./rule-card.js";
import { ruleSets } from "./rule-sets.js";
import { suitName } from "./words.js";

const FIGURES = [["score", "challengeScore"], ["time", "challengeTimeLeft"], ["pairs", "challengePairs"], ["marked", "challengeMarked"]];

export class ChallengeStrip {
  constructor(stage, { timeUp, problem }) {
    this.stage = stage;
    this.timeUp = timeUp;
    this.problem = problem;
    this.state = null;
    this.clock = null; // {left, at}: the time left when the state arrived, and when
    this.asked = null; // the state whose time ran out on the page, asked for once
    this.sets = null;
    this.moments = new Moments((text) => this.say(text));
    setInterval(() => this.tick(), 250);
  }

  /** Draw `state` (any state: a game without a challenge takes the strip away). */
  show(state) {
    const figures = state && state.challenge;
    if (!figures) {
      this.clear();
      return;
    }
    this.state = state;
    const strip = this.strip(figures.name);
    const ruleSet = this.sets && this.sets.find((set) => set.name === figures.name);
    if (!this.sets) this.load();
    strip.querySelector(".challenge-title").textContent = ruleSet ? ruleSet.title : figures.name;
    strip.setAttribute("aria-label", t("challengeLabel", { title: ruleSet ? ruleSet.title : figures.name }));
    const values = {
      score: figures.score === null ? null : formatNumber(figures.score),
      time: null,
      pairs: figures.target === null ? formatNumber(figures.matches) : `${formatNumber(figures.matches)}/${formatNumber(figures.target)}`,
      marked: figures.marked ? suitName(figures.marked) : null,
    };
    for (const [key, value] of Object.entries(values)) {
      const figure = strip.querySelector(`[data-figure='${key}']`);
      figure.hidden = key === "time" ? figures.time_left === null : value === null;
      if (value !== null) figure.querySelector(".num").textContent = value;
      figure.querySelector("small").textContent = t(FIGURES.find(([name]) => name === key)[1]); // in the language now
    }
    strip.dataset.marked = figures.marked || "";
    this.clock = figures.time_left === null ? null : { left: figures.time_left, at: performance.now(), running: state.running };
    this.tick();
    if (ruleSet) {
      this.moments.heard(state, ruleSet);
      ruleCard(strip, ruleSet, (text) => this.say(text));
    }
  }

  load() {
    this.sets = [];
    ruleSets().then((sets) => {
      this.sets = sets;
      if (this.state) this.show(this.state);
    }, (problem) => {
      this.sets = null;
      this.problem(problem);
    });
  }

  /** The time left as the page counts it (display only), and the ask when it reaches 0. */
  tick() {
    const strip = document.getElementById("challenge");
    if (!strip || !this.clock) return;
    const { left, at, running } = this.clock;
    const now = running ? Math.max(0, left - (performance.now() - at) / 1000) : left;
    const text = formatTime(Math.ceil(now));
    const shown = strip.querySelector("[data-figure='time'] .num");
    if (shown.textContent !== text) shown.textContent = text;
    strip.dataset.timeLeft = String(Math.ceil(now));
    if (!running) return;
    this.moments.ticked(now);
    const key = `${this.state.id}:${this.state.version}:${left}`;
    if (now <= 0 && this.asked !== key) {
      this.asked = key;
      this.timeUp();
    }
  }

  say(text) {
    const region = document.getElementById("challenge-said");
    if (!region) return;
    region.textContent = "";
    setTimeout(() => { region.textContent = text; }, 60);
  }

  /** The strip of rule set `name` (made once per game shown). */
  strip(name) {
    let strip = document.getElementById("challenge");
    if (strip && strip.dataset.challenge !== name) {
      strip.remove();
      strip = null;
    }
    if (!strip) {
      strip = h("aside", { id: "challenge", class: "challenge-strip play-strip", "data-challenge": name },
        h("div", { class: "challenge-figures" },
          h("strong", { class: "challenge-title" }),
          FIGURES.map(([key, label]) => h("span", { class: "challenge-figure", "data-figure": key },
            h("span", { class: "num" }), h("small", {}, t(label))))),
        h("p", { id: "challenge-said", class: "visually-hidden", role: "status", "aria-live": "polite", "aria-atomic": "true" }));
      this.stage.before(strip);
    }
    return strip;
  }

  clear() {
    document.getElementById("challenge")?.remove();
    this.state = null;
    this.clock = null;
  }
}

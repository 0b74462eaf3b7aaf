// What the challenge strip says to screen readers, and when: at the start of a challenge, a
// combo (a pair worth more than a plain one), 60, 30 and 10 s left, and the end.  Never every
// second: the figures themselves are in the strip, to be read at will.

import { formatNumber, t, tn } from "../shell/strings.js";
import { reasonText } from "./words.js";
import { Status } from "../shell/vocabulary.js";

const WARNINGS = [60, 30, 10];
const PAIR = 10; // a plain pair's points where a rule set scores pairs (rules §13.2)

export class Moments {
  constructor(say) {
    this.say = say;
    this.last = null; // the last state heard: {id, status, matches, score}
    this.warned = new Set();
    this.left = null;
  }

  /** A state drawn (with `ruleSet`, when known): the start, a combo, the end. */
  heard(state, ruleSet) {
    const figures = state.challenge;
    const before = this.last && this.last.id === state.id ? this.last : null;
    this.last = { id: state.id, status: state.status, matches: figures.matches, score: figures.score };
    const score = formatNumber(figures.score ?? 0);
    if (!before) {
      this.warned = new Set(WARNINGS.filter((s) => figures.time_left !== null && figures.time_left <= s));
      this.left = figures.time_left;
      if (ruleSet && state.status === Status.PLAYING) this.say(t("announceChallengeStart", { title: ruleSet.title, rule: ruleSet.rule }));
      return;
    }
    if (before.status !== state.status && state.status === Status.WON) {
      this.say(t("announceChallengeWon", { score }));
    } else if (before.status !== state.status && state.status === Status.LOST) {
      this.say(t("announceChallengeLost", { reason: reasonText(figures.reason), score }));
    } else if (figures.matches > before.matches && figures.score !== null && before.score !== null
      && figures.score - before.score > PAIR * (figures.matches - before.matches)) {
      this.say(t("announceChallengeCombo", { score }));
    }
  }

  /** The time left as the strip counts it down: a word at 60, 30 and 10 s. */
  ticked(left) {
    const crossed = WARNINGS.filter((s) => left <= s && !this.warned.has(s));
    for (const s of crossed) this.warned.add(s);
    if (crossed.length && left > 0) this.say(tn("announceChallengeTime", Math.min(...crossed)));
  }
}

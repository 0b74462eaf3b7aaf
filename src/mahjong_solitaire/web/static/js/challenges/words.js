// The words of a challenge's figures as the page shows them: the parts of a score, the
// reasons a challenge is lost and the marked suit (the server's stable names, rules §13).

import { t } from "../shell/strings.js";

const PARTS = {
  pairs: "challengePartPairs", combos: "challengePartCombos", hints: "challengePartHints",
  shuffles: "challengePartShuffles", clean: "challengePartClean", time: "challengePartTime",
};
const REASONS = { time_ran_out: "lostTimeRanOut", target_missed: "lostTargetMissed", no_moves: "lostNoMoves" };
const SUITS = { bamboo: "tileGuideBamboo", characters: "tileGuideCharacters", circles: "tileGuideCircles" };

export const partName = (part) => (PARTS[part] ? t(PARTS[part]) : part);
export const reasonText = (reason) => (REASONS[reason] ? t(REASONS[reason]) : "");
export const suitName = (suit) => (SUITS[suit] ? t(SUITS[suit]) : suit || "");

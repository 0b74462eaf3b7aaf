// The short card that explains a rule set the first time a player plays it (remembered in
// this browser, settings/seen-once.js): in the challenge strip, under the figures, until
// "Got it" or Escape.

import { h } from "../shell/dom.js";
import { t } from "../shell/strings.js";
import { seenOnce } from "../settings/seen-once.js";

const SEEN = seenOnce("mahjong-solitaire.challenges-seen");

/** Show the card of `ruleSet` in `strip` unless it was seen; `said(text)` announces it. */
export function ruleCard(strip, ruleSet, said) {
  const shown = document.getElementById("challenge-intro");
  if (SEEN.has(ruleSet.name) || (shown && shown.dataset.challenge === ruleSet.name)) return;
  if (shown) shown.remove();
  const dismiss = () => {
    SEEN.remember(ruleSet.name);
    card.remove();
    document.querySelector("#board .tile.free")?.focus();
  };
  const ok = h("button", { type: "button", class: "btn primary", id: "challenge-intro-ok", onclick: dismiss }, t("ruleGotIt"));
  const title = t("challengeRuleNew", { title: ruleSet.title });
  const card = h("section", { id: "challenge-intro", class: "challenge-intro", "data-challenge": ruleSet.name,
    "aria-labelledby": "challenge-intro-title",
    onkeydown: (event) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      dismiss();
    } },
  h("h2", { id: "challenge-intro-title" }, title),
  h("p", {}, ruleSet.rule),
  h("p", { class: "muted" }, t("challengeRuleNote")),
  ok);
  strip.append(card);
  if (!document.querySelector("dialog[open]")) ok.focus({ preventScroll: true });
  said(`${title}. ${ruleSet.rule}`);
}

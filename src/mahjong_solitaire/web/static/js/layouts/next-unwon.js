// "Next layout not yet won" (issue 29): the layout after the current one, in the picker's
// order (built-in by number, then the player's own), that the player has not won at the
// chosen difficulty; when every one is won the player is told so and offered a layout made
// from a seed (rules §8.4).  Used by the win dialog and the New game dialog.

import { fillButton, h } from "../shell/dom.js";
import { FAMILIES } from "./seeded-layout.js";
import { loadLayouts } from "./layouts.js";
import { loadProgress } from "./progress-marks.js";
import { t } from "../shell/strings.js";

/** The names won at `difficulty` in the player's figures per layout (`GET /api/statistics`). */
export function wonNames(groups, difficulty) {
  return new Set(groups.filter((group) => group.difficulty === difficulty && group.won > 0).map((group) => group.layout));
}

/** The first of `order` after `current` (from the start when it is not there), going round,
 * that is not in `won`; null when every one is. */
export function nextUnwon(order, won, current) {
  const at = order.indexOf(current);
  for (let step = 1; step <= order.length; step += 1) {
    const name = order[(at + step) % order.length];
    if (!won.has(name)) return name;
  }
  return null;
}

/** The next layout not won at `difficulty` after `current`, from the layout list and the
 * player's figures in `modeName` (a promise of its name, or null). */
export async function nextUnwonAfter(modeName, current, difficulty) {
  const [layouts, groups] = await Promise.all([loadLayouts(), loadProgress(modeName)]);
  return nextUnwon(layouts.map((layout) => layout.name), wonNames(groups, difficulty), current);
}

/** A layout made from a fresh seed, by its name: a family at random, 144 tiles. */
export function freshGeneratedName() {
  const values = new Uint32Array(2);
  crypto.getRandomValues(values);
  const [family] = FAMILIES[values[0] % FAMILIES.length];
  return `${family}-144-${values[1] % 1000000000}`;
}

/**
 * The button `[data-action="next-unwon"]`, with its status line and the offer of a layout
 * from a seed once every layout is won.  `find()` answers the next layout's name (or null)
 * as a promise; `start(body)` starts a game; `difficulty()` is the chosen one.
 */
export function nextUnwonControl({ find, start, difficulty }) {
  const status = h("p", { class: "next-unwon-status muted", role: "status", "aria-live": "polite" });
  const generated = h("button", { type: "button", class: "btn", "data-action": "play-generated", hidden: true });
  fillButton(generated, "play", t("playGenerated"));
  const next = h("button", { type: "button", class: "btn", "data-action": "next-unwon", title: t("nextUnwonNote") });
  fillButton(next, "next", t("nextUnwon"));
  next.addEventListener("click", async () => {
    next.disabled = true;
    try {
      const name = await find();
      if (name) {
        await start({ layout: name, difficulty: difficulty() });
        return;
      }
      status.textContent = t("allLayoutsWon");
      generated.hidden = false;
      generated.focus();
    } catch (problem) {
      status.textContent = problem.message;
    } finally {
      next.disabled = false;
    }
  });
  generated.addEventListener("click", () => {
    start({ layout: freshGeneratedName(), difficulty: difficulty() }).catch((problem) => {
      status.textContent = problem.message;
    });
  });
  return { next, generated, status };
}

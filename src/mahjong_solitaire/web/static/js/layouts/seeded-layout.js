// "New layout from a seed" in the layout picker (rules §8.4): a shape family, a number of
// tiles and a seed; the server draws the layout (GET /api/generated-layouts) and its
// preview is shown at once; "Use this layout" puts its card among the others and picks it,
// so Play deals it ({layout: "rings-144-12"}).  Nothing is stored: the name is the layout.

import { api, ApiError } from "../shell/api.js";
import { fillButton, h } from "../shell/dom.js";
import { t, tn } from "../shell/strings.js";

/** The families the server draws, in its order, and their names' keys in strings.js. */
export const FAMILIES = Object.freeze([
  ["rings", "familyRings"], ["stairs", "familyStairs"], ["crosses", "familyCrosses"],
  ["diamonds", "familyDiamonds"], ["islands", "familyIslands"], ["freeform", "familyFreeform"],
]);
const MIN_TILES = 72;
const MAX_TILES = 288;
const MAX_SEED = 999999999;

/** A seed the player has not chosen. */
function randomSeed() {
  const values = new Uint32Array(1);
  crypto.getRandomValues(values);
  return values[0] % (MAX_SEED + 1);
}

/** Whether `tiles` (text) is a number of tiles the server draws. */
export function tilesAllowed(tiles) {
  const n = Number(tiles);
  return Number.isInteger(n) && n >= MIN_TILES && n <= MAX_TILES && n % 2 === 0;
}

/**
 * The panel; `preview(layout)` draws a layout's picture (layouts.js), `onUse(layout)` takes
 * the layout drawn.  The preview follows every change of the fields.
 */
export function seededLayoutPanel({ preview, onUse }) {
  const family = h("select", { id: "seed-family", "aria-label": t("seededFamily") },
    ...FAMILIES.map(([name, key]) => h("option", { value: name }, t(key))));
  const tiles = h("input", {
    id: "seed-tiles", type: "number", min: MIN_TILES, max: MAX_TILES, step: 2, value: 144,
    inputmode: "numeric", "aria-label": t("seededTiles"),
  });
  const seed = h("input", {
    id: "seed-value", type: "number", min: 0, max: MAX_SEED, step: 1, value: randomSeed(),
    inputmode: "numeric", "aria-label": t("seededSeed"),
  });
  const another = h("button", { type: "button", class: "btn", "data-action": "another-seed" });
  fillButton(another, "shuffle", t("seededAnother"));
  const use = h("button", { type: "button", class: "btn", id: "use-seeded-layout", disabled: true });
  fillButton(use, "play", t("seededUse"));
  const picture = h("div", { class: "seeded-preview", id: "seed-preview" });
  const status = h("p", { class: "muted", id: "seed-status", role: "status", "aria-live": "polite" });

  let drawn = null;
  let asked = 0;
  const draw = async () => {
    const mine = ++asked;
    drawn = null;
    use.disabled = true;
    if (!tilesAllowed(tiles.value)) {
      status.textContent = t("seededTilesRange", { low: MIN_TILES, high: MAX_TILES });
      picture.replaceChildren();
      return;
    }
    const value = Number(seed.value);
    if (!Number.isInteger(value) || value < 0 || value > MAX_SEED) {
      status.textContent = t("seededSeedRange", { max: MAX_SEED });
      picture.replaceChildren();
      return;
    }
    status.textContent = t("seededDrawing");
    let layout;
    try {
      layout = await api.generatedLayout(family.value, Number(tiles.value), value);
    } catch (problem) {
      if (!(problem instanceof ApiError)) throw problem;
      if (mine === asked) status.textContent = problem.status === 0 ? t("errorNetwork") : problem.message;
      return;
    }
    if (mine !== asked) return; // a newer choice is on its way
    const box = preview(layout);
    picture.replaceChildren(box);
    await box.ready;
    if (mine !== asked) return;
    drawn = layout;
    use.disabled = false;
    picture.dataset.layout = layout.name;
    status.textContent = t("seededDrawn", { title: layout.title, tiles: tn("tiles", layout.tiles), layers: tn("layers", layout.depth) });
  };
  family.addEventListener("change", draw);
  tiles.addEventListener("change", draw);
  seed.addEventListener("change", draw);
  another.addEventListener("click", () => {
    seed.value = randomSeed();
    draw();
  });
  use.addEventListener("click", () => {
    if (drawn) onUse(drawn);
  });

  const label = (text, field) => h("label", { class: "seeded-field" }, h("span", {}, text), field);
  const panel = h("details", { class: "seeded-layout", id: "seeded-layout" },
    h("summary", { "data-action": "seeded-layout" }, t("seededLayout")),
    h("div", { class: "seeded-fields" },
      label(t("seededFamily"), family), label(t("seededTiles"), tiles), label(t("seededSeed"), seed), another),
    picture, status, h("div", { class: "import-row" }, use));
  panel.addEventListener("toggle", () => {
    if (panel.open && !drawn && !asked) draw();
  });
  return panel;
}

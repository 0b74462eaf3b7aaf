// The look part of the Settings page: the tile set (`data-setting="tile-style"`) and the
// background (`data-setting="background"`), each a group of radio buttons (one Tab stop,
// the arrow keys move through the choices, a screen reader says each one), over a live
// preview: a few sample tiles of the chosen set on the chosen background, redrawn as the
// player moves through the choices.  Each choice applies at once (the board behind the
// dialog changes too) and is remembered with the other settings (player-settings.js).

import { BACKGROUNDS, background } from "./backgrounds.js";
import { h } from "../shell/dom.js";
import { faceSvg } from "../board/faces.js";
import { t, tileName } from "../shell/strings.js";
import { TILE_SETS, tileSet } from "../tilesets/index.js";

/** The preview's tiles: a suit of each kind, a wind, a dragon and a flower. */
const SAMPLE = ["1D", "5B", "9C", "E", "R", "F2"];
/** The face each tile-set choice shows beside its name. */
const SWATCH = "5D";

/** A small tile of `style` showing `label` (its face and edge from css/board/tile-sets.css). */
export function miniFace(label, style, className = "look-tile") {
  return h("span", {
    class: className, "data-tile-set": tileSet(style).name, "data-tile": label,
    html: faceSvg(label, style).replace("<svg ", '<svg aria-hidden="true" focusable="false" '),
  });
}

function choices({ setting, legend, options, value, swatch, onChoose }) {
  const group = h("fieldset", { class: "look-choices", "data-setting": setting },
    h("legend", {}, legend));
  for (const option of options) {
    const input = h("input", {
      type: "radio", name: setting, value: option.name, "data-value": option.name,
      checked: option.name === value, onchange: () => onChoose(option.name),
    });
    group.append(h("label", { class: "look-choice" }, input, swatch(option.name), h("span", {}, t(option.titleKey))));
  }
  return group;
}

/** The part's elements; `change(patch)` applies and remembers a setting. */
export function lookSettingsPart(settings, change) {
  const chosen = { tileStyle: tileSet(settings.tileStyle).name, background: background(settings.background).name };
  const preview = h("div", { class: "look-preview", id: "look-preview", role: "img" });
  const draw = () => {
    preview.dataset.tileSet = chosen.tileStyle;
    preview.dataset.background = chosen.background;
    preview.replaceChildren(...SAMPLE.map((label) => miniFace(label, chosen.tileStyle)));
    preview.setAttribute("aria-label", t("lookPreview", {
      style: t(tileSet(chosen.tileStyle).titleKey),
      background: t(background(chosen.background).titleKey),
      tiles: SAMPLE.map(tileName).join(", "),
    }));
  };
  const choose = (patch) => {
    Object.assign(chosen, patch);
    draw();
    change(patch);
  };
  draw();
  return [
    h("h3", {}, t("lookTitle")),
    h("div", { class: "look" },
      preview,
      choices({
        setting: "tile-style", legend: t("tileStyle"), options: TILE_SETS, value: chosen.tileStyle,
        swatch: (name) => miniFace(SWATCH, name, "look-swatch"),
        onChoose: (name) => choose({ tileStyle: name }),
      }),
      choices({
        setting: "background", legend: t("background"), options: BACKGROUNDS, value: chosen.background,
        swatch: (name) => h("span", { class: "look-swatch look-ground", "data-background": name }),
        onChoose: (name) => choose({ background: name }),
      })),
  ];
}

// The tile guide (`[data-action="tile-guide"]`, from the menu and from How to play): the 42
// kinds by family, each drawn in the player's tile set with its name and what it depicts,
// and which tiles match which (rules §2).  Loaded on first use, like the other pages.
//
//   tileGuidePage({ onClose })   open it in the page's dialog
//
// Each tile is an image named by the tile's name (`role="img"`, `aria-label`), so a screen
// reader reads the name; the text beside it says the same and what the face shows.

import { openDialog } from "./dialog.js";
import { h } from "../shell/dom.js";
import { t, tileName } from "../shell/strings.js";
import { LABELS } from "../board/faces.js";
import { miniFace } from "../settings/look-settings.js";
import { shownTileStyle } from "../settings/player-settings.js";

/** The Chinese character a wind's face shows. */
const WIND_CHARACTERS = { N: "北", S: "南", E: "東", W: "西" };

/** The families of the guide in order: their heading and the labels they hold. */
const FAMILIES = [
  ["tileGuideBamboo", (label) => /^[1-9]B$/.test(label)],
  ["tileGuideCircles", (label) => /^[1-9]D$/.test(label)],
  ["tileGuideCharacters", (label) => /^[1-9]C$/.test(label)],
  ["tileGuideWinds", (label) => label in WIND_CHARACTERS],
  ["tileGuideDragons", (label) => ["R", "G", "Wh"].includes(label)],
  ["tileGuideFlowers", (label) => /^F[1-4]$/.test(label)],
  ["tileGuideSeasons", (label) => /^S[1-4]$/.test(label)],
];

/** What the face of `label` depicts, in the player's language. */
export function depiction(label) {
  if (label === "1B") return t("depictBird");
  if (/^[2-9]B$/.test(label)) return t("depictSticks");
  if (/^[1-9]D$/.test(label)) return t("depictCircles");
  if (/^[1-9]C$/.test(label)) return t("depictCharacters");
  if (label in WIND_CHARACTERS) return t("depictWind", { char: WIND_CHARACTERS[label] });
  if (label === "R") return t("depictRed");
  if (label === "G") return t("depictGreen");
  if (label === "Wh") return t("depictWhite");
  if (/^F[1-4]$/.test(label)) return t("depictFlower");
  return t("depictSeason");
}

function entry(label, style) {
  const face = miniFace(label, style, "look-tile guide-tile");
  face.setAttribute("role", "img");
  face.setAttribute("aria-label", tileName(label));
  return h("li", { class: "tile-kind", "data-kind": label },
    face,
    h("span", { class: "tile-kind-text" },
      h("strong", { class: "tile-kind-name" }, tileName(label)),
      h("span", { class: "tile-kind-depicts" }, depiction(label))));
}

export function tileGuidePage({ onClose } = {}) {
  const style = shownTileStyle();
  const families = FAMILIES.map(([heading, holds]) => h("section", { class: "tile-family" },
    h("h3", {}, t(heading)),
    h("ul", { class: "tile-kinds" }, LABELS.filter(holds).map((label) => entry(label, style)))));
  openDialog("tile-guide", [
    h("h2", {}, t("tileGuideTitle")),
    h("p", {}, t("tileGuideIntro")),
    h("p", { class: "tile-guide-rule", "data-rule": "kinds" }, t("tileGuideMatch")),
    h("p", { class: "tile-guide-rule", "data-rule": "bonus" }, t("tileGuideBonus")),
    ...families,
  ], { wide: true, onClose });
}

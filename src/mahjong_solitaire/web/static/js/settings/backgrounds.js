// The backgrounds the player chooses in Settings; each is CSS of our own
// (css/settings/backgrounds.css, keyed by `data-background`), in a light and a dark variant
// that follow the theme.
//
//   BACKGROUNDS          [{name, titleKey}, …], in the order Settings shows them
//   background("wood")   the background of that name; an unknown name gives the default

export const BACKGROUNDS = [
  { name: "felt", titleKey: "backgroundFelt" },
  { name: "night", titleKey: "backgroundNight" },
  { name: "wood", titleKey: "backgroundWood" },
  { name: "slate", titleKey: "backgroundSlate" },
  { name: "paper", titleKey: "backgroundPaper" },
  { name: "plain", titleKey: "backgroundPlain" },
];

export const DEFAULT_BACKGROUND = BACKGROUNDS[0].name;

export function background(name) {
  return BACKGROUNDS.find((entry) => entry.name === name) || BACKGROUNDS[0];
}

// The Classic tile set: the traditional faces (rings, bamboo sticks and the peacock, the
// characters 一…九 over 萬, the winds' and dragons' characters, the four flowers and
// seasons), each with a tiny index in the top-left corner (5B, N, F1…).

import {
  BLUE, f, FLOWER_INKS, FLOWERS, GREEN, INK, kindOf, labelColor, NUMERALS, RED, SANS, SEASON_INKS, SEASONS, text, WINDS,
} from "./draw.js";

// -- circles --------------------------------------------------------------------------

function dot(cx, cy, r, color) {
  return `<g transform="translate(${f(cx)} ${f(cy)})">`
    + `<circle r="${f(r)}" fill="${color}"/>`
    + `<circle r="${f(r * 0.72)}" fill="#fbf6e9"/>`
    + `<circle r="${f(r * 0.52)}" fill="${color}"/>`
    + `<circle r="${f(r * 0.2)}" fill="#fbf6e9"/>`
    + "</g>";
}

function bigDot(cx, cy) {
  let petals = "";
  for (let k = 0; k < 12; k += 1) {
    const a = (k * Math.PI) / 6;
    petals += `<circle cx="${f(cx + 14.2 * Math.cos(a))}" cy="${f(cy + 14.2 * Math.sin(a))}" `
      + `r="2.3" fill="${k % 2 ? RED : BLUE}"/>`;
  }
  return `<circle cx="${cx}" cy="${cy}" r="19" fill="${GREEN}"/>`
    + `<circle cx="${cx}" cy="${cy}" r="17" fill="#fbf6e9"/>${petals}`
    + dot(cx, cy, 10, RED);
}

const DOTS = {
  1: () => bigDot(30, 45),
  2: () => dot(30, 29, 10.5, GREEN) + dot(30, 61, 10.5, BLUE),
  3: () => dot(15, 24, 9, BLUE) + dot(30, 45, 9, RED) + dot(45, 66, 9, GREEN),
  4: () => dot(18, 30, 9.5, BLUE) + dot(42, 30, 9.5, GREEN)
    + dot(18, 60, 9.5, GREEN) + dot(42, 60, 9.5, BLUE),
  5: () => dot(16, 25, 8.5, BLUE) + dot(44, 25, 8.5, GREEN) + dot(30, 45, 8.5, RED)
    + dot(16, 65, 8.5, GREEN) + dot(44, 65, 8.5, BLUE),
  6: () => dot(18, 22, 7.5, GREEN) + dot(42, 22, 7.5, GREEN)
    + [46, 66].map((y) => dot(18, y, 7.5, RED) + dot(42, y, 7.5, RED)).join(""),
  7: () => dot(14, 18, 6.6, GREEN) + dot(30, 25, 6.6, GREEN) + dot(46, 32, 6.6, GREEN)
    + [51, 68].map((y) => dot(19, y, 7, RED) + dot(41, y, 7, RED)).join(""),
  8: () => [21, 37, 53, 69].map((y) => dot(19, y, 7.2, BLUE) + dot(41, y, 7.2, BLUE)).join(""),
  9: () => [[24, BLUE], [45, RED], [66, GREEN]]
    .map(([y, c]) => dot(14, y, 7.2, c) + dot(30, y, 7.2, c) + dot(46, y, 7.2, c)).join(""),
};

// -- bamboo ---------------------------------------------------------------------------

function stick(cx, cy, h, color = GREEN, angle = 0) {
  const w = 6.4;
  const top = -h / 2;
  const dark = color === GREEN ? "#0f5228" : color === RED ? "#8e1b1b" : "#123f78";
  const rot = angle ? ` rotate(${angle})` : "";
  return `<g transform="translate(${f(cx)} ${f(cy)})${rot}">`
    + `<rect x="${f(-w / 2)}" y="${f(top)}" width="${w}" height="${f(h)}" rx="2.6" fill="${color}"/>`
    + `<rect x="${f(-w / 2 - 0.6)}" y="${f(-1)}" width="${f(w + 1.2)}" height="2" rx="1" fill="${dark}"/>`
    + `<rect x="${f(-w / 2 - 0.4)}" y="${f(top)}" width="${f(w + 0.8)}" height="2" rx="1" fill="${dark}"/>`
    + `<rect x="${f(-w / 2 - 0.4)}" y="${f(-top - 2)}" width="${f(w + 0.8)}" height="2" rx="1" fill="${dark}"/>`
    + `<rect x="${f(-0.6)}" y="${f(top + 3)}" width="1.2" height="${f(h - 6)}" fill="#fff" opacity=".35"/>`
    + "</g>";
}

function bird() {
  // A small stylised peacock standing on a twig: tail fan, body, head, beak.
  const feathers = [-40, -20, 0, 20, 40].map((a, k) =>
    `<g transform="translate(24 50) rotate(${a - 30})">`
    + `<path d="M0 0 C -5 -10 -5 -22 0 -28 C 5 -22 5 -10 0 0Z" fill="${k % 2 ? BLUE : GREEN}"/>`
    + `<circle cy="-21" r="2.6" fill="${RED}"/><circle cy="-21" r="1.1" fill="#fbf6e9"/></g>`).join("");
  return feathers
    + `<path d="M18 52 C 20 40 34 36 42 42 C 46 46 44 58 34 61 C 26 63 19 59 18 52Z" fill="${GREEN}"/>`
    + `<path d="M30 46 C 36 44 41 48 40 55 C 36 58 30 56 30 46Z" fill="${RED}"/>`
    + `<circle cx="43" cy="34" r="6" fill="${GREEN}"/>`
    + `<circle cx="44.6" cy="32.8" r="1.5" fill="#fbf6e9"/><circle cx="44.9" cy="32.8" r=".7" fill="${INK}"/>`
    + `<path d="M48.5 33 L55 35 L48.5 36.5Z" fill="#e39b16"/>`
    + `<path d="M41 28 l2 -5 l2 5Z" fill="${RED}"/>`
    + `<path d="M28 61 v8 M35 60 v9" stroke="#8a5a1c" stroke-width="1.6" stroke-linecap="round"/>`
    + `<path d="M16 70 H50" stroke="#8a5a1c" stroke-width="2" stroke-linecap="round"/>`;
}

const BAMBOO = {
  1: bird,
  2: () => stick(30, 30, 24) + stick(30, 60, 24, BLUE),
  3: () => stick(30, 29, 24) + stick(19, 60, 24) + stick(41, 60, 24),
  4: () => [30, 60].map((y, k) => stick(19, y, 24, k ? GREEN : BLUE) + stick(41, y, 24, k ? BLUE : GREEN)).join(""),
  5: () => stick(15, 29, 24) + stick(45, 29, 24, BLUE) + stick(30, 45, 24, RED)
    + stick(15, 61, 24, BLUE) + stick(45, 61, 24),
  6: () => [30, 60].map((y) => stick(15, y, 24) + stick(30, y, 24) + stick(45, y, 24)).join(""),
  7: () => stick(30, 22, 17, RED) + [45, 67].map((y) => stick(15, y, 18) + stick(30, y, 18) + stick(45, y, 18)).join(""),
  8: () => stick(11, 30, 24) + stick(23, 30, 24, GREEN, 22) + stick(37, 30, 24, GREEN, -22) + stick(49, 30, 24)
    + stick(11, 60, 24, BLUE) + stick(23, 60, 24, BLUE, -22) + stick(37, 60, 24, BLUE, 22) + stick(49, 60, 24, BLUE),
  9: () => [23, 45, 67].map((y) => stick(15, y, 18) + stick(30, y, 18, RED) + stick(45, y, 18, BLUE)).join(""),
};

// -- honours and bonus tiles ----------------------------------------------------------

function character(n) {
  return text(30, 39, 25, INK, NUMERALS[n]) + text(30, 72, 27, RED, "萬");
}

function whiteDragon() {
  return `<rect x="9" y="15" width="42" height="58" rx="4" fill="none" stroke="${BLUE}" stroke-width="3.6"/>`
    + `<rect x="15" y="21" width="30" height="46" rx="2" fill="none" stroke="${BLUE}" stroke-width="1.6"/>`;
}

function blossom(cx, cy, color) {
  let petals = "";
  for (let k = 0; k < 5; k += 1) {
    const a = (k * 2 * Math.PI) / 5 - Math.PI / 2;
    petals += `<circle cx="${f(cx + 3.6 * Math.cos(a))}" cy="${f(cy + 3.6 * Math.sin(a))}" r="2.7" fill="${color}" opacity=".85"/>`;
  }
  return petals + `<circle cx="${cx}" cy="${cy}" r="1.8" fill="#e8b518"/>`;
}

function bonus(glyph, color, number, flower) {
  const mark = flower ? blossom(13, 70, color)
    : `<path d="M8 72 q5 -7 10 0" fill="none" stroke="${color}" stroke-width="2" stroke-linecap="round"/>`;
  return text(30, 56, 33, color, glyph)
    + `<circle cx="49" cy="68" r="6.2" fill="${color}"/>`
    + text(49, 72.2, 10, "#fff", number, { family: SANS })
    + mark;
}

function art(label) {
  const kind = kindOf(label);
  if (kind.suit === "D") return DOTS[kind.rank]();
  if (kind.suit === "B") return BAMBOO[kind.rank]();
  if (kind.suit === "C") return character(kind.rank);
  if (kind.wind) return text(30, 57, 36, INK, WINDS[label]);
  if (label === "R") return text(30, 58, 40, RED, "中");
  if (label === "G") return text(30, 58, 40, GREEN, "發");
  if (label === "Wh") return whiteDragon();
  if (kind.flower) return bonus(FLOWERS[label], FLOWER_INKS[label], label[1], true);
  return bonus(SEASONS[label], SEASON_INKS[label], label[1], false);
}

function cornerIndex(label) {
  return text(3.5, 11, 10, labelColor(label), label, { family: SANS, anchor: "start" });
}

export const classicSet = {
  name: "classic", // the first tile style: the default
  titleKey: "styleClassic",
  draw: (label) => art(label) + cornerIndex(label),
};

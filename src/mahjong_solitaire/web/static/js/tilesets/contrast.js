// The High contrast tile set, for low vision: a plain white face, the rank as a big bold
// numeral and a large suit mark under it, in strong inks (every one at least 7:1 on white),
// so that the suits and honours differ by shape, not by colour alone:
//   dots: a ring;  bamboo: two sticks with nodes;  characters: 萬;
//   winds: the letter (N, E, S, W) with a pointer to its side and the character below;
//   dragons: red a filled box with 中, green an open box with 發, white a double frame;
//   flowers: the number over a five-petal blossom;  seasons: the number over a sun.

import { f, kindOf, SANS, SERIF, text, WINDS } from "./draw.js";

const BLACK = "#000";
const INKS = { D: "#0b3d91", B: "#0b5a1e", C: "#9b0000" };
const FLOWER = "#6a0d5f";
const SEASON = "#7a3a00";

const numeral = (n, ink) => text(30, 42, 46, ink, n, { family: SANS, weight: 900 });

const MARKS = {
  D: (ink) => `<circle cx="30" cy="62" r="12" fill="${ink}"/><circle cx="30" cy="62" r="5" fill="#fff"/>`,
  B: (ink) => [20, 33].map((x) => `<rect x="${x}" y="48" width="7" height="28" rx="3" fill="${ink}"/>`
    + `<rect x="${x - 1}" y="60.5" width="9" height="3" fill="#fff"/>`).join(""),
  C: (ink) => text(30, 77, 27, ink, "萬", { family: SERIF, weight: 900 }),
};

/** A triangle on the side of the wind (north on top, as on a map). */
const POINTERS = {
  N: "M30 2 L37 10 H23Z", S: "M30 60 L37 52 H23Z", E: "M58 31 L50 24 V38Z", W: "M2 31 L10 24 V38Z",
};

function blossom(ink) {
  let petals = "";
  for (let k = 0; k < 5; k += 1) {
    const a = (k * 2 * Math.PI) / 5 - Math.PI / 2;
    petals += `<circle cx="${f(30 + 7.5 * Math.cos(a))}" cy="${f(63 + 7.5 * Math.sin(a))}" r="5.6" fill="${ink}"/>`;
  }
  return `${petals}<circle cx="30" cy="63" r="3.4" fill="#fff"/>`;
}

function sun(ink) {
  let rays = "";
  for (let k = 0; k < 8; k += 1) {
    const a = (k * Math.PI) / 4;
    rays += `<line x1="${f(30 + 9.5 * Math.cos(a))}" y1="${f(63 + 9.5 * Math.sin(a))}" `
      + `x2="${f(30 + 14 * Math.cos(a))}" y2="${f(63 + 14 * Math.sin(a))}"/>`;
  }
  return `<g stroke="${ink}" stroke-width="3.2" stroke-linecap="round">${rays}</g>`
    + `<circle cx="30" cy="63" r="7" fill="${ink}"/>`;
}

function art(label) {
  const kind = kindOf(label);
  if (kind.suit) return numeral(kind.rank, INKS[kind.suit]) + MARKS[kind.suit](INKS[kind.suit]);
  if (kind.wind) {
    return `<path d="${POINTERS[kind.wind]}" fill="${BLACK}"/>`
      + text(30, 48, 40, BLACK, kind.wind, { family: SANS, weight: 900 })
      + text(30, 77, 17, BLACK, WINDS[kind.wind], { family: SERIF, weight: 900 });
  }
  if (kind.dragon === "R") {
    return `<rect x="8" y="12" width="44" height="56" rx="5" fill="${INKS.C}"/>`
      + text(30, 54, 38, "#fff", "中", { family: SERIF, weight: 900 });
  }
  if (kind.dragon === "G") {
    return `<rect x="9" y="13" width="42" height="54" rx="5" fill="none" stroke="${INKS.B}" stroke-width="4"/>`
      + text(30, 53, 32, INKS.B, "發", { family: SERIF, weight: 900 });
  }
  if (kind.dragon === "Wh") {
    return `<rect x="8" y="10" width="44" height="60" rx="4" fill="none" stroke="${BLACK}" stroke-width="5"/>`
      + `<rect x="18" y="20" width="24" height="40" rx="2" fill="none" stroke="${BLACK}" stroke-width="3"/>`;
  }
  if (kind.flower) return numeral(kind.flower, FLOWER) + blossom(FLOWER);
  return numeral(kind.season, SEASON) + sun(SEASON);
}

export const contrastSet = {
  name: "contrast",
  titleKey: "styleContrast",
  draw: (label) => `<rect width="60" height="80" fill="#fff"/>${art(label)}`,
};

// The Modern tile set: flat colours and simple geometry.  A suit tile shows its rank as so
// many pips laid out like a die's (dots: discs, bamboo: upright bars, characters: diamonds);
// a wind is a disc with its letter and a pointer to its side; the dragons are a red and a
// green square (中, 發) and an empty blue frame; the flowers are four drawn blossoms and the
// seasons a sprout, a sun, a leaf and a snowflake, each with its number in a badge.

import { f, kindOf, SANS, SERIF, text } from "./draw.js";

const FACE = "#fbfbf8";
const INKS = { D: "#1565c0", B: "#2e7d32", C: "#c62828" };
const SLATE = "#37474f";
const FLOWER = "#c2185b";
const SEASON = "#e65100";

/** Pip centres for ranks 1…9 (in a 60 × 80 face). */
const PIPS = {
  1: [[30, 42]],
  2: [[30, 26], [30, 58]],
  3: [[16, 20], [30, 42], [44, 64]],
  4: [[18, 26], [42, 26], [18, 58], [42, 58]],
  5: [[17, 22], [43, 22], [30, 42], [17, 62], [43, 62]],
  6: [[18, 20], [42, 20], [18, 42], [42, 42], [18, 64], [42, 64]],
  7: [[14, 18], [30, 18], [46, 18], [18, 42], [42, 42], [18, 64], [42, 64]],
  8: [[18, 16], [42, 16], [18, 34], [42, 34], [18, 52], [42, 52], [18, 70], [42, 70]],
  9: [[14, 20], [30, 20], [46, 20], [14, 42], [30, 42], [46, 42], [14, 64], [30, 64], [46, 64]],
};
/** The pip's half size for each rank: fewer pips, bigger ones; and a bamboo bar's height. */
const SIZE = { 1: 15, 2: 10, 3: 8, 4: 8.5, 5: 7.5, 6: 7, 7: 6.2, 8: 6.4, 9: 6.2 };
const BAR = { 1: 50, 2: 26, 3: 19, 4: 24, 5: 17, 6: 17, 7: 17, 8: 14, 9: 17 };

const PIP = {
  D: (x, y, r, ink) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${ink}"/>`
    + (r > 9 ? `<circle cx="${x}" cy="${y}" r="${f(r * 0.45)}" fill="${FACE}"/>` : ""),
  B: (x, y, r, ink, rank) => {
    const w = f(Math.min(r * 0.95, 9));
    const h = BAR[rank];
    return `<rect x="${f(x - w / 2)}" y="${f(y - h / 2)}" width="${w}" height="${h}" rx="${f(w / 3)}" fill="${ink}"/>`
      + `<rect x="${f(x - w / 2)}" y="${f(y - 0.7)}" width="${w}" height="1.4" fill="${FACE}"/>`;
  },
  C: (x, y, r, ink) => `<path d="M${x} ${f(y - r * 1.15)} L${f(x + r)} ${y} L${x} ${f(y + r * 1.15)} L${f(x - r)} ${y}Z" fill="${ink}"/>`,
};

function pips(suit, rank) {
  return PIPS[rank].map(([x, y]) => PIP[suit](x, y, SIZE[rank], INKS[suit], rank)).join("");
}

const POINTERS = {
  N: "M30 6 L36 14 H24Z", S: "M30 78 L36 70 H24Z", E: "M58 42 L51 36 V48Z", W: "M2 42 L9 36 V48Z",
};

function wind(letter) {
  return `<circle cx="30" cy="42" r="19" fill="${SLATE}"/>`
    + text(30, 50.5, 24, "#fff", letter, { family: SANS, weight: 800 })
    + `<path d="${POINTERS[letter]}" fill="${SLATE}"/>`;
}

function dragon(label) {
  if (label === "Wh") {
    return `<rect x="11" y="22" width="38" height="40" rx="7" fill="none" stroke="${INKS.D}" stroke-width="4"/>`
      + `<rect x="21" y="33" width="18" height="18" rx="3" fill="${INKS.D}"/>`;
  }
  const [ink, glyph] = label === "R" ? [INKS.C, "中"] : [INKS.B, "發"];
  return `<rect x="10" y="21" width="40" height="42" rx="7" fill="${ink}"/>`
    + text(30, 53, 28, "#fff", glyph, { family: SERIF, weight: 900 });
}

function ring(count, radius, draw) {
  let out = "";
  for (let k = 0; k < count; k += 1) out += draw((k * 2 * Math.PI) / count - Math.PI / 2, radius);
  return out;
}

const at = (a, r, cx = 30, cy = 36) => [f(cx + r * Math.cos(a)), f(cy + r * Math.sin(a))];
const deg = (a) => f((a * 180) / Math.PI + 90);

const FLOWER_ART = {
  // plum: five round petals
  1: () => ring(5, 8, (a, r) => { const [x, y] = at(a, r); return `<circle cx="${x}" cy="${y}" r="7" fill="${FLOWER}"/>`; })
    + `<circle cx="30" cy="36" r="4" fill="${FACE}"/>`,
  // orchid: three long petals
  2: () => ring(3, 9, (a, r) => { const [x, y] = at(a, r); return `<ellipse cx="${x}" cy="${y}" rx="5" ry="11" transform="rotate(${deg(a)} ${x} ${y})" fill="${FLOWER}"/>`; })
    + `<circle cx="30" cy="36" r="3.5" fill="${FACE}"/>`,
  // chrysanthemum: twelve thin petals
  3: () => ring(12, 10, (a, r) => { const [x, y] = at(a, r); return `<ellipse cx="${x}" cy="${y}" rx="2.2" ry="7" transform="rotate(${deg(a)} ${x} ${y})" fill="${FLOWER}"/>`; })
    + `<circle cx="30" cy="36" r="5" fill="${FLOWER}"/>`,
  // bamboo: a stem with two leaves
  4: () => `<rect x="27" y="16" width="6" height="40" rx="2" fill="${FLOWER}"/>`
    + `<path d="M30 30 C 40 22 48 24 52 20 C 48 32 40 34 30 30Z" fill="${FLOWER}"/>`
    + `<path d="M30 42 C 20 34 12 36 8 32 C 12 44 20 46 30 42Z" fill="${FLOWER}"/>`,
};

const SEASON_ART = {
  // spring: a sprout
  1: () => `<rect x="28" y="34" width="4" height="22" fill="${SEASON}"/>`
    + `<path d="M30 36 C 30 24 40 18 50 20 C 48 32 40 36 30 36Z" fill="${SEASON}"/>`
    + `<path d="M30 40 C 28 30 18 26 10 28 C 12 38 22 42 30 40Z" fill="${SEASON}"/>`,
  // summer: the sun
  2: () => `<circle cx="30" cy="36" r="9" fill="${SEASON}"/>`
    + ring(8, 15, (a, r) => { const [x, y] = at(a, r); return `<circle cx="${x}" cy="${y}" r="2.6" fill="${SEASON}"/>`; }),
  // autumn: a falling leaf
  3: () => `<path d="M14 52 C 14 30 30 16 48 16 C 48 36 36 52 14 52Z" fill="${SEASON}"/>`
    + `<path d="M14 52 L40 26" stroke="${FACE}" stroke-width="2"/>`,
  // winter: a snowflake
  4: () => `<g stroke="${SEASON}" stroke-width="3.4" stroke-linecap="round">`
    + ring(6, 16, (a, r) => { const [x, y] = at(a, r); return `<line x1="30" y1="36" x2="${x}" y2="${y}"/>`; })
    + ring(6, 10, (a, r) => {
      const [x, y] = at(a, r);
      const [x1, y1] = at(a - 0.5, r + 5);
      const [x2, y2] = at(a + 0.5, r + 5);
      return `<path d="M${x1} ${y1} L${x} ${y} L${x2} ${y2}" fill="none"/>`;
    })
    + "</g>",
};

function badge(n, ink) {
  return `<circle cx="30" cy="66" r="9" fill="${ink}"/>`
    + text(30, 71, 14, "#fff", n, { family: SANS, weight: 800 });
}

function art(label) {
  const kind = kindOf(label);
  if (kind.suit) return pips(kind.suit, kind.rank);
  if (kind.wind) return wind(kind.wind);
  if (kind.dragon) return dragon(kind.dragon);
  if (kind.flower) return FLOWER_ART[kind.flower]() + badge(kind.flower, FLOWER);
  return SEASON_ART[kind.season]() + badge(kind.season, SEASON);
}

export const flatSet = {
  name: "flat",
  titleKey: "styleFlat",
  draw: (label) => `<rect width="60" height="80" fill="${FACE}"/>${art(label)}`,
};

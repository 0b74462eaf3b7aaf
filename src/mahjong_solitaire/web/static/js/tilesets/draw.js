// What the tile sets draw with: the face box, the fonts, the inks and a text helper.  A face
// is drawn in a W × H (60 × 80) box; the tile's body and edge are CSS
// (css/board/tile-sets.css).

export const W = 60;
export const H = 80;
export const SERIF = "'Noto Serif CJK TC','Noto Serif CJK JP','Noto Serif CJK SC','Songti TC','SimSun',serif";
export const SANS = "'Noto Sans','DejaVu Sans','Segoe UI',system-ui,sans-serif";

export const INK = "#1c2440";
export const RED = "#c62828";
export const GREEN = "#1d7a3e";
export const BLUE = "#1f5fae";

/** The Chinese numerals 1…9 (index 0 unused), the winds' and the bonus tiles' characters. */
export const NUMERALS = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
export const WINDS = { E: "東", S: "南", W: "西", N: "北" };
export const FLOWERS = { F1: "梅", F2: "蘭", F3: "菊", F4: "竹" };
export const SEASONS = { S1: "春", S2: "夏", S3: "秋", S4: "冬" };

/** A number with at most two decimals, for compact markup. */
export const f = (n) => Number(n.toFixed(2));

export function text(x, y, size, fill, content, { family = SERIF, weight = 700, anchor = "middle" } = {}) {
  return `<text x="${f(x)}" y="${f(y)}" font-family="${family}" font-size="${size}" `
    + `font-weight="${weight}" fill="${fill}" text-anchor="${anchor}">${content}</text>`;
}

/**
 * What a label is: {suit: "B"|"C"|"D", rank} for the suits, {wind}, {dragon: "R"|"G"|"Wh"},
 * {flower: 1…4} or {season: 1…4}; an unknown label throws.
 */
export function kindOf(label) {
  if (/^[1-9][BCD]$/.test(label)) return { suit: label[1], rank: Number(label[0]) };
  if (WINDS[label]) return { wind: label };
  if (label === "R" || label === "G" || label === "Wh") return { dragon: label };
  if (FLOWERS[label]) return { flower: Number(label[1]) };
  if (SEASONS[label]) return { season: Number(label[1]) };
  throw new Error(`unknown tile label ${label}`);
}

/** The inks of the flowers (plum, orchid, chrysanthemum, bamboo) and the seasons. */
export const FLOWER_INKS = { F1: "#c2185b", F2: "#7b3fa0", F3: "#d9820b", F4: GREEN };
export const SEASON_INKS = { S1: "#2e8b3e", S2: "#d23c2a", S3: "#c46a12", S4: "#2465a8" };

/** The colour a label is written in, in the Numbers style and the Classic corner index. */
export function labelColor(label) {
  if (/^[1-9]B$/.test(label) || label === "G") return GREEN;
  if (/^[1-9]C$/.test(label) || label === "R") return RED;
  if (/^[1-9]D$/.test(label) || label === "Wh") return BLUE;
  return FLOWER_INKS[label] || SEASON_INKS[label] || INK;
}

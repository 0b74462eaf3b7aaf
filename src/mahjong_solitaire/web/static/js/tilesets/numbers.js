// The Numbers tile set: the tile's index written large (5B, N, F1…) in its suit's colour.

import { labelColor, SANS, text } from "./draw.js";

export const numbersSet = {
  name: "numbers",
  titleKey: "styleNumbers",
  draw(label) {
    const size = label.length > 1 ? 27 : 36;
    return text(30, 52, size, labelColor(label), label, { family: SANS, weight: 800 });
  },
};

// Tables that fit a phone (the statistics per layout, the leaderboards): where the table's
// box is narrow (css/dialogs/statistics.css, a container query) each row is drawn as a small
// card, its cells one under another, each after its column's name.  Here the cells learn that
// name (data-label, drawn by CSS with an empty alternative text: a screen reader hears the
// column's header as in any table), and the table's parts say their roles outright, which a
// table drawn as blocks would otherwise lose to screen readers.

const ROLES = { THEAD: "rowgroup", TBODY: "rowgroup", TFOOT: "rowgroup", TR: "row" };

/** Mark `table` (with a thead of column headers) for stacking on a narrow screen. */
export function stackable(table) {
  const names = [...table.querySelectorAll("thead th")].map((th) => th.textContent.trim());
  table.classList.add("stacked");
  table.setAttribute("role", "table");
  for (const part of table.querySelectorAll("thead, tbody, tfoot, tr")) part.setAttribute("role", ROLES[part.tagName]);
  for (const th of table.querySelectorAll("thead th")) th.setAttribute("role", "columnheader");
  for (const row of table.querySelectorAll("tbody tr")) {
    [...row.cells].forEach((cell, k) => {
      const header = cell.tagName === "TH";
      cell.setAttribute("role", header ? "rowheader" : "cell");
      if (!header && names[k]) cell.dataset.label = names[k];
    });
  }
  return table;
}

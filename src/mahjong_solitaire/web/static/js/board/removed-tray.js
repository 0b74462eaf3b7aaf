// The tray of removed tiles (rules §5.13; `#removed`, a Settings switch, off by default):
// what has left the board, drawn from the state's `removed` (the faces in the order they
// went) as small faces of the player's tile set, one `[data-tile]` per removed tile, in a
// group per kind (the 42 of the tile guide, in its order) with the group's count.  A tap's
// answer leaves `removed` out: each mode's `applyTap` adds the pair's faces with
// `removedAfter`, so an undo (which answers the whole state) puts them back as every other
// action does.  While the game is paused the list is hidden (null) and so is the tray.
//
// Beside the stage on a wide screen; on a phone it folds into a sheet opened and closed by
// `#removed-toggle` (aria-expanded), closed by Escape too, the focus going into the sheet
// and back to the button.  The tray says nothing by itself: the taps and undos announce
// their pairs already, and the button names the count.

import { LABELS } from "./faces.js";
import { miniFace } from "../settings/look-settings.js";
import { formatNumber, tileName, tn } from "../shell/strings.js";

/** Where the tray folds into a sheet (css/board/removed-tray.css says the same width). */
const PHONE = window.matchMedia("(max-width: 760px)");
const ORDER = new Map(LABELS.map((label, at) => [label, at]));

/** The state's `removed` after a tap that took the pair `move` (two positions, or none):
 * the faces drawn at its positions in `state` added at the end; null stays null (paused). */
export function removedAfter(state, move) {
  if (!move || !move.length || !Array.isArray(state.removed)) return state.removed;
  const faceAt = (i) => state.tiles.find((tile) => tile.i === i)?.tile ?? null;
  return [...state.removed, ...move.map(faceAt)];
}

export class RemovedTray {
  /** `tray` is `#removed` (its `.removed-total` and `.removed-groups` inside), `toggle`
   * the phone's button. */
  constructor(tray, toggle) {
    this.tray = tray;
    this.toggle = toggle;
    this.total = tray.querySelector(".removed-total");
    this.list = tray.querySelector(".removed-groups");
    this.groups = new Map(); // kind -> its group
    this.enabled = false;
    this.style = "classic";
    this.removed = null;
    toggle.addEventListener("click", () => this.setOpen(!this.isOpen(), { focus: true }));
    document.addEventListener("keydown", (event) => {
      if (event.key !== "Escape" || !this.isOpen() || !PHONE.matches) return;
      if (document.querySelector("dialog[open]")) return; // a dialog's Escape is its own
      event.preventDefault();
      event.stopImmediatePropagation(); // the sheet's Escape, not the demo's or a dialog's
      this.setOpen(false);
      this.toggle.focus();
    });
    PHONE.addEventListener("change", () => this.setOpen(false));
  }

  isOpen() {
    return this.toggle.getAttribute("aria-expanded") === "true";
  }

  /** Open or close the phone's sheet; `focus` takes the focus into an opened sheet. */
  setOpen(open, { focus = false } = {}) {
    this.toggle.setAttribute("aria-expanded", String(open));
    this.tray.dataset.open = String(open);
    if (open && focus) this.tray.focus();
  }

  /** The Settings switch (`removedTray`). */
  setEnabled(on) {
    this.enabled = Boolean(on);
    this.paint();
  }

  /** Redraw the faces in the tile set named `style`. */
  setStyle(style) {
    if (style === this.style) return;
    this.style = style;
    this.groups.clear();
    this.list.replaceChildren();
    this.paint();
  }

  /** Draw the state's removed tiles (a state without them, or paused: the tray hides). */
  show(state) {
    this.removed = Array.isArray(state?.removed) ? state.removed : null;
    this.paint();
  }

  paint() {
    const shown = this.enabled && this.removed !== null;
    this.tray.hidden = !shown;
    this.toggle.hidden = !shown;
    if (!shown) {
      if (this.isOpen()) this.setOpen(false);
      return;
    }
    const counts = new Map();
    for (const label of this.removed) if (label) counts.set(label, (counts.get(label) || 0) + 1);
    for (const [kind, group] of this.groups) {
      if (!counts.has(kind)) {
        group.remove();
        this.groups.delete(kind);
      }
    }
    for (const [kind, n] of counts) this.paintGroup(kind, n);
    this.total.textContent = tn("removedTotal", this.removed.length);
    let badge = this.toggle.querySelector(".removed-badge");
    if (!badge) { // (the button's icon and label are painted anew in another language)
      badge = Object.assign(document.createElement("span"), { className: "removed-badge" });
      this.toggle.append(badge);
    }
    badge.textContent = formatNumber(this.removed.length);
  }

  /** The group of `kind` showing `n` faces, made or trimmed to that. */
  paintGroup(kind, n) {
    let group = this.groups.get(kind);
    if (!group) {
      group = document.createElement("div");
      group.className = "removed-group";
      group.dataset.kind = kind;
      group.setAttribute("role", "group");
      group.append(Object.assign(document.createElement("span"), { className: "removed-faces" }));
      const count = Object.assign(document.createElement("span"), { className: "removed-count" });
      count.setAttribute("aria-hidden", "true");
      group.append(count);
      const after = [...this.groups.keys()].filter((other) => ORDER.get(other) > ORDER.get(kind))
        .sort((a, b) => ORDER.get(a) - ORDER.get(b))[0];
      this.list.insertBefore(group, after ? this.groups.get(after) : null);
      this.groups.set(kind, group);
    }
    const faces = group.firstChild;
    while (faces.children.length > n) faces.lastChild.remove();
    while (faces.children.length < n) {
      const face = miniFace(kind, this.style, "look-tile removed-tile");
      face.setAttribute("role", "img");
      face.setAttribute("aria-label", tileName(kind));
      faces.append(face);
    }
    group.setAttribute("aria-label", tn("removedGroup", n, { name: tileName(kind) }));
    group.lastChild.textContent = formatNumber(n);
  }

  /** The strings again, in the language just chosen. */
  relabel() {
    this.groups.clear();
    this.list.replaceChildren();
    this.paint();
  }
}

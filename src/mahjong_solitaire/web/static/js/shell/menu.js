// The menu's items as the keyboard and the top bar use them: the arrow keys move between
// the items a player can choose (Up and Down go round, Home and End go to the first and
// the last; hidden and disabled items are passed over), and a control of the top bar that
// moved into the menu (top-bar.js) is drawn as a menu item with its icon, its label and its
// keyboard shortcut.

import { icon } from "./icons.js";

/** The items of `menu` a player can choose now, in order. */
export function usableItems(menu) {
  return [...menu.querySelectorAll("[role='menuitem']")]
    .filter((item) => !item.disabled && !item.closest("[hidden]") && item.getClientRects().length);
}

/** The first item to focus as the menu opens (null: none can be chosen). */
export function firstItem(menu) {
  return usableItems(menu)[0] || null;
}

/** Arrow keys, Home and End inside `menu`. */
export function menuKeys(menu) {
  menu.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const items = usableItems(menu);
    if (!items.length) return;
    const at = items.indexOf(document.activeElement);
    const next = {
      ArrowDown: () => items[(at + 1) % items.length],
      ArrowUp: () => items[(at - 1 + items.length) % items.length],
      Home: () => items[0],
      End: () => items[items.length - 1],
    }[event.key];
    if (!next) return;
    event.preventDefault();
    next().focus();
  });
}

/** What a control shows a player: its label (or, without one, its accessible name or
 * text), its keyboard shortcut and its tooltip. */
function marks(control) {
  const label = control.querySelector(".label")?.textContent
    || control.getAttribute("aria-label") || control.textContent.trim();
  const key = control.querySelector(".key")?.textContent || "";
  return { icon: control.dataset.menuIcon || control.dataset.icon, label, key, title: control.title };
}

/** Draw menu `item` as the bar's `control`: the same icon, label (its accessible name),
 * shortcut (shown, and in aria-keyshortcuts) and tooltip.  Drawn again only on a change. */
export function copyMarks(control, item) {
  const { icon: name, label, key, title } = marks(control);
  const drawn = JSON.stringify([name, label, key, title]);
  if (item.dataset.drawn === drawn) return;
  item.dataset.drawn = drawn;
  item.innerHTML = name ? icon(name) : "";
  const text = document.createElement("span");
  text.className = "label";
  text.textContent = label;
  item.append(text);
  if (key) {
    const kbd = document.createElement("kbd");
    kbd.className = "key";
    kbd.setAttribute("aria-hidden", "true");
    kbd.textContent = key;
    item.append(kbd);
    item.setAttribute("aria-keyshortcuts", control.getAttribute("aria-keyshortcuts") || key);
  } else {
    item.removeAttribute("aria-keyshortcuts");
  }
  if (title) item.title = title;
  else item.removeAttribute("title");
}

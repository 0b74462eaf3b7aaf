// Small DOM helpers: build elements without string markup, format times, show a toast.

import { ApiError } from "./api.js";
import { icon } from "./icons.js";
import { formatDate, t } from "./strings.js";

export { formatDate };

/**
 * h("button", {class: "btn", onclick: f}, "Undo") -> <button class="btn">Undo</button>
 * Attributes starting with "on" become listeners; `dataset`, `html` (trusted markup only)
 * and boolean values are handled; children may be strings, nodes, arrays or null.
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (key === "dataset") {
      Object.assign(el.dataset, value);
    } else if (key === "html") {
      el.innerHTML = value;
    } else {
      el.setAttribute(key, value === true ? "" : String(value));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** A button with an icon and a label (the label folds away on narrow screens in the bar). */
export function iconButton(name, label, attrs = {}) {
  return h("button", { type: "button", class: "btn", ...attrs, html: `${icon(name)}<span class="label"></span>` });
}

export function fillButton(button, iconName, label) {
  button.innerHTML = `${icon(iconName)}<span class="label"></span>`;
  button.querySelector(".label").textContent = label;
}

/** 75.4 -> "01:15"; an hour or more -> "1:02:03". */
export function formatTime(seconds) {
  const total = Math.max(0, Math.floor(Number(seconds) || 0));
  const s = total % 60;
  const m = Math.floor(total / 60) % 60;
  const hours = Math.floor(total / 3600);
  const pad = (n) => String(n).padStart(2, "0");
  return hours ? `${hours}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}

let toastTimer = null;

export function toast(message, { error = false, ms = 2200 } = {}) {
  const el = document.getElementById("toast");
  el.textContent = message;
  el.classList.toggle("error", error);
  el.classList.add("show");
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => el.classList.remove("show"), error ? Math.max(ms, 4200) : ms);
}

/**
 * Tell the player that something failed, in a toast: a refused request's message is
 * already in the player's language (the server's words, or errorNetwork); anything else
 * is the page's own fault, shown as errorGeneric with its text.
 */
export function showProblem(problem) {
  const message = problem instanceof ApiError ? problem.message
    : t("errorGeneric", { message: (problem && problem.message) || String(problem) });
  toast(message, { error: true });
}

/** Copy text to the clipboard; resolves true when it worked (else the caller tells the
 * player to copy by hand). */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (refused) {
    // no clipboard API here (plain http, an old browser: TypeError) or no permission
    // (NotAllowedError): the old way below is tried instead; other faults are the page's
    if (!(refused instanceof TypeError || refused instanceof DOMException)) throw refused;
    return copyTheOldWay(text);
  }
}

function copyTheOldWay(text) {
  const area = h("textarea", { style: "position:fixed;opacity:0" }, text);
  document.body.append(area);
  area.select();
  try {
    return document.execCommand("copy");
  } catch (refused) {
    // a browser that refuses the command: false, and the caller says "Could not copy"
    if (!(refused instanceof DOMException)) throw refused;
    return false;
  } finally {
    area.remove();
  }
}

/** Fill `data-s` (text), `data-s-title`, `data-s-aria`, and `data-icon`/`data-label` buttons. */
export function applyStrings(root = document) {
  for (const el of root.querySelectorAll("[data-s]")) el.textContent = t(el.dataset.s);
  for (const el of root.querySelectorAll("[data-s-title]")) el.title = t(el.dataset.sTitle);
  for (const el of root.querySelectorAll("[data-s-aria]")) el.setAttribute("aria-label", t(el.dataset.sAria));
  for (const el of root.querySelectorAll("[data-icon]")) paintButton(el);
}

/**
 * Draw a `data-icon` button: its icon, its `data-label` string (its accessible name, also
 * when folded away on a phone) and its `data-key` hint (aria-keyshortcuts).
 */
export function paintButton(el) {
  const label = el.dataset.label ? t(el.dataset.label) : "";
  el.innerHTML = icon(el.dataset.icon);
  if (label) {
    el.append(h("span", { class: "label" }, label));
    el.removeAttribute("aria-label");
  }
  if (el.dataset.key) {
    const key = t(el.dataset.key);
    el.append(h("kbd", { class: "key", "aria-hidden": "true" }, key));
    el.title = `${label} (${key})`;
    el.setAttribute("aria-keyshortcuts", key);
  }
}

// The page as an installable app: the service worker that keeps a copy of
// the page's files (service-worker.js, served at /service-worker.js; the manifest is linked
// from index.html), and the menu's "Full screen" item (the Fullscreen API), hidden where
// the browser has none.

import { paintButton, toast } from "./dom.js";
import { t } from "./strings.js";

/** Register the service worker; resolves to its registration, or null where there is none
 * (service workers need https or a loopback address). */
export function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return Promise.resolve(null);
  return navigator.serviceWorker.register("/service-worker.js", { scope: "/" }).catch((refused) => {
    // a browser that forbids it (a private window, a policy): the page plays on without
    // the copy, which only matters while the server cannot be reached
    if (!(refused instanceof DOMException || refused instanceof TypeError)) throw refused;
    return null;
  });
}

/** Make `item` (a menu button) the full-screen switch: hidden without the Fullscreen API,
 * labelled by the current state, and `announce`d when the page enters or leaves it. */
export function fullscreenSwitch(item, announce) {
  if (!document.fullscreenEnabled) {
    item.hidden = true;
    return;
  }
  const paint = () => {
    const full = Boolean(document.fullscreenElement);
    item.dataset.label = full ? "menuFullscreenLeave" : "menuFullscreen";
    item.dataset.icon = full ? "shrink" : "expand";
    paintButton(item);
  };
  paint();
  document.addEventListener("fullscreenchange", () => {
    paint();
    announce(t(document.fullscreenElement ? "announceFullscreen" : "announceFullscreenLeft"));
  });
}

/** Enter full screen, or leave it. */
export async function toggleFullscreen() {
  try {
    if (document.fullscreenElement) await document.exitFullscreen();
    else await document.documentElement.requestFullscreen({ navigationUI: "hide" });
  } catch (refused) {
    // the browser refused (not after a key or a tap, or a policy forbids it)
    if (!(refused instanceof TypeError || refused instanceof DOMException)) throw refused;
    toast(t("fullscreenRefused"), { error: true });
  }
}

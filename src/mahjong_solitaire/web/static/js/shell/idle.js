// Work the first view does not need (preloading the dialogs' modules, the layouts'
// preview pictures) waits until the page has settled: a while after its load, in a moment
// the browser has nothing else to do, so that a phone's first seconds go to the game.

/** How long after the page's load such work waits at least (ms). */
export const SETTLE_MS = 4000;

/** Run `work` once the page has loaded, `after` ms have passed and the main thread is
 * idle (requestIdleCallback; where a browser has none, a plain timeout). */
export function whenSettled(work, after = SETTLE_MS) {
  const idle = () => {
    if (window.requestIdleCallback) window.requestIdleCallback(() => work(), { timeout: 2000 });
    else setTimeout(work, 0);
  };
  const wait = () => setTimeout(idle, after);
  if (document.readyState === "complete") wait();
  else window.addEventListener("load", wait, { once: true });
}

// When the game server cannot be reached: the page says so plainly, in a
// banner under the top bar, and asks the server again after 1 s, 2 s, 4 s … (at most 30 s
// apart; at once when the browser says it is online again, or when the player presses
// "Try now").  Once the server answers, the banner goes, the player is told, and the page
// draws the game as the server has it: no reload, nothing of the page's state lost.
//
// api.js reports every request that could not reach the server (`serverUnreachable`);
// app.js says what to do once it is back (`watchConnection`).

import { t } from "./strings.js";

const FIRST_WAIT_MS = 1000;
const LONGEST_WAIT_MS = 30000;
const BACK_SHOWN_MS = 2500;

// The answer to a HEAD of a page file tells that the server is there; HEAD goes past the
// service worker (it keeps only GETs) and the HTTP cache, and writes nothing.
const PROBE = "/static/manifest.webmanifest";

const watch = { banner: null, wait: FIRST_WAIT_MS, due: 0, timer: null, ticker: null, hide: null, onBack: null };

/** Call `onBack` (it may be async) each time the server answers again after being lost. */
export function watchConnection(onBack) {
  watch.onBack = onBack;
  window.addEventListener("online", () => { if (lost()) tryNow(); });
}

/** Whether the page is waiting for the server now. */
export function lost() {
  return watch.banner !== null && !watch.banner.hidden && !watch.banner.classList.contains("back");
}

/** A request could not reach the server: show the banner and start trying again. */
export function serverUnreachable() {
  if (lost()) return;
  clearTimeout(watch.hide);
  const banner = watch.banner || makeBanner();
  banner.hidden = false;
  banner.classList.remove("back");
  banner.querySelector(".connection-message").textContent = t("offlineMessage");
  banner.querySelector(".connection-retry").textContent = t("offlineRetryNow");
  watch.wait = FIRST_WAIT_MS;
  schedule();
}

function part(tag, ...classes) {
  const el = document.createElement(tag);
  el.classList.add(...classes);
  return el;
}

// (made here rather than with dom.js's h(): dom.js imports api.js, which imports this)
function makeBanner() {
  const banner = part("div", "connection-banner");
  banner.id = "connection-banner";
  const message = part("p", "connection-message");
  message.setAttribute("role", "status");
  const next = part("span", "connection-next");
  next.setAttribute("aria-hidden", "true");
  const retry = part("button", "btn", "connection-retry");
  retry.type = "button";
  retry.textContent = t("offlineRetryNow");
  retry.addEventListener("click", tryNow);
  banner.append(message, next, retry);
  document.querySelector(".topbar").after(banner);
  watch.banner = banner;
  return banner;
}

function schedule() {
  clearTimeout(watch.timer);
  watch.due = Date.now() + watch.wait;
  watch.timer = setTimeout(tryNow, watch.wait);
  countDown();
}

function countDown() {
  clearInterval(watch.ticker);
  const next = watch.banner.querySelector(".connection-next");
  const paint = () => {
    const seconds = Math.max(0, Math.ceil((watch.due - Date.now()) / 1000));
    next.textContent = t("offlineRetryIn", { seconds });
  };
  paint();
  watch.ticker = setInterval(paint, 1000);
}

async function tryNow() {
  clearTimeout(watch.timer);
  clearInterval(watch.ticker);
  watch.banner.querySelector(".connection-next").textContent = t("offlineTrying");
  let answered = false;
  try {
    await fetch(PROBE, { method: "HEAD", cache: "no-store" });
    answered = true; // whatever the status: the server is there
  } catch (unreachable) {
    // fetch rejects only when the server cannot be reached: wait longer, then again
    if (!(unreachable instanceof TypeError)) throw unreachable;
  }
  if (!answered) {
    watch.wait = Math.min(watch.wait * 2, LONGEST_WAIT_MS);
    schedule();
    return;
  }
  // the banner says so (its status line is read out) for a moment, then goes
  watch.banner.classList.add("back");
  watch.banner.querySelector(".connection-message").textContent = t("offlineBack");
  watch.hide = setTimeout(() => { watch.banner.hidden = true; }, BACK_SHOWN_MS);
  if (watch.onBack) await watch.onBack();
}

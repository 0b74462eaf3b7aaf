// The service worker: it keeps a copy of the page's own files (the HTML,
// styles, scripts and pictures) and of the catalogue of the page's language, so that the
// page still opens, in the player's language, when the game server cannot be reached; the
// page then says so and keeps trying (server-connection.js).  The game itself always needs the
// server: the API is never answered from here.
//
// Served at /service-worker.js by web/installable.py, which puts PAGE_FILES (every file of
// the page) and PAGE_VERSION (a digest of their contents) before this text: a change to
// any file is a new worker, which keeps the new files and drops the old copy.
//
// Network first: while the server answers, the page gets its current files (revalidated
// by the browser's cache: 304 when unchanged); only a request that cannot reach the server
// is answered from the copy.  The copy of the page's files is made once, when the worker
// is installed (the digest makes it current); the catalogue's is refreshed on each load.

/* global PAGE_FILES, PAGE_VERSION */
const FILES = `page-${PAGE_VERSION}`;
const WORDS = "words"; // the catalogue (GET /api/i18n): not one of the page's files
const CATALOGUE = "/api/i18n";

self.addEventListener("install", (event) => {
  // the page's files, and the catalogue of the language the page speaks now (the page
  // fetched its own before this worker was there; later loads refresh it)
  event.waitUntil(caches.open(FILES)
    .then((cache) => cache.addAll(PAGE_FILES.map((url) => new Request(url, { cache: "no-cache" }))))
    .then(() => caches.open(WORDS))
    .then((cache) => cache.add(new Request(CATALOGUE, { cache: "no-cache" })))
    .then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names
      .filter((name) => name !== FILES && name !== WORDS)
      .map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
});

function ours(url) {
  return url.origin === self.location.origin;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (!ours(url)) return;
  if (request.mode === "navigate" || url.pathname === "/" || url.pathname.startsWith("/static/")) {
    // every address of the page (/?code=…) is the one page, kept as "/"
    event.respondWith(fresh(request, FILES, request.mode === "navigate" ? "/" : request, false));
  } else if (url.pathname === CATALOGUE || url.pathname.startsWith(`${CATALOGUE}/`)) {
    event.respondWith(fresh(request, WORDS, request, true));
  }
});

async function fresh(request, name, key, refresh) {
  try {
    const response = await fetch(request);
    if (refresh && response.ok) await (await caches.open(name)).put(key, response.clone());
    return response;
  } catch (unreachable) {
    // the server cannot be reached: the copy, when there is one; else the failure itself
    const cache = await caches.open(name);
    const copy = await cache.match(key, { ignoreSearch: request.mode === "navigate", ignoreVary: true });
    if (copy) return copy;
    throw unreachable;
  }
}

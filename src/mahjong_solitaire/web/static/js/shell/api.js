// The JSON API of the game server (see docs/web-api.md): one function per request.

import { serverUnreachable } from "./server-connection.js";
import { t } from "./strings.js";

/** A refused request: `message` is for the player (in the page's language), `detail` the
 * server's specifics in English (e.g. the line of a layout file that is wrong). */
export class ApiError extends Error {
  // retryAfter: the seconds a 429 or 503 asks to wait (its Retry-After header), else null
  constructor(status, code, message, detail = "", retryAfter = null) {
    super(message);
    this.status = status;
    this.code = code;
    this.detail = detail;
    this.retryAfter = retryAfter;
  }
}

// The seconds of a Retry-After header given in seconds (the server's form), else null.
function retryAfterOf(response) {
  const seconds = Number.parseInt(response.headers.get("Retry-After") || "", 10);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
}

export async function request(method, path, body, { keepalive = false } = {}) {
  let response;
  const form = body instanceof FormData; // a file upload: the browser sets the type
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers: body === undefined || form ? {} : { "Content-Type": "application/json" },
      body: body === undefined || form ? body : JSON.stringify(body),
      credentials: "same-origin",
      keepalive,
    });
  } catch (error) {
    // the browser's own text ("Failed to fetch") is English and says little
    serverUnreachable();
    throw new ApiError(0, "network", t("errorNetwork"), error.message);
  }
  let data = null;
  try {
    data = await response.json();
  } catch (error) {
    // a body that is no JSON (a proxy's error page, an empty answer): judged by the status
    // below; a body that breaks off is the network's failure
    if (!(error instanceof SyntaxError)) throw new ApiError(0, "network", t("errorNetwork"), error.message);
  }
  if (!response.ok) {
    const message = (data && (data.message || (typeof data.detail === "string" && data.detail)))
      || response.statusText;
    throw new ApiError(
      response.status, (data && data.error) || "http", message, (data && data.detail) || "",
      retryAfterOf(response),
    );
  }
  return data;
}

export const api = {
  current: () => request("GET", "/game"),
  game: (id) => request("GET", `/games/${encodeURIComponent(id)}`),
  create: (body) => request("POST", "/games", body),
  tap: (id, position, version) => request("POST", `/games/${encodeURIComponent(id)}/tap`, { position, version }),
  // the chip shows the verdict alone: the way back of a lost position (last_winnable), most
  // of the solver's work, comes with the stuck state's own answer
  winnability: (id) => request("GET", `/games/${encodeURIComponent(id)}/winnability?last_winnable=false`),
  action: (id, name, version, options) => request("POST", `/games/${encodeURIComponent(id)}/${name}`, { version }, options),
  solution: (id) => request("GET", `/games/${encodeURIComponent(id)}/solution`),
  solve: (id, version, move) => request("POST", `/games/${encodeURIComponent(id)}/solve`, { version, move }),
  leaderboard: (mode, { layout = null, difficulty = null, all = false, challenge = null } = {}) => request("GET", `/leaderboard?${new URLSearchParams({
    mode, ...(layout ? { layout } : {}), ...(difficulty ? { difficulty } : {}), ...(all ? { all: "true" } : {}),
    ...(challenge ? { challenge } : {}) })}`),
  statistics: (mode, challenge = null) => request("GET", `/statistics?${new URLSearchParams({
    mode, ...(challenge ? { challenge } : {}) })}`),
  daily: () => request("GET", "/daily"),
  challenges: () => request("GET", "/challenges"),
  dailyBoard: (date, { all = false } = {}) => request("GET", `/daily-board?${new URLSearchParams({
    ...(date ? { date } : {}), ...(all ? { all: "true" } : {}) })}`),
  layouts: () => request("GET", "/layouts"),
  generatedLayout: (family, tiles, seed) => request("GET", `/generated-layouts?${new URLSearchParams({ family, tiles, seed })}`),
  uploadLayout: (file) => {
    const form = new FormData();
    form.append("file", file, file.name);
    return request("POST", "/layouts", form);
  },
  // the Statistics page's history: a page of the games over or stuck (dialogs/played-games.js)
  playedGames: (mode, before = null) => request("GET", `/history/games?${new URLSearchParams({
    mode, ...(before ? { before } : {}) })}`),
  uploadHistory: (file) => {
    const form = new FormData();
    form.append("file", file, file.name);
    return request("POST", "/history", form);
  },
  deleteLayout: (name) => request("DELETE", `/layouts/${encodeURIComponent(name)}`),
  stages: () => request("GET", "/stages"),
  startStage: (number) => request("POST", `/stages/${encodeURIComponent(number)}`),
  player: () => request("GET", "/player"),
  // a game that is over or stuck (docs/web-api.md, "Review and replay"; review/review-page.js)
  review: (id) => request("GET", `/games/${encodeURIComponent(id)}/review`),
  replay: (id) => request("GET", `/games/${encodeURIComponent(id)}/replay`),
  replayLink: (id) => request("POST", `/games/${encodeURIComponent(id)}/replay-link`),
  sharedReplay: (token) => request("GET", `/replays/${encodeURIComponent(token)}`),
  setPlayer: (name) => request("PUT", "/player", { name }),
};

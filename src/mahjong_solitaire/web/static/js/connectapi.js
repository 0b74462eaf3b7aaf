// The Connect mode's JSON API (docs/web-api.md, "Connect mode"): one function per request,
// with the same shape as the classic `api` for what the controller calls on a game.

import { api, request } from "./api.js";

const game = (id) => `/connect/games/${encodeURIComponent(id)}`;

export const connectApi = {
  game: (id) => request("GET", game(id)),
  create: (body) => request("POST", "/connect/games", body),
  tap: (id, position, version) => request("POST", `${game(id)}/tap`, { position, version }),
  action: (id, name, version, options) => request("POST", `${game(id)}/${name}`, { version }, options),
  stages: () => request("GET", "/connect/stages"),
};

/** A Connect code such as `CN1-1808B-AAAAABL` (or a link holding one), upper-cased; null if none. */
export function connectCodeIn(text) {
  const found = /CN1-\d{4}[A-Z]-[A-Z]{7}/.exec(String(text || "").trim().toUpperCase());
  return found ? found[0] : null;
}

/** Which mode a new-game request is for: a stage, a Connect code or `mode: "connect"`. */
export function isConnectRequest(body) {
  return Boolean(body) && (body.mode === "connect" || body.stage !== undefined
    || (typeof body.code === "string" && /^\s*cn1-/i.test(body.code)));
}

/** Start a game of either mode from a new-game request. */
export function createGame(body) {
  if (!isConnectRequest(body)) return api.create(body);
  const { mode, ...rest } = body;
  return connectApi.create(rest);
}

/** The API of a game's mode (tap, action, game). */
export function apiFor(state) {
  return state && state.mode === "connect" ? connectApi : api;
}

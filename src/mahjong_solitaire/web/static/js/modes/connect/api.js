// The Connect mode's JSON API (docs/web-api.md, "Connect mode"): one function per request,
// with the same shape as the classic `api` for what the controller calls on a game (the
// mode object in mode.js holds it).

import { request } from "../../shell/api.js";

const game = (id) => `/connect/games/${encodeURIComponent(id)}`;

export const connectApi = {
  game: (id) => request("GET", game(id)),
  create: (body) => request("POST", "/connect/games", body),
  tap: (id, position, version) => request("POST", `${game(id)}/tap`, { position, version }),
  action: (id, name, version, options) => request("POST", `${game(id)}/${name}`, { version }, options),
  solution: (id) => request("GET", `${game(id)}/solution`),
  solve: (id, version, move) => request("POST", `${game(id)}/solve`, { version, move }),
  stages: () => request("GET", "/connect/stages"),
};

// The boards of a replay (GET …/replay's `boards`, web/games/replay_boards.py): the server
// sends the board before the first action and after each one as changes; this builds the
// state a board view draws at each step.  A tile's key is its `id` where it has one
// (Connect follows tiles through slides), else its position `i`.

const keyOf = (tile) => (tile.id ?? tile.i);

/** The tiles at every step (`steps.length` lists), from the changes of each step. */
export function tilesAtEachStep(steps) {
  const shown = new Map();
  return steps.map((step) => {
    for (const key of step.gone) shown.delete(key);
    for (const tile of step.tiles) shown.set(keyOf(tile), tile);
    return [...shown.values()];
  });
}

/** A drawable state of `replay` at step `k` (its board after k actions): a view draws it
 * as it draws a game, under an id of its own so that it never takes the game's place. */
export function stateAt(replay, tiles, k) {
  return {
    id: `review:${replay.game_id}`,
    mode: replay.mode,
    status: replay.status,
    layout: replay.boards.layout,
    tiles: tiles[k],
    selection: null,
    step: k,
  };
}

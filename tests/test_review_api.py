"""``GET /api/games/{id}/review`` and ``/replay`` (issue 28): the review of the player's own
game that is over or stuck, kept with the game after the first request; the replay's code,
actions and server times.  Games are built by playing through the engine and saving the
progress, as the routes do, so that a known first losing move can be stepped into."""

from __future__ import annotations

import random
from typing import Any

import pytest

from api_support import checked, refused
from mahjong_solitaire.connect.hint import solve as connect_solve
from mahjong_solitaire.core.game import TileGame
from mahjong_solitaire.core.moves import Move
from mahjong_solitaire.modes import mode_of_code
from mahjong_solitaire.solver import Verdict, solve
from mahjong_solitaire.store import Progress, Store
from mahjong_solitaire.web.games.lifecycle import COOKIE
from mahjong_solitaire.web.games.registry import view_of

CODE = "MJ1-L00-AAAAABL"
OTHER = "MJ1-L00-AAAAABM"
CONNECT = "CN1-1206B-AAAAAAP"


def actions_of(moves: Any) -> list[str]:
    return [f"{m.a},{m.b}" for m in moves]


def dead_end(code: str = CODE, along: int = 20) -> tuple[list[str], int]:
    """The deal's known winning line for ``along`` moves, then seeded careless play until
    the board is stuck; and the first move after which the exact solver (no budget)
    proves the position lost: the known first losing move."""
    deal = mode_of_code(code).deal(code)
    board = deal.board()
    moves = list(deal.solution[:along])
    for move in moves:
        board.push(move)
    chooser = random.Random(3)
    while not board.is_won() and not board.is_stuck():
        move = chooser.choice(sorted(board.matching_pairs()))
        board.push(move)
        moves.append(move)
    assert board.is_stuck()
    probe = deal.board()
    for k, move in enumerate(moves):
        probe.push(move)
        if solve(probe.copy(stack=False)).verdict is Verdict.UNSOLVABLE:
            assert k >= along  # the winning line stays winnable
            return actions_of(moves), k
    raise AssertionError("careless play never lost")


def careless_end(code: str = CONNECT) -> list[str]:
    """The deal's known winning line for two moves, then seeded careless play (the first
    seed that does not win) until the board is stuck: a Connect dead end."""
    deal = mode_of_code(code).deal(code)
    for seed in range(100):
        board = deal.board()
        moves = list(deal.solution[:2])
        for move in moves:
            board.push(move)
        chooser = random.Random(seed)
        while not board.is_won() and not board.is_stuck():
            move = chooser.choice(sorted(board.matching_pairs()))
            board.push(move)
            moves.append(move)
        if board.is_stuck():
            return actions_of(moves)
    raise AssertionError("careless play always won")


def stored_game(client: Any, store: Store, code: str, actions: list[str]) -> tuple[str, str]:
    """A game of the client's player: ``code`` started through the API, then ``actions``
    played by the engine and saved; its player and id."""
    mode = mode_of_code(code)
    path = "/api/connect/games" if mode.name == "connect" else "/api/games"
    state = checked(client.post(path, json={"code": code}))
    player = client.cookies[COOKIE]
    game: TileGame = mode.replay(code, actions)
    game.keep_times([1.0 + 2.0 * n for n in range(len(actions))])
    stored = store.get_game(player, state["id"])
    store.save_game(player, stored.id, version=stored.version, progress=Progress.of(game))
    return player, str(state["id"])


def abandon(client: Any) -> None:
    checked(client.post("/api/games", json={"code": OTHER}))


def test_a_won_game_has_no_losing_move(client: Any, sqlite_store: Store) -> None:
    deal = mode_of_code(CODE).deal(CODE)
    _, game_id = stored_game(client, sqlite_store, CODE, actions_of(deal.solution))
    review = checked(client.get(f"/api/games/{game_id}/review"))
    assert review["status"] == "won" and review["mode"] == "classic"
    assert review["first_losing_move"] is None and review["better"] is None
    assert review["verdicts"] == ["winnable"] * 72
    assert review["actions"] == actions_of(deal.solution)
    assert review["summary"]["moves"] == 72
    assert review["summary"]["longest_think"] == 2.0  # the times kept: 1 s, 3 s, 5 s...
    assert review["summary"]["time_stuck"] == 0


def test_a_dead_end_marks_the_known_first_losing_move_and_a_better_pair(
    client: Any, sqlite_store: Store
) -> None:
    actions, k = dead_end()
    _, game_id = stored_game(client, sqlite_store, CODE, actions)
    review = checked(client.get(f"/api/games/{game_id}/review"))
    assert review["status"] == "stuck"
    assert review["first_losing_move"] == k
    assert review["verdicts"][:k] == ["winnable"] * k
    assert review["verdicts"][k:] == ["lost"] * (len(actions) - k)
    better = review["better"]
    assert better is not None and better["pair"] != [int(p) for p in actions[k].split(",")]
    board = mode_of_code(CODE).replay(CODE, actions[:k]).board.copy(stack=False)
    board.push(Move(*better["pair"]))
    assert board.is_won() or solve(board).verdict is Verdict.SOLVABLE
    assert review["summary"]["time_stuck"] == 2.0 * (len(actions) - 1 - k)


def test_the_review_is_kept_with_the_game_and_read_back(client: Any, sqlite_store: Store) -> None:
    deal = mode_of_code(CODE).deal(CODE)
    player, game_id = stored_game(client, sqlite_store, CODE, actions_of(deal.solution[:5]))
    abandon(client)
    before = sqlite_store.get_game(player, game_id)
    first = checked(client.get(f"/api/games/{game_id}/review"))
    kept = sqlite_store.get_game(player, game_id)
    assert kept.review is not None and kept.review["verdicts"] == first["verdicts"]
    assert kept.version == before.version and kept.actions == before.actions  # only the cache
    # the second request reads the cache: a review kept there is what it answers
    marked = {**kept.review, "first_losing_move": 3}
    sqlite_store.save_review(player, game_id, marked)
    second = checked(client.get(f"/api/games/{game_id}/review"))
    assert second["first_losing_move"] == 3
    assert second["verdicts"] == first["verdicts"]


def test_a_kept_review_that_no_longer_covers_the_log_is_made_again(
    client: Any, sqlite_store: Store
) -> None:
    actions, _ = dead_end()
    player, game_id = stored_game(client, sqlite_store, CODE, actions)
    sqlite_store.save_review(player, game_id, {"verdicts": ["lost"]})  # of an older log
    review = checked(client.get(f"/api/games/{game_id}/review"))
    assert len(review["verdicts"]) == len(actions)


def test_a_connect_game_is_reviewed(client: Any, sqlite_store: Store) -> None:
    deal = mode_of_code(CONNECT).deal(CONNECT)
    _, game_id = stored_game(client, sqlite_store, CONNECT, actions_of(deal.solution[:6]))
    abandon(client)
    review = checked(client.get(f"/api/games/{game_id}/review"))
    assert review["mode"] == "connect" and review["status"] == "abandoned"
    assert review["verdicts"] == ["winnable"] * 6
    assert review["first_losing_move"] is None


def test_a_connect_dead_end_is_lost_after_its_first_losing_move(
    client: Any, sqlite_store: Store
) -> None:
    actions = careless_end()
    _, game_id = stored_game(client, sqlite_store, CONNECT, actions)
    review = checked(client.get(f"/api/games/{game_id}/review"))
    assert review["mode"] == "connect" and review["status"] == "stuck"
    k = review["first_losing_move"]
    assert k is not None and 2 <= k < len(actions)  # the winning line stays winnable
    assert review["verdicts"][k:] == ["lost"] * (len(actions) - k)
    assert "lost" not in review["verdicts"][:k]
    # the better pair keeps it winnable: a win is found from the position it leaves
    board = mode_of_code(CONNECT).replay(CONNECT, actions[:k]).board.copy(stack=False)
    board.push(Move(*review["better"]["pair"]))
    line = connect_solve(board)
    assert line is not None
    for move in line:
        board.push(move)
    assert board.is_won()


def test_an_abandoned_games_review_keeps_its_first_losing_move(
    client: Any, sqlite_store: Store
) -> None:
    actions, k = dead_end()
    _, game_id = stored_game(client, sqlite_store, CODE, actions[:-3])  # not stuck yet
    abandon(client)
    review = checked(client.get(f"/api/games/{game_id}/review"))
    assert review["status"] == "abandoned" and review["actions"] == actions[:-3]
    assert review["first_losing_move"] == k
    assert review["verdicts"] == ["winnable"] * k + ["lost"] * (len(actions) - 3 - k)


def test_a_game_in_play_has_no_review_yet(client: Any, sqlite_store: Store) -> None:
    state = checked(client.post("/api/games", json={"code": CODE}))
    refused(client.get(f"/api/games/{state['id']}/review"), 409, "game_in_play")
    refused(client.get(f"/api/games/{state['id']}/replay"), 409, "game_in_play")


@pytest.mark.parametrize("what", ["review", "replay"])
def test_another_players_or_an_unknown_game_is_404(
    client: Any, sqlite_store: Store, what: str
) -> None:
    _, game_id = stored_game(client, sqlite_store, CODE, [])
    abandon(client)
    client.cookies.clear()
    checked(client.post("/api/games", json={"code": OTHER}))  # another player
    refused(client.get(f"/api/games/{game_id}/{what}"), 404, "unknown_game")
    refused(client.get(f"/api/games/no-such-game/{what}"), 404, "unknown_game")
    refused(client.get(f"/api/games/new:{CODE}/{what}"), 404, "unknown_game")
    client.cookies.clear()
    refused(client.get(f"/api/games/{game_id}/{what}"), 404, "unknown_game")


def test_the_replay_answers_the_code_the_actions_and_the_servers_times(
    client: Any, sqlite_store: Store
) -> None:
    deal = mode_of_code(CODE).deal(CODE)
    actions = [*actions_of(deal.solution[:3]), "hint", "undo"]
    player, game_id = stored_game(client, sqlite_store, CODE, actions)
    abandon(client)
    before = sqlite_store.get_game(player, game_id)
    replay = checked(client.get(f"/api/games/{game_id}/replay"))
    assert len(replay.pop("boards")["steps"]) == len(actions) + 1
    assert replay == {
        "game_id": game_id,
        "mode": "classic",
        "code": CODE,
        "status": "abandoned",
        "actions": actions,
        "times": [1.0, 3.0, 5.0, 7.0, 9.0],
    }
    assert sqlite_store.get_game(player, game_id) == before  # a read writes nothing


def board_at(boards: dict[str, Any], k: int) -> dict[int, dict[str, Any]]:
    """The tiles at step ``k`` of a replay's boards, by key, as the page builds them."""
    tiles: dict[int, dict[str, Any]] = {}
    for step in boards["steps"][: k + 1]:
        for key in step["gone"]:
            del tiles[key]
        for tile in step["tiles"]:
            tiles[tile.get("id", tile["i"])] = tile
    return tiles


@pytest.mark.parametrize("code", [CODE, CONNECT])
def test_the_replays_boards_are_the_states_tiles_at_each_step(
    client: Any, sqlite_store: Store, code: str
) -> None:
    deal = mode_of_code(code).deal(code)
    actions = [*actions_of(deal.solution[:4]), "undo", "shuffle", "hint"]
    _, game_id = stored_game(client, sqlite_store, code, actions)
    abandon(client)
    boards = checked(client.get(f"/api/games/{game_id}/replay"))["boards"]
    mode = mode_of_code(code)
    assert boards["layout"]["tiles"] == len(deal.tiles)
    assert len(boards["steps"]) == len(actions) + 1
    for k in range(len(actions) + 1):
        game = mode.replay(code, actions[:k])
        want = [tile.model_dump() for tile in view_of(mode).tiles_of(game)]
        assert sorted(board_at(boards, k).values(), key=str) == sorted(want, key=str), k
    assert boards["steps"][6]["tiles"]  # the shuffle changed faces

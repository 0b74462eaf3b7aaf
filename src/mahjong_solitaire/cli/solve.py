"""``mahjong-solitaire solve``: decide deals with the solver.

Input is a ``mahjong-solitaire/deal-1`` JSON object (only ``tiles`` is required:
``[[x, y, z, label], ...]`` on any layout), from a file or ``-`` (standard input), or a game
code plus the moves already played.  With ``--jsonl`` every input line is a deal and every
output line its answer, in input order, with a progress bar on stderr.  An answer is
``{"verdict": ..., "solution": [[i, j], ...], "nodes": N, "ms": T}``; the indices refer to
the input's ``tiles`` (for a code: the layout's positions, as in ``deal --json``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TextIO

from ..board import Board, IllegalMoveError, Move
from ..codes import GameCode
from ..layout import Layout
from ..solver import SolveResult, solve
from .common import CliError

__all__ = ["Problem", "parse_deal", "register"]


@dataclass(frozen=True, slots=True)
class Problem:
    """A position to solve, and the input index of each layout position."""

    board: Board
    input_index: tuple[int, ...]

    def answer(self, result: SolveResult) -> dict[str, object]:
        """The answer object, with the solution in input indices."""
        answer = result.to_json()
        index = self.input_index
        answer["solution"] = [[index[m.a], index[m.b]] for m in result.moves]
        return answer


def parse_deal(obj: object, where: str = "input") -> Problem:
    """A :class:`Problem` from a deal-1 object; :class:`CliError` naming what is wrong."""
    if not isinstance(obj, dict):
        raise CliError(f"{where}: expected a JSON object with 'tiles'")
    fmt = obj.get("format")
    if fmt is not None and fmt != "mahjong-solitaire/deal-1":
        raise CliError(f"{where}: format {fmt!r} is not mahjong-solitaire/deal-1")
    tiles = obj.get("tiles")
    if not isinstance(tiles, list) or not tiles:
        raise CliError(f"{where}: 'tiles' must be a non-empty list of [x, y, z, label]")
    positions = []
    labels = []
    for n, tile in enumerate(tiles):
        if not isinstance(tile, list) or len(tile) != 4 or not isinstance(tile[3], str):
            raise CliError(f"{where}: tile {n} is not [x, y, z, label]: {tile!r}"[:200])
        positions.append(tuple(tile[:3]))
        labels.append(tile[3])
    try:
        layout = Layout.from_positions(positions)
        by_position = {p: i for i, p in enumerate(layout.positions)}
        input_index = [0] * len(layout)
        board_tiles: list[str | None] = [None] * len(layout)
        for n, (position, label) in enumerate(zip(layout_keys(positions), labels, strict=True)):
            i = by_position[position]
            input_index[i] = n
            board_tiles[i] = label
        board = Board(layout, board_tiles)
    except ValueError as error:
        raise CliError(f"{where}: {error}") from None
    return Problem(board, tuple(input_index))


def layout_keys(positions: Iterable[tuple[object, ...]]) -> list[tuple[int, int, int]]:
    """Positions as the integer triples the layout stores (``2.0`` reads as ``2``)."""
    return [(int(x), int(y), int(z)) for x, y, z in positions]  # type: ignore[call-overload]


def _from_code(code: str, moves: str | None) -> Problem:
    board = GameCode.parse(code).deal().board()
    for text in (moves or "").split():
        move = Move.parse(text)
        try:
            board.push(move)
        except IllegalMoveError as error:
            raise CliError(f"move {move}: {error}") from None
    return Problem(board, tuple(range(len(board.layout))))


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "solve", help="decide whether a deal can be cleared, with a winning order",
        description="Decide deals (random ones too): solvable with a winning order, "
                    "unsolvable (proved) or unknown (a limit was hit).")
    parser.add_argument("file", nargs="?", metavar="FILE",
                        help="a deal-1 JSON object, or '-' for standard input")
    parser.add_argument("--code", help="solve this game code's deal instead of a file")
    parser.add_argument("--moves", help='with --code: the moves already played, "i,j i,j ..."')
    parser.add_argument("--jsonl", action="store_true",
                        help="one deal per input line, one answer per output line")
    parser.add_argument("--limit", type=int, metavar="NODES",
                        help="give up (unknown) after this many branch points")
    parser.add_argument("--timeout", type=float, metavar="SECONDS",
                        help="give up (unknown) after this many seconds per deal")
    parser.add_argument("--json", action="store_true", help="answer as one JSON object")
    parser.set_defaults(handler=run)


def _check(args: argparse.Namespace) -> None:
    if args.code and args.file:
        raise CliError("give either FILE or --code, not both")
    if not args.code and not args.file:
        raise CliError("give a deal FILE ('-' for standard input) or --code")
    if args.moves is not None and not args.code:
        raise CliError("--moves goes with --code")
    if args.jsonl and args.code:
        raise CliError("--jsonl reads deals from FILE, not --code")
    if args.limit is not None and args.limit < 0:
        raise CliError("--limit must not be negative")
    if args.timeout is not None and not args.timeout > 0:
        raise CliError("--timeout must be positive")


def _read(name: str) -> str:
    if name == "-":
        return sys.stdin.read()
    try:
        with open(name, encoding="utf-8") as handle:
            return handle.read()
    except OSError as error:
        raise CliError(f"cannot read {name}: {error.strerror}") from None


def _loads(text: str, where: str) -> object:
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise CliError(f"{where}: not JSON ({error.msg} at column {error.colno})") from None


def _solve(problem: Problem, args: argparse.Namespace) -> dict[str, object]:
    result = solve(problem.board, node_limit=args.limit, time_limit=args.timeout)
    return problem.answer(result)


class Progress:
    """A one-line progress bar on a stream: deals done, tiles per second, ETA."""

    def __init__(self, total: int, stream: TextIO, width: int = 24) -> None:
        self.total = total
        self.stream = stream
        self.width = width
        self.start = time.perf_counter()
        self.shown = 0.0

    def update(self, done: int, tiles: int, *, final: bool = False) -> None:
        now = time.perf_counter()
        if not final and now - self.shown < 0.2:
            return
        self.shown = now
        elapsed = max(now - self.start, 1e-9)
        filled = self.width * done // max(self.total, 1)
        eta = elapsed / done * (self.total - done) if done else 0.0
        line = (f"\r[{'#' * filled}{'.' * (self.width - filled)}] {done}/{self.total} deals"
                f"  {tiles / elapsed:,.0f} tiles/s  ETA {eta:.0f}s")
        self.stream.write(line + ("\n" if final else ""))
        self.stream.flush()


def run(args: argparse.Namespace) -> int:
    _check(args)
    out = sys.stdout
    if args.code:
        answers = [_solve(_from_code(args.code, args.moves), args)]
    elif args.jsonl:
        lines = [(n, line) for n, line in enumerate(_read(args.file).splitlines(), start=1)
                 if line.strip()]
        problems = [parse_deal(_loads(line, f"line {n}"), f"line {n}") for n, line in lines]
        progress = Progress(len(problems), sys.stderr)
        tiles = 0
        for done, problem in enumerate(problems, start=1):
            out.write(json.dumps(_solve(problem, args), separators=(",", ":")) + "\n")
            out.flush()
            tiles += problem.board.tiles_left
            progress.update(done, tiles, final=done == len(problems))
        return 0
    else:
        answers = [_solve(parse_deal(_loads(_read(args.file), args.file), args.file), args)]
    for answer in answers:
        if args.json:
            out.write(json.dumps(answer, separators=(",", ":")) + "\n")
        else:
            solution = answer["solution"]
            out.write(f"{answer['verdict']}  ({answer['nodes']} nodes, {answer['ms']} ms)\n")
            if solution:
                out.write(" ".join(f"{a},{b}" for a, b in solution) + "\n")  # type: ignore[attr-defined]
    return 0

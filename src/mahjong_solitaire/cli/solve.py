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

from ..classic.codes import GameCode
from ..classic.generator import deal_from_code
from ..core.board import Board
from ..core.layout import Layout
from ..core.moves import IllegalMoveError, Move
from ..i18n import N_, format_number, translator
from ..solver import SolveResult, solve
from .common import CliError, add_database_option, language, read_text, require_code

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
        raise CliError(N_("{where}: expected a JSON object with 'tiles'"), where=where)
    fmt = obj.get("format")
    if fmt is not None and fmt != "mahjong-solitaire/deal-1":
        raise CliError(
            N_("{where}: format {format} is not mahjong-solitaire/deal-1"),
            where=where,
            format=repr(fmt),
        )
    tiles = obj.get("tiles")
    if not isinstance(tiles, list) or not tiles:
        raise CliError(
            N_("{where}: 'tiles' must be a non-empty list of [x, y, z, label]"), where=where
        )
    positions = []
    labels = []
    for n, tile in enumerate(tiles):
        if not isinstance(tile, list) or len(tile) != 4 or not isinstance(tile[3], str):
            raise CliError(
                N_("{where}: tile {n} is not [x, y, z, label]: {tile}"),
                where=where,
                n=n,
                tile=repr(tile)[:120],
            )
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
        raise CliError("{where}: {reason}", where=where, reason=error) from None
    return Problem(board, tuple(input_index))


def layout_keys(positions: Iterable[tuple[object, ...]]) -> list[tuple[int, int, int]]:
    """Positions as the integer triples the layout stores (``2.0`` reads as ``2``)."""
    return [(int(x), int(y), int(z)) for x, y, z in positions]  # type: ignore[call-overload]


def _from_code(code: str, moves: str | None, database: str | None = None) -> Problem:
    parsed = GameCode.parse(code)
    if parsed.layout_hash is None:
        board = deal_from_code(parsed).board()
    else:  # an imported layout, by its hash: looked up in the database
        from .layouts import deal_of_code

        board = deal_of_code(code, database).board()
    for text in (moves or "").split():
        move = Move.parse(text)
        try:
            board.push(move)
        except IllegalMoveError as error:
            raise CliError(N_("move {move}: {reason}"), move=move, reason=error) from None
    return Problem(board, tuple(range(len(board.layout))))


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "solve",
        help=N_("decide whether a deal can be cleared, with a winning order"),
        description=N_(
            "Decide deals (random ones too): solvable with a winning order, "
            "unsolvable (proved) or unknown (a limit was hit)."
        ),
    )
    parser.add_argument(
        "file",
        nargs="?",
        metavar="FILE",
        help=N_("a deal-1 JSON object, or '-' for standard input"),
    )
    parser.add_argument("--code", help=N_("solve this game code's deal instead of a file"))
    parser.add_argument("--moves", help=N_('with --code: the moves already played, "i,j i,j ..."'))
    parser.add_argument(
        "--jsonl",
        action="store_true",
        help=N_("one deal per input line, one answer per output line"),
    )
    parser.add_argument(
        "--limit",
        type=int,
        metavar="NODES",
        help=N_(
            "give up (unknown) after this many search steps "
            "(branch points of the tree search and steps of the walk)"
        ),
    )
    parser.add_argument(
        "--timeout",
        type=float,
        metavar="SECONDS",
        help=N_("give up (unknown) after this many seconds per deal"),
    )
    parser.add_argument("--json", action="store_true", help=N_("answer as one JSON object"))
    # The database is opened only for a code naming an imported layout (MJ1-H…).
    add_database_option(
        parser,
        N_("database of imported layouts, for a --code that names one by its hash (MJ1-H…)"),
    )
    parser.set_defaults(handler=run)


def _check(args: argparse.Namespace) -> None:
    require_code(args.code, "MJ2-L00-AAAAABL")
    if args.code is not None and args.file:
        raise CliError(N_("give either FILE or --code, not both"))
    if not args.code and not args.file:
        raise CliError(N_("give a deal FILE ('-' for standard input) or --code"))
    if args.moves is not None and not args.code:
        raise CliError(N_("--moves goes with --code"))
    if args.jsonl and args.code:
        raise CliError(N_("--jsonl reads deals from FILE, not --code"))
    if args.limit is not None and args.limit < 0:
        raise CliError(N_("--limit must not be negative"))
    if args.timeout is not None and not args.timeout > 0:
        raise CliError(N_("--timeout must be positive"))


def _loads(text: str, where: str) -> object:
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise CliError(
            N_("{where}: not JSON ({reason} at column {column})"),
            where=where,
            reason=error.msg,
            column=error.colno,
        ) from None


def _solve(problem: Problem, args: argparse.Namespace) -> dict[str, object]:
    """The answer object; its ``ms`` is the CPU time spent on the deal (``process_time``),
    which other work on a busy machine does not inflate."""
    start = time.process_time()
    result = solve(problem.board, node_limit=args.limit, time_limit=args.timeout)
    cpu = time.process_time() - start
    answer = problem.answer(result)
    answer["ms"] = round(cpu * 1e3, 3)
    return answer


#: The verdicts as the summary line names them (the JSON keeps the English words).
_VERDICTS = {"solvable": N_("solvable"), "unsolvable": N_("unsolvable"), "unknown": N_("unknown")}


def summary(answer: dict[str, object], lang: str) -> str:
    """The human-readable answer: the verdict and the effort, then the winning order.

    >>> print(summary({"verdict": "solvable", "solution": [[0, 1]], "nodes": 12345,
    ...                "ms": 5}, "es"))
    resoluble  (12.345 nodos, 5,0 ms)
    0,1
    """
    _ = translator(lang)
    verdict = str(answer["verdict"])
    line = _(
        "{verdict}  ({nodes} nodes, {ms} ms)",
        verdict=_(_VERDICTS.get(verdict, verdict)),
        nodes=format_number(answer["nodes"], lang),  # type: ignore[arg-type]
        ms=format_number(answer["ms"], lang, decimals=1),  # type: ignore[arg-type]
    )
    solution = answer["solution"]
    moves = " ".join(f"{a},{b}" for a, b in solution)  # type: ignore[attr-defined]
    return f"{line}\n{moves}" if moves else line


class Progress:
    """A one-line progress bar on a stream: deals done, tiles per second, ETA."""

    def __init__(self, total: int, stream: TextIO, width: int = 24, lang: str = "en") -> None:
        self.total = total
        self.lang = lang
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
        _ = translator(self.lang)
        counts = _(
            "{done}/{total} deals  {speed} tiles/s  ETA {eta} s",
            done=done,
            total=self.total,
            speed=format_number(round(tiles / elapsed), self.lang),
            eta=format_number(round(eta), self.lang),
        )
        line = f"\r[{'#' * filled}{'.' * (self.width - filled)}] {counts}"
        self.stream.write(line + ("\n" if final else ""))
        self.stream.flush()


def run(args: argparse.Namespace) -> int:
    _check(args)
    out = sys.stdout
    lang = language(args)
    _ = translator(lang)
    if args.code:
        answers = [_solve(_from_code(args.code, args.moves, args.database), args)]
    elif args.jsonl:
        lines = [
            (n, line)
            for n, line in enumerate(read_text(args.file).splitlines(), start=1)
            if line.strip()
        ]
        wheres = [(_("line {n}", n=n), line) for n, line in lines]
        problems = [parse_deal(_loads(line, where), where) for where, line in wheres]
        progress = Progress(len(problems), sys.stderr, lang=lang)
        tiles = 0
        for done, problem in enumerate(problems, start=1):
            out.write(json.dumps(_solve(problem, args), separators=(",", ":")) + "\n")
            out.flush()
            tiles += problem.board.tiles_left
            progress.update(done, tiles, final=done == len(problems))
        return 0
    else:
        answers = [_solve(parse_deal(_loads(read_text(args.file), args.file), args.file), args)]
    for answer in answers:
        if args.json:
            out.write(json.dumps(answer, separators=(",", ":")) + "\n")
        else:
            out.write(summary(answer, lang) + "\n")
    return 0

"""How the web shows the games of one mode: :class:`GameView`, one per mode (the classic
view in :mod:`..classic.view`, Connect's in :mod:`..connect.view`), found through the
mode's registration (:mod:`.registry`), which the lifecycle dispatches through by the stored
game's mode.

A view knows its :class:`~mahjong_solitaire.core.mode.Mode` (the name, the codes, the game
class), the path its games are played under, its state model, and how to draw a game as
that model (:meth:`GameView.draw`, the one drawing method a mode writes).  What every
mode's state shares is drawn here: the frame (:func:`frame`), the board's counters
(:func:`counters`) and a win's result (:func:`won`).

    >>> from mahjong_solitaire.classic.game import Game
    >>> from mahjong_solitaire import deal_from_code
    >>> game = Game(deal_from_code("MJ1-L00-AAAAABL"), clock=lambda: 0.0)
    >>> counters(game).model_dump()
    {'selection': None, 'tiles_left': 144, 'pairs_available': 18, 'can_undo': False, 'can_redo': False}
"""  # noqa: E501

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Generic, TypeVar, cast

from pydantic import BaseModel

from ...challenges import Challenge
from ...core.game import GameStatus, TileGame
from ...core.layout import iter_bits
from ...core.mode import Mode
from ...store import StoredGame
from .models import BaseResult, BoardCounters, GameFrame, Verdict

__all__ = [
    "AnswerT",
    "GameT",
    "GameView",
    "ResultT",
    "StateT",
    "challenge_fields",
    "counter_fields",
    "counters",
    "faces_hidden",
    "frame",
    "frame_fields",
    "removed",
    "won",
]

#: A mode's game class.
GameT = TypeVar("GameT", bound=TileGame)
#: A mode's state model.
StateT = TypeVar("StateT", bound=GameFrame)
#: What a route answers: a state model, or one with an action's fields added.
AnswerT = TypeVar("AnswerT", bound=GameFrame)
#: A mode's result model.
ResultT = TypeVar("ResultT", bound=BaseResult)


def challenge_fields(game: TileGame) -> dict[str, Any] | None:
    """The state's ``challenge``: the figures of the challenge ``game`` is played under, as
    its referee judges them now (rules §13: the log replayed with the server's times, a
    cheap loop), as a plain dict; ``None`` for plain play."""
    rules = game.referee
    if not isinstance(rules, Challenge):
        return None
    judged = rules.judge(game)
    figures = judged.figures
    over = judged.status is not None or game.board.is_won()
    return {
        "name": rules.name,
        "score": figures.score,
        "time_left": figures.time_left,
        "matches": figures.matches,
        "target": figures.target,
        "marked": figures.marked,
        "reason": judged.reason,
        "parts": [{"part": part, "points": points} for part, points in figures.parts]
        if over
        else None,
        "hides_faces": rules.hides_faces,
        "refused": sorted(rules.refuses),
    }


def faces_hidden(game: TileGame) -> bool:
    """Whether ``game``'s rules hide the faces of tiles that are not free (blackout, rules
    §13.5): no answer then carries such a face."""
    rules = game.referee
    return isinstance(rules, Challenge) and rules.hides_faces


def frame_fields(stored: StoredGame, game: TileGame) -> dict[str, Any]:
    """The fields of :func:`frame` as a plain dict (what a tap's answer starts with: built
    without a validation pass)."""
    status = GameStatus.ABANDONED if stored.status is GameStatus.ABANDONED else game.status
    playing = status is GameStatus.PLAYING
    return {
        "id": stored.id,
        "version": stored.version,
        "mode": stored.mode,
        "code": stored.shown_code,
        "difficulty": stored.difficulty,
        "stage": stored.stage,
        "status": status,
        "elapsed": round(game.elapsed, 3),
        "running": playing,
        "hints": game.hints,
        "undos": game.undos,
        "shuffles": game.shuffles,
        "solution_shown": game.solution_shown,
        "finishable": playing and game.finishable,
        "challenge": challenge_fields(game),
        "practice": stored.practice,
        "from_game": stored.from_game,
    }


def frame(stored: StoredGame, game: TileGame) -> GameFrame:
    """The part of the state that every mode answers alike: the record (id, version, mode,
    code, difficulty, stage), the status and clock, and the counts."""
    return GameFrame(**frame_fields(stored, game))


def counter_fields(game: TileGame, *, hide: bool = False) -> dict[str, Any]:
    """The fields of :func:`counters` as a plain dict."""
    board = game.board
    return {
        "selection": None if hide else game.selection,
        "tiles_left": board.tiles_left,
        "pairs_available": board.pair_count(),
        "can_undo": board.can_undo,
        "can_redo": board.can_redo,
    }


def counters(game: TileGame, *, hide: bool = False) -> BoardCounters:
    """The selection (hidden while paused) and the counters of the board, in every mode."""
    return BoardCounters(**counter_fields(game, hide=hide))


def removed(game: TileGame, *, hide: bool = False) -> list[str] | None:
    """The faces of the removed tiles, in the order of removal (``None`` hidden, while
    paused), in every mode: the state's ``removed``."""
    return None if hide else game.removed_faces


def won(
    stored: StoredGame,
    game: TileGame,
    rank: int | None,
    into: type[ResultT],
    next_stage: Callable[[int], BaseModel],
) -> ResultT | None:
    """A won game's result as ``into`` (``rank``: its place on the player's leaderboard of
    its mode); a won stage adds ``stage`` and ``next_stage(stage)``.  ``None`` for a game
    not won."""
    if game.status is not GameStatus.WON:
        return None
    stage = stored.stage
    result = into(
        time=round(game.elapsed, 3),
        rank=rank,
        hints=game.hints,
        undos=game.undos,
        shuffles=game.shuffles,
        ranked=stored.ranked and not stored.practice,
        solution_shown=game.solution_shown,
        stage=stage,
    )
    if stage is None:
        return result
    return result.model_copy(update={"next_stage": next_stage(stage)})


class GameView(ABC, Generic[GameT, StateT]):
    """The web's side of one mode: a subclass sets the class attributes and writes
    :meth:`draw`."""

    #: The mode shown.
    mode: ClassVar[Mode]
    #: Where its games are played: ``{path}/{id}/tap`` and the other actions.
    path: ClassVar[str]
    #: The mode's game class (what :meth:`draw` takes).
    game_class: type[GameT]
    #: What its game routes answer (:meth:`state`).
    state_model: type[StateT]

    def game_of(self, game: TileGame) -> GameT:
        """``game`` as this mode's game class (``TypeError`` for another mode's game: the
        lifecycle never hands one over)."""
        if not isinstance(game, self.game_class):
            raise TypeError(f"a {type(game).__name__} is not a {self.mode.name} game")
        return game

    @abstractmethod
    def draw(self, stored: StoredGame, game: GameT, rank: int | None) -> StateT:
        """The state of ``game`` (``stored`` rebuilt); ``rank`` is a won game's place on the
        player's leaderboard of the mode."""

    @abstractmethod
    def layout_of(self, game: GameT) -> BaseModel:
        """The state's ``layout`` part for ``game`` (what a replay's boards are drawn on,
        :mod:`.replay_boards`)."""

    @abstractmethod
    def tiles_of(self, game: GameT) -> Sequence[BaseModel]:
        """The state's ``tiles`` for ``game``, every face shown (a replay of a game that is
        over: :mod:`.replay_boards`)."""

    def result(self, stored: StoredGame, game: GameT, rank: int | None) -> BaseResult | None:
        """A won game's result as the state answers it (:func:`won`); ``None`` otherwise
        (and for a mode whose state has none)."""
        return None

    def verdict(self, game: GameT) -> tuple[Verdict, int | None]:
        """``winnability`` and ``last_winnable`` as the state answers them (default:
        ``"unknown"``, ``None``)."""
        return "unknown", None

    def masks(self, game: GameT) -> tuple[int, int]:
        """The tiles on the board and the free ones, as bitmasks by position, for a tap's
        ``freed`` and ``blocked`` (default: none, a mode whose tiles are all free)."""
        return 0, 0

    def changes(
        self, stored: StoredGame, game: TileGame, rank: int | None, free_before: int
    ) -> dict[str, Any]:
        """What a tap answers, as a plain dict ready for JSON (the schema is the route's
        model, e.g. :class:`~..classic.models.TapAnswer`): the frame and the counters, the
        result, the verdict, and the tiles that became free (``freed``) or blocked
        (``blocked``) since ``free_before`` (the free mask :meth:`masks` gave before the
        tap).  The route adds the ``event``."""
        game = self.game_of(game)
        present, free = self.masks(game)
        winnability, last_winnable = self.verdict(game)
        result = self.result(stored, game, rank)
        fields = frame_fields(stored, game)
        fields.update(counter_fields(game, hide=game.status is GameStatus.PAUSED))
        freed = list(iter_bits(free & ~free_before))
        fields.update(
            result=None if result is None else result.model_dump(mode="json"),
            winnability=winnability,
            last_winnable=last_winnable,
            freed=freed,
            blocked=list(iter_bits(free_before & ~free & present)),
            revealed=self.revealed(game, freed) if faces_hidden(game) else None,
        )
        return fields

    def revealed(self, game: GameT, freed: list[int]) -> list[dict[str, Any]]:
        """The faces of the tiles ``freed`` (a tap's answer, when the rules hide the faces
        of tiles that are not free), as ``{"i": position, "tile": face}``: every mode whose
        tiles can be hidden says how its board names a face (default: none)."""
        return []

    def state(self, stored: StoredGame, game: TileGame, rank: int | None = None) -> StateT:
        """The state of a game of this mode (:meth:`draw`)."""
        return self.draw(stored, self.game_of(game), rank)

    def answer(
        self,
        stored: StoredGame,
        game: TileGame,
        rank: int | None,
        into: type[AnswerT],
        adding: BaseModel | None = None,
    ) -> AnswerT:
        """The state as ``into``: the state model itself, or an answer deriving from it and
        from ``adding``'s model (a tap's ``TapAnswer(GameState, Tapped)``), with
        ``adding``'s fields.  Both parts are built and checked already: they are joined
        without a second validation pass."""
        state = self.state(stored, game, rank)
        if adding is None and type(state) is into:
            return cast(AnswerT, state)
        parts = (state,) if adding is None else (state, adding)
        if not all(type(part) in into.__mro__ for part in parts):
            raise TypeError(f"{into.__name__} does not answer a {type(state).__name__}")
        fields = dict(state)
        if adding is not None:
            fields.update(dict(adding))
        return into.model_construct(**fields)

"""The names of engine data in each language: tile kinds, layouts, difficulties, Connect's
sliding rules and grids, stages, challenges' rule sets, and counted things.

The engine stays free of I/O and of languages: its data is translated here, keyed on
stable ids (tile labels, layout numbers, slide rules, difficulties)::

    >>> tile_name("5B", "es"), tile_name("F1", "pt")
    ('5 de bambúes', 'Flor de ameixoeira')
    >>> from mahjong_solitaire.layouts import builtin_layout
    >>> layout_title(builtin_layout("L00"), "it")
    'Tartaruga'
    >>> difficulty_name("hard", "pt"), count_label("moves", 3, "es")
    ('Difícil', '3 movimientos')

The English names are the msgids: tile names come from ``Kind.name``, layout texts
from ``layouts/builtin.py`` and the challenges' titles and rules from their classes
(``challenges/sets.py``), all extracted by :mod:`.extract`; the rest are marked with
:func:`~.translator.N_` below.
"""

from __future__ import annotations

from ..challenges import Challenge, challenge_named
from ..classic.codes import GameCode
from ..classic.mirror import MIRROR_SIGNS
from ..classic.stages import Stage
from ..connect.mode import grid_of_name
from ..connect.slide import Slide
from ..connect.stages import Stage as ConnectStage
from ..core.difficulty import Difficulty
from ..core.layout import Layout
from ..core.tiles import kind
from ..layouts import builtin_layout
from .formats import format_number
from .translator import N_, Nn_, translator

__all__ = [
    "aid_name",
    "challenge_rule",
    "challenge_title",
    "connect_grid_title",
    "count_label",
    "difficulty_name",
    "layout_description",
    "layout_title",
    "ranking_title",
    "slide_rule_description",
    "slide_rule_name",
    "stage_name",
    "tile_accessible_name",
    "tile_name",
]

_TILE_STATE = {True: N_("{name}, free"), False: N_("{name}, blocked")}

_DIFFICULTIES = {
    Difficulty.EASY: N_("Easy"),
    Difficulty.NORMAL: N_("Normal"),
    Difficulty.HARD: N_("Hard"),
}

_STAGE = N_("Stage {number}: {name}")
_GRID_TITLE = N_("{width}×{height} · {slide}")

#: Connect mode: each sliding rule's name and what it does (rules §9.4).
_SLIDE_RULES: dict[Slide, tuple[str, str]] = {
    Slide.NONE: (N_("No sliding"), N_("Nothing moves after a pair is removed.")),
    Slide.DOWN: (N_("Down"), N_("Every column packs down to the bottom.")),
    Slide.LEFT: (N_("Left"), N_("Every row packs to the left.")),
    Slide.UP: (N_("Up"), N_("Every column packs up to the top.")),
    Slide.RIGHT: (N_("Right"), N_("Every row packs to the right.")),
    Slide.SPLIT_V: (
        N_("Split up and down"),
        N_("The upper half of each column packs up, the lower half down."),
    ),
    Slide.SPLIT_H: (
        N_("Split left and right"),
        N_("The left half of each row packs left, the right half right."),
    ),
    Slide.GATHER_V: (
        N_("Gather to the middle row"),
        N_("The upper half packs down and the lower half up, toward the middle."),
    ),
    Slide.GATHER_H: (
        N_("Gather to the middle column"),
        N_("The left half packs right and the right half left, toward the middle."),
    ),
    Slide.OUTWARD: (N_("Outward"), N_("Each quarter packs toward its outer corner.")),
    Slide.INWARD: (N_("Inward"), N_("Each quarter packs toward the centre.")),
}

#: Counted things the page and the CLI show ("{n} moves").
_COUNTS: dict[str, tuple[str, str]] = {
    "tiles": Nn_("{n} tile", "{n} tiles"),
    "pairs": Nn_("{n} pair", "{n} pairs"),
    "moves": Nn_("{n} move", "{n} moves"),
    "hints": Nn_("{n} hint", "{n} hints"),
    "undos": Nn_("{n} undo", "{n} undos"),
    "shuffles": Nn_("{n} shuffle", "{n} shuffles"),
    "games": Nn_("{n} game", "{n} games"),
    "wins": Nn_("{n} win", "{n} wins"),
    "players": Nn_("{n} player", "{n} players"),
    "layouts": Nn_("{n} layout", "{n} layouts"),
}


def tile_name(label: str, lang: str) -> str:
    """The name of a tile kind by label (``TileError`` for an unknown label).

    >>> tile_name("5B", "en"), tile_name("Wh", "pt"), tile_name("S3", "it")
    ('5 of Bamboo', 'Dragão branco', 'Autunno')
    """
    return translator(lang)(kind(label).name)


def tile_accessible_name(label: str, free: bool, lang: str) -> str:
    """A tile's accessible name on the board: its name and whether it can be taken.

    >>> tile_accessible_name("5B", True, "en"), tile_accessible_name("R", False, "es")
    ('5 of Bamboo, free', 'Dragón rojo, bloqueada')
    """
    return translator(lang)(_TILE_STATE[free], name=tile_name(label, lang))


def _builtin_text(layout: Layout, field: str) -> str | None:
    """The English text of a built-in layout, by its number; ``None`` for imported ones."""
    if layout.number is None:
        return None
    return str(getattr(builtin_layout(layout.number), field))


#: The shape families of generated layouts (rules §8.4), by name.
_FAMILIES = {
    "rings": N_("Rings"),
    "stairs": N_("Stairs"),
    "crosses": N_("Crosses"),
    "diamonds": N_("Diamonds"),
    "islands": N_("Islands"),
    "freeform": N_("Freeform"),
}


def layout_title(layout: Layout, lang: str) -> str:
    """A layout's title: built-ins are translated (by number), and so are generated ones
    (their family) and the mirrored built-in and generated ones (rules §8.5: the sign of
    the mirrors after the title); imported layouts keep the title their file gave.

    >>> from mahjong_solitaire.classic.generator import deal_from_code
    >>> layout_title(deal_from_code("MJ2-G12R144X-AAAAABL").layout, "fr")
    'Anneaux 144 #12 ⇆'
    >>> layout_title(deal_from_code("MJ2-L00Y-AAAAABL").layout, "it")
    'Tartaruga ⇅'
    """
    _ = translator(lang)
    english = _builtin_text(layout, "title")
    if english is not None:
        return _(english)
    if layout.source is None:
        return layout.title
    code = GameCode.of(layout, 0, Difficulty.NORMAL)
    sign = f" {MIRROR_SIGNS[code.mirror]}" if code.mirror else ""
    if code.generated is not None:
        spec = code.generated
        family = _(_FAMILIES[spec.family])
        return _("{family} {tiles} #{seed}", family=family, tiles=spec.tiles, seed=spec.seed) + sign
    if code.layout_number is not None:
        return _(str(builtin_layout(code.layout_number).title)) + sign
    return layout.title


def layout_description(layout: Layout, lang: str) -> str:
    """A layout's description, like :func:`layout_title`.

    >>> from mahjong_solitaire.layouts import builtin_layout
    >>> layout_description(builtin_layout("bridge"), "es")
    'Dos colinas escalonadas unidas por un puente estrecho de dos filas.'
    """
    english = _builtin_text(layout, "description")
    return layout.description if english is None else translator(lang)(english)


def difficulty_name(difficulty: Difficulty | str, lang: str) -> str:
    """``Easy``, ``Normal`` or ``Hard`` in the language.

    >>> difficulty_name("hard", "pt")
    'Difícil'
    """
    return translator(lang)(_DIFFICULTIES[Difficulty.parse(difficulty)])


#: The aids a challenge may refuse (``challenges.AIDS``), as the page names them.
_AIDS = {
    "hint": N_("Hint"),
    "undo": N_("Undo"),
    "redo": N_("Redo"),
    "shuffle": N_("Shuffle"),
    "pause": N_("Pause"),
    "solve": N_("Solve"),
    "back": N_("the way back"),
    "finish": N_("Finish"),
}


def aid_name(aid: str, lang: str) -> str:
    """The name of an aid a challenge may refuse (one of ``challenges.AIDS``).

    >>> aid_name("hint", "en"), aid_name("back", "en")
    ('Hint', 'the way back')
    """
    return translator(lang)(_AIDS[aid])


def challenge_title(challenge: type[Challenge] | str, lang: str) -> str:
    """The title of a challenge's rule set (rules §13), by its class or its name.

    >>> challenge_title("suit-hunt", "en")
    'Suit hunt'
    """
    found = challenge_named(challenge) if isinstance(challenge, str) else challenge
    return translator(lang)(found.title)


def challenge_rule(challenge: type[Challenge] | str, lang: str) -> str:
    """The one-line rule of a challenge's rule set, by its class or its name."""
    found = challenge_named(challenge) if isinstance(challenge, str) else challenge
    return translator(lang)(found.rule)


def slide_rule_name(rule: Slide | str, lang: str) -> str:
    """The name of a Connect sliding rule.

    >>> slide_rule_name("gather-h", "en")
    'Gather to the middle column'
    """
    return translator(lang)(_SLIDE_RULES[Slide(rule)][0])


def slide_rule_description(rule: Slide | str, lang: str) -> str:
    """What a Connect sliding rule does after each removal."""
    return translator(lang)(_SLIDE_RULES[Slide(rule)][1])


def connect_grid_title(width: int, height: int, rule: Slide | str, lang: str) -> str:
    """A Connect grid's title: its size and sliding rule, as the page writes it.

    >>> connect_grid_title(18, 8, "down", "en"), connect_grid_title(12, 6, "none", "es")
    ('18×8 · Down', '12×6 · Sin deslizamiento')
    """
    return translator(lang)(
        _GRID_TITLE, width=width, height=height, slide=slide_rule_name(rule, lang)
    )


def ranking_title(name: str, lang: str) -> str:
    """What the name a stored game is ranked under (``Mode.ranking_name``) reads as: a
    built-in layout's title, a Connect grid's title, else the name itself (an imported
    layout).

    >>> ranking_title("turtle", "it"), ranking_title("connect-12x6-down", "en")
    ('Tartaruga', '12×6 · Down')
    >>> ranking_title("my-castle", "pt")
    'my-castle'
    """
    grid = grid_of_name(name)
    if grid is not None:
        return connect_grid_title(*grid, lang)
    try:
        return layout_title(builtin_layout(name), lang)
    except ValueError:
        return name


def stage_name(stage: Stage | ConnectStage, lang: str) -> str:
    """The name of a stage: of the classic progression (named after its layout) or of the
    Connect mode (named after its sliding rule).

    >>> from mahjong_solitaire.classic.stages import stage
    >>> from mahjong_solitaire.connect.stages import stage as connect_stage
    >>> stage_name(stage(1), "pt"), stage_name(connect_stage(2), "it")
    ('Etapa 1: Torres', 'Livello 2: Giù')
    """
    if isinstance(stage, Stage):
        name = layout_title(stage.layout, lang)
    else:
        name = slide_rule_name(stage.rule, lang)
    return translator(lang)(_STAGE, number=stage.number, name=name)


def count_label(what: str, n: int, lang: str) -> str:
    """A count with its noun in the right plural form: ``what`` is one of tiles, pairs,
    moves, hints, undos, shuffles, games, wins, players, layouts.

    >>> count_label("moves", 1, "en"), count_label("moves", 3, "es")
    ('1 move', '3 movimientos')
    """
    singular, plural = _COUNTS[what]
    return translator(lang).ngettext(singular, plural, n, n=format_number(n, lang))

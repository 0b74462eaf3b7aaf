"""Build-time only: the Babel extractors ``babel.cfg`` names for the messages that are not
marked in Python code (the engine's tile and layout names, the page's string table).

``pybabel extract -F babel.cfg …`` (see CONTRIBUTING.md) calls them by their dotted path,
e.g. ``[mahjong_solitaire.i18n.extract.extract_tile_names: mahjong_solitaire/core/tiles.py]``.
Each takes the file Babel opened and yields ``(line, function, message, comments)``::

    >>> from io import BytesIO
    >>> found = list(extract_tile_names(BytesIO(b'"Bamboo"'), (), (), {}))
    >>> len(found), found[0][2:]
    (42, ('1 of Bamboo', ['tile 1B']))
"""

from __future__ import annotations

import ast
import re
from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass
from typing import IO, Any

from ..challenges import CHALLENGES
from ..core.tiles import KINDS
from ..layouts.builtin import DESIGNED_SPECS
from .translator import PLACEHOLDER

__all__ = [
    "extract_challenge_texts",
    "extract_layout_texts",
    "extract_page_strings",
    "extract_tile_names",
]

_Extracted = Iterator[tuple[int, str | None, str | tuple[str, str], list[str]]]


def _line_of(source: str, text: str) -> int:
    at = source.find(text)
    return source.count("\n", 0, at) + 1 if at >= 0 else 1


def extract_tile_names(
    fileobj: IO[bytes],
    keywords: Collection[str],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> _Extracted:
    """Babel extractor for ``tiles.py``: the names of the 42 kinds (``Kind.name``)."""
    source = fileobj.read().decode("utf-8")
    for label, tile in KINDS.items():
        word = tile.name.split(" of ")[-1].split()[0]
        yield _line_of(source, f'"{word}'), None, tile.name, [f"tile {label}"]


def extract_layout_texts(
    fileobj: IO[bytes],
    keywords: Collection[str],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> _Extracted:
    """Babel extractor for ``layouts/builtin*.py``: titles and descriptions of the layouts
    whose spec is written in that file (also those not listed yet, :data:`DESIGNED_SPECS`)."""
    source = fileobj.read().decode("utf-8")
    for spec in DESIGNED_SPECS:
        if f'name="{spec.name}"' not in source:
            continue
        where = f"layout L{spec.number:02d} ({spec.name})"
        yield _line_of(source, f'"{spec.title}"'), None, spec.title, [f"{where} title"]
        yield (
            _line_of(source, f'"{spec.description}"'),
            None,
            spec.description,
            [f"{where} description"],
        )


def extract_challenge_texts(
    fileobj: IO[bytes],
    keywords: Collection[str],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> _Extracted:
    """Babel extractor for ``challenges/sets.py``: the title and the one-line rule of each
    challenge's rule set (:data:`~..challenges.CHALLENGES`).

    >>> from io import BytesIO
    >>> found = list(extract_challenge_texts(BytesIO(b'title = "Scored"'), (), (), {}))
    >>> found[0][2:]
    ('Scored', ['challenge scored title'])
    """
    source = fileobj.read().decode("utf-8")
    for challenge in CHALLENGES:
        for field in ("title", "rule"):
            text = getattr(challenge, field)
            where = f"challenge {challenge.name} {field}"
            yield _line_of(source, f'"{text}"'), None, text, [where]


def _is_text(value: str) -> bool:
    """Whether a page string is words to translate, not a key letter, a sign or a sample
    code (``"H"``, ``"#"``, ``"MJ1-L00-AAAAABL"``)."""
    bare = PLACEHOLDER.sub("", value).strip()
    return bool(re.search(r"[a-z]", bare)) or " " in bare


#: The tokens of a JavaScript object literal: enough to read the page's string table.
_JS_TOKEN = re.compile(
    r"""
    (?P<comment>//[^\n]*|/\*.*?\*/)
  | (?P<string>"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')
  | (?P<name>[A-Za-z_$][\w$]*)
  | (?P<other>\S)
""",
    re.S | re.X,
)


@dataclass(frozen=True, slots=True)
class _Token:
    kind: str
    value: str
    line: int


def _js_tokens(source: str) -> list[_Token]:
    tokens = []
    for match in _JS_TOKEN.finditer(source):
        kind = match.lastgroup or "other"
        if kind != "comment":
            line = source.count("\n", 0, match.start()) + 1
            value = ast.literal_eval(match[0]) if kind == "string" else match[0]
            tokens.append(_Token(kind, value, line))
    return tokens


def extract_page_strings(
    fileobj: IO[bytes],
    keywords: Collection[str],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> _Extracted:
    """Babel extractor for the page's string table, ``web/static/js/shell/strings.js``.

    The table is ``export const STRINGS = { key: "text", key: ["text", ...], key:
    ngettext("one", "many") }``: each text is a msgid (a comment names its key); anything
    outside the table is not extracted.

    >>> from io import BytesIO
    >>> js = b'const STRINGS = { a: "No moves", k: "H", r: ["One.", "Two."],'
    >>> js += b' n: ngettext("{n} tile", "{n} tiles") }; const X = {b: "skip me"};'
    >>> [(m, c) for _, _, m, c in extract_page_strings(BytesIO(js), (), (), {})]
    ... # doctest: +NORMALIZE_WHITESPACE
    [('No moves', ['page a']), ('One.', ['page r[0]']), ('Two.', ['page r[1]']),
     (('{n} tile', '{n} tiles'), ['page n'])]
    """
    table = str(options.get("table", "STRINGS"))
    tokens = _js_tokens(fileobj.read().decode("utf-8"))
    start = next(
        (
            i
            for i in range(len(tokens) - 2)
            if tokens[i].value == table
            and tokens[i + 1].value == "="
            and tokens[i + 2].value == "{"
        ),
        None,
    )
    if start is None:
        raise ValueError(f"no '{table} = {{' table to extract the page's strings from")
    depth, key, index = 0, "", 0
    plural: list[_Token] = []
    for at in range(start + 2, len(tokens)):
        previous, token = tokens[at - 1], tokens[at]
        following = tokens[at + 1] if at + 1 < len(tokens) else token
        if token.kind == "other" and token.value in "{[(":
            depth += 1
            index = 0
        elif token.kind == "other" and token.value in "}])":
            depth -= 1
            if depth == 0:
                return
            if token.value == ")" and len(plural) == 2:
                yield (
                    plural[0].line,
                    "ngettext",
                    (plural[0].value, plural[1].value),
                    [f"page {key}"],
                )
            plural = []
        elif depth == 1 and following.value == ":" and token.kind in ("name", "string"):
            key = token.value
        elif token.kind == "string":
            if previous.value == "(" or plural:
                plural.append(token)
            elif depth == 1 and _is_text(token.value):
                yield token.line, None, token.value, [f"page {key}"]
            elif depth == 2 and _is_text(token.value):
                yield token.line, None, token.value, [f"page {key}[{index}]"]
                index += 1

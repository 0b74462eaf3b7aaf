"""Commands that do not touch the database import no web, database or migration module
(the CLI imports only the module of the command it runs, and the engine lazily), and build
only the built-in layouts they use."""

from __future__ import annotations

import subprocess
import sys

import pytest

FORBIDDEN = {"sqlalchemy", "alembic", "fastapi", "starlette", "uvicorn"}


def imported(*argv: str) -> set[str]:
    """The top-level packages that ``python -X importtime -m mahjong_solitaire argv``
    imports (it must succeed)."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "mahjong_solitaire", *argv],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return {
        line.rsplit("|", 1)[1].strip().split(".")[0]
        for line in done.stderr.splitlines()
        if line.startswith("import time:") and "|" in line
    }


@pytest.mark.parametrize(
    "argv",
    [
        ("deal", "--seed", "1", "--json"),
        ("deal", "--seed", "1"),
        ("solve", "--code", "MJ1-L00-AAAAABL", "--json"),
        ("layouts", "show", "turtle"),
        ("--lang", "it", "deal", "--layout", "turtle", "--seed", "2", "--json"),
    ],
)
def test_a_command_without_the_database_imports_no_web_or_database_module(argv):
    modules = imported(*argv)
    assert "mahjong_solitaire" in modules
    assert modules & FORBIDDEN == set()


def test_the_lang_choices_are_the_translators_languages():
    from mahjong_solitaire import i18n
    from mahjong_solitaire.cli import build_parser

    action = next(a for a in build_parser()._actions if "--lang" in a.option_strings)
    assert tuple(action.choices) == i18n.languages()


#: A command run in a fresh process, counting the built-in layouts it builds (their masks
#: are the costly part of a start-up: all 43 took 86 ms).
_COUNT_BUILT = """
import contextlib, io, sys
import mahjong_solitaire.layouts as layouts
built = []
build = layouts.layout_from_spec
def counted(spec):
    built.append(spec.name)
    return build(spec)
layouts.layout_from_spec = counted
from mahjong_solitaire.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    try:
        main(sys.argv[1:])
    except SystemExit:
        pass
print(",".join(built))
"""


@pytest.mark.parametrize(
    ("argv", "layouts"),
    [
        (("deal", "--seed", "1", "--json"), ["turtle"]),
        (("solve", "--code", "MJ1-L00-AAAAABL", "--json"), ["turtle"]),
        (("layouts", "show", "turtle"), ["turtle"]),
    ],
)
def test_a_command_builds_only_the_layouts_it_uses(argv, layouts):
    done = subprocess.run(
        [sys.executable, "-c", _COUNT_BUILT, *argv],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert done.stdout.strip().split(",") == layouts

"""Every third-party import is declared in pyproject.toml, so that ``pip install -e
".[test]"`` in a fresh virtual environment brings everything the code and its tests import.

Every ``import`` and ``from … import`` under ``src/``, ``tests/`` and ``benchmarks/`` counts
(``tests/vendor/`` holds no Python of ours), wherever it stands.  The standard library
(``sys.stdlib_module_names``), the package itself and the tests' and benchmarks' own helper
modules (the files in those folders) are left out; every other top-level name is mapped to
the distribution that installs it (``importlib.metadata.packages_distributions()``) and:

* an import in ``src/`` is declared in ``dependencies``, or in an extra other than ``test``
  when the import is guarded (inside ``try: … except ImportError``), since a player who did
  not ask for that extra does not have it;
* an import in ``tests/`` or ``benchmarks/`` is declared in ``dependencies`` or any extra.

A name that no installed distribution provides fails too: it cannot be checked.
"""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from importlib.metadata import packages_distributions
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "mahjong_solitaire"
FOLDERS = ("src", "tests", "benchmarks")
SKIPPED = (ROOT / "tests" / "vendor",)
#: The extra that only the tests and benchmarks may rely on.
TEST_EXTRA = "test"


@dataclass(frozen=True)
class Import:
    """One top-level name imported by one file."""

    name: str
    file: Path
    line: int
    guarded: bool

    def where(self) -> str:
        return f"{self.file.relative_to(ROOT)}:{self.line}"


def normalised(name: str) -> str:
    """A distribution's name as PEP 503 compares it: ``Python_Multipart`` is
    ``python-multipart``."""
    return re.sub(r"[-_.]+", "-", name).lower()


def requirement_name(requirement: str) -> str:
    """The distribution named by a requirement: ``psycopg[binary]>=3.1`` names ``psycopg``."""
    found = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", requirement)
    assert found, f"cannot read the requirement {requirement!r} in pyproject.toml"
    return normalised(found.group(1))


def declared() -> tuple[set[str], dict[str, set[str]]]:
    """The distributions in ``dependencies``, and in each extra."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    required = {requirement_name(r) for r in project.get("dependencies", [])}
    extras = {
        extra: {requirement_name(r) for r in requirements}
        for extra, requirements in project.get("optional-dependencies", {}).items()
    }
    return required, extras


def python_files(folder: str) -> Iterator[Path]:
    for path in sorted((ROOT / folder).rglob("*.py")):
        if not any(path.is_relative_to(skipped) for skipped in SKIPPED):
            yield path


def own_modules() -> set[str]:
    """The helper modules of the tests and benchmarks (``browser_support``, ``_serving``, …),
    imported by name since their folders are on the path."""
    return {
        path.stem if path.name != "__init__.py" else path.parent.name
        for folder in FOLDERS[1:]
        for path in python_files(folder)
    }


def _catches_import_error(handler: ast.ExceptHandler) -> bool:
    caught = handler.type
    names = caught.elts if isinstance(caught, ast.Tuple) else [caught]
    return caught is None or any(
        isinstance(name, ast.Name)
        and name.id in {"ImportError", "ModuleNotFoundError", "Exception", "BaseException"}
        for name in names
    )


def imports(path: Path) -> Iterator[Import]:
    """The absolute imports of one file, each with whether a ``try`` that catches
    ``ImportError`` guards it."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    guarded: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Try) and any(_catches_import_error(h) for h in node.handlers):
            for statement in node.body:
                guarded.update(id(inner) for inner in ast.walk(statement))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            modules = [node.module]
        else:
            continue
        for module in modules:
            yield Import(module.split(".")[0], path, node.lineno, id(node) in guarded)


def third_party(folder: str) -> list[Import]:
    """The imports of ``folder`` that are neither the standard library, the package, nor the
    tests' and benchmarks' own modules."""
    ours = own_modules() | {PACKAGE}
    return [
        found
        for path in python_files(folder)
        for found in imports(path)
        if found.name not in sys.stdlib_module_names and found.name not in ours
    ]


def problems(folder: str) -> list[str]:
    """What is wrong with the third-party imports of ``folder``: one line for each
    distribution (or name that maps to none), with the places that import it."""
    required, extras = declared()
    optional = set().union(*(names for extra, names in extras.items() if extra != TEST_EXTRA))
    anywhere = required | set().union(*extras.values())
    providers = packages_distributions()
    places: dict[str, dict[Path, str]] = {}
    for use in third_party(folder):
        distributions = {normalised(name) for name in providers.get(use.name, [])}
        named = ", ".join(sorted(distributions))
        if not distributions:
            problem = (
                f"`{use.name}` is installed by no distribution here, so it cannot be checked "
                "(install the project with `pip install -e .[test]`, or declare what provides it)"
            )
        elif folder != "src":
            if distributions & anywhere:
                continue
            problem = (
                f"{named} (imported as `{use.name}`) is declared neither in dependencies nor in "
                f"an extra: add it to the `{TEST_EXTRA}` extra"
            )
        elif distributions & required:
            continue
        elif distributions & optional:
            if use.guarded:
                continue
            problem = (
                f"{named} (imported as `{use.name}`) is only in an optional extra, but its "
                "import is not guarded by `try: … except ImportError`"
            )
        else:
            problem = (
                f"{named} (imported as `{use.name}`) is not declared in dependencies "
                "(nor in an extra other than `test`)"
            )
        places.setdefault(problem, {}).setdefault(use.file, use.where())
    return [
        f"{problem}; imported at {', '.join(list(where.values())[:3])}"
        + (f" and in {len(where) - 3} more" if len(where) > 3 else "")
        for problem, where in sorted(places.items())
    ]


def test_every_third_party_import_in_src_is_declared_in_dependencies() -> None:
    found = problems("src")
    assert not found, "\n".join(found)


def test_every_third_party_import_in_tests_and_benchmarks_is_declared() -> None:
    found = problems("tests") + problems("benchmarks")
    assert not found, "\n".join(found)


def test_the_check_sees_the_libraries_it_should() -> None:
    """The check reads real imports: the web's FastAPI, the tests' pytest and Playwright,
    and the benchmarks' Playwright are all found and mapped."""
    assert {"fastapi", "sqlalchemy"} <= {use.name for use in third_party("src")}
    assert {"pytest", "hypothesis", "playwright"} <= {use.name for use in third_party("tests")}
    assert "playwright" in {use.name for use in third_party("benchmarks")}
    assert {"browser_support", "serving", "_report"} <= own_modules()


def test_a_guarded_import_is_told_from_a_plain_one(tmp_path: Path) -> None:
    """An import under ``try: … except ImportError`` counts as guarded; one beside it, or
    under a ``try`` that catches something else, does not."""
    source = tmp_path / "sample.py"
    source.write_text(
        "import plain\n"
        "try:\n    import guarded\nexcept ImportError:\n    guarded = None\n"
        "try:\n    from other import thing\nexcept ValueError:\n    pass\n",
        encoding="utf-8",
    )
    assert {use.name: use.guarded for use in imports(source)} == {
        "plain": False,
        "guarded": True,
        "other": False,
    }


def test_a_name_no_installed_distribution_provides_fails_clearly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An import that maps to nothing installed is a failure of its own, named, rather than
    a name the check silently lets through."""
    ghost = Import("surely_no_such_module", ROOT / "tests" / "ghost.py", 3, guarded=False)
    monkeypatch.setattr(sys.modules[__name__], "third_party", lambda folder: [ghost])
    (found,) = problems("tests")
    assert "`surely_no_such_module` is installed by no distribution here" in found
    assert "tests/ghost.py:3" in found

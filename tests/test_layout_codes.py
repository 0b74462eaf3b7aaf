"""Names and codes that cannot clash (rules §7.2, §7.4, §8.2): an imported layout's code
names it by its content, so any database that holds the same positions deals the same game
from it; imported names never look like a built-in layout's number or code part."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from api_support import checked, refused
from mahjong_solitaire.classic.codes import GameCode, layout_hash
from mahjong_solitaire.classic.generator import deal_from_code, generate
from mahjong_solitaire.cli import main
from mahjong_solitaire.core.codes import CodeError
from mahjong_solitaire.core.difficulty import Difficulty
from mahjong_solitaire.core.layout import Layout
from mahjong_solitaire.layouts import builtin_layout, export_layout
from mahjong_solitaire.store import Store
from mahjong_solitaire.web import create_app

#: Our own little layout: two rows of six and a pair on top.
CASTLE = Layout.from_positions(
    [(x, y, 0) for x in range(0, 12, 2) for y in (0, 2)] + [(4, 1, 1), (6, 1, 1)],
    name="castle",
    title="Castle",
)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


# -- the code grammar ------------------------------------------------------------------------


def test_the_hash_names_the_positions_not_the_name_or_title() -> None:
    renamed = Layout.from_positions(CASTLE.positions, name="other", title="Other")
    assert layout_hash(renamed) == layout_hash(CASTLE)
    assert len(layout_hash(CASTLE)) == 10
    moved = Layout.from_positions([(x + 2, y, z) for x, y, z in CASTLE.positions])
    assert layout_hash(moved) != layout_hash(CASTLE)


def test_a_deal_on_an_imported_layout_has_a_hash_code_that_deals_it_again() -> None:
    deal = generate(CASTLE, 77, Difficulty.HARD)
    assert deal.code == f"MJ2-H{layout_hash(CASTLE)}-{deal.code[-7:]}"
    again = deal_from_code(deal.code.lower(), CASTLE)
    assert again.tiles == deal.tiles and again.difficulty is Difficulty.HARD


def test_a_hash_code_without_its_layout_or_with_another_is_refused() -> None:
    code = generate(CASTLE, 1).code
    with pytest.raises(CodeError, match="not at hand"):
        deal_from_code(code)
    with pytest.raises(CodeError, match="another layout"):
        deal_from_code(code, builtin_layout("turtle"))
    with pytest.raises(CodeError):
        GameCode.parse("MJ1-H0000000000-AAAAABL")  # 0 and 1 are not base-32 digits


def test_built_in_codes_keep_their_form() -> None:
    assert generate(builtin_layout("turtle"), 12).code == "MJ2-L00-AAAAABL"
    assert str(GameCode.of(builtin_layout("bridge"), 12, Difficulty.NORMAL)) == "MJ2-L03-AAAAABL"


# -- names -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("file_name", "stored"), [("l3", "imported-l3"), ("7", "imported-7")])
def test_an_imported_layout_named_like_a_builtin_number_deals_itself(
    file_name: str, stored: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = f"sqlite:///{tmp_path / 'names.db'}"
    path = tmp_path / f"{file_name}.layout"
    path.write_text(export_layout(CASTLE, "kmahjongg"))
    status, out, _ = run(capsys, "layouts", "import", str(path), "--database", database)
    assert status == 0 and out.splitlines()[-1] == stored
    status, out, _ = run(capsys, "deal", "--layout", stored, "--database", database, "--json")
    assert status == 0 and f'"layout":"{stored}"' in out and '"code":"MJ2-H' in out
    status, out, _ = run(capsys, "deal", "--layout", file_name, "--database", database, "--json")
    assert status == 0 and '"code":"MJ2-L' in out  # the built-in layout, by number


def test_a_layout_named_like_a_builtin_gets_a_name_of_its_own(store: Store) -> None:
    me = store.player(None).id
    named = Layout.from_positions(CASTLE.positions, name="Turtle", title="Turtle")
    assert store.save_layout(named, player_id=me) == "turtle-2"
    again = Layout.from_positions(builtin_layout(3).positions, name="L03", title="L03")
    assert store.save_layout(again, player_id=me) == "imported-l03"


# -- the same code in two databases ----------------------------------------------------------


def test_a_code_deals_the_same_game_in_two_databases_that_imported_the_same_file(
    store: Store, tmp_path: Path
) -> None:
    """``store`` runs on SQLite and on PostgreSQL; the other database is a SQLite file."""
    with Store(f"sqlite:///{tmp_path / 'other.db'}") as other:
        games = []
        for database, name in ((store, "castle"), (other, "my castle")):
            me = database.player(None).id
            kept = Layout.from_positions(CASTLE.positions, name=name, title=name.title())
            saved = database.imported_layout(database.save_layout(kept, player_id=me), me)
            games.append(database.create_game(me, layout=saved, seed=4242, difficulty="hard"))
        first, second = games
        assert first.code == second.code and first.code is not None
        assert first.deal().tiles == second.deal().tiles
        assert first.deal().tiles == deal_from_code(first.code, CASTLE).tiles


def test_deal_and_solve_find_a_hash_code_in_the_database_given(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "castle.layout"
    path.write_text(export_layout(CASTLE, "kmahjongg"))
    code = generate(CASTLE, 9).code
    outputs = []
    for n in (1, 2):
        database = f"sqlite:///{tmp_path / f'db{n}.sqlite'}"
        assert run(capsys, "layouts", "import", str(path), "--database", database)[0] == 0
        status, out, _ = run(capsys, "deal", "--code", code, "--database", database, "--json")
        assert status == 0
        outputs.append(out)
        status, out, _ = run(capsys, "solve", "--code", code, "--database", database)
        assert status == 0 and out.startswith("solvable")
    assert outputs[0] == outputs[1]
    empty = f"sqlite:///{tmp_path / 'empty.sqlite'}"
    status, _, err = run(capsys, "deal", "--code", code, "--database", empty)
    assert status == 2 and "not in this database" in err
    status, _, err = run(capsys, "solve", "--code", code, "--database", empty)
    assert status == 2 and "not in this database" in err


# -- share links -----------------------------------------------------------------------------


def _shared(layout: Layout) -> dict[str, object]:
    return {"title": layout.title, "positions": [list(p) for p in layout.positions]}


def test_a_share_link_carries_its_layout_to_a_player_who_never_imported_it(
    sqlite_store: Store,
) -> None:
    app = create_app(sqlite_store)
    sharer, friend = TestClient(app), TestClient(app)
    code = generate(CASTLE, 31).code
    refused(sharer.post("/api/games", json={"code": code}), 404, "unknown_layout")
    state = checked(
        sharer.post("/api/games", json={"code": code, "shared_layout": _shared(CASTLE)})
    )
    assert state["code"] == code and state["layout"]["title"] == "Castle"
    again = checked(
        friend.post("/api/games", json={"code": code, "shared_layout": _shared(CASTLE)})
    )
    assert again["code"] == code
    assert [t["tile"] for t in again["tiles"]] == [t["tile"] for t in state["tiles"]]
    listed = [entry for entry in checked(friend.get("/api/layouts")) if entry["imported"]]
    assert [entry["title"] for entry in listed] == ["Castle"]
    # the friend has it now: the code alone deals it, and it is not stored twice
    checked(friend.post("/api/games", json={"code": code}))
    assert len([e for e in checked(friend.get("/api/layouts")) if e["imported"]]) == 1


def test_a_share_link_with_another_layout_than_its_code_names_is_refused(
    sqlite_store: Store,
) -> None:
    client = TestClient(create_app(sqlite_store))
    code = generate(CASTLE, 31).code
    other = Layout.from_positions(builtin_layout("turtle").positions, title="Sneaky")
    message = refused(
        client.post("/api/games", json={"code": code, "shared_layout": _shared(other)}),
        400,
        "bad_layout",
    )
    assert "not the one" in message
    refused(
        client.post("/api/games", json={"layout": "turtle", "shared_layout": _shared(CASTLE)}),
        400,
        "bad_request",
    )
    assert not [e for e in checked(client.get("/api/layouts")) if e["imported"]]

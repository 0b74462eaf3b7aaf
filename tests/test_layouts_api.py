"""Layouts and stages in the JSON API: the layout list with previews, layout file uploads
(KMahjongg and GNOME, every bad file refused with nothing stored), games on imported
layouts that replay without the layout, and the classic stages with the player's progress.
"""

from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import delete

from api_support import checked, play, refused
from mahjong_solitaire import Move, builtin_layouts
from mahjong_solitaire.classic.stages import STAGE_ORDER, stage
from mahjong_solitaire.layouts.files import MAX_FILE_BYTES
from mahjong_solitaire.store import Progress
from mahjong_solitaire.store.schema import layouts as layouts_table
from mahjong_solitaire.web.games.lifecycle import COOKIE
from mahjong_solitaire.web.routes.layouts import MAX_UPLOAD_BYTES
from serving import ProductServer

BUILTIN = list(builtin_layouts())


def stored_names(store) -> list[str]:  # type: ignore[no-untyped-def]
    """The names of every imported layout in the database, whoever owns it."""
    from sqlalchemy import select

    with store.engine.connect() as connection:
        return list(
            connection.execute(
                select(layouts_table.c.name).order_by(
                    layouts_table.c.created_at, layouts_table.c.name
                )
            ).scalars()
        )


#: Eight tiles with half-tile offsets on two layers: a row of four, two tiles shifted half
#: a tile right and down, and two tiles on top straddling the row.
HALF_STEPS = [
    (0, 0, 0),
    (2, 0, 0),
    (4, 0, 0),
    (6, 0, 0),
    (1, 3, 0),
    (3, 3, 0),
    (1, 0, 1),
    (3, 0, 1),
]

KMAHJONGG = b"""kmahjongg-layout-v1.1
# Half steps: a row, a shifted pair, two on top
w8
h5
d2
12121212
43434343
........
.1212...
.4343...
.1212...
.4343...
........
........
........
"""

GNOME = b"""<?xml version="1.0" encoding="UTF-8"?>
<mahjongg>
  <map name="Half Steps" scorename="halfsteps">
    <layer z="0">
      <row y="0" left="0" right="3"/>
      <row y="1.5" left="0.5" right="1.5"/>
    </layer>
    <tile x="0.5" y="0" z="1"/>
    <tile x="1.5" y="0" z="1"/>
  </map>
  <map name="Little Row">
    <row y="0" left="0" right="3" z="0"/>
  </map>
</mahjongg>
"""


def upload(client: TestClient, data: bytes, filename: str = "half-steps.layout"):
    return client.post("/api/layouts", files={"file": (filename, data, "text/plain")})


def play_out(client: TestClient, state: dict, solution: list[Move]) -> dict:
    for move in solution:
        state = play(client, state, move)
    assert state["status"] == "won"
    return state


def player_of(client: TestClient) -> str:
    return str(client.cookies[COOKIE])


# -- the layout list ---------------------------------------------------------------------


def test_the_list_has_every_builtin_layout_by_number_with_its_preview(client):
    listed = checked(client.get("/api/layouts"))
    assert [entry["name"] for entry in listed] == [layout.name for layout in BUILTIN]
    for entry, layout in zip(listed, BUILTIN, strict=True):
        assert entry["number"] == layout.number
        assert entry["title"] == layout.title and entry["description"] == layout.description
        assert entry["tiles"] == len(layout) and entry["imported"] is False
        assert [tuple(p) for p in entry["positions"]] == list(layout.positions)
        assert entry["preview"].startswith(f"/api/layouts/{layout.name}/preview.svg?v=")
        assert entry["difficulty_hint"] in ("gentle", "moderate", "demanding")


def test_difficulty_hints_follow_the_stage_order(client):
    hints = {
        entry["name"]: entry["difficulty_hint"] for entry in checked(client.get("/api/layouts"))
    }
    assert hints[STAGE_ORDER[0]] == "gentle" and hints[STAGE_ORDER[-1]] == "demanding"
    assert {hints[name] for name in STAGE_ORDER} == {"gentle", "moderate", "demanding"}


def test_a_preview_is_an_svg_of_every_tile_cached_by_its_fingerprint(client):
    turtle = checked(client.get("/api/layouts"))[0]
    answer = client.get(turtle["preview"])
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("image/svg+xml")
    assert answer.text.startswith("<svg") and answer.text.count("<rect") == 144
    assert "immutable" in answer.headers["cache-control"]
    etag = answer.headers["etag"]
    plain = client.get("/api/layouts/turtle/preview.svg")
    assert plain.headers["cache-control"] == "no-cache" and plain.headers["etag"] == etag
    again = client.get("/api/layouts/turtle/preview.svg", headers={"If-None-Match": etag})
    assert again.status_code == 304 and not again.content


def test_the_preview_of_an_unknown_layout_is_not_found(client):
    refused(client.get("/api/layouts/nowhere/preview.svg"), 404, "unknown_layout")


# -- uploads -------------------------------------------------------------------------------


def test_a_kmahjongg_file_with_half_tile_offsets_is_stored_and_listed(client, sqlite_store):
    answer = checked(upload(client, KMAHJONGG), 201)
    [entry] = answer["layouts"]
    assert entry["name"] == "half-steps" and entry["title"] == "Half Steps"
    assert entry["number"] is None and entry["imported"] is True
    assert entry["difficulty_hint"] is None and entry["tiles"] == 8
    assert sorted(tuple(p) for p in entry["positions"]) == sorted(HALF_STEPS)
    assert stored_names(sqlite_store) == ["half-steps"]
    listed = checked(client.get("/api/layouts"))
    assert listed[-1] == entry and len(listed) == len(BUILTIN) + 1
    preview = client.get(entry["preview"])
    assert preview.status_code == 200 and preview.text.count("<rect") == 8


def test_a_gnome_file_stores_each_of_its_maps(client, sqlite_store):
    answer = checked(upload(client, GNOME, "mine.map"), 201)
    names = [entry["name"] for entry in answer["layouts"]]
    assert names == ["half-steps", "little-row"]
    half, row = answer["layouts"]
    assert sorted(tuple(p) for p in half["positions"]) == sorted(HALF_STEPS)
    assert [tuple(p) for p in row["positions"]] == [(0, 0, 0), (2, 0, 0), (4, 0, 0), (6, 0, 0)]
    assert stored_names(sqlite_store) == names


def test_the_same_layout_uploaded_twice_keeps_one_name(client, sqlite_store):
    first = checked(upload(client, KMAHJONGG), 201)["layouts"][0]
    second = checked(upload(client, GNOME, "again.map"), 201)["layouts"][0]
    assert second["name"] == first["name"]
    assert len(stored_names(sqlite_store)) == 2  # the half steps once, the little row


def _grid(*rows: str, width: int, height: int, depth: int) -> bytes:
    return (
        "kmahjongg-layout-v1.1\n" + f"w{width}\nh{height}\nd{depth}\n" + "\n".join(rows) + "\n"
    ).encode()


BAD_FILES = {
    "not a layout at all": (b"hello, world\n", "x.layout", "line 1"),
    "an empty file": (b"", "empty.layout", "line 1"),
    "a wrong header": (b"kmahjongg-layout-v9.9\nw4\nh2\nd1\n1212\n4343\n", "v9.layout", "line 1"),
    "a truncated grid": (_grid("1212", "43", width=4, height=2, depth=1), "short.layout", "line 6"),
    "a grid too long": (
        _grid("1212", "4343", "1212", width=4, height=2, depth=1),
        "long.layout",
        "line 7",
    ),
    "an odd tile count": (
        _grid("121212", "434343", width=6, height=2, depth=1),
        "odd.layout",
        "line",
    ),
    "overlapping tiles": (
        _grid("1112", "4343", width=4, height=2, depth=1),
        "overlap.layout",
        "overlaps",
    ),
    "more than 1152 tiles": (
        _grid(*["12" * 100, "43" * 100] * 12, width=200, height=24, depth=1),
        "huge.layout",
        "1152",
    ),
    "a tile sticking out": (
        _grid("1..1", "4..4", width=4, height=2, depth=1),
        "out.layout",
        "line 5",
    ),
    "xml with an entity": (
        b'<?xml version="1.0"?>\n<!DOCTYPE m [<!ENTITY a "aaaa">]>\n'
        b"<mahjongg><map name='&a;'><tile x='0' y='0'/></map></mahjongg>",
        "entity.map",
        "line 2",
    ),
    "deeply nested xml": (
        b"<mahjongg>" + b"<x>" * 200 + b"</x>" * 200 + b"</mahjongg>",
        "deep.map",
        "line 1",
    ),
    "truncated xml": (
        b"<mahjongg><map name='a'><row y='0' left='0' right='3'/>",
        "cut.map",
        "line 1",
    ),
    "a gnome file whose every map is bad": (
        GNOME.replace(b'right="3" z="0"', b'right="2" z="0"').replace(
            b'left="0" right="3"/>', b'left="0" right="2"/>'
        ),
        "all-bad.map",
        "nothing was imported",
    ),
    "a layout no deal can clear": (
        _grid("12", "43", "12", "43", width=2, height=2, depth=2),
        "tower.layout",
        "cannot be cleared",
    ),
}


@pytest.mark.parametrize("case", sorted(BAD_FILES))
def test_a_bad_file_is_refused_naming_the_problem_and_nothing_is_stored(client, sqlite_store, case):
    data, filename, expected = BAD_FILES[case]
    message = refused(upload(client, data, filename), 400, "bad_layout")
    assert message.startswith(filename) and expected in message, message
    assert stored_names(sqlite_store) == []
    assert len(checked(client.get("/api/layouts"))) == len(BUILTIN)


_HEADERS = st.sampled_from(
    [
        b"kmahjongg-layout-v1.0\n",
        b"kmahjongg-layout-v1.1\nw4\nh2\nd1\n",
        b"<mahjongg><map name='x'>",
        b"",
    ]
)
_PIECES = [
    b"1",
    b"2",
    b"3",
    b"4",
    b".",
    b"\n",
    b"#",
    b"<tile x='0' y='0'/>",
    b"<row y='0' left='0' right='1'/>",
    b"</map></mahjongg>",
    b"\xff",
    b"&amp;",
]
_BODIES = st.lists(st.sampled_from(_PIECES), max_size=60).map(b"".join)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.one_of(st.binary(max_size=200), st.tuples(_HEADERS, _BODIES).map(b"".join)))
def test_any_upload_is_stored_or_refused_with_a_message_never_a_crash(client, sqlite_store, data):
    before = stored_names(sqlite_store)
    answer = upload(client, data, "fuzz.layout")
    if answer.status_code == 201:
        assert checked(answer, 201)["layouts"]
    else:
        assert refused(answer, 400, "bad_layout").startswith("fuzz.layout")
        assert stored_names(sqlite_store) == before


def test_an_upload_must_be_a_multipart_file_field(client, sqlite_store):
    refused(client.post("/api/layouts", json={"file": "kmahjongg-layout-v1.0"}), 400, "bad_request")
    refused(
        client.post(
            "/api/layouts",
            data={"name": "x"},
            files={"other": ("a.layout", KMAHJONGG, "text/plain")},
        ),
        400,
        "bad_request",
    )
    refused(
        client.post(
            "/api/layouts",
            files=[("file", ("a.layout", KMAHJONGG)), ("file", ("b.layout", KMAHJONGG))],
        ),
        400,
        "bad_request",
    )
    refused(
        client.post(
            "/api/layouts",
            content=b"--x\r\nbroken",
            headers={"Content-Type": "multipart/form-data; boundary=x"},
        ),
        400,
        "bad_request",
    )
    assert stored_names(sqlite_store) == []


def test_an_oversize_file_is_refused_before_it_is_read(client, sqlite_store):
    big = KMAHJONGG + b"#" * (MAX_UPLOAD_BYTES + 10)
    message = refused(upload(client, big), 413, "too_large")
    assert f"{MAX_FILE_BYTES:,}" in message
    # a file just over the limit inside a body under the limit
    refused(
        upload(client, KMAHJONGG + b"#" * (MAX_FILE_BYTES - len(KMAHJONGG) + 1)), 413, "too_large"
    )
    assert stored_names(sqlite_store) == []


def test_an_oversize_body_without_a_length_is_cut_off_while_streaming(client, sqlite_store):
    boundary = "b0undary"
    head = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="file"; '
        f'filename="big.layout"\r\nContent-Type: text/plain\r\n\r\n'
    ).encode()

    def body() -> Iterator[bytes]:
        yield head + KMAHJONGG
        for _ in range(MAX_UPLOAD_BYTES // 65536 + 50):
            yield b"#" * 65536
        yield f"\r\n--{boundary}--\r\n".encode()

    answer = client.post(
        "/api/layouts",
        content=body(),
        headers={"Content-Type": f"multipart/form-data; boundary={boundary}"},
    )
    refused(answer, 413, "too_large")
    assert stored_names(sqlite_store) == []


def test_a_declared_oversize_upload_is_answered_before_its_body_is_sent(tmp_path):
    with (
        ProductServer(f"sqlite:///{tmp_path / 'games.db'}", log=tmp_path / "server.log") as server,
        socket.create_connection(("127.0.0.1", server.port), timeout=20) as sock,
    ):
        sock.sendall(
            b"POST /api/layouts HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Content-Type: multipart/form-data; boundary=x\r\n"
            b"Content-Length: 50000000\r\n\r\n--x\r\n"
        )
        answer = ""
        while "}" not in answer:  # the JSON error, without sending a byte of the body
            received = sock.recv(65536).decode()
            assert received, answer
            answer += received
    assert answer.startswith("HTTP/1.1 413"), answer
    assert '"too_large"' in answer


def test_an_exact_limit_file_is_read_and_judged_by_its_content(client, sqlite_store):
    padded = KMAHJONGG + b"#" * (MAX_FILE_BYTES - len(KMAHJONGG) - 1) + b"\n"
    assert len(padded) == MAX_FILE_BYTES
    assert checked(upload(client, padded), 201)["layouts"][0]["tiles"] == 8


# -- games on imported layouts -------------------------------------------------------------


def test_a_game_on_an_imported_layout_replays_after_the_layout_is_deleted(client, sqlite_store):
    name = checked(upload(client, KMAHJONGG), 201)["layouts"][0]["name"]
    state = checked(client.post("/api/games", json={"layout": name, "difficulty": "hard"}))
    assert state["code"].startswith("MJ2-H") and state["layout"]["name"] == name
    assert state["layout"]["number"] is None and state["difficulty"] == "hard"
    assert sorted((t["x"], t["y"], t["z"]) for t in state["tiles"]) == sorted(HALF_STEPS)
    stored = sqlite_store.get_game(player_of(client), state["id"])
    assert sorted(map(tuple, stored.layout_positions or [])) == sorted(HALF_STEPS)
    with sqlite_store.engine.begin() as connection:
        connection.execute(delete(layouts_table))
    assert stored_names(sqlite_store) == []
    again = checked(client.get(f"/api/games/{state['id']}"))
    assert again["tiles"] == state["tiles"]
    won = play_out(client, again, stored.deal().solution)
    assert won["result"]["time"] >= 0 and won["result"].get("stage") is None


def test_random_deals_on_an_imported_layout_differ(client):
    name = checked(upload(client, GNOME, "two.map"), 201)["layouts"][0]["name"]
    seen = {
        tuple(t["tile"] for t in checked(client.post("/api/games", json={"layout": name}))["tiles"])
        for _ in range(8)
    }
    assert len(seen) > 1


def test_an_unknown_layout_name_cannot_start_a_game(client):
    refused(client.post("/api/games", json={"layout": "half-steps"}), 400, "bad_layout")


# -- stages ----------------------------------------------------------------------------


def test_a_new_player_sees_the_first_round_with_only_stage_one_open(client):
    listed = checked(client.get("/api/stages"))
    assert listed["next"] == 1 and listed["cleared"] == []
    entries = listed["stages"]
    assert [entry["number"] for entry in entries] == list(range(1, len(STAGE_ORDER) + 1))
    for entry in entries:
        expected = stage(entry["number"])
        assert entry["code"] == expected.code and entry["round"] == 1
        assert entry["difficulty"] == expected.difficulty.value
        assert entry["layout"]["name"] == expected.layout.name
        assert entry["layout"]["preview"].startswith(
            f"/api/layouts/{expected.layout.name}/preview.svg?v="
        )
        assert entry["cleared"] is False and entry["best_time"] is None
        assert entry["locked"] is (entry["number"] > 1)
        assert entry["next"] is (entry["number"] == 1)


def test_a_locked_stage_cannot_be_started_and_nothing_changes(client):
    current = checked(client.post("/api/games", json={"layout": "turtle"}))
    message = refused(client.post("/api/stages/2"), 409, "stage_locked")
    assert "stage 1" in message
    refused(client.post("/api/stages/0"), 422, "bad_body")
    refused(client.post("/api/stages/one"), 422, "bad_body")
    assert checked(client.get("/api/game"))["id"] == current["id"]


def test_winning_a_stage_clears_it_names_the_next_and_unlocks_it(client):
    first = stage(1)
    state = checked(client.post("/api/stages/1"))
    assert state["code"] == first.code and state["stage"] == 1
    assert state["difficulty"] == first.difficulty.value
    won = play_out(client, state, first.deal().solution)
    assert won["stage"] == 1 and won["result"]["stage"] == 1
    following = stage(2)
    assert won["result"]["next_stage"] == {
        "number": 2,
        "layout": following.layout.name,
        "title": following.layout.title,
        "difficulty": following.difficulty.value,
    }
    listed = checked(client.get("/api/stages"))
    assert listed["next"] == 2 and listed["cleared"] == [1]
    one, two, three = listed["stages"][:3]
    assert one["cleared"] and one["best_time"] == won["result"]["time"]
    assert not one["locked"] and not one["next"]
    assert two["next"] and not two["locked"] and not two["cleared"]
    assert three["locked"]
    assert checked(client.post("/api/stages/2"))["stage"] == 2
    assert checked(client.post("/api/stages/1"))["stage"] == 1  # a cleared stage replays


def test_a_game_from_a_stage_code_is_no_stage_game(client):
    state = checked(client.post("/api/games", json={"code": stage(1).code}))
    assert state["stage"] is None
    play_out(client, state, stage(1).deal().solution)
    assert checked(client.get("/api/stages"))["cleared"] == []


def test_the_list_grows_to_the_round_of_the_next_stage(client, sqlite_store):
    checked(client.post("/api/games", json={"layout": "turtle"}))  # the player's first action
    player = player_of(client)
    last = len(STAGE_ORDER)
    game = sqlite_store.create_game(player, code=stage(last).code, stage=last)
    sqlite_store.save_game(
        player,
        game.id,
        version=game.version,
        progress=Progress(
            actions=[], elapsed=12.5, running=False, status="won", hints=0, undos=0, shuffles=0
        ),
    )
    listed = checked(client.get("/api/stages"))
    assert listed["next"] == last + 1
    assert len(listed["stages"]) == 2 * last
    assert listed["stages"][last]["round"] == 2 and listed["stages"][last]["next"]
    assert listed["stages"][last - 1]["best_time"] == 12.5


# -- ownership -------------------------------------------------------------------------


def test_an_imported_layout_is_listed_previewed_and_dealt_for_its_owner_only(sqlite_store):
    from mahjong_solitaire.web import create_app

    owner, other = TestClient(create_app(sqlite_store)), TestClient(create_app(sqlite_store))
    [entry] = checked(upload(owner, KMAHJONGG), 201)["layouts"]
    checked(other.post("/api/games", json={"layout": "turtle"}))  # a player of its own
    assert [item["name"] for item in checked(other.get("/api/layouts"))] == [
        layout.name for layout in BUILTIN
    ]
    refused(other.get(entry["preview"]), 404, "unknown_layout")
    refused(other.post("/api/games", json={"layout": entry["name"]}), 400, "bad_layout")
    refused(other.delete(f"/api/layouts/{entry['name']}"), 404, "unknown_layout")
    # a game on it is shown to whoever plays it: it carries its own positions
    game = checked(owner.post("/api/games", json={"layout": entry["name"]}))
    assert game["layout"]["name"] == entry["name"] and game["tiles_left"] == 8
    assert stored_names(sqlite_store) == [entry["name"]]


def test_the_owner_deletes_an_imported_layout_and_its_games_stay_playable(client, sqlite_store):
    [entry] = checked(upload(client, KMAHJONGG), 201)["layouts"]
    game = checked(client.post("/api/games", json={"layout": entry["name"]}))
    response = client.delete(f"/api/layouts/{entry['name']}")
    assert response.status_code == 204 and response.content == b""
    assert stored_names(sqlite_store) == []
    assert entry["name"] not in [item["name"] for item in checked(client.get("/api/layouts"))]
    refused(client.delete(f"/api/layouts/{entry['name']}"), 404, "unknown_layout")
    refused(client.delete("/api/layouts/turtle"), 404, "unknown_layout")
    again = checked(client.get(f"/api/games/{game['id']}"))
    assert again["tiles_left"] == 8
    state = checked(client.post(f"/api/games/{game['id']}/hint", json={}))
    assert state["hint"] is not None


def test_a_player_keeps_at_most_100_imported_layouts(client, sqlite_store):
    from mahjong_solitaire import Layout
    from mahjong_solitaire.store import MAX_LAYOUTS_PER_PLAYER

    checked(upload(client, KMAHJONGG), 201)
    player = player_of(client)
    for n in range(MAX_LAYOUTS_PER_PLAYER - 1):
        row = Layout.from_positions(
            [(x, 0, 0) for x in range(0, 4 + 4 * (n % 5), 2)], name=f"row {n}"
        )
        sqlite_store.save_layout(row, player_id=player)
    detail = refused(upload(client, GNOME, "more.map"), 409, "too_many_layouts")
    assert "at most 100" in detail
    assert len(stored_names(sqlite_store)) == MAX_LAYOUTS_PER_PLAYER

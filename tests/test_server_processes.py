"""The server keeps no game only in memory: two server processes on one PostgreSQL
database serve one player's game interchangeably.  And the ``play`` command itself."""

from __future__ import annotations

import socket
import subprocess
import sys
import threading

import httpx
import pytest

from mahjong_solitaire import deal_from_code
from mahjong_solitaire.cli import main
from mahjong_solitaire.cli import play as play_command
from mahjong_solitaire.cli.common import CliError
from serving import ProductServer, a_minute_passes

pytestmark = pytest.mark.slow  # each test starts server processes

CODE = "MJ1-L00-AAAAABL"
DEAL = deal_from_code(CODE)


@pytest.fixture
def two_servers(postgres_url, tmp_path):
    log = tmp_path / "servers.log"
    with ProductServer(postgres_url, log=log) as one, ProductServer(postgres_url, log=log) as two:
        yield one, two


def call(client: httpx.Client, server: ProductServer, path: str, **body: object) -> dict:
    response = client.post(f"{server.url}api/{path}", json=body)
    assert response.status_code == 200, response.text
    return response.json()


def test_two_processes_on_one_database_serve_one_game_alternately_to_a_win(two_servers):
    servers = two_servers
    with httpx.Client(timeout=30) as client:
        state = call(client, servers[0], "games", code=CODE)
        a_minute_passes(servers[0].database, state["id"])  # a human's pace
        state = client.get(f"{servers[0].url}api/games/{state['id']}").json()
        game = f"games/{state['id']}"
        turn = 1
        for n, move in enumerate(DEAL.solution):
            for position in move:  # the first tap on one process, the second on the other
                state = call(
                    client,
                    servers[turn % 2],
                    f"{game}/tap",
                    position=position,
                    version=state["version"],
                )
                turn += 1
            if n == 3:
                for action in ("undo", "redo", "hint", "pause", "resume", "shuffle", "undo"):
                    state = call(
                        client, servers[turn % 2], f"{game}/{action}", version=state["version"]
                    )
                    turn += 1
        assert state["status"] == "won" and state["result"]["rank"] == 1
        for server in servers:
            seen = client.get(f"{server.url}api/{game}").json()
            assert seen["version"] == state["version"] and seen["status"] == "won"
            # the game took a hint: an assisted win, listed with every win (rules §12.3)
            board = client.get(f"{server.url}api/leaderboard?all=true").json()["entries"]
            assert [entry["game_id"] for entry in board] == [state["id"]]
            clean = client.get(f"{server.url}api/leaderboard").json()["entries"]
            assert clean == []


def test_the_same_move_sent_to_both_processes_at_once_is_taken_once(two_servers):
    servers = two_servers
    with httpx.Client(timeout=30) as client:
        state = call(client, servers[0], "games", code=CODE)
        move = DEAL.solution[0]
        state = call(
            client,
            servers[1],
            f"games/{state['id']}/tap",
            position=move.a,
            version=state["version"],
        )
        answers: list[httpx.Response] = []
        barrier = threading.Barrier(2)

        def send(server: ProductServer) -> None:
            barrier.wait()
            answers.append(
                client.post(
                    f"{server.url}api/games/{state['id']}/tap",
                    json={"position": move.b, "version": state["version"]},
                )
            )

        threads = [threading.Thread(target=send, args=(server,)) for server in servers]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(30)
        statuses = sorted(answer.status_code for answer in answers)
        assert statuses == [200, 409]
        refusal = next(answer for answer in answers if answer.status_code == 409).json()
        assert refusal["error"] == "stale_version"
        final = client.get(f"{servers[0].url}api/games/{state['id']}").json()
        assert final["version"] == state["version"] + 1 and final["tiles_left"] == 142


def test_a_stale_window_on_the_other_process_is_refused(two_servers):
    one, two = two_servers
    with httpx.Client(timeout=30) as client:
        old = call(client, one, "games", code=CODE)
        move = DEAL.solution[0]
        new = call(client, one, f"games/{old['id']}/tap", position=move.a, version=old["version"])
        response = client.post(
            f"{two.url}api/games/{old['id']}/hint", json={"version": old["version"]}
        )
        assert response.status_code == 409 and response.json()["error"] == "stale_version"
        assert client.get(f"{two.url}api/games/{old['id']}").json()["version"] == new["version"]


# -- the play command ----------------------------------------------------------------------


def test_play_listens_on_loopback_port_8000_or_a_free_one_when_it_is_taken(monkeypatch):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        monkeypatch.setattr(play_command, "DEFAULT_PORT", port)
        with play_command.listen(play_command.DEFAULT_HOST, None) as sock:
            host, chosen = sock.getsockname()
        assert host == "127.0.0.1" and chosen not in (port, 0)
        with pytest.raises(CliError, match=f"port {port}"):
            play_command.listen("127.0.0.1", port)


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--port", "70000"], "not a port number"),
        (["--host", "no-such-host.invalid"], "--host"),
        (["--database", "nosuchdb://x"], "cannot open the database"),
    ],
)
def test_play_refuses_a_bad_address_or_database_in_one_line(argv, message):
    done = subprocess.run(
        [sys.executable, "-m", "mahjong_solitaire", "play", "--no-browser", "--port", "0", *argv],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and message in done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


def test_no_arguments_plays_on_loopback_and_opens_the_browser(monkeypatch, tmp_path, capsys):
    served = []
    opened = threading.Event()
    urls: list[str] = []

    def run(server, sockets):
        served.append((server.config.app, sockets[0].getsockname()))

    def open_browser(url):
        urls.append(url)
        opened.set()

    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'games.db'}")
    monkeypatch.setattr("uvicorn.Server.run", run)
    monkeypatch.setattr("webbrowser.open", open_browser)
    assert main([]) == 0
    assert opened.wait(10)
    ((app, (host, port)),) = served
    assert host == "127.0.0.1" and app.state.local_player is True
    assert urls == [f"http://127.0.0.1:{port}/"]
    assert f" http://127.0.0.1:{port}/ " in capsys.readouterr().out

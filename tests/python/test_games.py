"""catan.read and catan.Game against catan-replay and catan-roads on real games."""
import json
import pathlib

import pytest

import catan
from conftest import SOURCE, real_games, tool, tool_json

GAMES = real_games()


@pytest.fixture(scope="module", params=GAMES, ids=[p.name for p in GAMES])
def game(request):
    return request.param, catan.read(request.param)


def test_verdict_equals_catan_replay(game):
    path, g = game
    assert isinstance(g, catan.Game) and g.name == str(path)
    assert g.verdict() == tool_json("catan-replay", "--format", "json", path)
    assert g.verdict(stats=True) == tool_json("catan-replay", "--stats", "--format", "json", path)


def test_state_hands_and_roads_equal_the_tools(game):
    path, g = game
    verdict = g.verdict()
    last = verdict["events"] - 1
    for n in sorted({last // 2, last}):
        at = tool_json("catan-replay", "--at", n, "--format", "json", path)
        assert g.state(n) == at["state"], n
        hands = tool_json("catan-replay", "--hands", "--at", n, "--format", "json", path)
        del hands["file"], hands["event"]
        hands.pop("violations", None)
        assert g.hands(n) == hands, n
        state = json.dumps(dict(at["state"], board=g.board.to_dict()))
        roads = tool_json("catan-roads", "--format", "json", "-", stdin=state)
        assert roads.pop("source") == {"file": "-"}  # where catan-roads read the state
        assert g.roads(n) == roads, n


def test_events_and_text(game):
    path, g = game
    assert len(g.events) == len(g)
    assert g.events_text() == tool("catan-replay", "--events", path)[0]
    # the events are the log's: the native log written back reads as the same game
    again = catan.read(g.to_log(), name=g.name)
    assert again.events == g.events and again.verdict() == g.verdict()


def test_events_are_the_native_logs_events():
    path = SOURCE / "samples/real/human-game-1.json"
    log = json.loads(path.read_text())
    g = catan.read(pathlib.Path(path))
    assert g.events == log["events"]
    assert g.seats == [s["name"] for s in log["seats"]]
    assert catan.read(path.read_text()).events == log["events"]


def test_a_stream_gives_a_list_of_games():
    stream = tool("catan-sim", "--games", 3, "--seed", 5, "--out", "-")[0]
    games = catan.read(stream, name="sim")
    assert [g.name for g in games] == ["sim#1", "sim#2", "sim#3"]
    expected = [json.loads(line) for line in
                tool("catan-replay", "--format", "json", "-", stdin=stream)[0].splitlines()]
    assert [g.verdict() for g in games] == [dict(e, file=g.name) for e, g in zip(expected, games)]


def test_unreadable_inputs_raise_the_tools_messages(tmp_path):
    for name in ["duplicate-seat.json", "edge-out-of-range.jsonl"]:
        path = SOURCE / "samples/logs/malformed" / name
        _, err, code = tool("catan-replay", path, check=False)
        assert code == 2
        with pytest.raises(catan.InputError) as e:
            catan.read(path)
        assert err == f"catan-replay: {e.value}\n"
    with pytest.raises(catan.InputError, match="no-such-file.json: cannot open: No such file"):
        catan.read("no-such-file.json")
    with pytest.raises(ValueError, match="<text>"):
        catan.read("{not json")
    g = catan.read(SOURCE / "samples/real/human-game-1.json")
    with pytest.raises(catan.InputError, match=r"--at 100000: the log has \d+ events"):
        g.state(100000)

"""catan.Board and catan.place against catan-board and catan-place."""
import json

import pytest

import catan
from conftest import SOURCE, tool, tool_json


def test_generate_equals_the_golden_boards():
    # samples/boards/random-seed-7.json is `catan-board generate --seed 7`, byte for byte
    assert catan.Board.generate(seed=7).to_json() == (SOURCE / "samples/boards/random-seed-7.json").read_text()
    assert (catan.Board.generate(seed=7, players=6).to_json()
            == (SOURCE / "samples/boards/random-5-6-seed-7.json").read_text())
    assert catan.Board.generate(seed=8) != catan.Board.generate(seed=7)


def test_parse_json_and_line_round_trip():
    text = (SOURCE / "samples/boards/beginner.json").read_text()
    board = catan.Board.parse(text)
    assert board == catan.Board.beginner()
    typed = (SOURCE / "samples/boards/beginner.line").read_text().splitlines()[-1]
    assert board.line() == typed + "; 3 G O 3 W 3 3 B L"  # with the harbors
    assert catan.Board.parse(board.line()) == board
    assert board.to_dict() == json.loads(text)
    assert (board.kind, board.hexes, board.vertices, board.edges) == ("standard", 19, 54, 72)
    assert board.text() == tool("catan-board", "render", SOURCE / "samples/boards/beginner.json")[0]


@pytest.mark.parametrize("name", ["red-adjacent", "composition-five-forests", "shape-18-hexes",
                                  "shape-off-frame"])
def test_check_equals_catan_board_check(name):
    path = SOURCE / f"samples/boards/invalid/{name}.json"
    board = catan.Board.parse(path.read_text(), name=str(path))
    expected = tool_json("catan-board", "check", "--format", "json", path)
    assert board.check(name=str(path)) == expected
    assert expected["valid"] is False
    assert catan.Board.beginner().check()["valid"] is True


def test_bad_boards_raise_input_error_with_the_tools_message():
    path = SOURCE / "samples/boards/invalid/malformed-token-7.json"
    _, err, code = tool("catan-board", "check", path, check=False)
    assert code == 2
    with pytest.raises(catan.InputError) as e:
        catan.Board.parse(path.read_text(), name=str(path))
    assert f"catan-board: {e.value}" in err
    assert isinstance(e.value, ValueError)
    with pytest.raises(catan.InputError, match="players: expected 2..6, got 7"):
        catan.Board.generate(players=7)


def test_place_rank_equals_catan_place():
    board = catan.Board.generate(seed=7)
    path = SOURCE / "samples/boards/random-seed-7.json"
    assert catan.place.rank(board, top=5) == tool_json("catan-place", path, "--top", "5",
                                                       "--format", "json")
    ranked = catan.place.rank(board, top=3, taken=[20])
    assert ranked == tool_json("catan-place", path, "--top", "3", "--taken", "20", "--format", "json")
    from catan import place  # the submodule imports too
    assert place.rank is catan.place.rank

"""catan.eval: the win probabilities of catan-eval, as its JSON says them, on real games."""
import pytest

import catan
from conftest import SOURCE, tool_json

HUMAN = SOURCE / "samples/real/human-game-1.soclog"
SPECTATOR = SOURCE / "samples/logs/hidden/complete-3p-spectator.json"


def test_eval_equals_catan_eval_json_on_a_real_game():
    game = catan.read(HUMAN)
    ours = catan.eval(game, rollouts=4, seed=3)
    tool = tool_json("catan-eval", "--format", "json", "--rollouts", 4, "--seed", 3, HUMAN)
    assert ours == tool
    assert len(ours["positions"]) == 70 and ours["outcome"] == "complete"
    # the same numbers on any number of threads
    assert catan.eval(game, rollouts=4, seed=3, threads=2) == ours


def test_eval_of_a_game_that_hides_cards_at_shares_of_the_game():
    # a spectator's view hides the cards bought and stolen: each rollout starts from a state
    # drawn from the replay's belief
    game = catan.read(SPECTATOR)
    ours = catan.eval(game, rollouts=4, policy="random", turns=["25%", "50%", 3])
    tool = tool_json("catan-eval", "--format", "json", "--rollouts", 4, "--policy", "random",
                     "--turns", "25%,50%,3", SPECTATOR)
    assert ours == tool and len(ours["positions"]) == 3
    assert max(p["states"] for p in ours["positions"]) > 1000


def test_eval_ranks_the_moves_of_a_position():
    game = catan.read(HUMAN)
    ours = catan.eval(game, rollouts=4, at=120, candidates=3)
    tool = tool_json("catan-eval", "--format", "json", "--rollouts", 4, "--at", 120,
                     "--candidates", 3, HUMAN)
    assert ours == tool and 1 <= len(ours["moves"]) <= 3


def test_eval_errors():
    game = catan.read(HUMAN)
    with pytest.raises(catan.InputError, match="rollouts: expected 1..1000000, got 0"):
        catan.eval(game, rollouts=0)
    with pytest.raises(catan.InputError, match='policy: expected random, builder or greedy, '
                       'got "search"'):
        catan.eval(game, policy="search")
    with pytest.raises(catan.InputError, match='turns: expected a turn number or a share '
                       'from 1% to 100%, got "0%"'):
        catan.eval(game, turns=["0%"])
    with pytest.raises(catan.InputError, match="event 100000 is not an event of the log"):
        catan.eval(game, at=100000)

"""catan.Env and catan.VecEnv: random legal play to the end, its log accepted by
catan-replay, the mask and the observation, and VecEnv equal to single Envs."""
import json

import numpy as np
import pytest

import catan
from conftest import tool_json


def play_random(env, rng, limit=100000):
    """Plays random legal actions (from the mask) to the end; returns the rewards by seat."""
    rewards = {}
    for step in range(limit):
        legal = np.flatnonzero(env.action_mask())
        if step % 10 == 0:
            assert sorted({a["action"] for a in env.legal_actions()}) == legal.tolist()
        acting = env.current_player
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
        assert obs.dtype == np.float32 and obs.shape == (env.observation_size,)
        rewards[acting] = rewards.get(acting, 0.0) + reward
        if terminated or truncated:
            return rewards, terminated, truncated, info
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("players,seed", [(4, 1), (3, 2), (2, 3), (6, 4)])
def test_random_play_to_the_end_is_a_valid_log(tmp_path, players, seed):
    env = catan.Env(players=players, seed=seed)
    obs, info = env.reset()
    assert info["player"] == 0 and obs.shape == (env.observation_size,)
    rewards, terminated, truncated, info = play_random(env, np.random.default_rng(seed))
    path = tmp_path / "game.jsonl"
    path.write_text(env.to_log())
    verdict = tool_json("catan-replay", "--format", "json", path)
    assert verdict["valid"] is True
    assert verdict["events"] == info["events"]
    if terminated:
        assert verdict["outcome"] == "complete"
        assert verdict["winner"] == env.winner == env.seats[info["winner"]]
        assert rewards[info["winner"]] == 1.0 and sum(rewards.values()) == 1.0
    else:
        assert truncated and verdict["outcome"] == "unfinished" and sum(rewards.values()) == 0
    assert env.current_player is None and not env.action_mask().any()
    with pytest.raises(catan.InputError, match="the game is over"):
        env.step(0)


def test_truncation_by_the_turn_cap():
    env = catan.Env(seed=9, turn_cap=3, vp_to_win=12)
    _, terminated, truncated, info = play_random(env, np.random.default_rng(0))
    assert truncated and not terminated and info["turn"] == 4 and info["winner"] is None


def test_same_seed_and_actions_same_game_and_reset_gives_the_next_episode():
    logs = []
    for _ in range(2):
        env = catan.Env(seed=11)
        play_random(env, np.random.default_rng(1))
        logs.append(env.to_log())
    assert logs[0] == logs[1]
    env = catan.Env(seed=11)
    first = env.to_log()
    env.reset()
    assert env.episode == 1 and env.to_log() == first  # no step yet: the same episode
    env.step(int(np.flatnonzero(env.action_mask())[0]))
    env.reset()
    assert env.episode == 2
    env.reset(seed=11)
    assert env.episode == 1


def test_actions_as_event_dicts_and_illegal_actions():
    env = catan.Env(seed=1)
    actions = env.legal_actions()
    layout = env.action_layout()
    assert list(layout)[:3] == ["place_settlement", "place_road", "roll"]
    assert sum(size for _, size in layout.values()) == env.action_count
    offset, size = layout["place_settlement"]
    assert (offset, size) == (0, 54)
    assert [a["type"] for a in actions] == ["place_settlement"] * len(actions)
    assert actions[0] == {"type": "place_settlement", "player": "red", "vertex": actions[0]["vertex"],
                          "action": actions[0]["vertex"]}
    env.step(actions[5])
    assert env.state()["buildings"][0]["vertex"] == actions[5]["vertex"]
    with pytest.raises(catan.InputError, match=r"action 0: not legal now \(\d+ legal actions"):
        env.step(0)
    with pytest.raises(catan.InputError, match=r"action: expected 0..\d+, got 100000"):
        env.step(100000)
    with pytest.raises(catan.InputError, match="frobnicate: unknown option"):
        catan.Env(frobnicate=1)
    with pytest.raises(catan.InputError, match="vp_to_win: expected 3..30, got 99"):
        catan.Env(vp_to_win=99)
    with pytest.raises(catan.InputError, match="players: expected 2..6, got 9"):
        catan.Env(players=9)


def test_observation_holds_only_what_the_seat_may_see():
    env = catan.Env(seed=3, board="random")
    rng = np.random.default_rng(3)
    for _ in range(300):
        env.step(int(rng.choice(np.flatnonzero(env.action_mask()))))
    state = env.state()
    resources = ["brick", "lumber", "wool", "grain", "ore"]
    b = env.board
    own = 6 * b.hexes + b.hexes + 6 * b.vertices + b.hexes + 2 * 4 * b.vertices + 4 * b.edges
    for seat in range(4):
        obs = env.observation(seat)
        hand = [state["players"][seat]["hand"].get(r, 0) for r in resources]
        assert obs[own:own + 5].tolist() == hand
        for k in range(4):  # seat k places after this one: only the hand's size
            other = state["players"][(seat + k) % 4]
            assert obs[own + 16 + 12 * k] == sum(other["hand"].values())
    # buildings and roads, one-hot by owner counted in seats after the viewer (0: itself)
    seats = env.seats
    buildings = own - 2 * 4 * b.vertices - 4 * b.edges
    roads = own - 4 * b.edges
    for seat in (0, 2):
        obs = env.observation(seat)
        expected = np.zeros(2 * 4 * b.vertices + 4 * b.edges, dtype=np.float32)
        for x in state["buildings"]:
            rel = (seats.index(x["owner"]) - seat) % 4
            expected[2 * (4 * x["vertex"] + rel) + (x["kind"] == "city")] = 1
        for x in state["roads"]:
            rel = (seats.index(x["owner"]) - seat) % 4
            expected[2 * 4 * b.vertices + 4 * x["edge"] + rel] = 1
        assert len(state["buildings"]) >= 8 and len(state["roads"]) >= 8
        assert np.array_equal(obs[buildings:own], expected)
    with pytest.raises(catan.InputError, match="seat: expected 0..3, got 4"):
        env.observation(4)


def test_vecenv_equals_single_envs():
    n, steps = 4, 3000
    # short games (4 VP, 40 turns) so that games end and restart in the run
    options = dict(vp_to_win=4, turn_cap=40)
    vec = catan.VecEnv(n, players=4, seed=20, **options)
    envs = [catan.Env(players=4, seed=20 + i, **options) for i in range(n)]
    ended = 0
    obs, _ = vec.reset()
    for e in envs:
        e.reset()
    rng = np.random.default_rng(5)
    ids = vec.observations.ctypes.data, vec.masks.ctypes.data
    for _ in range(steps):
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in vec.masks])
        obs, rewards, terminated, truncated, _ = vec.step(actions)
        for i, e in enumerate(envs):
            _, r, te, tr, _ = e.step(int(actions[i]))
            assert (r, te, tr) == (rewards[i], terminated[i], truncated[i])
            if te or tr:
                e.reset()
                ended += 1
            assert np.array_equal(obs[i], e.observation(e.current_player))
            assert np.array_equal(vec.masks[i], e.action_mask())
            assert vec.players[i] == e.current_player
    assert ended >= 4
    # the arrays are the VecEnv's own, written in place
    assert obs is vec.observations and (vec.observations.ctypes.data, vec.masks.ctypes.data) == ids
    assert vec.to_log(0) == envs[0].to_log()
    with pytest.raises(catan.InputError, match=r"actions\[0\]: action -1 is not legal"):
        vec.step(np.full(n, -1))


def test_vecenv_threads_and_sample_actions_give_the_same_games():
    n, options = 6, dict(vp_to_win=4, turn_cap=40)
    one = catan.VecEnv(n, seed=30, **options)
    three = catan.VecEnv(n, seed=30, threads=3, **options)
    envs = [catan.Env(seed=30 + i, **options) for i in range(n)]
    assert (one.threads, three.threads) == (1, 3) and catan.VecEnv(2, threads=5).threads == 2
    ended = 0
    for step in range(1500):
        actions = one.sample_actions()
        assert actions is one.actions and actions.dtype == np.int64
        out = np.empty(n, dtype=np.int64)
        assert three.sample_actions(out) is out and np.array_equal(out, actions)
        if step < 300:  # game i's sampler is Env(seed + i)'s
            assert actions.tolist() == [e.sample_action() for e in envs]
            for e, a in zip(envs, actions):
                e.step(int(a))
                if e.terminated or e.truncated:
                    e.reset()
        assert all(one.masks[np.arange(n), actions])
        one.step(actions)
        three.step(out)
        ended += int(one.terminated.sum() + one.truncated.sum())
        assert np.array_equal(one.terminated, three.terminated)
    assert ended >= 6
    for name in ("observations", "masks", "rewards", "truncated", "players"):
        assert np.array_equal(getattr(one, name), getattr(three, name)), name
    assert [one.to_log(i) for i in range(n)] == [three.to_log(i) for i in range(n)]
    assert envs[0].to_log() != one.to_log(0)  # the Envs stopped at step 300
    # an illegal action: an error naming the game, and nothing stepped
    before = three.to_log(5)
    actions = three.sample_actions().copy()
    actions[5] = -1
    with pytest.raises(catan.InputError, match=r"actions\[5\]: action -1 is not legal"):
        three.step(actions)
    assert three.to_log(5) == before
    with pytest.raises(catan.InputError, match=r"out: expected a writable C-contiguous int64 "
                       r"array of shape \(6,\), got \(5,\)"):
        three.sample_actions(np.empty(5, dtype=np.int64))
    with pytest.raises(catan.InputError, match=r"actions: expected shape \(6,\), got \(2, 3\)"):
        three.step(np.zeros((2, 3), dtype=np.int64))
    with pytest.raises(catan.InputError, match="threads: expected 0 .one a core. or more, got -1"):
        catan.VecEnv(2, threads=-1)
    env = catan.Env(seed=2, turn_cap=1)
    while env.sample_action() is not None:
        env.step(env.sample_action())
    assert env.truncated

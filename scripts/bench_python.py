#!/usr/bin/env python3
"""Steps per second of catan.Env and catan.VecEnv under random legal actions, from Python on
one core (a benchmark, not a test; docs/performance.md "Python" has the figures).

    PYTHONPATH=build/python taskset -c 1 python3 scripts/bench_python.py [--seconds 5]

Env: a loop of action_mask(), a random legal index (numpy) and step(); also step() alone
(the actions of a game played before, replayed) and a property read, to show the cost of a
call from Python. VecEnv: n games, one step() per batch with the actions drawn in numpy
from the masks (argmax of uniform noise times the mask), and the same with the actions
fixed ahead (the C++ step alone). Figures are CPU time (time.process_time)."""
import argparse
import time

import numpy as np

import catan


def per_second(fn, seconds):
    """Runs fn() (which returns the steps it made) until `seconds` of CPU time passed."""
    steps, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        steps += fn()
    return steps / (time.process_time() - start)


def env_random(seconds, seed=1):
    env = catan.Env(seed=seed)
    rng = np.random.default_rng(seed)

    def game():
        env.reset()
        n = 0
        while True:
            a = int(rng.choice(np.flatnonzero(env.action_mask())))
            _, _, terminated, truncated, _ = env.step(a)
            n += 1
            if terminated or truncated:
                return n

    return per_second(game, seconds)


def env_step_only(seconds, seed=1):
    # the actions of one game, found first, then replayed: step() alone is timed
    env = catan.Env(seed=seed)
    rng = np.random.default_rng(seed)
    actions = []
    while True:
        a = int(rng.choice(np.flatnonzero(env.action_mask())))
        actions.append(a)
        _, _, te, tr, _ = env.step(a)
        if te or tr:
            break

    def game():
        env.reset(seed=seed)
        for a in actions:
            env.step(a)
        return len(actions)

    return per_second(game, seconds)


def call_overhead(seconds):
    env = catan.Env()
    return 1.0 / per_second(lambda: [env.current_player for _ in range(1000)] and 1000, seconds)


def vec_random(n, seconds, seed=1):
    vec = catan.VecEnv(n, seed=seed)
    rng = np.random.default_rng(seed)
    vec.reset()

    def batch():
        vec.step((rng.random(vec.masks.shape) * vec.masks).argmax(axis=1))
        return n

    return per_second(batch, seconds)


def vec_first_legal(n, seconds, seed=1):
    # the C++ step with the first legal action of each game (argmax of the mask): no
    # random numbers drawn in numpy
    vec = catan.VecEnv(n, seed=seed)
    vec.reset()

    def batch():
        vec.step(vec.masks.argmax(axis=1))
        return n

    return per_second(batch, seconds)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seconds", type=float, default=5.0, help="CPU seconds per figure")
    p.add_argument("--n", type=int, default=256, help="games of the VecEnv")
    a = p.parse_args()
    rows = [
        ("Env, random legal actions (mask + numpy choice + step)", env_random(a.seconds)),
        ("Env, step() alone (a game's actions replayed)", env_step_only(a.seconds)),
        (f"VecEnv n={a.n}, random legal actions drawn in numpy", vec_random(a.n, a.seconds)),
        (f"VecEnv n={a.n}, first legal action (argmax of the mask)",
         vec_first_legal(a.n, a.seconds)),
    ]
    for what, rate in rows:
        print(f"{what}: {rate:,.0f} steps/s ({1e6 / rate:.2f} us a step)")
    print(f"a property read from Python (env.current_player): {call_overhead(a.seconds) * 1e9:.0f} ns")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Steps per second of catan.Env and catan.VecEnv under random legal actions, from Python, and
beside them in the same run the C++ step alone and catanatron (a benchmark, not a test;
docs/performance.md "Python" has the figures).

    PYTHONPATH=build/python python3 scripts/bench_python.py [--seconds 3]
        [--bench build/tests/bench/catan_bench] [--catanatron DIR]

One core (the process pins itself to one CPU): Env loops (the random legal action drawn in
C++ by sample_action(), or in numpy from action_mask()), Env.step() alone (a game's actions
replayed), a property read (the cost of a call from Python), VecEnv(n).step() with
sample_actions() for several n, and with the actions drawn in numpy from the masks; figures
in CPU time (time.process_time). Then every CPU: VecEnv(256) with threads=1 and 2, in wall
time (time.perf_counter). --bench: Google Benchmark's BM_EnvStep/2 and BM_VecStep (the same
C++ step without Python, on one core), so that the Python overhead per step is the
difference. --catanatron DIR: catanatron's source folder (its package folder, the one
holding catanatron/game.py); a child process on the same core times (a) its Game stepping
four RandomPlayers with play_tick(), and (b) its Gymnasium environment CatanatronEnv (1v1
against its RandomPlayer, the vector observation), stepped with a random valid action;
Gymnasium itself is replaced by a stand-in of the three names that module imports (Env,
spaces, register), which it calls only in its constructor and reset, never in step."""
import argparse
import json
import os
import pathlib
import subprocess
import sys
import tempfile
import time


def per_second(fn, seconds, clock=time.process_time):
    """Runs fn() (which returns the steps it made) until `seconds` passed on clock."""
    steps, start = 0, clock()
    while clock() - start < seconds:
        steps += fn()
    return steps / (clock() - start)


# ---- catan ------------------------------------------------------------------------------


def env_sampled(catan, seconds, seed=1):
    env = catan.Env(seed=seed)

    def game():
        env.reset()
        n = 0
        while True:
            _, _, terminated, truncated, _ = env.step(env.sample_action())
            n += 1
            if terminated or truncated:
                return n

    return per_second(game, seconds)


def env_numpy(catan, seconds, seed=1):
    import numpy as np

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


def env_step_only(catan, seconds, seed=1):
    # the actions of one game, found first, then replayed: step() alone is timed
    env = catan.Env(seed=seed)
    actions = []
    while not (env.terminated or env.truncated):
        actions.append(env.sample_action())
        env.step(actions[-1])

    def game():
        env.reset(seed=seed)
        for a in actions:
            env.step(a)
        return len(actions)

    return per_second(game, seconds)


def call_seconds(catan, seconds):
    env = catan.Env()

    def reads():
        for _ in range(1000):
            env.current_player
        return 1000

    return 1.0 / per_second(reads, seconds)


def vec_sampled(catan, n, seconds, threads=1, clock=time.process_time, seed=1):
    vec = catan.VecEnv(n, seed=seed, threads=threads)
    for _ in range(20):  # past the first allocations of the games' logs
        vec.step(vec.sample_actions())

    def batch():
        vec.step(vec.sample_actions())
        return n

    return per_second(batch, seconds, clock)


def vec_numpy(catan, n, seconds, seed=1):
    import numpy as np

    vec = catan.VecEnv(n, seed=seed)
    rng = np.random.default_rng(seed)

    def batch():
        vec.step((rng.random(vec.masks.shape) * vec.masks).argmax(axis=1))
        return n

    return per_second(batch, seconds)


def cpp_alone(bench, seconds, cpu):
    """BM_EnvStep/2 and BM_VecStep/1/n from catan_bench: {name: ns a step (CPU)}."""
    r = subprocess.run(["taskset", "-c", str(cpu), bench,
                        "--benchmark_filter=BM_EnvStep/2|BM_VecStep/1/",
                        f"--benchmark_min_time={seconds}", "--benchmark_format=json"],
                       capture_output=True, text=True, check=True)
    out = {}
    for b in json.loads(r.stdout)["benchmarks"]:
        out[b["name"].replace("/real_time", "")] = 1e9 / b["steps/s"] if "VecStep" not in \
            b["name"] else b["cpu_time"] * 1e3 / int(b["name"].split("/")[2])
    return out


# ---- catanatron (in a child process: --catanatron-worker) --------------------------------

GYMNASIUM_STAND_IN = '''"""Stand-in for the names catanatron's environment module imports from Gymnasium."""
class Env:
    def reset(self, seed=None, options=None):
        return None
class _Space:
    def __init__(self, *args, **kwargs):
        self.args, self.kwargs = args, kwargs
class spaces:
    Discrete = Box = Dict = _Space
'''


def catanatron_worker(folder, seconds):
    import random

    stand_in = pathlib.Path(tempfile.mkdtemp(prefix="gymnasium-stand-in-"))
    (stand_in / "gymnasium" / "envs").mkdir(parents=True)
    (stand_in / "gymnasium" / "__init__.py").write_text(GYMNASIUM_STAND_IN)
    (stand_in / "gymnasium" / "envs" / "__init__.py").write_text("")
    (stand_in / "gymnasium" / "envs" / "registration.py").write_text(
        "def register(**kwargs):\n    pass\n")
    sys.path[:0] = [str(folder), str(stand_in)]
    from catanatron import Color, Game, RandomPlayer
    from catanatron.game import TURNS_LIMIT
    from catanatron.gym.envs.catanatron_env import CatanatronEnv

    colors = [Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE]
    seeds = iter(range(1, 10**9))

    def game():
        g = Game([RandomPlayer(c) for c in colors], seed=next(seeds))
        n = 0
        while g.winning_color() is None and g.state.num_turns < TURNS_LIMIT:
            g.play_tick()
            n += 1
        return n

    result = {"game_actions_per_s": per_second(game, seconds)}
    env = CatanatronEnv()
    rng = random.Random(1)
    counts = [0, 0]  # env steps, game actions (both players', the enemy's inside step())

    def episode():
        _, info = env.reset(seed=next(seeds))
        n = 0
        while True:
            _, _, terminated, truncated, info = env.step(rng.choice(info["valid_actions"]))
            n += 1
            if terminated or truncated:
                counts[0] += n
                counts[1] += len(env.game.state.action_records)
                return n

    result["env_steps_per_s"] = per_second(episode, seconds)
    result["actions_per_env_step"] = counts[1] / counts[0]
    print(json.dumps(result))


def catanatron(folder, seconds, cpu):
    r = subprocess.run([sys.executable, __file__, "--seconds", str(seconds),
                        "--catanatron-worker", str(folder)],
                       capture_output=True, text=True, check=True,
                       preexec_fn=lambda: os.sched_setaffinity(0, {cpu}))
    return json.loads(r.stdout)


# ---- main -------------------------------------------------------------------------------


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seconds", type=float, default=3.0, help="seconds per figure")
    p.add_argument("--bench", help="catan_bench (Google Benchmark) for the C++ step alone")
    p.add_argument("--catanatron", help="catanatron's package source folder")
    p.add_argument("--catanatron-worker", help=argparse.SUPPRESS)
    a = p.parse_args()
    if a.catanatron_worker:
        catanatron_worker(a.catanatron_worker, a.seconds)
        return
    import catan

    cpus = sorted(os.sched_getaffinity(0))
    one = cpus[-1]
    os.sched_setaffinity(0, {one})
    s = a.seconds
    print(f"catan {catan.__version__}, Python {sys.version.split()[0]}, one core: CPU {one}; "
          f"{s:g} s a figure")
    rows = {
        "Env: sample_action() + step(), a loop in Python": env_sampled(catan, s),
        "Env: action_mask() + numpy choice + step()": env_numpy(catan, s),
        "Env: step() alone (a game's actions replayed)": env_step_only(catan, s),
    }
    for n in (1, 64, 256, 1024):
        rows[f"VecEnv({n}): sample_actions() + step(), one thread"] = vec_sampled(catan, n, s)
    rows["VecEnv(256): actions drawn in numpy from the masks + step()"] = vec_numpy(catan, 256, s)
    for what, rate in rows.items():
        print(f"  {what}: {rate:,.0f} steps/s ({1e6 / rate:.3f} us a step)")
    print(f"  a property read from Python (env.current_player): "
          f"{call_seconds(catan, s) * 1e9:.0f} ns")
    if a.bench:
        cpp = cpp_alone(a.bench, s, one)
        print("C++ alone (catan_bench, same core):")
        for name, ns in cpp.items():
            print(f"  {name}: {ns:.0f} ns a step ({1e9 / ns:,.0f} steps/s)")
        env_py = 1e9 / rows["Env: step() alone (a game's actions replayed)"]
        print(f"  Python overhead of Env.step(): {env_py - cpp['BM_EnvStep/2']:.0f} ns a call")
        # a batch of one game: the calls' cost from Python, shared by the n games of a batch
        batch = 1e9 / rows["VecEnv(1): sample_actions() + step(), one thread"] - cpp["BM_EnvStep/2"]
        print(f"  Python overhead of a VecEnv batch (sample_actions() + step(), VecEnv(1) less "
              f"BM_EnvStep/2): {batch:.0f} ns a batch, {batch / 256:.1f} ns a game at n=256")
        for n in (64, 256, 1024):
            key = f"BM_VecStep/1/{n}"
            if key in cpp:
                vec_py = 1e9 / rows[f"VecEnv({n}): sample_actions() + step(), one thread"]
                print(f"  VecEnv({n}) from Python less BM_VecStep/1/{n}: "
                      f"{vec_py - cpp[key]:.1f} ns a game step (noise included)")
    if a.catanatron:
        c = catanatron(a.catanatron, s, one)
        ours = rows["Env: sample_action() + step(), a loop in Python"]
        print("catanatron (same core, child process):")
        print(f"  Game, 4 RandomPlayers, play_tick(): {c['game_actions_per_s']:,.0f} actions/s "
              f"(Env loop: {ours / c['game_actions_per_s']:.1f}x)")
        per_action = c["env_steps_per_s"] * c["actions_per_env_step"]
        print(f"  CatanatronEnv (1v1, vector observation), random valid action: "
              f"{c['env_steps_per_s']:,.0f} steps/s (Env loop: {ours / c['env_steps_per_s']:.1f}x); "
              f"{c['actions_per_env_step']:.2f} game actions a step (its enemy's inside), "
              f"{per_action:,.0f} actions/s (Env loop: {ours / per_action:.1f}x)")
    os.sched_setaffinity(0, set(cpus))
    print(f"all {len(cpus)} CPUs, wall time:")
    for threads in (1, 2):
        rate = vec_sampled(catan, 256, s, threads=threads, clock=time.perf_counter)
        print(f"  VecEnv(256, threads={threads}): sample_actions() + step(): {rate:,.0f} steps/s")
    print(f"load average: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()

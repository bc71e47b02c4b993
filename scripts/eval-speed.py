#!/usr/bin/env python3
"""catan-eval's speed (docs/catan-eval.md "Speed"): rollouts per CPU second from the middle
of real games, and the CPU time of a whole game's graph on one core.

    python3 scripts/eval-speed.py --catan-eval build/tools/catan-eval [DATA_DIR]

Mid-game: for each game, `catan-eval -j 1 --turns 50% --rollouts 1000` less the same with
--rollouts 1 (reading and replaying the log), CPU time of the child (user + system, from
getrusage, microseconds). The graph: `catan-eval -j 1 --rollouts 500 stac/human-game-1.soclog`
(every turn), the median of 3 runs. DATA_DIR defaults to $CATAN_DATA_DIR."""
import argparse
import glob
import os
import resource
import statistics
import subprocess

SETS = [
    ("catanatron (first 10 games)", "catanatron/*/*.json", 10),
    ("JSettlers2 robots 4p", "jsettlers2/robots/4p/game-[0-9][0-9].soclog", 0),
    ("JSettlers2 robots 6p", "jsettlers2/robots/6p/game-[0-9][0-9].soclog", 0),
    ("colonist.io", "colonist*/*.json", 0),
    ("STAC", "stac/*-game-[0-9].soclog", 0),
]


def cpu(cmd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if r.returncode not in (0, 1):
        raise SystemExit(f"eval-speed: {' '.join(cmd)} exited {r.returncode}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("data", nargs="?", default=os.environ.get("CATAN_DATA_DIR"))
    ap.add_argument("--catan-eval", default="catan-eval")
    ap.add_argument("--rollouts", type=int, default=1000)
    ap.add_argument("--policy", default="greedy")
    args = ap.parse_args()
    exe = args.catan_eval
    print("| games | positions | rollouts | CPU s (rollouts only) | rollouts per CPU second |")
    print("|---|---|---|---|---|")
    total_r, total_s = 0, 0.0
    for name, pattern, limit in SETS:
        files = sorted(glob.glob(os.path.join(args.data, pattern)))
        files = files[:limit] if limit else files
        n, secs = 0, 0.0
        for f in files:
            base = [exe, "-j", "1", "--turns", "50%", "--policy", args.policy, f]
            t = cpu(base + ["--rollouts", str(args.rollouts)]) - cpu(base + ["--rollouts", "1"])
            n += 1
            secs += t
        rollouts = n * (args.rollouts - 1)
        total_r, total_s = total_r + rollouts, total_s + secs
        print(f"| {name} | {n} | {rollouts} | {secs:.2f} | {rollouts / secs:,.0f} |")
    print(f"| all | | {total_r} | {total_s:.2f} | **{total_r / total_s:,.0f}** |")
    game = os.path.join(args.data, "stac/human-game-1.soclog")
    runs = [cpu([exe, "-j", "1", "--rollouts", "500", "--policy", args.policy, game])
            for _ in range(3)]
    print(f"\nstac/human-game-1.soclog, every turn at 500 rollouts, -j 1: CPU "
          f"{', '.join(f'{r:.2f}' for r in runs)} s; median **{statistics.median(runs):.2f} s**")


if __name__ == "__main__":
    main()

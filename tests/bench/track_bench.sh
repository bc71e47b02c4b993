#!/usr/bin/env bash
# Replay speed under hidden-card tracking (README "Hidden information"): runs the
# BM_TrackFull / BM_TrackSpectator / BM_TrackNoDiscards benchmarks of catan_bench (every
# full-information game of the shared corpus, as recorded, as a spectator saw it, and as a
# spectator with every discard unrecorded) and prints, per view, source and overall, the
# median and the largest ratio view / full of the time per replay.
# Usage: tests/bench/track_bench.sh [BUILD_DIR]   (default build)
set -euo pipefail
build=${1:-build}
out=$(mktemp)
trap 'rm -f "$out"' EXIT
"$build/tests/bench/catan_bench" --benchmark_filter='BM_Track' --benchmark_min_time=0.05 \
  --benchmark_format=json > "$out"
python3 - "$out" <<'PY'
import json, statistics, sys
runs = json.load(open(sys.argv[1]))["benchmarks"]
t = {}
for b in runs:
    kind, game = b["name"].split("/", 1)
    t.setdefault(game, {})[kind] = b["real_time"]
for view, bench in (("spectator", "BM_TrackSpectator"), ("no-discards", "BM_TrackNoDiscards")):
    ratios = {g: v[bench] / v["BM_TrackFull"] for g, v in t.items()
              if "BM_TrackFull" in v and bench in v}
    def line(label, games):
        r = sorted(ratios[g] for g in games)
        worst = max(games, key=lambda g: ratios[g])
        print(f"{label}: {len(r)} games, {view} / full: median {statistics.median(r):.2f}x, "
              f"largest {r[-1]:.1f}x ({worst})")
    for src in ("stac", "catanatron", "colonist"):
        games = [g for g in ratios if g.startswith(src + "/")]
        if games:
            line(src, games)
    line("all", list(ratios))
PY

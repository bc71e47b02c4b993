#!/usr/bin/env python3
"""Tracking within its memory bound (issue 29, Release build only: the sanitizers' shadow
memory makes the figures meaningless there).

catan-replay --hands at the default bound of 100,000 states must finish with its report
and a peak resident set (GNU time's %M) under 100 MiB on:
  - the spectator-no-discards view of self-play game 1747 of seed 29 (3,323 events: its
    belief passes the bound; made here with catan-sim and catan-import --view);
  - the catanlog tabletop transcripts 1 and 2 under --keep-going (every discard
    unrecorded), when the shared data is beside the checkout.
Prints the figures.

Usage: tracking_memory.py SOURCE_DIR TOOLS_DIR
"""
import os
import subprocess
import sys
import tempfile

from memory_flat import peak_kib

LIMIT_KIB = 100 * 1024


def main():
    source, tools = sys.argv[1], sys.argv[2]
    tool = lambda name: os.path.join(tools, name)
    failed = 0
    with tempfile.TemporaryDirectory() as d:
        subprocess.run([tool("catan-sim"), "--seed", "29", "--games", "1", "--first", "1747",
                        "--out", d], check=True, stdout=subprocess.DEVNULL)
        view = os.path.join(d, "view.json")
        with open(view, "w") as f:
            subprocess.run([tool("catan-import"), "--view", "spectator-no-discards",
                            os.path.join(d, "game-001747.json")], check=True, stdout=f)
        runs = [("self-play 29/1747, no-discards view", [view], 0)]
        data = os.path.join(source, "..", "shared", "data", "catanlog")
        for n in (1, 2):
            path = os.path.join(data, f"tabletop-game-{n}.catan")
            if os.path.exists(path):
                # (the transcripts break rules: --keep-going lists them, exit 1)
                runs.append((f"catanlog tabletop {n}, --keep-going", ["--keep-going", path], 1))
        for name, args, want in runs:
            out = os.path.join(d, "report.txt")
            with open(out, "w") as f:
                rc, kib = peak_kib([tool("catan-replay"), "--hands"] + args, f)
            report = open(out).read()
            ok = rc == want and kib < LIMIT_KIB and "hand" in report
            print(f"{name}: exit {rc} (expected {want}), peak {kib} KiB "
                  f"(limit {LIMIT_KIB}), report {len(report)} bytes: {'ok' if ok else 'FAILED'}")
            failed += not ok
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Peak memory that does not grow with the input (issue 11, Release build only: the
sanitizers' shadow memory makes the figures meaningless there).

For each reader below, the input at size N and at 10 N is run through the tool and the
tool's peak resident set (GNU time's %M, getrusage ru_maxrss) compared: the larger input
may use at most 25% + 1 MiB more than the smaller. Prints the figures.

  catan-replay       a JSON Lines log of the setup of samples/logs/valid/complete-3p.json,
                     then rounds of "roll 1+1, end_turn" (valid and endless)
  catan-board check  a JSON array of boards (one line per board, as a stream would be)
  catan-board stats  the same array
  catan-place        a JSON Lines stream of boards (must stop at the second board)
  catan-roads, catan-replay, catan-stats
                     blank lines only (2 MB and 20 MB: an empty input, exit 2)

Usage: memory_flat.py SOURCE_DIR TOOLS_DIR [N_EVENTS] [N_BOARDS]
"""
import json
import os
import subprocess
import sys
import tempfile


def peak_kib(argv, stdout=subprocess.DEVNULL):
    """Runs argv (stdout to `stdout`, an open file, discarded by default; stderr
    discarded); returns (exit status, peak RSS in KiB). Through GNU time, a small process
    that forks the tool: a child spawned by Python itself would count Python's own pages in
    its peak."""
    with tempfile.NamedTemporaryFile("r") as out:
        p = subprocess.run(["/usr/bin/time", "-q", "-f", "%M", "-o", out.name] + argv,
                           stdout=stdout, stderr=subprocess.DEVNULL)
        return p.returncode, int(out.read().strip().split("\n")[-1])


def write_log(path, source, rounds):
    doc = json.load(open(os.path.join(source, "samples/logs/valid/complete-3p.json")))
    setup = [e for e in doc.pop("events")[:12]]
    for e in setup:
        e.pop("claims", None)
    seats = [s["name"] for s in doc["seats"]]
    with open(path, "w") as f:
        f.write(json.dumps(doc) + "\n")
        for e in setup:
            f.write(json.dumps(e) + "\n")
        for i in range(rounds):
            p = seats[i % len(seats)]
            f.write('{"type":"roll","player":"%s","dice":[1,1]}\n{"type":"end_turn","player":"%s"}\n'
                    % (p, p))


def main():
    source, tools = sys.argv[1], sys.argv[2]
    n_events = int(sys.argv[3]) if len(sys.argv) > 3 else 30000
    n_boards = int(sys.argv[4]) if len(sys.argv) > 4 else 1000
    board_tool = os.path.join(tools, "catan-board")
    tmp = tempfile.mkdtemp(prefix="catan-memory-")
    failures = 0
    try:
        lines = subprocess.run([board_tool, "generate", "--seed", "3", "--count", str(10 * n_boards),
                                "--format", "jsonl"], capture_output=True, check=True).stdout.split(b"\n")
        lines = [l for l in lines if l]
        inputs = {}
        for scale in (1, 10):
            log = os.path.join(tmp, f"log-{scale}.jsonl")
            write_log(log, source, scale * n_events // 2)
            array = os.path.join(tmp, f"boards-{scale}.json")
            with open(array, "wb") as f:
                f.write(b"[\n" + b",\n".join(lines[:scale * n_boards]) + b"\n]\n")
            stream = os.path.join(tmp, f"boards-{scale}.jsonl")
            with open(stream, "wb") as f:
                f.write(b"\n".join(lines[:scale * n_boards]) + b"\n")
            blank = os.path.join(tmp, f"blank-{scale}.txt")
            with open(blank, "wb") as f:
                f.write(b"\n" * (scale * 2000000))
            inputs[scale] = (log, array, stream, blank)
        cases = [
            ("catan-replay (JSON Lines log)", lambda i: [os.path.join(tools, "catan-replay"), i[0]], 0),
            ("catan-board check (JSON array)", lambda i: [board_tool, "check", i[1]], None),
            ("catan-board stats (JSON array)", lambda i: [board_tool, "stats", i[1]], 0),
            ("catan-place (JSON Lines stream)", lambda i: [os.path.join(tools, "catan-place"), i[2]], 2),
            ("catan-roads (blank lines)", lambda i: [os.path.join(tools, "catan-roads"), i[3]], 2),
            ("catan-replay (blank lines)", lambda i: [os.path.join(tools, "catan-replay"), i[3]], 2),
            ("catan-stats (blank lines)", lambda i: [os.path.join(tools, "catan-stats"), i[3]], 2),
        ]
        for name, argv, want_exit in cases:
            small_exit, small = peak_kib(argv(inputs[1]))
            large_exit, large = peak_kib(argv(inputs[10]))
            size_small = os.path.getsize(argv(inputs[1])[-1])
            size_large = os.path.getsize(argv(inputs[10])[-1])
            ok = large <= small * 1.25 + 1024
            if want_exit is not None and (small_exit, large_exit) != (want_exit, want_exit):
                ok = False
            print(f"{'ok  ' if ok else 'FAIL'} {name}: peak {small / 1024:.1f} MiB at "
                  f"{size_small / 1e6:.1f} MB, {large / 1024:.1f} MiB at {size_large / 1e6:.1f} MB "
                  f"(exit {small_exit}, {large_exit})")
            failures += not ok
    finally:
        subprocess.run(["rm", "-rf", tmp])
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

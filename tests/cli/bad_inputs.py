#!/usr/bin/env python3
"""The bad-input suite (issue 11): seeded malformed variants of a board, a position, a
native log (JSON and JSON Lines), a soclog, a JSettlers2 game event log, a catanatron
record and a catan-stats partial aggregate — truncations, byte flips, deleted / duplicated /
swapped lines, wrong JSON types, huge numbers, deep nesting, a byte-order mark, NUL bytes,
empty files, a directory — each run through every tool that reads its kind. Each run must
give

  - a complete verdict: exit 0 or 1, and JSON output (every tool here is asked for JSON)
    that parses whole — never exit 0 with cut-off output; or
  - exit 2 with exactly one line on stderr that names the input;

never a signal (crash), never a hang (timeout), never another exit status.

Then the output targets: every option that writes a file (--svg, --html, --plots,
--partial, --out), given a symlink, a FIFO, a character device and a full device (the
machine's /dev/full when it is one, else one made with mknod as root, else skipped with a
message). A symlink must still be a symlink, its target holding the output; a FIFO's
reader must receive the output; a device must stay a device; a full device must give exit
2 with one error line naming the path — never exit 0 with the output lost.

Then the hazards (issue 43): an output that is an input (the same path, a symlink,
standard input), a game read twice in one run, catan-sim --out over another run's logs, a
catanstats row of the wrong length in both its readers, a huge number, a right-to-left
override in a player name: each refused with exit 2 and one line, nothing overwritten,
or escaped.

Usage: bad_inputs.py SOURCE_DIR TOOLS_DIR [--per-kind N] [--seed S] [--jobs J]
N defaults to 400 times the environment's CATAN_TEST_SCALE (default 1; the sanitizer pass
of CI sets 0.1). Prints one line per failure and a summary; exits 1 on any failure.
"""
import argparse
import concurrent.futures
import json
import os
import re
import random
import shutil
import subprocess
import sys
import tempfile

TIMEOUT = 60  # seconds per run (sanitizer builds are ~10x slower than Release)


def tool_runs(kind, tools):
    """(argv prefix, output is JSON) for every tool that reads this kind of input."""
    b, r, roads, place, imp, sim, stats = (os.path.join(tools, t) for t in (
        "catan-board", "catan-replay", "catan-roads", "catan-place", "catan-import", "catan-sim",
        "catan-stats"))
    return {
        "board": [([b, "check"], False), ([b, "stats", "--format", "json"], True),
                  ([b, "render"], False),
                  ([place, "--format", "json", "--top", "3"], True),
                  ([sim, "--games", "1", "--summary", "json", "--board"], True)],
        "position": [([roads, "--format", "json"], True)],
        "log": [([r, "--format", "json"], True), ([r, "--keep-going", "--stats", "--format", "json"], True),
                ([roads, "--format", "json"], True)],
        "soclog": [([imp, "--from", "soclog"], True), ([roads, "--format", "json"], True)],
        "catanatron": [([imp, "--from", "catanatron"], True), ([imp], True)],
        "jsettlers": [([imp, "--from", "jsettlers"], True), ([imp], True),
                      ([roads, "--format", "json"], True)],
        "partial": [([stats, "merge", "--format", "json"], True)],
    }[kind]


# ------------------------------------------------------------------- mutations

def json_paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from json_paths(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from json_paths(v, path + (i,))


def replaced(value, path, new):
    if not path:
        return new
    out = value.copy()
    out[path[0]] = replaced(value[path[0]], path[1:], new)
    return out


WRONG_VALUES = [None, True, False, 0, -1, 1.5, "", "x", [], {}, [1, 2], {"a": 1}, "red", 54, 19]
HUGE = ["1e999", "-1e999", "18446744073709551616", "9223372036854775808",
        "-9223372036854775809", "4294967296", "2147483648", "1e23", "1.0e2", "-0"]


def mutate_json_value(rng, text):
    """A wrong JSON type or a huge number at a random place of a JSON text (or one line)."""
    try:
        value = json.loads(text)
    except ValueError:
        return None
    paths = list(json_paths(value))
    path = rng.choice(paths)
    if rng.random() < 0.6:
        return json.dumps(replaced(value, path, rng.choice(WRONG_VALUES)))
    marker = "\"@@HUGE@@\""
    return json.dumps(replaced(value, path, "@@HUGE@@")).replace(marker, rng.choice(HUGE))


def mutate(rng, data, jsonish):
    """One malformed variant of data (bytes) and the name of the mutation."""
    lines = data.split(b"\n")
    choice = rng.randrange(12 if jsonish else 8)
    if choice == 0:
        return data[:rng.randrange(len(data))], "truncate"
    if choice == 1:
        cut = rng.randrange(len(lines))
        return b"\n".join(lines[:cut]) + (b"\n" if rng.random() < 0.5 else b""), "truncate-line"
    if choice == 2:
        out = bytearray(data)
        for _ in range(rng.randint(1, 4)):
            out[rng.randrange(len(out))] = rng.randrange(256)
        return bytes(out), "flip"
    if choice == 3:
        out = bytearray(data)
        out[rng.randrange(len(out))] = rng.choice(b"{}[],:\"0\\ \n")
        return bytes(out), "flip-structural"
    if choice == 4:
        i = rng.randrange(len(lines))
        return b"\n".join(lines[:i] + lines[i + 1:]), "delete-line"
    if choice == 5:
        i = rng.randrange(len(lines))
        return b"\n".join(lines[:i + 1] + lines[i:]), "duplicate-line"
    if choice == 6:
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
        return b"\n".join(lines), "swap-lines"
    if choice == 7:
        extra = rng.choice([b"\xef\xbb\xbf", b"\x00", b"\xff\xfe", b"  \r\n", b"\x1b[31m"])
        at = 0 if rng.random() < 0.5 else rng.randrange(len(data))
        return data[:at] + extra + data[at:], "insert-bytes"
    if choice in (8, 9):
        # Wrong type / huge number: in the whole document, or in one line of JSON Lines.
        whole = mutate_json_value(rng, data.decode("utf-8", "replace"))
        if whole is not None:
            return whole.encode(), "json-value"
        i = rng.randrange(len(lines))
        one = mutate_json_value(rng, lines[i].decode("utf-8", "replace"))
        if one is None:
            return data[:len(data) // 2], "truncate"
        lines[i] = one.encode()
        return b"\n".join(lines), "json-line-value"
    if choice == 10:
        depth = rng.choice([100, 1000, 100000])
        nested = "[" * depth + "1" + "]" * depth
        try:
            value = json.loads(data)
            paths = list(json_paths(value))
            text = json.dumps(replaced(value, rng.choice(paths), "@@DEEP@@"))
            return text.replace("\"@@DEEP@@\"", nested).encode(), "deep-nesting"
        except ValueError:
            return nested.encode(), "deep-nesting"
    return data.replace(b"\n", b"\r\n"), "crlf"


def fixed_variants(kind):
    return [(b"", "empty"), (b"\n\n  \n", "blank"), (b"\xef\xbb\xbf", "bom-only"),
            (b"\x00" * 64, "nul"), (b"null", "null"), (b"[]", "empty-array"), (b"{}", "empty-object"),
            (b"[" * 200000, "open-brackets"), (b"\"" + b"a" * 100000, "open-string")]


# ------------------------------------------------------------------- runs

def check_run(argv, path, json_out, name):
    """None when the run is acceptable, else a one-line description of the fault."""
    try:
        p = subprocess.run(argv + [path], stdin=subprocess.DEVNULL, capture_output=True,
                           timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return f"hang (> {TIMEOUT} s)"
    rc = p.returncode
    err = p.stderr.decode("utf-8", "replace")
    if rc < 0:
        return f"killed by signal {-rc}: {err[-300:]!r}"
    if rc == 2:
        # One error line, last, naming the input; before it at most the summary that
        # catan-board check prints of the boards read before the error.
        tool = os.path.basename(argv[0]) + ": "
        lines = err.rstrip("\n").split("\n")
        errors = [l for l in lines if l.startswith(tool)]
        others = [l for l in lines if not l.startswith(tool)]
        if len(errors) != 1 or not lines[-1].startswith(tool) or not err.endswith("\n"):
            return f"exit 2 without exactly one error line, last: {err[:300]!r}"
        if others and not all(re.search(" boards? checked, ", l) for l in others):
            return f"exit 2 with other lines on stderr: {err[:300]!r}"
        if name not in lines[-1]:
            return f"exit 2 without naming the input: {lines[-1][:300]!r}"
        return None
    if rc not in (0, 1):
        return f"exit {rc}: {err[:300]!r}"
    if json_out:
        out = p.stdout.decode("utf-8", "replace").strip()
        if not out:
            return f"exit {rc} with no output"
        try:
            for line in out.split("\n") if out.startswith("{\"") and "\n{" in out else [out]:
                json.loads(line)
        except ValueError as e:
            return f"exit {rc} with output that is not whole JSON ({e}): {out[-200:]!r}"
    return None


def partial_of(tools, logs):
    """The partial aggregate catan-stats writes for these logs (the base of the "partial"
    kind: its counts and digest, which a mutation must not get past)."""
    p = subprocess.run([os.path.join(tools, "catan-stats"), "--partial"] + logs,
                       capture_output=True, check=True, timeout=TIMEOUT)
    return p.stdout


# ------------------------------------------------------------------- output targets

def device(tmp, system_path, minor):
    """A character device of the memory driver (major 1): the machine's own at
    system_path when it is one, else one made with mknod (root only), else None.
    minor 3 discards what is written (/dev/null), 7 is full (/dev/full: writes fail with
    ENOSPC)."""
    import stat
    try:
        if stat.S_ISCHR(os.stat(system_path).st_mode):
            return system_path
    except OSError:
        pass
    path = os.path.join(tmp, os.path.basename(system_path))
    try:
        os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(1, minor))
        return path
    except (OSError, AttributeError):
        return None


def output_targets(src, tools, tmp):
    """Every file-writing option into a symlink, a FIFO, a character device and a full
    device. Returns (failures, runs)."""
    import stat
    import threading
    t = lambda name: os.path.join(tools, name)  # noqa: E731
    log = os.path.join(src, "samples/logs/valid/complete-3p.json")
    board = os.path.join(src, "samples/boards/beginner.json")
    position = os.path.join(src, "samples/positions/ring-spur.json")
    # The argv before the target: each option that writes one file (the target follows it).
    # (--plots writes PREFIX-<n>-*.svg, --out a folder or a stream: no single target.)
    writers = [
        [t("catan-roads"), position, "--svg"],
        [t("catan-replay"), log, "--html"],
        [t("catan-place"), board, "--svg"],
    ]
    failures, runs = [], 0
    targets = os.path.join(tmp, "targets")
    os.makedirs(targets)
    full = device(targets, "/dev/full", 7)
    null = device(targets, "/dev/null", 3)
    if full is None:
        print("output targets: no full device here (no /dev/full, not root): full-device runs skipped")
    for before in writers:
        name = " ".join([os.path.basename(before[0])] + before[1:])
        # A symlink: it stays one, its target receives the output.
        real = os.path.join(targets, f"real-{runs}")
        link = os.path.join(targets, f"link-{runs}")
        open(real, "w").close()
        os.symlink(real, link)
        p = subprocess.run(before + [link], capture_output=True, timeout=TIMEOUT)
        runs += 1
        if p.returncode not in (0, 1) or not os.path.islink(link) or os.path.getsize(real) == 0:
            failures.append(f"FAIL {name} SYMLINK: exit {p.returncode}, still a link "
                            f"{os.path.islink(link)}, target {os.path.getsize(real)} bytes")
        # A FIFO: its reader receives the output, and it stays a FIFO.
        fifo = os.path.join(targets, f"fifo-{runs}")
        os.mkfifo(fifo)
        got = []
        reader = threading.Thread(target=lambda: got.append(open(fifo, "rb").read()))
        reader.start()
        p = subprocess.run(before + [fifo], capture_output=True, timeout=TIMEOUT)
        reader.join(TIMEOUT)
        runs += 1
        if p.returncode not in (0, 1) or not got or not got[0] or \
                not stat.S_ISFIFO(os.stat(fifo).st_mode):
            failures.append(f"FAIL {name} FIFO: exit {p.returncode}, "
                            f"reader got {len(got[0]) if got else 0} bytes")
        # A character device stays one.
        if null:
            p = subprocess.run(before + [null], capture_output=True, timeout=TIMEOUT)
            runs += 1
            if p.returncode not in (0, 1) or not stat.S_ISCHR(os.stat(null).st_mode):
                failures.append(f"FAIL {name} DEVICE: exit {p.returncode}")
        # A full device: exit 2, one error line naming it.
        if full:
            p = subprocess.run(before + [full], capture_output=True, timeout=TIMEOUT)
            runs += 1
            err = p.stderr.decode("utf-8", "replace").rstrip("\n").split("\n")
            if p.returncode != 2 or len(err) != 1 or full not in err[0]:
                failures.append(f"FAIL {name} FULL DEVICE: exit {p.returncode}, "
                                f"stderr {err!r:.200}")
    return failures, runs


def hazards(src, tools, tmp):
    """Runs a hostile user tries beyond malformed bytes (issue 43): an output that is an
    input, a game read twice in one run, a folder of another run's logs, a catanstats table
    with a short row, a huge number, a bidirectional override in a name. Returns
    (failures, runs)."""
    t = lambda name: os.path.join(tools, name)  # noqa: E731
    work = os.path.join(tmp, "hazards")
    os.makedirs(work)
    failures, runs = [], 0

    def copy(name, rel):
        path = os.path.join(work, name)
        shutil.copy(os.path.join(src, rel), path)
        return path

    def refused(label, argv, names, keep=None, stdin=None):
        """exit 2, one line on stderr naming each of `names`, `keep` unchanged."""
        nonlocal runs
        before = open(keep, "rb").read() if keep else None
        p = subprocess.run(argv, capture_output=True, timeout=TIMEOUT,
                           stdin=open(stdin, "rb") if stdin else subprocess.DEVNULL)
        runs += 1
        err = p.stderr.decode("utf-8", "replace").rstrip("\n").split("\n")
        if p.returncode != 2 or len(err) != 1 or not all(n in err[0] for n in names) \
                or len(err[0]) > 400:
            failures.append(f"FAIL hazard {label}: exit {p.returncode}, stderr {err!r:.300}")
        if keep and open(keep, "rb").read() != before:
            failures.append(f"FAIL hazard {label}: {os.path.basename(keep)} was overwritten")
        return p

    log = copy("game.json", "samples/logs/valid/complete-3p.json")
    board = copy("board.json", "samples/boards/beginner.json")
    position = copy("position.json", "samples/positions/ring-spur.json")
    link = os.path.join(work, "link.json")
    os.symlink("game.json", link)
    # An output that is an input: the same path, a symlink, standard input.
    refused("replay --html onto its log", [t("catan-replay"), "--html", log, log], ["game.json"], log)
    refused("replay --html onto a symlink to its log", [t("catan-replay"), "--html", link, log],
            ["link.json", "game.json"], log)
    refused("replay --html onto standard input's file", [t("catan-replay"), "--html", log, "-"],
            ["game.json", "standard input"], log, stdin=log)
    refused("roads --svg onto its position", [t("catan-roads"), "--svg", position, position],
            ["position.json"], position)
    refused("place --svg onto its board", [t("catan-place"), "--svg", board, board], ["board.json"], board)
    # A game read twice in one run.
    refused("stats of one log twice", [t("catan-stats"), log, log], ["game.json"])
    refused("stats --partial of one log twice", [t("catan-stats"), "--partial", log, link], ["link.json", "game.json"])
    # A folder of another run's logs.
    out = os.path.join(work, "sim")
    subprocess.run([t("catan-sim"), "--seed", "1", "--games", "3", "--out", out], capture_output=True,
                   timeout=TIMEOUT, check=True)
    first = os.path.join(out, "game-000001.json")
    refused("sim --out over another run", [t("catan-sim"), "--seed", "2", "--games", "2", "--out", out],
            ["sim", "another run"], first)
    # A catanstats table with a row of the wrong length: the same refusal in both readers.
    csv = os.path.join(work, "short.csv")
    with open(csv, "w") as f:
        f.write("gameNum,player,points,production,settlement1,settlement1_resource1,"
                "settlement1_num2,settlement1_resource2,settlement1_num3,settlement1_resource3,"
                "settlement2,settlement2_resource1,settlement2_num2,settlement2_resource2,"
                "settlement2_num3,settlement2_resource3\n"
                "1,1,10,30,6,L,3,C,11,C,9,L,10,W,11,O\n1,2,5,20,6,L,3,C,11,C,9,L,10,W,11\n")
    for tool in ("catan-place", "catan-stats"):
        refused(f"{tool} --catanstats with a short row", [t(tool), "--catanstats", csv],
                ["short.csv: line 3: 15 cells, expected 16"])
    # A huge number: its place and first digits, never the whole number.
    huge = os.path.join(work, "huge.json")
    with open(huge, "w") as f:
        f.write('{"format": ' + "9" * 1000000 + "e9999}\n")
    for argv in ([t("catan-board"), "check"], [t("catan-replay")], [t("catan-roads")]):
        refused(f"{os.path.basename(argv[0])} of a huge number", argv + [huge],
                ["huge.json", "number out of range"])
    # A right-to-left override in a player name reaches the terminal escaped.
    doc = json.loads(open(os.path.join(src, "samples/logs/valid/complete-3p.json")).read()
                     .replace('"red"', '"red\\u202etxt.exe"'))
    doc["seats"][0]["color"] = "red"
    bidi = os.path.join(work, "bidi.json")
    with open(bidi, "w") as f:
        json.dump(doc, f)
    p = subprocess.run([t("catan-replay"), bidi], capture_output=True, timeout=TIMEOUT)
    runs += 1
    text = p.stdout.decode("utf-8", "replace")
    if "\u202e" in text or "red\\u202Etxt.exe" not in text:
        failures.append(f"FAIL hazard bidi name: exit {p.returncode}, output {text[:300]!r}")
    return failures, runs


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("source")
    ap.add_argument("tools")
    ap.add_argument("--per-kind", type=int)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--keep", help="copy failing inputs to this folder")
    args = ap.parse_args()
    scale = float(os.environ.get("CATAN_TEST_SCALE", "1") or 1)
    per_kind = args.per_kind or max(20, int(400 * scale))

    src = args.source
    soclog = open(os.path.join(src, "samples/real/human-game-1.soclog"), "rb").read()
    cut = soclog.find(b"\n", 60000)  # a prefix of the game, so that a run stays short
    bases = {
        "board": [open(os.path.join(src, "samples/boards/beginner.json"), "rb").read(),
                  open(os.path.join(src, "samples/boards/random-5-6-seed-7.json"), "rb").read()],
        "position": [open(os.path.join(src, "samples/positions/ring-spur.json"), "rb").read()],
        "log": [open(os.path.join(src, "samples/logs/valid/complete-3p.json"), "rb").read()],
        "soclog": [soclog[:cut + 1]],
        "catanatron": [open(os.path.join(src, "samples/real/catanatron-road-through-settlement.json"),
                            "rb").read()],
        "jsettlers": [open(os.path.join(
            src, "tests/fuzz_corpus/jsettlers/robots-6p-game-02-first-12-rolls.soclog"), "rb").read()],
        "partial": [partial_of(args.tools, [os.path.join(src, "samples/logs/valid", f)
                                            for f in ("complete-3p.json", "trades.json")])],
    }
    # The native log also as JSON Lines (the header line, then one event per line).
    doc = json.loads(bases["log"][0])
    events = doc.pop("events")
    bases["log"].append(("\n".join([json.dumps(doc)] + [json.dumps(e) for e in events]) + "\n").encode())
    # A JSON Lines stream of boards.
    bases["board"].append(b"".join(json.dumps(json.loads(b)).encode() + b"\n" for b in bases["board"][:2]))

    rng = random.Random(args.seed)
    tmp = tempfile.mkdtemp(prefix="catan-bad-inputs-")
    jobs = []
    counts = {}
    try:
        for kind, texts in bases.items():
            jsonish = kind not in ("soclog", "jsettlers")
            variants = [(t, "original") for t in texts] + fixed_variants(kind)
            while len(variants) < per_kind:
                base = rng.choice(texts)
                variants.append(mutate(rng, base, jsonish))
            os.makedirs(os.path.join(tmp, kind))
            for i, (data, how) in enumerate(variants):
                path = os.path.join(tmp, kind, f"{kind}-{i:05d}-{how}")
                with open(path, "wb") as f:
                    f.write(data)
                for argv, json_out in tool_runs(kind, args.tools):
                    jobs.append((argv, path, json_out, os.path.basename(path)))
            # A directory given as the input.
            d = os.path.join(tmp, kind, f"{kind}-directory")
            os.makedirs(d)
            for argv, json_out in tool_runs(kind, args.tools):
                jobs.append((argv, d, json_out, os.path.basename(d)))
            counts[kind] = len(variants) + 1
        failures = []
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            for job, fault in zip(jobs, pool.map(lambda j: check_run(*j), jobs)):
                if fault:
                    argv, path, _, _ = job
                    tool = " ".join([os.path.basename(argv[0])] + argv[1:])
                    failures.append(f"FAIL {tool} {os.path.basename(path)}: {fault}")
                    if args.keep:
                        os.makedirs(args.keep, exist_ok=True)
                        if os.path.isfile(path):
                            shutil.copy(path, args.keep)
        target_failures, target_runs = output_targets(src, args.tools, tmp)
        failures += target_failures
        hazard_failures, hazard_runs = hazards(src, args.tools, tmp)
        failures += hazard_failures
        for f in failures:
            print(f)
        print(f"bad inputs: {sum(counts.values())} variants "
              f"({', '.join(f'{k} {n}' for k, n in counts.items())}), {len(jobs)} runs, "
              f"{target_runs} output-target runs, {hazard_runs} hazard runs, {len(failures)} failures "
              f"(seed {args.seed})")
        return 1 if failures else 0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())

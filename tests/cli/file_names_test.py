#!/usr/bin/env python3
"""File names and quoted input in text output and messages (issue 11): a file name may hold
ESC, a newline, a tab and bytes that are not UTF-8; every tool writes it escaped
(lib/catan/io/output.hpp printable: ESC as \\e, newline as \\n, tab as \\t, any byte that is not
UTF-8 as \\xHH) in its text output and in its messages, so that a name can neither drive the
terminal nor split a line nor garble it.

Each case runs one tool in text mode on such a file and checks: the exit status; that
stdout and stderr together are valid UTF-8 with no control byte but the line ends; and
that the escaped name appears in the line expected. About 2 s.

Usage: file_names_test.py SOURCE_DIR TOOLS_DIR
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

# A name with ESC (the start of a colour sequence), a newline, a tab and a byte that is not
# UTF-8 (0xFF), and how printable writes it.
RAW = b"a\x1b[31mb\nc\td\xffe"
SHOWN = "a\\e[31mb\\nc\\td\\xFFe"


def main():
    src, tools = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    samples = os.path.join(src, "samples")
    work = tempfile.mkdtemp(prefix="file-names-")
    wb = os.fsencode(work)

    def put(sample, suffix):
        """A copy of a sample under the awkward name; returns (path bytes, shown name)."""
        path = os.path.join(wb, RAW + suffix.encode())
        shutil.copyfile(os.path.join(samples, sample), path)
        return path, os.path.join(work, SHOWN + suffix)

    def tool(name):
        return os.fsencode(os.path.join(tools, name))

    log, log_s = put("logs/valid/complete-3p.json", "-valid.json")
    bad, bad_s = put("logs/invalid/bank-empty.json", "-invalid.json")
    mal, mal_s = put("logs/malformed/misspelled-field.json", "-malformed.json")
    board, board_s = put("boards/beginner.json", "-board.json")
    red, red_s = put("boards/invalid/red-adjacent.json", "-red.json")
    mboard, mboard_s = put("boards/invalid/malformed-not-json.json", "-mboard.json")
    pos, pos_s = put("positions/ring-spur.json", "-position.json")
    soc, soc_s = put("real/human-game-1.soclog", "-game.soclog")
    missing = os.path.join(wb, RAW + b"-missing.json")
    missing_s = os.path.join(work, SHOWN + "-missing.json")
    page = os.path.join(wb, RAW + b"-page.html")
    page_s = os.path.join(work, SHOWN + "-page.html")
    # A partial aggregate, a list of names (NUL-separated: a name may hold a newline) and a
    # soclog quoting bytes that are not UTF-8 in an unknown message type.
    part = os.path.join(wb, RAW + b".partial")
    with open(part, "wb") as f:
        f.write(subprocess.run([tool("catan-stats"), "--partial", "--all-games", log],
                               capture_output=True, check=False).stdout)
    part_s = os.path.join(work, SHOWN + ".partial")
    bpart = os.path.join(wb, RAW + b"-invalid.partial")
    with open(bpart, "wb") as f:
        f.write(subprocess.run([tool("catan-stats"), "--partial", bad],
                               capture_output=True, check=False).stdout)
    mpart = os.path.join(wb, RAW + b"-bad.partial")
    with open(mpart, "wb") as f:
        f.write(b"{\"format\": \"catan-stats-partial\"\n")
    mpart_s = os.path.join(work, SHOWN + "-bad.partial")
    lst = os.path.join(wb, b"list")
    with open(lst, "wb") as f:
        f.write(log + b"\0")
    msoc = os.path.join(wb, b"quoted.soclog")
    with open(os.path.join(samples, "real/human-game-1.soclog"), "rb") as f:
        lines = f.read().split(b"\n")
    with open(msoc, "wb") as f:
        f.write(b"\n".join(lines[:12] + [lines[12].replace(b"SOCSpeakingQueueChanged", b"SOCSpeaking\xff\x1bQueueChanged")] + lines[13:]))
    d = lambda s: re.escape(s)  # noqa: E731

    # (argv, expected exit, regular expression over stdout + stderr)
    cases = [
        ([tool("catan-replay"), log], 0, "^" + d(log_s) + ": valid, complete: red wins"),
        ([tool("catan-replay"), bad], 1, "^" + d(bad_s) + ": event 51 "),
        ([tool("catan-replay"), mal], 2, "^catan-replay: " + d(mal_s) + ": event 2: "),
        ([tool("catan-replay"), missing], 2, "^catan-replay: " + d(missing_s) + ": "),
        ([tool("catan-replay"), log, mal], 2,
         "^" + d(log_s) + ": valid, complete[^\n]*\n(.*\n)*catan-replay: " + d(mal_s) + ": event 2"),
        ([tool("catan-replay"), "-0", "--files-from", lst], 0, "^" + d(log_s) + ": valid, complete"),
        ([tool("catan-replay"), "--html", page, log], 0,
         "catan-replay: wrote the replay page " + d(page_s) + " "),
        ([tool("catan-replay"), "--hands", bad], 1, d(bad_s)),
        ([tool("catan-stats"), "--all-games", log, bad, mal], 2,
         # in name order; the violation's message names the input once
         "\n  " + d(bad_s) + ": invalid: event 51 [^\n]*\n  " + d(mal_s) + ": malformed: event 2: "
         "[^\n]*\n  " + d(log_s) + ": complete, 49 turns[^\n]*\n"),
        ([tool("catan-stats"), mal], 2, "\ncatan-stats: " + d(mal_s) + ": event 2: [^\n]*\n$"),
        ([tool("catan-stats"), "merge", part, mpart], 2, "^catan-stats: " + d(mpart_s) + ": "),
        # JSON (the partial) cannot hold a byte that is not UTF-8: it keeps U+FFFD instead.
        ([tool("catan-stats"), "merge", part], 0,
         "\n  " + d(log_s.replace("\\xFF", "\ufffd")) + ": complete"),
        # an invalid game's message travels raw in the partial and is escaped once
        ([tool("catan-stats"), "merge", bpart], 1,
         "\n  " + d(bad_s.replace("\\xFF", "\ufffd")) + ": invalid: event 51 [^\n]*\n"),
        ([tool("catan-board"), "check", board, red, mboard], 2,
         "^" + d(red_s) + ": board-red-adjacent: [^\n]*\n[^\n]*\ncatan-board: " + d(mboard_s) + ": "),
        ([tool("catan-board"), "render", mboard], 2, "^catan-board: " + d(mboard_s) + ": "),
        ([tool("catan-board"), "stats", board], 0, "."),
        ([tool("catan-place"), board], 0, "."),
        ([tool("catan-place"), "--log", log], 0, d(log_s)),
        ([tool("catan-place"), mboard], 2, "^catan-place: " + d(mboard_s) + ": "),
        ([tool("catan-sim"), "--games", "1", "--board", mboard], 2, "^catan-sim: " + d(mboard_s) + ": "),
        ([tool("catan-roads"), pos], 0, "."),
        ([tool("catan-roads"), pos, mboard], 2, "catan-roads: " + d(mboard_s) + ": "),
        ([tool("catan-roads"), log], 0, "."),
        ([tool("catan-import"), missing], 2, "^catan-import: " + d(missing_s) + ": "),
        ([tool("catan-import"), mboard], 2, "^catan-import: " + d(mboard_s) + ": "),
        ([tool("catan-import"), msoc], 2, "^catan-import: [^\n]*quoted.soclog:13: unknown message type \"SOCSpeaking\\\\xFF\\\\eQueueChanged\"\n$"),
    ]
    failures = 0
    for argv, want_rc, pattern in cases:
        p = subprocess.run(argv, capture_output=True, cwd=work, timeout=120, check=False)
        both = p.stdout + p.stderr
        shown = " ".join(os.fsdecode(a) for a in argv[1:]).replace(os.fsdecode(RAW), "<name>")
        problems = []
        if p.returncode != want_rc:
            problems.append(f"exit {p.returncode}, expected {want_rc}")
        try:
            text = both.decode("utf-8")
        except UnicodeDecodeError as e:
            problems.append(f"output is not UTF-8 ({e})")
            text = both.decode("utf-8", "replace")
        raw = sorted({f"0x{c:02X}" for c in both if (c < 0x20 and c != 0x0A) or c == 0x7F})
        if raw:
            problems.append("raw control bytes " + ", ".join(raw))
        if not re.search(pattern, text):
            problems.append(f"no match for {pattern!r}")
        if problems:
            failures += 1
            print(f"FAIL {os.path.basename(os.fsdecode(argv[0]))} {shown}: {'; '.join(problems)}")
            print("  output: " + repr(both[-800:]))
    shutil.rmtree(work)
    print(f"{len(cases)} cases, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""The examples of the README and of the manual (docs/*.md) as a test.

Usage: readme_examples.py SOURCE_DIR TOOLS_DIR

- A transcript in a code block -- a line "$ command" followed by its output -- is run in
  SOURCE_DIR and its standard output must equal the lines shown, exactly.
- A command line in a code block (starting with a catan- tool, or build/tools/catan-) whose
  input files are all present is run for its exit status (0 or 1) and shape: it prints
  something, and with --format json / jsonl what it prints is JSON (one document, or one
  per line). Commands that write files (redirections, --out, --svg, --html, --plot(s)),
  loops, and commands over files the README only names as placeholders (game.json,
  board.json, games/...) or over very many boards or games are left out: they need other
  files or time, not a check of their text.
Prints one line per failure and a summary; exit 1 when anything failed.
"""
import json
import os
import re
import shlex
import subprocess
import sys

src, tools = sys.argv[1], os.path.abspath(sys.argv[2])
env = dict(os.environ, PATH=tools + os.pathsep + os.environ.get("PATH", ""))
pages = ["README.md"] + sorted(
    os.path.join("docs", f) for f in os.listdir(os.path.join(src, "docs")) if f.endswith(".md"))

transcripts, commands = [], []
for page in pages:
    lines = open(os.path.join(src, page), encoding="utf-8").read().split("\n")
    in_block = False
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("```"):
            in_block = not in_block
            i += 1
            continue
        if in_block and line.startswith("$ "):
            cmd, out = line[2:], []
            i += 1
            while i < len(lines) and not lines[i].startswith("$ ") and not lines[i].startswith("```"):
                out.append(lines[i])
                i += 1
            transcripts.append((cmd, "\n".join(out) + "\n"))
            continue
        if in_block and re.match(r"^(build/tools/)?catan-[a-z]+ ", line):
            commands.append(line)
        i += 1

SKIP = re.compile(r"(>|--out |--svg|--html|--plot|\bfor\b|\{|games/|game\.json|game\.jsonl|"
                  r"board\.json|my-board|--count 100000|--games 1000|--generate 100000|chunk[-.]|"
                  r"--files-from list)")
failures, ran = [], 0
for cmd, expected in transcripts:
    r = subprocess.run(cmd, shell=True, cwd=src, env=env, capture_output=True, text=True,
                       timeout=120, stdin=subprocess.DEVNULL)
    ran += 1
    if r.stdout != expected:
        failures.append(f"transcript '{cmd}': output differs:\n--- README\n{expected}--- got\n{r.stdout}")
for line in commands:
    cmd = re.sub(r"\s+#.*$", "", line).replace("build/tools/", "")
    if SKIP.search(cmd):
        continue
    paths = [t for t in shlex.split(cmd) if "/" in t and not t.startswith("-")]
    if any(not os.path.exists(os.path.join(src, p)) for p in paths):
        continue
    r = subprocess.run(cmd, shell=True, cwd=src, env=env, capture_output=True, text=True,
                       timeout=120, stdin=subprocess.DEVNULL)
    ran += 1
    if r.returncode not in (0, 1):
        failures.append(f"'{cmd}': exit {r.returncode}: {r.stderr.strip()[:300]}")
        continue
    if not r.stdout.strip():
        failures.append(f"'{cmd}': printed nothing")
        continue
    last = cmd.split("|")[-1]  # the stage whose output is seen
    try:
        if "--format jsonl" in last:
            for l in r.stdout.splitlines():
                json.loads(l)
        elif "--format json" in last:
            json.loads(r.stdout)
    except ValueError as e:
        failures.append(f"'{cmd}': not JSON: {e}")
for f in failures:
    print("FAIL", f)
print(f"README examples: {ran} run ({len(transcripts)} transcripts compared exactly), "
      f"{len(failures)} failures")
sys.exit(1 if failures else 0)

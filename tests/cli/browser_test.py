#!/usr/bin/env python3
"""Browser test of the replay page (catan-replay --html), run by CTest.

For each game (a sample log, an imported real game, an invalid log, a spectator's view of a
real game, 2 to 6 players) it
writes the page, opens it in headless Chromium at several #event=N fragments, reads the
rendered DOM (--dump-dom) and checks the pieces, the robber, every player's VP and the
highlighted event against the library's own state at that event (catan-replay --at N
--format json), the violation mark and the absence of page or console errors. It takes a
screenshot of each game's page and checks that the PNG is not one colour. On the
spectator's view it checks each player's hand cell against the tracker's own figures
(catan-replay --hands --at N --format json): the certain hand, or the most likely hands
with their percentages, the rest and the per-resource bounds, and never a certain hand
where the belief holds several.

Usage: browser_test.py TOOLS_DIR SOURCE_DIR OUT_DIR
Chromium: the CHROMIUM environment variable, else `chromium` on the PATH. A missing
Chromium is a failure (install it with scripts/install-deps.sh), never a silent skip.
"""
import html.parser
import json
import math
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

TOOLS, SOURCE, OUT = sys.argv[1], sys.argv[2], sys.argv[3]
FAILURES = []


def fail(msg):
    FAILURES.append(msg)
    print("FAIL: " + msg)


def chromium_binary():
    exe = os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    if not exe:
        print("browser test: chromium not found: install it with scripts/install-deps.sh "
              "(test tools) or set CHROMIUM to its path")
        sys.exit(1)
    return exe


CHROMIUM = chromium_binary()


def chromium(url, *extra):
    """Runs headless Chromium on url; returns (stdout, stderr). Network closed, fresh profile."""
    with tempfile.TemporaryDirectory() as profile:
        cmd = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
               "--no-first-run", "--disable-background-networking", "--disable-component-update",
               "--disable-sync", "--user-data-dir=" + profile, "--enable-logging=stderr",
               "--v=0", "--window-size=1400,1100", *extra, url]
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        return r.stdout, r.stderr


class Dom(html.parser.HTMLParser):
    """The elements of interest of the dumped DOM, with their attributes and text."""

    def __init__(self):
        super().__init__()
        self.elements = []  # (tag, attrs dict)
        self.text_of = {}  # id -> text
        self._open = []  # ids of open elements that collect text

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.elements.append((tag, a))
        if a.get("id") in ("errors", "current", "title", "evalnow"):
            self._open.append(a["id"])
            self.text_of[a["id"]] = ""
        elif self._open:
            self._open.append(None)

    def handle_endtag(self, tag):
        if self._open:
            self._open.pop()

    def handle_data(self, data):
        for i in self._open:
            if i:
                self.text_of[i] += data


def run_tool(args, stdin=None):
    r = subprocess.run([os.path.join(TOOLS, args[0])] + args[1:], input=stdin,
                       capture_output=True, text=True)
    return r


def expected_state(log_path, event):
    r = run_tool(["catan-replay", "--at", str(event), "--format", "json", log_path])
    if r.returncode not in (0, 1):
        raise SystemExit(f"catan-replay --at {event} {log_path} failed: {r.stderr}")
    return json.loads(r.stdout)


def check_event(label, page, log_path, event, violation_rule=None, illegal_edge=None):
    out, err = chromium(f"file://{page}#event={event}", "--dump-dom")
    dom = Dom()
    dom.feed(out)
    want = expected_state(log_path, event)["state"]
    names = [p["name"] for p in want["players"]]
    where = f"{label} #event={event}"
    status = [a for t, a in dom.elements if a.get("id") == "status"]
    if not status or status[0].get("data-ready") != "1":
        fail(f"{where}: the page did not finish drawing (no #status data-ready)")
        return
    if status[0].get("data-event") != str(event):
        fail(f"{where}: page shows event {status[0].get('data-event')}")
    current = [a.get("id") for t, a in dom.elements if t == "li" and "current" in a.get("class", "").split()]
    if current != [f"ev-{event}"]:
        fail(f"{where}: highlighted events {current}, expected ['ev-{event}']")
    got_b = sorted((int(a["data-vertex"]), names[int(a["data-player"])], a["class"])
                   for t, a in dom.elements if t == "path" and a.get("class") in ("settlement", "city"))
    want_b = sorted((b["vertex"], b["owner"], b["kind"]) for b in want["buildings"])
    if got_b != want_b:
        fail(f"{where}: buildings {got_b} != library {want_b}")
    got_r = sorted((int(a["data-edge"]), names[int(a["data-player"])])
                   for t, a in dom.elements if t == "line" and a.get("class") == "road")
    want_r = sorted((r["edge"], r["owner"]) for r in want["roads"])
    if got_r != want_r:
        fail(f"{where}: roads {got_r} != library {want_r}")
    got_vp = [int(a["data-vp"]) for t, a in dom.elements if t == "tr" and a.get("id", "").startswith("player-")]
    want_vp = [p["vp"] for p in want["players"]]
    if got_vp != want_vp:
        fail(f"{where}: VP {got_vp} != library {want_vp}")
    robber = [a.get("data-hex") for t, a in dom.elements if a.get("id") == "robber"]
    if robber != [str(want["robber"])]:
        fail(f"{where}: robber on {robber}, library on {want['robber']}")
    if f"event {event}" not in dom.text_of.get("title", ""):
        fail(f"{where}: the title does not name the event: {dom.text_of.get('title')!r}")
    illegal = [int(a["data-edge"]) for t, a in dom.elements
               if t == "line" and a.get("class") == "illegal"]
    if illegal != ([illegal_edge] if illegal_edge is not None else []):
        fail(f"{where}: the illegal road drawn on {illegal}, expected {illegal_edge}")
    if violation_rule and violation_rule not in dom.text_of.get("current", ""):
        fail(f"{where}: the violation ({violation_rule}) is not shown: {dom.text_of.get('current')!r}")
    if dom.text_of.get("errors", "").strip():
        fail(f"{where}: page errors: {dom.text_of['errors']}")
    console = [l for l in err.splitlines() if "CONSOLE" in l or "Uncaught" in l]
    if console:
        fail(f"{where}: console messages: {console}")
    print(f"ok: {where}: {len(got_b)} buildings, {len(got_r)} roads, VP {got_vp}")


PAGE_HANDS = 4  # the page lists the 4 most likely hands (lib/catan/report/viewer.cpp kPageHands)


def percent(p):
    """A probability as the page prints it (lib/catan/report/viewer.cpp percent): one decimal, half up."""
    return "%.1f" % (math.floor(p * 1000.0 + 0.5) / 10.0)


def check_hands(label, page, log_path, event):
    """The hand cells at event against catan-replay --hands; returns the uncertain players."""
    out, err = chromium(f"file://{page}#event={event}", "--dump-dom")
    dom = Dom()
    dom.feed(out)
    r = run_tool(["catan-replay", "--hands", "--at", str(event), "--format", "json",
                  "--hands-limit", str(PAGE_HANDS), log_path])
    if r.returncode not in (0, 1):
        raise SystemExit(f"catan-replay --hands --at {event} {log_path} failed: {r.stderr}")
    want = json.loads(r.stdout)
    where = f"{label} #event={event}"
    resources = ["brick", "lumber", "wool", "grain", "ore"]
    uncertain = 0

    def of(cls, p):
        return [a for t, a in dom.elements
                if cls in a.get("class", "").split() and a.get("data-player") == str(p)]

    def counts(hand):
        return ",".join(str(hand[r]) for r in resources)

    for p, pw in enumerate(want["players"]):
        certain, possible, rest, bounds = of("certain", p), of("possible", p), of("rest", p), of("bounds", p)
        if pw["certain"]:
            if [a.get("data-hand") for a in certain] != [counts(pw["hand"])] or possible:
                fail(f"{where}: {pw['player']}: certain hand {counts(pw['hand'])}, page shows "
                     f"{[a.get('data-hand') for a in certain]} and {len(possible)} possible hands")
            continue
        uncertain += 1
        if certain:
            fail(f"{where}: {pw['player']}: the page shows a certain hand "
                 f"{certain[0].get('data-hand')} where {want['states']} states are possible")
        got = [(a.get("data-p"), a.get("data-hand")) for a in possible]
        exp = [(percent(h["probability"]), counts(h["hand"])) for h in pw["possible_hands"]]
        if got != exp:
            fail(f"{where}: {pw['player']}: possible hands {got} != tracker {exp}")
        exp_rest = [percent(pw["remaining_probability"])] if pw["remaining_probability"] > 0 else []
        if [a.get("data-p") for a in rest] != exp_rest:
            fail(f"{where}: {pw['player']}: rest {[a.get('data-p') for a in rest]} != tracker {exp_rest}")
        lo = ",".join(str(pw["resources"][x]["min"]) for x in resources)
        hi = ",".join(str(pw["resources"][x]["max"]) for x in resources)
        if [(a.get("data-min"), a.get("data-max")) for a in bounds] != [(lo, hi)]:
            fail(f"{where}: {pw['player']}: bounds {bounds} != tracker {(lo, hi)}")
    states = [a.get("data-states") for t, a in dom.elements if "hidden-info" in a.get("class", "").split()]
    if states != ([str(want["states"])] if want["states"] > 1 else []):
        fail(f"{where}: states shown {states}, tracker {want['states']}")
    if dom.text_of.get("errors", "").strip():
        fail(f"{where}: page errors: {dom.text_of['errors']}")
    console = [l for l in err.splitlines() if "CONSOLE" in l or "Uncaught" in l]
    if console:
        fail(f"{where}: console messages: {console}")
    print(f"ok: {where}: {want['states']} states, {uncertain} player(s) with several possible hands")
    return uncertain


def png_colours(path):
    """Distinct pixel values of an 8-bit RGB(A) PNG (stops counting at 3)."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            width, height, depth, ctype = struct.unpack(">IIBB", body[:10])
            if depth != 8 or ctype not in (2, 6):
                raise ValueError(f"unsupported PNG (depth {depth}, colour type {ctype})")
            bpp = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw = zlib.decompress(idat)
    stride = width * bpp
    prev = bytearray(stride)
    seen = set()
    for y in range(len(raw) // (stride + 1)):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        for x in range(0, stride, bpp * 37):  # a sample of the pixels is enough
            seen.add(bytes(line[x:x + bpp]))
        if len(seen) > 2:
            return len(seen)
        prev = line
    return len(seen)


def check_screenshot(label, page, event, png):
    chromium(f"file://{page}#event={event}", "--screenshot=" + png, "--hide-scrollbars")
    if not os.path.exists(png) or os.path.getsize(png) == 0:
        fail(f"{label}: no screenshot written")
        return
    colours = png_colours(png)
    if colours < 3:
        fail(f"{label}: the screenshot {png} is blank ({colours} colour(s))")
    else:
        print(f"ok: {label}: screenshot {png} ({os.path.getsize(png)} bytes, not blank)")


def make_page(label, log_path, stdin_text=None):
    page = os.path.join(OUT, label + ".html")
    if stdin_text is not None:
        r = run_tool(["catan-replay", "--html", page, "-"], stdin=stdin_text)
    else:
        r = run_tool(["catan-replay", "--html", page, log_path])
    if r.returncode not in (0, 1) or not os.path.exists(page):
        raise SystemExit(f"catan-replay --html {label} failed ({r.returncode}): {r.stderr}")
    return page


def main():
    os.makedirs(OUT, exist_ok=True)
    # 1. a native sample log, 3 players, complete
    log = os.path.join(SOURCE, "samples/logs/valid/complete-3p.json")
    page = make_page("complete-3p", log)
    for ev in (0, 9, 30):
        check_event("complete-3p", page, log, ev)

    # 2. an imported real game (STAC human game), through a pipe as the README shows
    imported = run_tool(["catan-import", os.path.join(SOURCE, "samples/real/human-game-1.soclog")])
    if imported.returncode != 0:
        raise SystemExit("catan-import failed: " + imported.stderr)
    log = os.path.join(OUT, "human-game-1.json")
    with open(log, "w") as f:
        f.write(imported.stdout)
    page = make_page("human-game-1", log, stdin_text=imported.stdout)
    for ev in (7, 120, 234):
        check_event("human-game-1", page, log, ev)
    check_screenshot("human-game-1", page, 120, os.path.join(OUT, "human-game-1-event-120.png"))

    # 3. an invalid log: an imported catanatron game whose road runs through a settlement
    #    at event 116; replay stops there, later events show the position where it stopped
    imported = run_tool(["catan-import", os.path.join(SOURCE, "samples/real/catanatron-road-through-settlement.json")])
    log = os.path.join(OUT, "road-through-settlement.json")
    with open(log, "w") as f:
        f.write(imported.stdout)
    page = make_page("road-through-settlement", log)
    check_event("road-through-settlement", page, log, 115)
    check_event("road-through-settlement", page, log, 116, violation_rule="road-connected",
                illegal_edge=21)
    check_event("road-through-settlement", page, log, 200)
    check_screenshot("road-through-settlement", page, 116,
                     os.path.join(OUT, "road-through-settlement-event-116.png"))

    # 4. two players, a resignation
    log = os.path.join(SOURCE, "samples/logs/valid/resign-2p.json")
    page = make_page("resign-2p", log)
    with open(log) as f:
        last = len(json.load(f)["events"]) - 1
    check_event("resign-2p", page, log, last)

    # 5. hidden information: a spectator's view of the imported STAC game (steals and bought
    #    development cards hidden); the events checked are those right after the first
    #    hidden steals (found with the tracker's own --trace) and the one with most states
    log = os.path.join(OUT, "human-game-1-spectator.json")
    view = run_tool(["catan-import", "--view", "spectator", os.path.join(OUT, "human-game-1.json")])
    if view.returncode != 0:
        raise SystemExit("catan-import --view spectator failed: " + view.stderr)
    with open(log, "w") as f:
        f.write(view.stdout)
    trace = run_tool(["catan-replay", "--format", "jsonl", "--trace", log])
    records = [json.loads(line) for line in trace.stdout.splitlines()]
    events = json.loads(view.stdout)["events"]
    steals = [i for i, e in enumerate(events)
              if e.get("type") == "move_robber" and e.get("victim") is not None and e.get("stolen") is None]
    most = max(records, key=lambda r: r["states"])["event"]
    page = make_page("human-game-1-spectator", log)
    shown = 0
    for ev in sorted(set(steals[:2] + [most, len(events) - 1])):
        check_event("human-game-1-spectator", page, log, ev)
        shown += check_hands("human-game-1-spectator", page, log, ev)
    if not steals or shown == 0:
        fail(f"human-game-1-spectator: no hidden steal ({steals[:2]}) or no uncertain hand checked")
    check_screenshot("human-game-1-spectator", page, steals[0] if steals else 0,
                     os.path.join(OUT, "human-game-1-spectator.png"))

    # 6. 5 and 6 players (the extension, on random extended boards), from catan-sim
    for players in (5, 6):
        sim_dir = os.path.join(OUT, f"sim-{players}p")
        r = run_tool(["catan-sim", "--seed", "3", "--games", "1", "--players", str(players),
                      "--out", sim_dir])
        if r.returncode != 0:
            raise SystemExit("catan-sim failed: " + r.stderr)
        log = os.path.join(sim_dir, "game-000001.json")
        page = make_page(f"sim-{players}p", log)
        with open(log) as f:
            last = len(json.load(f)["events"]) - 1
        for ev in (2 * players, last // 2, last):
            check_event(f"sim-{players}p", page, log, ev)

    # 7. the win probabilities under the board (--eval): the graph's lines, and at each event
    #    the cursor and the probabilities of the last position at or before it, as catan-eval
    #    gives them for the same rollouts and seed
    log = os.path.join(SOURCE, "samples/real/human-game-1.soclog")
    page = os.path.join(OUT, "human-game-1-eval.html")
    r = run_tool(["catan-replay", "--html", page, "--eval", "10", log])
    if r.returncode != 0:
        raise SystemExit("catan-replay --html --eval failed: " + r.stderr)
    forecast = json.loads(run_tool(["catan-eval", "--rollouts", "10", "--format", "json",
                                    log]).stdout)
    names = forecast["players"]
    for ev in (5, 120, 234):
        out, err = chromium(f"file://{page}#event={ev}", "--dump-dom")
        dom = Dom()
        dom.feed(out)
        where = f"human-game-1-eval #event={ev}"
        lines = [a for t, a in dom.elements if t == "polyline" and "evalline" in a.get("class", "")]
        if len(lines) != len(names):
            fail(f"{where}: {len(lines)} probability lines, expected {len(names)}")
        at = [p for p in forecast["positions"] if p["event"] <= ev]
        now = next((a for t, a in dom.elements if a.get("id") == "evalnow"), {})
        want_event = at[-1]["event"] if at else -1
        if now.get("data-position") != str(want_event):
            fail(f"{where}: the graph shows position {now.get('data-position')}, expected {want_event}")
            continue
        if at:
            want = ", ".join(f"{n} {100 * p:.0f}%" for n, p in zip(names, at[-1]["p"]))
            if want not in dom.text_of.get("evalnow", ""):
                fail(f"{where}: probabilities {dom.text_of.get('evalnow')!r}, expected {want!r}")
        cursor = next((a for t, a in dom.elements if a.get("id") == "evalcursor"), None)
        n_events = 235
        x = 34 + ev / (n_events - 1) * (600 - 34 - 8)
        if cursor is None or abs(float(cursor["x1"]) - x) > 0.06:
            fail(f"{where}: the cursor at {cursor and cursor.get('x1')}, expected {x:.1f}")
        else:
            print(f"ok: {where}: cursor and probabilities follow the event")

    if FAILURES:
        print(f"{len(FAILURES)} failure(s)")
        sys.exit(1)
    print("all browser checks passed")


main()

#!/usr/bin/env python3
"""Replays native game logs through the independent Python model of the rules
(scripts/catan_model.py), so that the engine that generates a game is not its only judge.

Usage: model_replay.py FILE...   (JSON Lines; several games may follow one another, each
starting with its header line, as `catan-sim --out -` writes them)

Every event is played through the model's method for it; the model asserts each rule it
relies on and writes the event as it understands it, which must equal the logged event
(claims and notes aside). Exit 0 when every game is accepted, 1 with the game, the event
and the model's reason otherwise, 2 on unreadable input.
"""

import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts"))
from catan_model import Game  # noqa: E402


def games(path):
    header, events = None, []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except json.JSONDecodeError as e:
                raise SystemExit(f"model_replay: {path}:{number}: not valid JSON: {e}") from None
            if record.get("format") == "catan-log":
                if header is not None:
                    yield header, events
                header, events = record, []
            elif header is None:
                raise SystemExit(f"model_replay: {path}:{number}: an event before any header")
            else:
                events.append(record)
    if header is not None:
        yield header, events


def play(g, ev, pending):
    """Plays one logged event through the model; returns how many events the model wrote."""
    t = ev["type"]
    if t == "place_settlement":
        pending.append(ev)
        return 0
    if t == "place_road":
        s = pending.pop()
        g.place(s["player"], s["vertex"], ev["edge"])
        return 2
    if t == "roll":
        dice = ev.get("dice")
        g.roll(sum(dice) if dice else ev["sum"], dice)
    elif t == "discard":
        g.discard(ev["player"], ev["cards"])
    elif t == "move_robber":
        g.move_robber(ev["hex"], ev.get("victim"), ev.get("stolen"))
    elif t == "trade_bank":
        g.trade_bank(ev["give"], ev["get"])
    elif t == "trade_offer":
        g.trade_offer(ev["to"], ev["give"], ev["get"])
    elif t == "trade_accept":
        g.trade_accept(ev["player"])
    elif t == "trade_reject":
        g.trade_reject(ev["player"])
    elif t == "trade_cancel":
        g.trade_cancel()
    elif t == "trade_player":
        g.trade_player(ev["partner"], ev["give"], ev["get"])
    elif t == "build_road":
        g.build_road(ev["edge"])
    elif t == "build_settlement":
        g.build_settlement(ev["vertex"])
    elif t == "build_city":
        g.build_city(ev["vertex"])
    elif t == "buy_dev_card":
        g.buy_dev(ev["card"])
    elif t == "play_knight":
        g.play_knight()
    elif t == "play_road_building":
        g.play_road_building()
    elif t == "play_year_of_plenty":
        g.play_year_of_plenty(ev["take"])
    elif t == "play_monopoly":
        g.play_monopoly(ev["resource"])
    elif t == "end_turn":
        g.end_turn()
    elif t == "special_build":
        g.special_build(ev["player"])
    elif t == "resign":
        g.resign(ev["player"])
    else:
        raise AssertionError(f"the model has no event {t!r}")
    return 1


def bare(ev):
    """An event without its claims and note; absent and null fields are the same."""
    return {k: v for k, v in ev.items() if k not in ("claims", "note") and v is not None}


def replay(header, events):
    """None when the model accepts the game, else (event index, reason)."""
    seats = [s["name"] for s in header["seats"]]
    g = Game(seats, header.get("board"), header.get("options"))
    pending = []
    for i, ev in enumerate(events):
        try:
            written = play(g, ev, pending)
        except AssertionError as e:
            return i, f"{ev['type']}: the model refuses it: {e or 'an assertion failed'}"
        except (KeyError, StopIteration, ValueError) as e:
            return i, f"{ev['type']}: the model cannot play it: {type(e).__name__} {e}"
        if written:
            mine = [bare(x) for x in g.events[-written:]]
            logged = [bare(x) for x in (events[i - 1:i + 1] if written == 2 else [ev])]
            if mine != logged:
                return i, f"the model writes {mine} where the log has {logged}"
    if pending:  # a setup settlement that the log ends before its road: judge it alone
        s = pending[0]
        if not (g.phase == "setup" and g.p(s["player"]) == g.setup_player(g.step)):
            return len(events) - 1, "place_settlement: the model refuses it: setup-order"
        if not g.distance_ok(s["vertex"]):
            return len(events) - 1, f"place_settlement: the model refuses it: distance-rule at {s['vertex']}"
    return None


def main(argv):
    if len(argv) < 2:
        print(__doc__.strip().splitlines()[0], file=sys.stderr)
        return 2
    count, refused, won = 0, 0, 0
    for path in argv[1:]:
        for header, events in games(path):
            count += 1
            r = replay(header, events)
            if r is not None:
                refused += 1
                print(f"{path}: game {count}, event {r[0]}: {r[1]}")
            else:
                won += 1 if any(ev.get("claims", {}).get("winner") for ev in events[-1:]) else 0
    print(f"model_replay: {count} games, {count - refused} accepted by the model, {refused} refused")
    return 1 if refused or count == 0 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

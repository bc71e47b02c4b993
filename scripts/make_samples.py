#!/usr/bin/env python3
"""Writes the sample game logs of samples/logs/ (valid/, invalid/, malformed/).

Every game is built event by event on the beginner board with scripts/catan_model.py,
which tracks hands, bank, deck, pieces, robber and awards and asserts each rule, so the
valid samples are legal and each invalid sample is a legal prefix plus exactly one
offending event. The dice are chosen here (a log records what chance decided), which
steers production towards what a sample needs.

Usage: scripts/make_samples.py            (rewrites the files; run from anywhere)
       scripts/make_samples.py --check    (exit 1 if a committed file differs)
Python 3 standard library only.
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from catan_model import RES, ROOT, Game, dumps_doc, dumps_jsonl, total  # noqa: E402

OUT = os.path.join(ROOT, "samples", "logs")
SEATS3 = ["red", "blue", "white"]
files = {}  # relative path -> text


def write(rel, text):
    files[rel] = text


def put_valid(name, g, jsonl=False):
    doc = g.document()
    write(f"valid/{name}", dumps_jsonl(doc) if jsonl else dumps_doc(doc))
    return g


def put_invalid(rule, g, index, message, strict=False, name=None):
    """An invalid sample: g.events must end with the offending event at `index` (or the
    log breaks the rule as a whole: index -1). `name`: the file's stem when it is not the
    rule id (a second failing sample of a rule, e.g. under a house rule)."""
    assert index == -1 or index == len(g.events) - 1, (rule, index, len(g.events))
    name = name or rule
    assert name.startswith(rule)
    write(f"invalid/{name}.json", dumps_doc(g.document()))
    exp = {"rule_id": rule, "event_index": index, "message_contains": message}
    if strict:
        exp["strict"] = True
    write(f"invalid/{name}.expected.json", json.dumps(exp, indent=2) + "\n")


# ---------------------------------------------------------------------------------------
# Openings. Red 19 (fields 12, hills 6, forest 11) and 35 (forest 3, mountains 8,
# pasture 5); blue 13 (forest 9, pasture 4, hills 10) and 42 (mountains 3, fields 4,
# fields 6); white 26 (mountains 8, 3:1 harbor) and 45 (pasture 5, pasture 11, wool 2:1
# harbor).
def setup3(g, claims=True):
    g.place("red", 19, 26)
    g.place("blue", 13, 21)
    g.place("white", 26, 32)
    g.place("white", 45, 60, claims=["received"] if claims else ())
    g.place("blue", 42, 57, claims=["received"] if claims else ())
    g.place("red", 35, 46, claims=["received"] if claims else ())
    return g


def new3(**kw):
    return setup3(Game(SEATS3, **kw))


def play_knight(g, hex_, victim=None):
    g.play_knight()
    vs = g.victims(hex_)
    if victim is None and vs:
        victim = g.name(min(vs))
    g.move_robber(hex_, victim)


def discard_all(g, keep=None):
    """Every player owing a discard after a 7 discards, first from the resources they
    need least (`keep`: name -> cards to keep when possible)."""
    for p in sorted(g.discard_owed):
        want = (keep or {}).get(g.name(p), {})
        left, cards = g.discard_owed[p], {}
        for spare in (True, False):
            for r in RES:
                k = min(left, g.hand[p][r] - cards.get(r, 0) - (want.get(r, 0) if spare else 0))
                if k > 0:
                    cards[r] = cards.get(r, 0) + k
                    left -= k
        assert left == 0
        g.discard(p, cards)


def finish_turn(g):
    """Ends the active player's turn, rolling first if needed (a dull roll of 2 or 12)."""
    if not g.rolled:
        g.roll(2)
    g.end_turn()


def next_free_road(g, p):
    for e in range(len(g.topo.edges)):
        if e not in g.roads and g.touches_own(p, e):
            return e
    raise AssertionError("no free edge")


# ---------------------------------------------------------------------------------------
# Valid samples
def complete_game(options=None):
    """Red wins with 3 settlements, a city, longest road, largest army and a VP card (with
    `options`: the same game under house rules)."""
    source = "scripts/make_samples.py: complete 3-player game, red wins with 10 VP"
    if options:
        source = "scripts/make_samples.py: the complete 3-player game under " + ", ".join(
            f"{k} {json.dumps(v)}" for k, v in options.items() if k != "vp_to_win" or v != 10)
    g = new3(source=source, options=options)
    # Red's chain 19-20-31-32-33-34-35 joins both settlements: roads 35, 43, 44, 45.
    g.roll(6, claims=["received"])  # red: brick from hills 6
    g.end_turn()
    g.gather("red", {"brick": 2, "lumber": 2})
    g.build_road(35)
    g.build_road(43)
    g.end_turn()
    g.gather("red", {"brick": 2, "lumber": 2, "wool": 1, "grain": 1})
    g.build_road(44)
    g.build_settlement(33)
    g.end_turn()
    g.gather("red", {"brick": 1, "lumber": 1})
    g.build_road(45, claims=["longest_road", "vp"])  # length 6: longest road
    g.end_turn()
    # A 7 while red holds more than 7 cards: red discards half, blue robs red.
    g.gather("red", {"ore": 3, "wool": 3, "grain": 4})
    g.end_turn()
    while g.active != 1:
        finish_turn(g)
    assert g.hand_size(0) > 7
    g.roll(7, dice=[3, 4])
    discard_all(g, keep={"red": {"ore": 1, "wool": 1, "grain": 1}})
    g.move_robber(4, "red")  # hills 6: red at 19
    g.end_turn()
    # Red buys knight, knight, knight, victory point over turns and plays one knight a turn.
    for card in ["knight", "victory_point", "knight", "knight"]:
        g.gather("red", {"ore": 1, "wool": 1, "grain": 1})
        g.buy_dev(card)
        g.end_turn()
    knights_hexes = [6, 17, 2]
    for i, h in enumerate(knights_hexes):
        while g.active != 0:
            finish_turn(g)
        if h not in g.robber_hexes():  # the friendly robber spares that hex: the first open
            h = g.robber_hexes()[0]
        if i == 0:
            play_knight(g, h)  # before the roll
            g.roll(g.sum_for(0, "grain"))
        else:
            g.roll(g.sum_for(0, "ore"))
            play_knight(g, h)
        if i == 2:
            break
        g.end_turn()
    assert g.army == 0, g.played
    g.end_turn()
    g.gather("red", {"brick": 1, "lumber": 1, "wool": 1, "grain": 1})
    g.build_settlement(31, claims=["vp"])
    g.end_turn()
    g.gather("red", {"ore": 3, "grain": 2})
    assert g.vp(0) == 9, g.vp(0)
    g.build_city(35, claims=["vp", "longest_road", "largest_army", "winner"])
    assert g.winner == (0 if g.vp_to_win <= 10 else None)
    return g


def trades_game():
    """Bank trades at 4:1, 3:1 and 2:1; offers accepted, rejected, cancelled and withdrawn;
    player trades with and without an offer."""
    g = new3(source="scripts/make_samples.py: every kind of trade")
    g.gather("red", {"lumber": 4, "wool": 2})
    g.trade_bank({"lumber": 4}, {"brick": 1}, claims=["hands", "bank"])  # no harbor: 4:1
    g.trade_offer("blue", {"wool": 1}, {"grain": 1})
    g.trade_accept("blue")
    g.trade_player("blue", {"wool": 1}, {"grain": 1})
    g.trade_offer("white", {"wool": 1}, {"ore": 1})
    g.trade_reject("white")
    g.trade_offer("blue", {"brick": 1}, {"ore": 1})
    g.trade_cancel()
    g.trade_offer("white", {"brick": 1}, {"ore": 1})
    g.end_turn()
    g.events[-1]["note"] = "ending the turn withdraws the open offer"
    g.gather("white", {"ore": 3, "wool": 7})
    g.trade_bank({"ore": 3}, {"grain": 1})  # white's 3:1 harbor at 26
    g.trade_bank({"wool": 2}, {"brick": 1})  # white's wool 2:1 harbor at 45
    g.trade_bank({"wool": 4}, {"lumber": 1, "grain": 1})  # two bundles in one trade
    red_has = max((r for r in RES if r != "wool"), key=lambda r: g.hand[0][r])
    g.trade_player("red", {"wool": 1}, {red_has: 1}, claims=["vp"])  # no offer: allowed
    g.end_turn()
    return g


def dev_cards_game():
    """Every development card bought and played: a knight and road building before the
    roll, year of plenty and monopoly after it; a victory point card held; a 7 that robs
    nobody."""
    g = new3(source="scripts/make_samples.py: development cards")
    for card in ["knight", "road_building", "year_of_plenty", "monopoly", "victory_point"]:
        g.gather("red", {"ore": 1, "wool": 1, "grain": 1})
        g.buy_dev(card)
        g.end_turn()
    finish_turn(g)
    finish_turn(g)
    play_knight(g, 6)  # before the roll; robs blue
    g.roll(8)
    g.end_turn()
    finish_turn(g)
    finish_turn(g)
    g.play_road_building()  # before the roll: both roads at once
    g.build_road(next_free_road(g, 0))
    g.build_road(next_free_road(g, 0))
    g.roll(5)
    g.end_turn()
    finish_turn(g)
    finish_turn(g)
    g.roll(10)
    g.play_year_of_plenty({"brick": 1, "grain": 1}, claims=["vp"])
    g.end_turn()
    finish_turn(g)
    g.roll(7, dice=[6, 1])  # white rolls a 7
    discard_all(g)
    g.move_robber(0)  # mountains 10: nobody there to rob
    g.end_turn()
    g.roll(6)
    g.play_monopoly("grain", claims=["vp"])
    g.end_turn()
    return g


def resign_2p_game():
    """Two players (recorded games have them); blue resigns, red wins."""
    g = Game(["red", "blue"], source="scripts/make_samples.py: two players, blue resigns",
             include_board=True)
    g.place("red", 19, 26)
    g.place("blue", 13, 21)
    g.place("blue", 42, 57)
    g.place("red", 35, 46)
    for _ in range(3):
        finish_turn(g)
    g.roll(9)
    g.resign("blue", claims=["winner"])
    assert g.winner == 0
    return g


def resign_3p_game():
    """White resigns on their turn; the game goes on without them (JSON Lines form)."""
    g = new3(source="scripts/make_samples.py: white resigns, play goes on")
    g.gather("white", {"wool": 2})
    g.resign("white")
    for _ in range(4):
        g.roll(g.sum_for(g.active, "brick") if g.active == 0 else 5)
        g.end_turn()
    assert g.active == 0
    g.roll(4)
    g.build_road(next_free_road(g, 0))
    g.end_turn()
    return g


def bank_low(g):
    """Rolls 8s until the bank holds a single ore (two players owed 1 each by an 8); returns
    with red's, blue's or white's turn not yet rolled."""
    g.gather("blue", {"ore": 3, "grain": 2})
    g.build_city(42)
    g.end_turn()
    fixed_parity = False
    while g.bank["ore"] >= 2:  # mountains 8 feeds red (35) and white (26)
        if g.rolled:
            g.end_turn()
        g.roll(8)
        # Production takes ore two at a time; white's 3:1 trade makes the count odd.
        if (not fixed_parity and g.bank["ore"] % 2 == 0 and g.active == 2
                and g.hand[2]["ore"] >= 3):
            g.trade_bank({"ore": 3}, {"grain": 1})
            fixed_parity = True
    if g.rolled:
        g.end_turn()
    if g.bank["ore"] == 0:
        raise AssertionError("bank emptied exactly; adjust the sample")
    return g


def bank_shortage_game(bad_claim=False):
    """The bank runs short of ore: with two players owed nobody gets any; with one player
    owed, that player gets what is left. bad_claim: stop at the first shortage roll with
    a claim that pays both players in full (the bank-shortage invalid sample)."""
    g = bank_low(new3(source="scripts/make_samples.py: bank shortage of ore"))
    if bad_claim:
        dice = [6, 2]
        return g, g.raw({"type": "roll", "player": g.name(g.active), "dice": dice, "claims": {
            "received": {"red": {"ore": 1}, "blue": {}, "white": {"ore": 1}}}})
    g.roll(8, claims=["received"])  # two owed, one ore left: nobody gets ore
    g.end_turn()
    g.roll(3, claims=["received"])  # only blue (city, owed 2) is owed: gets the last one
    assert g.bank["ore"] == 0
    g.end_turn()
    return g


UNLIMITED = {"vp_to_win": 10, "unlimited_bank": True}


def unlimited_bank_game():
    """unlimited_bank (JSettlers2's reading): the same bank of 1 ore pays both players owed
    by an 8 in full, then blue's 2 from a 3; red trades 4 wool for an ore the bank holds
    none of (its count goes below zero)."""
    g = bank_low(new3(options=UNLIMITED,
                      source="scripts/make_samples.py: bank shortage of ore under unlimited_bank"))
    assert g.bank["ore"] == 1
    g.roll(8, claims=["received"])  # two owed, one ore left: both get theirs
    assert g.bank["ore"] == -1
    g.end_turn()
    g.roll(3, claims=["received"])  # blue's city: 2 more
    g.end_turn()
    g.gather("red", {"wool": 4})
    assert g.bank["ore"] < 0
    g.trade_bank({"wool": 4}, {"ore": 1}, claims=["hands"])
    g.end_turn()
    return g


# ---------------------------------------------------------------------------------------
# House rules (RULES.md "Variants").
def hold_exactly(g, name, n):
    """Plays turns, steering the dice so that player `name` gets cards one or two at a time,
    until it holds exactly n cards (the active player has then rolled)."""
    p = g.p(name)
    for _ in range(200):
        if not g.rolled:
            left = n - g.hand_size(p)
            if left == 0:
                return
            sums = [s for s in (6, 8, 5, 9, 4, 10, 3, 11, 2, 12)
                    if 0 < total(g.production(s)[p]) <= left]
            g.roll(sums[0] if sums else 12)
            continue
        if g.hand_size(p) == n:
            return
        g.end_turn()
    raise AssertionError(f"{name} never held exactly {n}")


def discard_limit_game():
    """discard_limit 9: red holds 9 cards on a 7 and discards nothing; later 10 and
    discards 5."""
    g = new3(options={"vp_to_win": 10, "discard_limit": 9},
             source="scripts/make_samples.py: house rule discard_limit 9")
    hold_exactly(g, "red", 9)
    finish_turn(g)
    g.roll(7, dice=[3, 4])
    assert 0 not in g.discard_owed, "9 cards under discard_limit 9: no discard"
    discard_all(g)
    g.move_robber(g.robber_hexes()[0], None if not g.victims(g.robber_hexes()[0]) else
                  g.name(min(g.victims(g.robber_hexes()[0]))))
    g.end_turn()
    hold_exactly(g, "red", 10)
    finish_turn(g)
    g.roll(7, dice=[1, 6])
    assert g.discard_owed[0] == 5
    discard_all(g)
    h = g.robber_hexes()[0]
    g.move_robber(h, None if not g.victims(h) else g.name(min(g.victims(h))))
    g.end_turn()
    return g


FORBID_SRC = "scripts/make_samples.py: "


def city_then_seven_game():
    """no_seven_until_city: red builds the game's first city, then blue rolls a 7 (allowed
    from then on) and moves the robber."""
    g = new3(options={"vp_to_win": 10, "no_seven_until_city": True},
             source=FORBID_SRC + "the first city, then a 7, under no_seven_until_city")
    g.gather("red", {"ore": 3, "grain": 2})
    g.build_city(35, claims=["vp"])
    g.end_turn()
    g.roll(7, dice=[3, 4])
    discard_all(g)
    h = 4
    g.move_robber(h, None if not g.victims(h) else g.name(min(g.victims(h))))
    g.end_turn()
    return g


def bank_trades_game():
    """no_player_trades: bank trades at 4:1, 3:1 and 2:1 stay allowed."""
    g = new3(options={"vp_to_win": 10, "no_player_trades": True},
             source=FORBID_SRC + "bank and harbor trades under no_player_trades")
    g.gather("red", {"lumber": 4})
    g.trade_bank({"lumber": 4}, {"brick": 1}, claims=["hands", "bank"])  # no harbor: 4:1
    g.end_turn()
    g.gather("white", {"ore": 3, "wool": 2})
    g.trade_bank({"ore": 3}, {"grain": 1})  # white's 3:1 harbor at 26
    g.trade_bank({"wool": 2}, {"brick": 1})  # white's wool 2:1 harbor at 45
    g.end_turn()
    return g


def write_forbidding():
    """The house rules that forbid (RULES.md "Variants"): each valid game keeps its rule."""
    g = complete_game(options={"vp_to_win": 10, "no_seven_rounds": 3})
    assert g.round > 3
    put_valid("no-seven-rounds.json", g)
    put_valid("no-seven-until-city.json", city_then_seven_game())
    put_valid("robber-not-to-desert.json",
              complete_game(options={"vp_to_win": 10, "robber_not_to_desert": True}))
    put_valid("no-player-trades.json", bank_trades_game())


def write_variants():
    put_valid("discard-limit-9.json", discard_limit_game())
    g = complete_game(options={"vp_to_win": 10, "friendly_robber": True})
    put_valid("friendly-robber.json", g)
    g = complete_game(options={"vp_to_win": 15})
    assert g.winner is None and g.vp(0) == 10
    g.end_turn()
    g.roll(2)
    put_valid("vp-to-win-15.json", g)
    put_valid("unlimited-bank.json", unlimited_bank_game())


# ---------------------------------------------------------------------------------------
# The 5-6 player extension's special building phase (special-building) on the extended
# board samples/boards/random-5-6-seed-7.json, five seats.
SEATS5 = ["red", "blue", "white", "orange", "green"]
PIPS = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}


def new5(**kw):
    """Five seats on the extended board; in snake order each player takes the free spot
    with the most pips (the lowest vertex id on ties) and its lowest free edge."""
    g = Game(SEATS5, board_json=load_board("samples/boards/random-5-6-seed-7.json"), **kw)
    for step in range(2 * g.n):
        v = max((v for v in range(len(g.topo.points)) if g.distance_ok(v)),
                key=lambda v: (sum(PIPS.get(g.board.token[h], 0)
                                   for h in g.topo.vertex_hexes[v]), -v))
        e = min(e for e in g.topo.vertex_edges[v] if e not in g.roads)
        g.place(g.name(g.setup_player(step)), v, e, claims=["received"] if step >= g.n else ())
    return g


def dull_roll(g):
    """A roll (not 7) that gives nobody anything when there is one, else a 2."""
    for s in (2, 12, 3, 11, 4, 10, 5, 9, 6, 8):
        if all(not total(h) for h in g.production(s)):
            return g.roll(s)
    return g.roll(2)


def stock(g, name, need):
    """Plays turns steering the dice until `name` holds `need`; returns after a roll."""
    p = g.p(name)
    while True:
        missing = [r for r in RES if g.hand[p][r] < need.get(r, 0)]
        if not g.rolled:
            g.roll(g.sum_for(p, missing[0])) if missing else dull_roll(g)
        elif missing:
            g.end_turn()
        else:
            return


def turn_ending_before(g, builders):
    """Ends turns (dull rolls) until the active player is none of `builders`, who then all
    follow in the special building phase; returns after that player's end_turn."""
    while g.active in [g.p(b) for b in builders]:
        g.end_turn()
        dull_roll(g)
    g.end_turn()
    return sorted(builders, key=lambda b: (g.p(b) - g.sb_after) % g.n)


def special_building_game():
    """After a turn's end, blue builds a road and orange buys a knight in the special
    building phase; orange plays it on orange's next own turn (dev-card-age counts own
    turns)."""
    g = new5(source="scripts/make_samples.py: special building phase (5-6 player extension)")
    stock(g, "blue", {"brick": 1, "lumber": 1})
    stock(g, "orange", {"wool": 1, "grain": 1, "ore": 1})
    for b in turn_ending_before(g, ["blue", "orange"]):
        g.special_build(b)
        if b == "blue":
            g.build_road(next_free_road(g, 1))
        else:
            g.buy_dev("knight")
        g.end_turn()
    dull_roll(g)  # the next player's roll ends the phase
    while not (g.active == 3 and not g.rolled):
        dull_roll(g) if not g.rolled else g.end_turn()
    h = next(h for h in g.robber_hexes() if not g.victims(h))
    play_knight(g, h)
    dull_roll(g)
    g.end_turn()
    return g


def special_building_win():
    """Under vp_to_win 3, red's city in the special building phase makes 3 VP; the next
    player's roll does not end the game; red wins at red's own roll (win-on-own-turn)."""
    g = new5(options={"vp_to_win": 3},
             source="scripts/make_samples.py: a win reached in the special building phase")
    stock(g, "red", {"grain": 2, "ore": 3})
    assert turn_ending_before(g, ["red"]) == ["red"] and g.sb_after != 4
    g.special_build("red")
    g.build_city(next(v for v, b in sorted(g.building.items()) if b == (0, "settlement")))
    g.end_turn(claims=["vp", "winner"])
    dull_roll(g)
    assert g.winner is None
    while not (g.active == 0 and not g.rolled):
        dull_roll(g) if not g.rolled else g.end_turn()
    dull_roll(g)
    assert g.winner == 0
    g.events[-1]["claims"] = g.claims_now(["vp", "winner"])
    return g


def special_building_resign():
    """After red's turn blue, whose own turn comes next, resigns in the special building
    phase: the phase goes on (orange builds a road in its part) until white's roll begins
    the next turn (special-building; a resigned seat's turns are skipped)."""
    g = new5(source="scripts/make_samples.py: the next player resigns in the special "
             "building phase")
    stock(g, "orange", {"wool": 1, "grain": 1, "ore": 1})
    while not (g.active == 0 and g.rolled):
        dull_roll(g) if not g.rolled else g.end_turn()
    g.end_turn()
    assert g.active == 1 and g.sb_after == 0
    g.resign("blue")
    g.special_build("orange")
    g.buy_dev("knight")
    g.end_turn()
    assert g.active == 2
    dull_roll(g)  # white's own turn begins
    g.end_turn()
    return g


ANY_ORDER = {"vp_to_win": 10, "special_building_any_order": True}
TURN_PASSES = {"vp_to_win": 3, "win_when_turn_passes": True}


def special_building_any_order():
    """special_building_any_order (JSettlers2's reading): after white's turn blue builds a
    road before orange (out of seat order), then orange buys a card and white, whose turn
    just ended, builds a road; orange's roll ends the phase."""
    g = new5(options=ANY_ORDER, source="scripts/make_samples.py: special building parts in "
             "any order (special_building_any_order)")
    stock(g, "blue", {"brick": 1, "lumber": 1})
    stock(g, "orange", {"wool": 1, "grain": 1, "ore": 1})
    stock(g, "white", {"brick": 1, "lumber": 1})
    while not (g.active == 2 and g.rolled):
        dull_roll(g) if not g.rolled else g.end_turn()
    g.end_turn()
    assert g.sb_after == 2 and g.active == 3
    g.special_build("blue")
    g.build_road(next_free_road(g, 1))
    g.end_turn()
    g.special_build("orange")
    g.buy_dev("knight")
    g.end_turn()
    g.special_build("white")
    g.build_road(next_free_road(g, 2))
    g.end_turn()
    dull_roll(g)  # orange's own turn
    g.end_turn()
    return g


def win_when_turn_passes(bad_roll=False):
    """win_when_turn_passes (JSettlers2's reading) under vp_to_win 3: after green's turn
    red, whose turn comes next, builds a city in its part (3 VP: the win is due); blue
    builds a road in its part after it; the log ends and red has won as the turn passed.
    bad_roll: red's roll instead of blue's part (the game is over)."""
    g = new5(options=TURN_PASSES, source="scripts/make_samples.py: a win as the turn passes "
             "(win_when_turn_passes)")
    stock(g, "red", {"grain": 2, "ore": 3})
    stock(g, "blue", {"brick": 1, "lumber": 1})
    while not (g.active == 4 and g.rolled):
        dull_roll(g) if not g.rolled else g.end_turn()
    g.end_turn()
    assert g.sb_after == 4 and g.active == 0 and g.win_due is None
    g.special_build("red")
    g.build_city(next(v for v, b in sorted(g.building.items()) if b == (0, "settlement")),
                 claims=["vp"])
    assert g.win_due == 0 and g.winner is None
    g.end_turn()
    if bad_roll:
        return g, g.raw(ev("roll", "red", dice=[1, 1]))
    g.special_build("blue")
    g.build_road(next_free_road(g, 1))
    g.end_turn(claims=["vp", "winner"])
    assert g.events[-1]["claims"]["winner"] == "red"
    return g


def write_valid():
    put_valid("special-building.json", special_building_game())
    put_valid("special-building-win.json", special_building_win())
    put_valid("special-building-resign.json", special_building_resign())
    put_valid("special-building-any-order.json", special_building_any_order())
    put_valid("win-when-turn-passes.json", win_when_turn_passes())
    put_valid("complete-3p.json", complete_game())
    put_valid("trades.json", trades_game())
    put_valid("dev-cards.json", dev_cards_game())
    put_valid("resign-2p.json", resign_2p_game())
    put_valid("resign-3p.jsonl", resign_3p_game(), jsonl=True)
    put_valid("bank-shortage.json", bank_shortage_game())
    write_variants()
    write_forbidding()


# ---------------------------------------------------------------------------------------
# Invalid samples: a legal prefix, then one event that breaks exactly one rule.
def ev(type_, player, **fields):
    return dict({"type": type_, "player": player}, **fields)


def load_board(rel):
    with open(os.path.join(ROOT, rel)) as f:
        return json.load(f)


def after_setup_roll(s=2):
    g = new3()
    g.roll(s)
    return g


def red_with(need):
    """Red active after the roll, holding at least `need`."""
    g = new3()
    g.gather("red", need)
    return g


def red_bought(cards, then_roll=True):
    """Red has bought `cards` on earlier turns; returns at red's next turn (rolled or not)."""
    g = new3()
    for c in cards:
        g.gather("red", {"ore": 1, "wool": 1, "grain": 1})
        g.buy_dev(c)
        g.end_turn()
    while g.active != 0:
        finish_turn(g)
    if then_roll:
        g.roll(2)
    return g


def first_cards(hand, n):
    """n cards of a hand, taken in resource order (a resource map)."""
    out = {}
    for r in RES:
        k = min(n, hand[r])
        if k:
            out[r] = k
            n -= k
    assert n == 0
    return out


def bad_board(rel):
    g = Game(SEATS3, board_json=load_board(rel))
    setup3(g, claims=False)
    return g


def invalid_samples():
    out = {}

    def case(rule, message, strict=False, prefix_as_valid=None, name=None):
        def deco(fn):
            g, index = fn()
            put_invalid(rule, g, index, message, strict, name)
            if prefix_as_valid:  # the legal prefix is a passing sample of the same rule
                write(f"valid/{prefix_as_valid}", dumps_doc(g.document(g.events[:index])))
            out[rule] = True
            return fn
        return deco

    @case("board-composition", "5 forest hexes, expected 4")
    def _():
        return bad_board("samples/boards/invalid/composition-five-forests.json"), -1

    @case("board-red-adjacent", "hex 4 (6) and hex 5 (8)", strict=True)
    def _():
        return bad_board("samples/boards/invalid/red-adjacent.json"), -1

    @case("setup-order", "it is blue's setup placement")
    def _():
        g = Game(SEATS3)
        g.place("red", 19, 26)
        return g, g.raw(ev("place_settlement", "white", vertex=26))

    @case("setup-road-attached", "does not touch the settlement just placed at 19")
    def _():
        g = Game(SEATS3)
        g.raw(ev("place_settlement", "red", vertex=19))
        return g, g.raw(ev("place_road", "red", edge=46))

    @case("setup-resources", "the rules give 1 lumber, 1 wool, 1 ore")
    def _():
        g = Game(SEATS3)
        g.place("red", 19, 26)
        g.place("blue", 13, 21)
        g.place("white", 26, 32)
        g.place("white", 45, 60)
        g.place("blue", 42, 57)
        return g, g.raw(ev("place_settlement", "red", vertex=35, claims={"received": {
            "red": {"lumber": 1, "wool": 1}, "blue": {}, "white": {}}}))

    @case("turn-order", "it is red's turn")
    def _():
        g = new3()
        return g, g.raw(ev("roll", "blue", dice=[3, 3]))

    @case("roll-first", "before the roll")
    def _():
        g = new3()
        return g, g.raw(ev("end_turn", "red"))

    @case("roll-once", "already rolled")
    def _():
        g = after_setup_roll()
        return g, g.raw(ev("roll", "red", dice=[1, 2]))

    @case("production", "blue received nothing; the rules give 1 grain")
    def _():
        g = new3()  # a 6: hills 6 gives red a brick, fields 6 gives blue a grain
        return g, g.raw(ev("roll", "red", dice=[5, 1], claims={"received": {
            "red": {"brick": 1}, "blue": {}, "white": {}}}))

    @case("bank-shortage", "red received 1 ore; the rules give nothing")
    def _():
        return bank_shortage_game(bad_claim=True)

    @case("discard-half", "must discard 4, not 3")
    def _():
        g = red_with({"lumber": 4, "wool": 3, "ore": 2})
        g.end_turn()
        g.roll(7, dice=[2, 5])
        owed = g.discard_owed[0]
        cards = {"lumber": owed - 1}
        return g, g.raw(ev("discard", "red", cards=cards))

    @case("robber-move", "already on hex 9")
    def _():
        g = after_setup_roll(7)
        return g, g.raw(ev("move_robber", "red", hex=9))

    @case("robber-steal", "the steal is mandatory")
    def _():
        g = after_setup_roll(7)
        return g, g.raw(ev("move_robber", "red", hex=6))

    @case("pending-seven", "before the robber is moved")
    def _():
        g = after_setup_roll(7)
        return g, g.raw(ev("end_turn", "red"))

    @case("one-dev-card", "already played a development card")
    def _():
        g = red_bought(["knight", "year_of_plenty"])
        play_knight(g, 6)
        return g, g.raw(ev("play_year_of_plenty", "red", take={"brick": 1, "lumber": 1}))

    @case("dev-card-age", "bought the knight card this turn")
    def _():
        g = red_with({"ore": 1, "wool": 1, "grain": 1})
        g.buy_dev("knight")
        return g, g.raw(ev("play_knight", "red"))

    @case("dev-card-held", "holds no monopoly card")
    def _():
        g = after_setup_roll()
        return g, g.raw(ev("play_monopoly", "red", resource="ore"))

    @case("maritime-rate", "rate 4:1")
    def _():
        g = red_with({"lumber": 3})
        return g, g.raw(ev("trade_bank", "red", give={"lumber": 3}, get={"brick": 1}))

    @case("bank-empty", "the bank holds 0 ore")
    def _():
        g = bank_shortage_game()
        g.gather("red", {"wool": 4})
        assert g.bank["ore"] == 0
        return g, g.raw(ev("trade_bank", "red", give={"wool": 4}, get={"ore": 1}))

    @case("domestic-trade", "no gifts")
    def _():
        g = after_setup_roll()
        return g, g.raw(ev("trade_player", "red", partner="blue", give={"wool": 1}, get={}))

    @case("trade-offer", "was not accepted")
    def _():
        g = after_setup_roll()
        g.trade_offer("blue", {"wool": 1}, {"grain": 1})
        return g, g.raw(ev("trade_player", "red", partner="blue", give={"wool": 1},
                           get={"grain": 1}))

    # The trade-offer lines of RULES.md: the addressee answers once; a trade with another
    # partner withdraws the open offer (the prefix shows that trade is legal).
    @case("trade-offer", "blue already accepted the offer", name="trade-offer-answered-twice")
    def _():
        g = after_setup_roll()
        g.trade_offer("blue", {"wool": 1}, {"grain": 1})
        g.trade_accept("blue")
        return g, g.raw(ev("trade_accept", "blue"))

    @case("trade-offer", "trade_accept without an open offer", name="trade-offer-withdrawn")
    def _():
        g = after_setup_roll()
        g.trade_offer("blue", {"wool": 1}, {"grain": 1})
        g.trade_player("white", {"lumber": 1}, {"wool": 1})
        assert g.offer is None
        return g, g.raw(ev("trade_accept", "blue"))

    @case("insufficient-resources", "red holds 0 grain, 1 ore")
    def _():
        g = after_setup_roll()
        return g, g.raw(ev("build_city", "red", vertex=19))

    @case("piece-limit", "all 15 roads", prefix_as_valid="all-roads.json")
    def _():
        g = new3()
        while sum(1 for o in g.roads.values() if o == 0) < 15:
            g.gather("red", {"brick": 1, "lumber": 1})
            g.build_road(next_free_road(g, 0))
        if g.hand[0]["brick"] < 1 or g.hand[0]["lumber"] < 1:
            g.end_turn()
            g.gather("red", {"brick": 1, "lumber": 1})
        return g, g.raw(ev("build_road", "red", edge=next_free_road(g, 0)))

    @case("road-connected", "edge 0 (vertices 0-1) touches none")
    def _():
        g = red_with({"brick": 1, "lumber": 1})
        return g, g.raw(ev("build_road", "red", edge=0))

    @case("distance-rule", "vertex 20 is next to red's settlement at 19")
    def _():
        g = Game(SEATS3)
        g.place("red", 19, 26)
        return g, g.raw(ev("place_settlement", "blue", vertex=20))

    @case("settlement-connected", "vertex 0 touches none of red's roads")
    def _():
        g = red_with({"brick": 1, "lumber": 1, "wool": 1, "grain": 1})
        return g, g.raw(ev("build_settlement", "red", vertex=0))

    @case("city-on-settlement", "vertex 13 holds blue's settlement")
    def _():
        g = red_with({"ore": 3, "grain": 2})
        return g, g.raw(ev("build_city", "red", vertex=13))

    @case("deck-empty", "deck is empty", prefix_as_valid="whole-deck.json")
    def _():
        g = new3()
        dev = ("ore", "wool", "grain")

        def can_buy(p):
            return all(g.hand[p][r] for r in dev)

        def steer():  # a roll that helps the active player (white: helps red)
            p = g.active if g.active != 2 else 0
            need = [r for r in dev if g.hand[p][r] < 1]
            g.roll(g.sum_for(p, need[0]) if need else 2)

        while True:
            steer()
            p = g.active
            while p != 2 and can_buy(p) and sum(g.deck.values()):
                g.buy_dev(next(c for c in ("knight", "victory_point", "road_building",
                                           "year_of_plenty", "monopoly") if g.deck[c]))
            if not sum(g.deck.values()) and p != 2 and can_buy(p):
                break
            g.end_turn()
        assert g.winner is None
        return g, g.raw(ev("buy_dev_card", g.name(p), card="knight"))

    @case("progress-card", "exactly 2 cards")
    def _():
        g = red_bought(["year_of_plenty"])
        return g, g.raw(ev("play_year_of_plenty", "red", take={"brick": 1}))

    @case("longest-road", "longest road is red's")
    def _():
        g = after_setup_roll()
        return g, g.end_turn(claims={"longest_road": "red"})

    @case("largest-army", "largest army is blue's")
    def _():
        g = after_setup_roll()
        return g, g.end_turn(claims={"largest_army": "blue"})

    @case("win-on-own-turn", "the log claims red won")
    def _():
        g = after_setup_roll()
        return g, g.end_turn(claims={"winner": "red"})

    @case("claim-hand", "the log claims red holds 9 ore")
    def _():
        g = after_setup_roll()
        return g, g.end_turn(claims={"hands": {"red": {"ore": 9}}})

    @case("claim-bank", "the log claims the bank holds")
    def _():
        g = after_setup_roll()
        return g, g.end_turn(claims={"bank": {"brick": 19, "lumber": 19, "wool": 19,
                                              "grain": 19, "ore": 19}})

    # House rules (RULES.md "Variants"): the option changes the verdict.
    @case("discard-half", "red holds 9 cards and owes no discard (discard limit 9)",
          name="discard-half-limit-9")
    def _():
        g = new3(options={"vp_to_win": 10, "discard_limit": 9})
        hold_exactly(g, "red", 9)
        finish_turn(g)
        g.roll(7, dice=[3, 4])
        assert 0 not in g.discard_owed
        return g, g.raw(ev("discard", "red", cards=first_cards(g.hand[0], 4)))

    @case("robber-move", "the friendly robber may not go to hex 4: it borders red's settlement "
          "at 19 and red has 2 VP", name="robber-move-friendly")
    def _():
        g = new3(options={"vp_to_win": 10, "friendly_robber": True})
        g.roll(7, dice=[3, 4])
        assert 4 not in g.robber_hexes()
        return g, g.raw(ev("move_robber", "red", hex=4))

    # House rules that forbid: each invalid sample is valid without its option.
    @case("no-seven-rounds", "a 7 in round 1: no 7 may be rolled in the first 3 rounds")
    def _():
        g = new3(options={"vp_to_win": 10, "no_seven_rounds": 3})
        return g, g.raw(ev("roll", "red", dice=[3, 4]))

    @case("no-seven-until-city", "a 7 before the game's first city")
    def _():
        g = new3(options={"vp_to_win": 10, "no_seven_until_city": True})
        g.gather("red", {"brick": 1, "lumber": 1})
        g.build_road(35)
        g.end_turn()
        return g, g.raw(ev("roll", "blue", dice=[3, 4]))

    @case("robber-not-to-desert", "the robber may not move to the desert at hex")
    def _():
        g = new3(options={"vp_to_win": 10, "robber_not_to_desert": True})
        desert = g.robber
        g.roll(7, dice=[3, 4])
        discard_all(g)
        g.move_robber(4, None if not g.victims(4) else g.name(min(g.victims(4))))
        g.end_turn()
        g.roll(7, dice=[3, 4])
        discard_all(g)
        return g, g.raw(ev("move_robber", g.name(g.active), hex=desert))

    @case("no-player-trades", "trade_offer by red: players may not trade with each other")
    def _():
        g = new3(options={"vp_to_win": 10, "no_player_trades": True})
        g.gather("red", {"wool": 1})
        return g, g.raw(ev("trade_offer", "red", to="blue", give={"wool": 1},
                           get={"grain": 1}))

    # Other engines' readings (JSettlers2): the rule the option changes still holds.
    @case("bank-shortage", "the log claims red received nothing; the rules give 1 ore",
          name="bank-shortage-unlimited")
    def _():
        g = bank_low(new3(options=UNLIMITED))
        # The base game's answer (nobody gets ore) is short of the full payment.
        return g, g.raw(ev("roll", g.name(g.active), dice=[6, 2], claims={"received": {
            "red": {}, "blue": {}, "white": {}}}))

    # The special building phase (special-building, the 5-6 player extension): one failing
    # sample per way to break it.
    def phase_open(builders=("blue",), need=None):
        """`builders` hold `need` (a road); a turn of none of them has just ended."""
        g = new5()
        for b in builders:
            stock(g, b, {"brick": 1, "lumber": 1} if need is None else need)
        return g, turn_ending_before(g, list(builders))

    @case("special-building", "trade_bank in blue's special build part: only build_road")
    def _():
        g, _ = phase_open(need={"brick": 4})
        g.special_build("blue")
        return g, g.raw(ev("trade_bank", "blue", give={"brick": 4}, get={"ore": 1}))

    @case("special-building", "play_knight in blue's special build part",
          name="special-building-card")
    def _():
        g, _ = phase_open()
        g.special_build("blue")
        return g, g.raw(ev("play_knight", "blue"))

    @case("special-building", "roll in blue's special build part", name="special-building-dice")
    def _():
        g, _ = phase_open()
        g.special_build("blue")
        return g, g.raw(ev("roll", "blue", dice=[3, 3]))

    @case("special-building", "out of seat order", name="special-building-order")
    def _():
        g, order = phase_open(("blue", "orange"), need={})
        g.special_build(order[1])
        g.end_turn()
        return g, g.raw(ev("special_build", order[0]))

    @case("special-building", "blue already had a special build part",
          name="special-building-twice")
    def _():
        g, _ = phase_open()
        g.special_build("blue")
        g.build_road(next_free_road(g, 1))
        g.end_turn()
        return g, g.raw(ev("special_build", "blue"))

    @case("special-building", "blue already had a special build part after red's turn",
          name="special-building-twice-any-order")
    def _():
        g = new5(options=ANY_ORDER)
        stock(g, "blue", {"brick": 1, "lumber": 1})
        while not (g.active == 0 and g.rolled):
            dull_roll(g) if not g.rolled else g.end_turn()
        g.end_turn()
        g.special_build("blue")
        g.build_road(next_free_road(g, 1))
        g.end_turn()
        g.special_build("red")  # the turn player's part, after blue's: both legal here
        g.end_turn()
        return g, g.raw(ev("special_build", "blue"))

    @case("special-building", "the turn player takes no part",
          name="special-building-turn-player")
    def _():
        g, _ = phase_open()
        return g, g.raw(ev("special_build", g.name(g.sb_after)))

    @case("special-building", "blue's build_road between the special build parts after "
          "red's turn: blue's own turn begins with the roll", name="special-building-next-player")
    def _():
        g = new5()
        stock(g, "blue", {"brick": 1, "lumber": 1})
        while not (g.active == 0 and g.rolled):
            dull_roll(g) if not g.rolled else g.end_turn()
        g.end_turn()
        assert g.active == 1
        return g, g.raw(ev("build_road", "blue", edge=next_free_road(g, 1)))

    @case("special-building", "in the base game", name="special-building-base-game")
    def _():
        g = after_setup_roll()
        g.end_turn()
        return g, g.raw(ev("special_build", "white"))

    @case("special-building", "build_road between the special build parts",
          name="special-building-unopened")
    def _():
        g = new5()
        stock(g, "blue", {"brick": 1, "lumber": 1})
        while g.active in (0, 1):  # after red's turn blue's own turn would come next
            g.end_turn()
            dull_roll(g)
        g.end_turn()
        assert g.active != 1
        return g, g.raw(ev("build_road", "blue", edge=next_free_road(g, 1)))

    @case("win-on-own-turn", "nobody has won", name="win-on-own-turn-special-building")
    def _():
        g = special_building_win()
        i = next(i for i, e in enumerate(g.events) if e["type"] == "build_city")
        g.events = g.events[:i + 1]
        g.events[i]["claims"] = {"winner": "red"}
        return g, i

    @case("game-over", "the game is over (red won")
    def _():
        g = complete_game()
        return g, g.raw(ev("end_turn", "red"))

    @case("game-over", "the game is over (red won with 3 VP as the turn passed to them, "
          "win_when_turn_passes); no roll may follow", name="game-over-turn-passes")
    def _():
        return win_when_turn_passes(bad_roll=True)

    @case("resign", "white has resigned")
    def _():
        g = new3()
        g.gather("white", {"wool": 2})
        g.resign("white")
        g.roll(2)
        return g, g.raw(ev("trade_player", "red", partner="white", give={"wool": 1},
                           get={"lumber": 1}))

    return out


# ---------------------------------------------------------------------------------------
# Malformed logs: unreadable input (exit 2), each with the text its message must contain.
def malformed_samples():
    def put(name, text, message, index=None):
        """message: text the error must contain; index: the event it must name
        ("event <index>"), None for errors of the header or of the JSON as a whole."""
        write(f"malformed/{name}", text)
        stem = name.rsplit(".", 1)[0]
        exp = {"exit": 2, "event_index": index, "message_contains": message}
        write(f"malformed/{stem}.expected.json", json.dumps(exp, indent=2) + "\n")

    g = new3()
    g.roll(6)
    base = g.document()
    jl = dumps_jsonl(base)
    cut = jl.rstrip("\n").rsplit("\n", 1)  # the last event line cut in half
    put("truncated-line.jsonl", cut[0] + "\n" + cut[1][: len(cut[1]) // 2] + "\n",
        "(line 14): not valid JSON", 12)
    doc = dumps_doc(base)
    put("truncated-document.json", doc[: doc.index('"type": "roll"')], "not valid JSON")

    def with_event(i, event):
        d = dict(base, events=list(base["events"]))
        d["events"][i] = event
        return dumps_doc(d)

    put("unknown-event-type.json", with_event(12, ev("roll_dice", "red", dice=[5, 1])),
        'events[12].type: unknown event type "roll_dice"', 12)
    put("vertex-out-of-range.json", with_event(4, ev("place_settlement", "white", vertex=54)),
        "events[4].vertex: expected an integer 0..53, got 54", 4)
    put("misspelled-resource.json",
        with_event(12, ev("roll", "red", dice=[5, 1], claims={"received": {
            "red": {"bricks": 1}, "blue": {"grain": 1}, "white": {}}})),
        'events[12].claims.received.red: unknown resource "bricks"', 12)
    put("unknown-player.json", with_event(2, ev("place_settlement", "green", vertex=13)),
        'events[2].player: "green" is not a seat of this log', 2)
    put("unknown-field.json", with_event(2, {"type": "place_settlement", "player": "blue",
                                             "vertx": 13}),
        "vertx", 2)
    e = ev("place_settlement", "blue", vertex=13)
    e["colour"] = "blue"
    put("misspelled-field.json", with_event(2, e), "events[2].colour: unknown field", 2)
    put("edge-out-of-range.jsonl",
        dumps_jsonl(dict(base, events=base["events"][:3] + [ev("place_road", "blue", edge=72)])),
        "(line 5): events[3].edge: expected an integer 0..71, got 72", 3)
    put("misspelled-dev-card.json", with_event(12, ev("buy_dev_card", "red", card="knigth")),
        "events[12].card: expected a development card", 12)
    put("duplicate-seat.json", dumps_doc(dict(base, seats=[{"name": "red"}, {"name": "red"}])),
        'seats[1].name: duplicate seat name "red"')
    put("not-a-log.json", "[1, 2, 3]\n", "expected an object")


def main():
    write_valid()
    invalid_samples()
    malformed_samples()
    check = "--check" in sys.argv[1:]
    bad = 0
    for rel, text in sorted(files.items()):
        path = os.path.join(OUT, rel)
        if check:
            try:
                with open(path) as f:
                    same = f.read() == text
            except OSError:
                same = False
            if not same:
                print(f"differs: samples/logs/{rel}")
                bad = 1
        else:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w") as f:
                f.write(text)
    if not check:
        print(f"wrote {len(files)} files under samples/logs/")
    return bad


if __name__ == "__main__":
    sys.exit(main())

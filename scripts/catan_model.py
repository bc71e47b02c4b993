"""A small model of the Catan rules (RULES.md), used by make_samples.py to build legal
sample logs step by step. Python 3 standard library only.

It is deliberately independent of the C++ library: the samples it writes are an outside
oracle for catan-replay. Every method asserts the rule it relies on, so a sample that the
script can write is legal under this model; an invalid sample is a legal prefix plus one
raw event written with `Game.raw`.
"""

import json
import os

RES = ["brick", "lumber", "wool", "grain", "ore"]
DEV = ["knight", "victory_point", "road_building", "year_of_plenty", "monopoly"]
TERRAIN_RES = {"hills": "brick", "forest": "lumber", "pasture": "wool", "fields": "grain",
               "mountains": "ore", "desert": None}
COST = {
    "road": {"brick": 1, "lumber": 1},
    "settlement": {"brick": 1, "lumber": 1, "wool": 1, "grain": 1},
    "city": {"grain": 2, "ore": 3},
    "dev": {"wool": 1, "grain": 1, "ore": 1},
}
CORNER_OFF = [(0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1)]  # N NE SE S SW NW
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Topology:
    """Hex/vertex/edge ids exactly as lib/catan/board/topology.cpp numbers them (DESIGN.md 3)."""

    def __init__(self, axials):
        self.hexes = sorted(axials, key=lambda a: (a[1], a[0]))
        centres = [(2 * q + r, 3 * r) for q, r in self.hexes]
        pts = set()
        for cx, cy in centres:
            for dx, dy in CORNER_OFF:
                pts.add((cx + dx, cy + dy))
        line = lambda y: (y + 2) // 3  # noqa: E731  (floor division, as line_of)
        self.points = sorted(pts, key=lambda p: (line(p[1]), p[0]))
        vid = {p: i for i, p in enumerate(self.points)}
        self.hex_vertices = []
        for cx, cy in centres:
            self.hex_vertices.append([vid[(cx + dx, cy + dy)] for dx, dy in CORNER_OFF])
        pairs = set()
        for hv in self.hex_vertices:
            for k in range(6):
                a, b = hv[k], hv[(k + 1) % 6]
                pairs.add((min(a, b), max(a, b)))

        def mid(e):
            a, b = self.points[e[0]], self.points[e[1]]
            return (a[1] + b[1], a[0] + b[0])

        self.edges = sorted(pairs, key=mid)
        eid = {e: i for i, e in enumerate(self.edges)}
        self.hex_edges = []
        for hv in self.hex_vertices:
            self.hex_edges.append(
                [eid[(min(hv[k], hv[(k + 1) % 6]), max(hv[k], hv[(k + 1) % 6]))] for k in range(6)])
        nv = len(self.points)
        self.vertex_hexes = [[] for _ in range(nv)]
        for h, hv in enumerate(self.hex_vertices):
            for v in hv:
                self.vertex_hexes[v].append(h)
        self.vertex_edges = [[] for _ in range(nv)]
        for e, (a, b) in enumerate(self.edges):
            self.vertex_edges[a].append(e)
            self.vertex_edges[b].append(e)
        self.neighbours = [sorted(self.other(e, v) for e in self.vertex_edges[v]) for v in range(nv)]

    def other(self, e, v):
        a, b = self.edges[e]
        return b if a == v else a

    def edge_between(self, a, b):
        for e in self.vertex_edges[a]:
            if self.other(e, a) == b:
                return e
        raise AssertionError(f"vertices {a} and {b} are not neighbours")


class Board:
    def __init__(self, board_json):
        self.json = board_json
        hexes = board_json["hexes"]
        self.topo = Topology([(h["q"], h["r"]) for h in hexes])
        self.terrain = [h["terrain"] for h in hexes]
        self.token = [h.get("token") or 0 for h in hexes]
        self.robber = board_json.get("robber", self.terrain.index("desert"))
        self.harbor = {}  # vertex -> "3:1" or resource
        for hb in board_json.get("harbors", []):
            e = self.topo.hex_edges[hb["hex"]][["NE", "E", "SE", "SW", "W", "NW"].index(hb["side"])]
            for v in self.topo.edges[e]:
                self.harbor[v] = "3:1" if hb["type"] in ("3:1", "generic") else hb["type"]


def load_beginner():
    with open(os.path.join(ROOT, "samples", "boards", "beginner.json")) as f:
        return json.load(f)


def rmap(d):
    """A resource map without zero counts, keys in resource order."""
    return {r: d[r] for r in RES if d.get(r, 0)}


def total(d):
    return sum(d.values())


class Game:
    def __init__(self, seats, board_json=None, options=None, source=None, include_board=False):
        self.seats = seats
        self.n = len(seats)
        self.board_json = board_json or load_beginner()
        self.board = Board(self.board_json)
        self.topo = self.board.topo
        self.include_board = include_board or board_json is not None
        self.options = options
        self.source = source
        self.vp_to_win = (options or {}).get("vp_to_win", 10)
        # House rules (RULES.md "Variants").
        self.discard_limit = (options or {}).get("discard_limit", 7)
        self.friendly_robber = (options or {}).get("friendly_robber", False)
        # House rules that forbid: no 7 in rounds 1..no_seven_rounds, no 7 before the first
        # city (anyone's), the robber never to a desert, no offers or trades between players.
        self.no_seven_rounds = (options or {}).get("no_seven_rounds", 0)
        self.no_seven_until_city = (options or {}).get("no_seven_until_city", False)
        self.robber_not_to_desert = (options or {}).get("robber_not_to_desert", False)
        self.no_player_trades = (options or {}).get("no_player_trades", False)
        self.round = 0  # 1 from the first turn; +1 each time the turn passes the last seat
        # Other engines' readings (JSettlers2; RULES.md "Variants"). unlimited_bank: the
        # bank never runs short (a roll pays in full, the bank may pay a resource it holds
        # none of; its counts go below zero). special_building_any_order: the special
        # building parts come in any order, the ended turn's player's too, one a player a
        # phase. win_when_turn_passes: the next player holding vp_to_win in the phase wins
        # as the phase ends, before their roll.
        self.unlimited_bank = (options or {}).get("unlimited_bank", False)
        self.sb_any_order = (options or {}).get("special_building_any_order", False)
        self.win_when_turn_passes = (options or {}).get("win_when_turn_passes", False)
        # The 5-6 player extension: the 30-hex board, its bank and deck.
        self.extension = len(self.board.terrain) == 30
        assert self.n <= 4 or self.extension, "5 or 6 seats need the extended board"
        self.hand = [{r: 0 for r in RES} for _ in seats]
        self.bank = {r: 24 if self.extension else 19 for r in RES}
        self.deck = dict(zip(DEV, [20, 5, 3, 3, 3] if self.extension else [14, 5, 2, 2, 2]))
        self.dev_old = [{c: 0 for c in DEV} for _ in seats]
        self.dev_new = [{c: 0 for c in DEV} for _ in seats]
        self.played = [{c: 0 for c in DEV} for _ in seats]
        self.building = {}  # vertex -> (player, "settlement"|"city")
        self.roads = {}  # edge -> player
        self.robber = self.board.robber
        self.phase = "setup"
        self.turn = 0
        self.step = 0
        self.active = 0
        self.rolled = False
        self.dev_played = False
        self.discard_owed = {}
        self.robber_due = False
        self.free_roads = 0
        self.offer = None  # dict(from,to,give,get,accepted)
        self.longest = None
        self.army = None
        self.winner = None
        self.resigned = set()
        self.events = []
        self.last_received = None
        self.setup_vertex = None
        self.road_due = False
        self.ended_at = None
        # The special building phase (special-building, the 5-6 player extension): open
        # from a turn's end_turn (sb_after: that turn's player) to the next player's roll or
        # card; sb_builder: whose part is open; sb_served: seats after sb_after already past.
        self.sb_after = None
        self.sb_builder = None
        self.sb_served = 0
        # special_building_any_order: the players who have had a part in this phase.
        self.sb_parts = set()
        # win_when_turn_passes: the next player, holding vp_to_win in the phase, whose win
        # comes as the phase ends (the end of the log); their own turn may not begin.
        self.win_due = None

    # ---- helpers ----
    def p(self, name):
        return self.seats.index(name) if isinstance(name, str) else name

    def name(self, p):
        return self.seats[p]

    def setup_player(self, step):
        return step if step < self.n else 2 * self.n - 1 - step

    def pieces(self, p, kind):
        return sum(1 for v, (o, k) in self.building.items() if o == p and k == kind)

    def vp(self, p):
        v = self.pieces(p, "settlement") + 2 * self.pieces(p, "city")
        v += 2 * (self.longest == p) + 2 * (self.army == p)
        return v + self.dev_old[p]["victory_point"] + self.dev_new[p]["victory_point"]

    def public_vp(self, p):
        """VP that others can see (no victory point cards)."""
        v = self.pieces(p, "settlement") + 2 * self.pieces(p, "city")
        return v + 2 * (self.longest == p) + 2 * (self.army == p)

    def protected(self, p):
        """The friendly robber spares a player with 2 VP or fewer that others can see."""
        return self.friendly_robber and p not in self.resigned and self.public_vp(p) <= 2

    def robber_hexes(self):
        """Where the robber may go now (robber-move, the friendly robber's open hexes, or the
        deserts when none is open)."""
        out = []
        for h in range(len(self.board.terrain)):
            if h == self.robber:
                continue
            if self.robber_not_to_desert and self.board.terrain[h] == "desert":
                continue
            owners = {self.building[v][0] for v in self.topo.hex_vertices[h] if v in self.building}
            if not any(self.protected(o) for o in owners):
                out.append(h)
        if not out and self.friendly_robber:
            out = [h for h, t in enumerate(self.board.terrain) if t == "desert"]
        return out

    def hand_size(self, p):
        return total(self.hand[p])

    def has(self, p, cards):
        return all(self.hand[p][r] >= c for r, c in cards.items())

    def pay(self, p, cards):
        assert self.has(p, cards), f"{self.name(p)} cannot pay {cards}: holds {self.hand[p]}"
        for r, c in cards.items():
            self.hand[p][r] -= c
            self.bank[r] += c

    def take(self, p, cards):
        for r, c in cards.items():
            assert self.unlimited_bank or self.bank[r] >= c, f"bank lacks {r}"
            self.bank[r] -= c
            self.hand[p][r] += c

    def touches_own(self, p, e):
        """road-connected: e touches p's building or p's road through a vertex not held
        by an opponent."""
        for v in self.topo.edges[e]:
            b = self.building.get(v)
            if b and b[0] == p:
                return True
            if b and b[0] != p:
                continue
            for f in self.topo.vertex_edges[v]:
                if f != e and self.roads.get(f) == p:
                    return True
        return False

    def distance_ok(self, v):
        return v not in self.building and all(u not in self.building for u in self.topo.neighbours[v])

    def road_length(self, p):
        mine = [e for e, o in self.roads.items() if o == p]
        blocked = {v for v, (o, _) in self.building.items() if o != p}
        best = 0

        def walk(v, used, length):
            nonlocal best
            best = max(best, length)
            if v in blocked and length > 0:
                return
            for e in self.topo.vertex_edges[v]:
                if e in used or self.roads.get(e) != p:
                    continue
                used.add(e)
                walk(self.topo.other(e, v), used, length + 1)
                used.remove(e)

        for e in mine:
            for v in self.topo.edges[e]:
                walk(v, set(), 0)
        return best

    def update_awards(self):
        lengths = [self.road_length(p) for p in range(self.n)]
        h = self.longest
        top = max(lengths)
        if h is not None and lengths[h] >= 5 and lengths[h] >= top:
            pass
        elif top >= 5 and lengths.count(top) == 1:
            self.longest = lengths.index(top)
        else:
            self.longest = None
        knights = [self.played[p]["knight"] for p in range(self.n)]
        if self.army is None:
            cands = [p for p in range(self.n) if knights[p] >= 3]
            if cands:
                assert len(cands) == 1
                self.army = cands[0]
        else:
            best = max(range(self.n), key=lambda p: knights[p])
            if knights[best] > knights[self.army]:
                self.army = best

    def rollcheck(self, p):
        assert self.phase == "turn", "the game is not in its turns"
        assert self.sb_builder is None, "special-building: a special build part is open"
        assert p == self.active, f"{self.name(p)} is not active"
        assert not self.robber_due and not self.discard_owed, "a 7 is pending"

    def after_roll(self, p):
        self.rollcheck(p)
        assert self.rolled, "roll first"
        assert self.free_roads == 0

    def builder(self):
        """Who builds now: the player of an open special build part (no roll needed), else
        the active player after the roll."""
        if self.sb_builder is not None:
            return self.sb_builder
        self.after_roll(self.active)
        return self.active

    def own_turn_begins(self):
        """The next player's roll or card ends the special building phase (under
        win_when_turn_passes not while that player's win is due: it came as the turn
        passed)."""
        assert self.sb_builder is None, "special-building: a special build part is open"
        assert self.win_due is None, "game-over: the win came as the turn passed"
        self.sb_after = None

    def withdraw_offer(self):
        self.offer = None

    def claims_now(self, what):
        c = {}
        if "received" in what:
            c["received"] = {self.name(p): rmap(self.last_received[p]) for p in range(self.n)}
        if "longest_road" in what:
            c["longest_road"] = None if self.longest is None else self.name(self.longest)
        if "largest_army" in what:
            c["largest_army"] = None if self.army is None else self.name(self.army)
        if "vp" in what:
            c["vp"] = {self.name(p): self.vp(p) for p in range(self.n)}
        if "winner" in what:
            w = self.winner if self.winner is not None else self.win_due
            c["winner"] = None if w is None else self.name(w)
        if "hands" in what:
            c["hands"] = {self.name(p): rmap(self.hand[p]) for p in range(self.n)}
        if "bank" in what:
            c["bank"] = rmap(self.bank)
        return c

    def emit(self, ev, claims=(), note=None):
        assert not self.ended, "game-over: the game has ended"
        if self.phase == "turn" and self.winner is None and self.sb_after is None:
            self.update_awards()
            if self.vp(self.active) >= self.vp_to_win:
                self.winner = self.active
                self.phase = "over"
                self.ended_at = len(self.events)
        elif (self.phase == "turn" and self.winner is None and self.win_when_turn_passes
              and self.win_due is None):
            # In the special building phase: the next player (the active one) holding
            # vp_to_win wins as the phase ends; other parts may still come.
            self.update_awards()
            if self.vp(self.active) >= self.vp_to_win:
                self.win_due = self.active
        elif self.phase == "setup":
            self.update_awards()
        if claims:
            ev["claims"] = self.claims_now(claims) if not isinstance(claims, dict) else claims
        if note:
            ev["note"] = note
        self.events.append(ev)
        return len(self.events) - 1

    @property
    def ended(self):
        return self.ended_at is not None and self.ended_at < len(self.events)

    def raw(self, ev):
        """Appends an event as is (for invalid samples); returns its index."""
        self.events.append(ev)
        return len(self.events) - 1

    # ---- setup ----
    def place(self, name, v, e, claims=()):
        p = self.p(name)
        assert self.phase == "setup" and p == self.setup_player(self.step), "setup-order"
        assert self.distance_ok(v), f"distance-rule at {v}"
        self.building[v] = (p, "settlement")
        self.last_received = [{r: 0 for r in RES} for _ in range(self.n)]
        if self.step >= self.n:
            for h in self.topo.vertex_hexes[v]:
                r = TERRAIN_RES[self.board.terrain[h]]
                if r:
                    self.take(p, {r: 1})
                    self.last_received[p][r] += 1
        self.emit({"type": "place_settlement", "player": self.name(p), "vertex": v}, claims)
        assert e in self.topo.vertex_edges[v] and e not in self.roads, "setup-road-attached"
        self.roads[e] = p
        self.step += 1
        if self.step == 2 * self.n:
            self.phase = "turn"
            self.turn = 0
            self.active = 0
        self.emit({"type": "place_road", "player": self.name(p), "edge": e})

    # ---- turns ----
    def start_turn(self):
        self.turn += 1
        self.rolled = False
        self.dev_played = False
        for p in range(self.n):
            for c in DEV:
                self.dev_old[p][c] += self.dev_new[p][c]
                self.dev_new[p][c] = 0

    def production(self, s):
        owed = {r: [0] * self.n for r in RES}
        for h, tok in enumerate(self.board.token):
            if tok != s or h == self.robber:
                continue
            r = TERRAIN_RES[self.board.terrain[h]]
            for v in self.topo.hex_vertices[h]:
                b = self.building.get(v)
                if b and b[0] not in self.resigned:
                    owed[r][b[0]] += 1 if b[1] == "settlement" else 2
        got = [{r: 0 for r in RES} for _ in range(self.n)]
        for r in RES:
            need = sum(owed[r])
            owers = [p for p in range(self.n) if owed[r][p]]
            if need <= self.bank[r] or self.unlimited_bank:
                for p in owers:
                    got[p][r] = owed[r][p]
            elif len(owers) == 1:
                got[owers[0]][r] = self.bank[r]
        return got

    def roll(self, s, dice=None, claims=()):
        p = self.active
        if self.turn == 0 or self.rolled is None:
            pass
        assert self.phase == "turn" and not self.rolled and not self.robber_due
        assert self.free_roads == 0
        self.own_turn_begins()
        self.withdraw_offer()
        d = dice or ([min(6, s - 1), s - min(6, s - 1)])
        assert 1 <= d[0] <= 6 and 1 <= d[1] <= 6 and sum(d) == s
        if self.turn == 0:
            self.start_turn()
            self.round = 1
        if s == 7:
            assert not self.no_seven_rounds or self.round > self.no_seven_rounds, "no-seven-rounds"
            assert not self.no_seven_until_city or any(
                b[1] == "city" for b in self.building.values()), "no-seven-until-city"
        self.rolled = True
        self.last_received = [{r: 0 for r in RES} for _ in range(self.n)]
        if s == 7:
            for q in range(self.n):
                if q not in self.resigned and self.hand_size(q) > self.discard_limit:
                    self.discard_owed[q] = self.hand_size(q) // 2
            self.robber_due = True
        else:
            got = self.production(s)
            for q in range(self.n):
                self.take(q, got[q])
            self.last_received = got
        return self.emit({"type": "roll", "player": self.name(p), "dice": d}, claims)

    def discard(self, name, cards):
        p = self.p(name)
        assert self.discard_owed.get(p) == total(cards), "discard-half"
        self.pay(p, cards)
        del self.discard_owed[p]
        return self.emit({"type": "discard", "player": self.name(p), "cards": rmap(cards)})

    def victims(self, hex_):
        out = set()
        for v in self.topo.hex_vertices[hex_]:
            b = self.building.get(v)
            if b and b[0] != self.active and self.hand_size(b[0]) > 0 and b[0] not in self.resigned:
                if not self.friendly_robber or self.public_vp(b[0]) >= 3:
                    out.add(b[0])
        return out

    def move_robber(self, hex_, victim=None, stolen=None, claims=()):
        p = self.active
        assert self.robber_due and not self.discard_owed, "pending-seven"
        assert hex_ in self.robber_hexes(), f"robber-move: hex {hex_}"
        vs = self.victims(hex_)
        ev = {"type": "move_robber", "player": self.name(p), "hex": hex_}
        self.robber = hex_
        if victim is None:
            assert not vs, f"robber-steal: must steal from one of {vs}"
        else:
            v = self.p(victim)
            assert v in vs, "robber-steal"
            if stolen is None:
                stolen = next(r for r in RES if self.hand[v][r])
            assert self.hand[v][stolen] > 0
            self.hand[v][stolen] -= 1
            self.hand[p][stolen] += 1
            ev["victim"] = self.name(v)
            ev["stolen"] = stolen
        self.robber_due = False
        return self.emit(ev, claims)

    def trade_bank(self, give, get, claims=()):
        p = self.active
        self.after_roll(p)
        self.withdraw_offer()
        # A player may always use a worse rate they are entitled to, and bundles of one
        # resource may mix rates: the possible bundle counts of each resource given, added.
        harbors = {self.board.harbor[v] for v, (o, _) in self.building.items()
                   if o == p and v in self.board.harbor}
        possible = {0}
        for r, c in give.items():
            sizes = {4} | ({3} if "3:1" in harbors else set()) | ({2} if r in harbors else set())
            counts = [set() for _ in range(c + 1)]  # counts[n]: bundle counts summing to n cards
            counts[0].add(0)
            for n in range(1, c + 1):
                for size in sizes:
                    if n >= size:
                        counts[n] |= {k + 1 for k in counts[n - size]}
            assert counts[c], f"maritime-rate {c} {r} at rates {sorted(sizes)}"
            possible = {a + b for a in possible for b in counts[c]}
        assert total(get) in possible, f"maritime-rate: {total(get)} cards for {give}"
        assert not set(give) & set(get)
        self.pay(p, give)
        self.take(p, get)
        return self.emit({"type": "trade_bank", "player": self.name(p), "give": rmap(give),
                          "get": rmap(get)}, claims)

    def trade_offer(self, to, give, get):
        p = self.active
        assert not self.no_player_trades, "no-player-trades"
        self.after_roll(p)
        self.offer = {"from": p, "to": self.p(to), "give": give, "get": get, "accepted": False}
        return self.emit({"type": "trade_offer", "player": self.name(p), "to": to,
                          "give": rmap(give), "get": rmap(get)})

    def trade_accept(self, name):
        assert self.offer and self.offer["to"] == self.p(name)
        self.offer["accepted"] = True
        return self.emit({"type": "trade_accept", "player": name})

    def trade_reject(self, name):
        assert self.offer and self.offer["to"] == self.p(name)
        self.offer = None
        return self.emit({"type": "trade_reject", "player": name})

    def trade_cancel(self):
        assert self.offer
        self.offer = None
        return self.emit({"type": "trade_cancel", "player": self.name(self.active)})

    def trade_player(self, partner, give, get, claims=()):
        p = self.active
        assert not self.no_player_trades, "no-player-trades"
        self.after_roll(p)
        q = self.p(partner)
        if self.offer and self.offer["to"] == q:  # a trade with another partner withdraws it
            o = self.offer
            assert o["accepted"] and o["give"] == give and o["get"] == get
        assert q != p and total(give) and total(get) and not set(give) & set(get)
        assert self.has(p, give) and self.has(q, get)
        for r, c in give.items():
            self.hand[p][r] -= c
            self.hand[q][r] += c
        for r, c in get.items():
            self.hand[q][r] -= c
            self.hand[p][r] += c
        self.offer = None
        return self.emit({"type": "trade_player", "player": self.name(p), "partner": partner,
                          "give": rmap(give), "get": rmap(get)}, claims)

    def build_road(self, e, claims=()):
        p = self.sb_builder
        if p is None:
            p = self.active
            self.rollcheck(p)
        self.withdraw_offer()
        assert e not in self.roads and self.touches_own(p, e), f"road-connected {e}"
        assert sum(1 for o in self.roads.values() if o == p) < 15, "piece-limit"
        if self.free_roads:
            self.free_roads -= 1
        else:
            assert self.rolled or self.sb_builder is not None
            self.pay(p, COST["road"])
        self.roads[e] = p
        return self.emit({"type": "build_road", "player": self.name(p), "edge": e}, claims)

    def build_settlement(self, v, claims=()):
        p = self.builder()
        self.withdraw_offer()
        assert self.distance_ok(v), f"distance-rule {v}"
        assert any(self.roads.get(e) == p for e in self.topo.vertex_edges[v]), "settlement-connected"
        assert self.pieces(p, "settlement") < 5, "piece-limit"
        self.pay(p, COST["settlement"])
        self.building[v] = (p, "settlement")
        return self.emit({"type": "build_settlement", "player": self.name(p), "vertex": v}, claims)

    def build_city(self, v, claims=()):
        p = self.builder()
        self.withdraw_offer()
        assert self.building.get(v) == (p, "settlement"), "city-on-settlement"
        assert self.pieces(p, "city") < 4, "piece-limit"
        self.pay(p, COST["city"])
        self.building[v] = (p, "city")
        return self.emit({"type": "build_city", "player": self.name(p), "vertex": v}, claims)

    def buy_dev(self, card, claims=()):
        p = self.builder()
        self.withdraw_offer()
        assert self.deck[card] > 0, "deck-empty"
        self.pay(p, COST["dev"])
        self.deck[card] -= 1
        # special-building: a card bought there is not new on the buyer's next own turn.
        (self.dev_new if self.sb_builder is None else self.dev_old)[p][card] += 1
        return self.emit({"type": "buy_dev_card", "player": self.name(p), "card": card}, claims)

    def _play(self, card):
        p = self.active
        assert self.phase == "turn" and not self.dev_played and not self.discard_owed
        assert not self.robber_due and self.free_roads == 0
        assert self.dev_old[p][card] > 0, f"dev-card-held {card}"
        self.own_turn_begins()
        self.withdraw_offer()
        if not self.rolled and self.turn == 0:
            self.start_turn()
        self.dev_old[p][card] -= 1
        self.played[p][card] += 1
        self.dev_played = True
        return p

    def play_knight(self, claims=()):
        p = self._play("knight")
        self.robber_due = True
        return self.emit({"type": "play_knight", "player": self.name(p)}, claims)

    def play_road_building(self):
        p = self._play("road_building")
        self.free_roads = min(2, 15 - sum(1 for o in self.roads.values() if o == p))
        return self.emit({"type": "play_road_building", "player": self.name(p)})

    def play_year_of_plenty(self, take, claims=()):
        p = self._play("year_of_plenty")
        assert total(take) == 2
        self.take(p, take)
        return self.emit({"type": "play_year_of_plenty", "player": self.name(p),
                          "take": rmap(take)}, claims)

    def play_monopoly(self, r, claims=()):
        p = self._play("monopoly")
        for q in range(self.n):
            if q != p:
                self.hand[p][r] += self.hand[q][r]
                self.hand[q][r] = 0
        return self.emit({"type": "play_monopoly", "player": self.name(p), "resource": r}, claims)

    def end_turn(self, claims=()):
        if self.sb_builder is not None:  # the end of a special build part
            p, self.sb_builder = self.sb_builder, None
            return self.emit({"type": "end_turn", "player": self.name(p)}, claims)
        p = self.active
        self.after_roll(p)
        self.withdraw_offer()
        q = (p + 1) % self.n
        while q in self.resigned:
            q = (q + 1) % self.n
        if q <= p:
            self.round += 1
        self.active = q
        self.start_turn()
        if self.extension:
            self.sb_after, self.sb_served, self.sb_parts = p, 0, set()
        return self.emit({"type": "end_turn", "player": self.name(p)}, claims)

    def special_build(self, name):
        """special-building: opens `name`'s part of the phase (in seat order after the
        player whose turn ended, that player excluded; under special_building_any_order
        in any order, that player too, one part a player)."""
        p = self.p(name)
        assert self.extension, "special-building: the 5-6 player extension only"
        assert self.sb_after is not None and self.sb_builder is None, "special-building: no phase"
        assert p not in self.resigned, "special-building: resigned"
        if self.sb_any_order:
            assert p not in self.sb_parts, "special-building: a second part"
            self.sb_parts.add(p)
            self.sb_builder = p
            # JSettlers2 begins the turn of the player whose turn comes again after its part
            if p == self.active and p == min(q for q in range(self.n) if q not in self.resigned):
                self.round += 1
        else:
            seat = (p - self.sb_after) % self.n
            assert seat > self.sb_served, "special-building: seat order"
            self.sb_builder, self.sb_served = p, seat
        return self.emit({"type": "special_build", "player": self.name(p)})

    def resign(self, name, claims=()):
        assert not self.ended
        p = self.p(name)
        assert p == self.active and self.sb_builder is None and self.win_due is None
        # special-building: the next player resigning does not end the phase; it lasts
        # until the following player's own turn begins (its roll or a card).
        self.resigned.add(p)
        self.pay(p, dict(self.hand[p]))
        ev = {"type": "resign", "player": self.name(p)}
        left = [q for q in range(self.n) if q not in self.resigned]
        if len(left) == 1:
            self.winner = left[0]
            self.phase = "over"
            self.ended_at = len(self.events)
        else:
            q = (p + 1) % self.n
            while q in self.resigned:
                q = (q + 1) % self.n
            if q <= p:
                self.round += 1
            self.active = q
            self.start_turn()
        if claims:
            ev["claims"] = self.claims_now(claims)
        self.events.append(ev)
        return len(self.events) - 1

    # ---- steering ----
    def sum_for(self, p, want):
        """A dice sum (not 7) that gives player p a card of resource `want`, preferring
        sums that give p the most of it."""
        best, best_n = None, 0
        for s in (6, 8, 5, 9, 4, 10, 3, 11, 2, 12):
            got = self.production(s)[p].get(want, 0)
            if got > best_n:
                best, best_n = s, got
        assert best, f"{self.name(p)} has no hex producing {want}"
        return best

    def gather(self, name, need):
        """Plays whole turns (roll, end_turn) steering the dice until player `name` is
        active, has rolled and holds `need`. Returns with that player's turn open."""
        p = self.p(name)
        while True:
            missing = [r for r in RES if self.hand[p][r] < need.get(r, 0)]
            if self.active == p and self.rolled and not missing:
                return
            if not self.rolled:
                if missing:
                    self.roll(self.sum_for(p, missing[0]))
                else:
                    self.roll(12 if self.production(12) == self.production(2) else 2)
                continue
            self.end_turn()

    # ---- output ----
    def header(self):
        h = {"format": "catan-log", "version": 1}
        if self.options:
            h["options"] = self.options
        h["seats"] = [{"name": s, "color": s} for s in self.seats]
        if self.include_board:
            h["board"] = self.board_json
        if self.source:
            h["source"] = self.source
        return h

    def document(self, events=None):
        return dict(self.header(), events=list(self.events if events is None else events))


def dumps_doc(doc):
    """A log document with one event per line (readable in a diff)."""
    head = {k: v for k, v in doc.items() if k != "events"}
    lines = ["{"]
    for k, v in head.items():
        lines.append(f"  {json.dumps(k)}: {json.dumps(v)},")
    lines.append('  "events": [')
    evs = [json.dumps(e) for e in doc["events"]]
    for i, e in enumerate(evs):
        lines.append("    " + e + ("," if i + 1 < len(evs) else ""))
    lines.append("  ]")
    lines.append("}")
    return "\n".join(lines) + "\n"


def dumps_jsonl(doc):
    head = {k: v for k, v in doc.items() if k != "events"}
    return "\n".join([json.dumps(head)] + [json.dumps(e) for e in doc["events"]]) + "\n"

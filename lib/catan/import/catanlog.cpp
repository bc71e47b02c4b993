#include <catan/import/catanlog.hpp>

#include <algorithm>
#include <array>
#include <charconv>
#include <map>
#include <optional>
#include <utility>

#include <fmt/format.h>

namespace ctk {

namespace {

// Tile 1..19 (index tile - 1) -> our hex id: the counter-clockwise spiral from the
// north-west tile (see catanlog.hpp).
constexpr std::array<HexId, 19> kTileHex{0, 3, 7, 12, 16, 17, 18, 15, 11, 6,
                                         2, 1, 4, 8,  13, 14, 10, 5,  9};

std::string_view trim(std::string_view s) {
    std::size_t a = s.find_first_not_of(" \t\r");
    if (a == std::string_view::npos) return {};
    std::size_t b = s.find_last_not_of(" \t\r");
    return s.substr(a, b - a + 1);
}

bool eat(std::string_view& s, std::string_view prefix) {
    if (!s.starts_with(prefix)) return false;
    s.remove_prefix(prefix.size());
    return true;
}

std::optional<int> to_int(std::string_view s) {
    int v = 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || p != s.data() + s.size()) return std::nullopt;
    return v;
}

std::optional<Resource> resource_word(std::string_view w) {
    if (w == "brick") return Resource::kBrick;
    if (w == "wood" || w == "lumber") return Resource::kLumber;
    if (w == "sheep" || w == "wool") return Resource::kWool;
    if (w == "wheat" || w == "grain") return Resource::kGrain;
    if (w == "ore") return Resource::kOre;
    return std::nullopt;
}

std::optional<Terrain> terrain_word(std::string_view w) {
    if (w == "desert") return Terrain::kDesert;
    auto r = resource_word(w);
    if (!r) return std::nullopt;
    switch (*r) {
        case Resource::kBrick:
            return Terrain::kHills;
        case Resource::kLumber:
            return Terrain::kForest;
        case Resource::kWool:
            return Terrain::kPasture;
        case Resource::kGrain:
            return Terrain::kFields;
        case Resource::kOre:
            return Terrain::kMountains;
    }
    return std::nullopt;
}

std::vector<std::string_view> words(std::string_view s) {
    std::vector<std::string_view> out;
    std::size_t pos = 0;
    while (pos < s.size()) {
        std::size_t a = s.find_first_not_of(' ', pos);
        if (a == std::string_view::npos) break;
        std::size_t b = s.find(' ', a);
        if (b == std::string_view::npos) b = s.size();
        out.push_back(s.substr(a, b - a));
        pos = b;
    }
    return out;
}

// One body line read: who, what kind of entry, and the events it stands for.
struct Entry {
    enum class Kind : std::uint8_t { kRoll, kEndTurn, kAction, kWin, kRevealVp };
    int line = 0;
    PlayerId player = kNoPlayer;
    Kind kind = Kind::kAction;
    std::vector<EventBody> events;
    std::string text;    // the line (or the part of a glued line) as written
    bool build = false;  // a settlement, road or city at a location
};

class Reader {
  public:
    Reader(std::string_view text, std::string_view name, std::vector<ImportWarning>* warnings)
        : text_(text), name_(name), warnings_(warnings) {}

    GameLog run() {
        read_header();
        std::vector<Entry> entries;
        while (pos_ < text_.size()) {
            std::string_view raw = take_line(text_, pos_);
            ++line_;
            std::string_view l = trim(raw);
            if (l.empty()) continue;
            for (std::string_view part : split_glued(l)) read_body_line(part, entries);
        }
        assemble(entries);
        return std::move(log_);
    }

  private:
    [[noreturn]] void fail(const std::string& what) const {
        throw InputError(fmt::format("{}:{}: {}", name_, line_, what));
    }
    void warn(int line, std::string message) {
        if (warnings_) warnings_->push_back(ImportWarning{line, std::move(message)});
    }

    // ---- header ----

    std::string_view next_header_line(std::string_view what) {
        while (pos_ < text_.size()) {
            std::string_view l = trim(take_line(text_, pos_));
            ++line_;
            if (!l.empty()) return l;
        }
        fail(fmt::format("the file ends in the header (expected {})", what));
    }

    std::string_view header_field(std::string_view key) {
        std::string_view l = next_header_line(fmt::format("\"{}: ...\"", key));
        if (!eat(l, key) || !eat(l, ":"))
            fail(fmt::format("expected \"{}: ...\", got \"{}\"", key, l));
        return trim(l);
    }

    void read_header() {
        std::string_view first = next_header_line("\"catanlog vX.Y.Z\"");
        std::string_view v = first;
        if (!eat(v, "catanlog "))
            fail(fmt::format("expected \"catanlog vX.Y.Z\", got \"{}\"", first));
        v = trim(v);
        eat(v, "v");
        version_ = std::string(v);
        auto dot = v.find('.');
        auto major = to_int(v.substr(0, dot));
        auto minor = dot == std::string_view::npos
                         ? std::nullopt
                         : to_int(v.substr(dot + 1, v.find('.', dot + 1) - dot - 1));
        if (!major || !minor)
            fail(fmt::format("expected a version X.Y.Z after \"catanlog\", got \"{}\"", v));
        if (*major != 0 || *minor < 4 || *minor > 10)
            warn(line_, fmt::format("catanlog version {} is outside 0.4 to 0.10, the "
                                    "versions this importer was written for",
                                    version_));
        std::string_view stamp = header_field("timestamp");
        std::string_view count = header_field("players");
        auto n = to_int(count);
        if (!n || *n < 2 || *n > 4)
            fail(fmt::format("players: expected 2 to 4 players, got \"{}\"", count));
        std::vector<std::pair<int, Seat>> seats;
        for (int i = 0; i < *n; ++i) seats.push_back(read_player());
        std::stable_sort(seats.begin(), seats.end(),
                         [](const auto& a, const auto& b) { return a.first < b.first; });
        for (auto& [num, seat] : seats) {
            (void)num;
            colour_[seat.color] = static_cast<PlayerId>(log_.seats.size());
            log_.seats.push_back(std::move(seat));
        }
        read_board();
        std::string_view start = next_header_line("\"...CATAN!\"");
        if (start != "...CATAN!") fail(fmt::format("expected \"...CATAN!\", got \"{}\"", start));
        log_.unrecorded.discards = true;
        log_.source = fmt::format(
            "catan-import --from catanlog {} (catanlog {} transcript of "
            "{}, spectator view: no discards, stolen or bought cards)",
            name_, version_, stamp);
    }

    std::pair<int, Seat> read_player() {
        std::string_view l = next_header_line("\"name: ..., color: ..., seat: N\"");
        std::string_view rest = l;
        auto c1 = rest.find(", color: ");
        auto c2 = rest.find(", seat: ");
        if (!eat(rest, "name: ") || c1 == std::string_view::npos || c2 == std::string_view::npos ||
            c2 < c1)
            fail(fmt::format("expected \"name: NAME, color: COLOUR, seat: N\", got \"{}\"", l));
        Seat seat;
        seat.name = std::string(trim(l.substr(6, c1 - 6)));
        seat.color = std::string(trim(l.substr(c1 + 9, c2 - c1 - 9)));
        auto num = to_int(trim(l.substr(c2 + 8)));
        if (seat.name.empty() || seat.color.empty() || !num)
            fail(fmt::format("expected \"name: NAME, color: COLOUR, seat: N\", got \"{}\"", l));
        if (colour_.count(seat.color) || seen_names_.count(seat.name))
            fail(fmt::format("player \"{}\" / colour \"{}\" given twice", seat.name, seat.color));
        colour_[seat.color] = kNoPlayer;
        seen_names_[seat.name] = 1;
        seat.source_seat = *num;
        return {*num, std::move(seat)};
    }

    void read_board() {
        auto terrain = words(header_field("terrain"));
        if (terrain.size() != 19)
            fail(fmt::format("terrain: expected 19 tiles, got {}", terrain.size()));
        auto numbers = words(header_field("numbers"));
        if (numbers.size() != 19)
            fail(fmt::format("numbers: expected 19 tokens, got {}", numbers.size()));
        Board board(std::make_shared<const Topology>(Topology::standard()));
        std::optional<HexId> desert;
        for (int t = 0; t < 19; ++t) {
            auto ter = terrain_word(terrain[static_cast<std::size_t>(t)]);
            if (!ter)
                fail(
                    fmt::format("terrain: tile {}: expected brick, wood, sheep, wheat, ore or "
                                "desert, got \"{}\"",
                                t + 1, terrain[static_cast<std::size_t>(t)]));
            std::string_view num = numbers[static_cast<std::size_t>(t)];
            int token = 0;
            if (num != "None") {
                auto v = to_int(num);
                if (!v || *v < 2 || *v > 12 || *v == 7)
                    fail(fmt::format("numbers: tile {}: expected 2..6, 8..12 or None, got \"{}\"",
                                     t + 1, num));
                token = *v;
            }
            HexId h = kTileHex[static_cast<std::size_t>(t)];
            board.set_hex(h, *ter, token);
            if (*ter == Terrain::kDesert && !desert) desert = h;
        }
        if (desert) board.set_robber(*desert);
        std::string_view ports = header_field("ports");
        std::size_t p = 0;
        while (true) {
            std::size_t a = ports.find_first_not_of(' ', p);
            if (a == std::string_view::npos) break;
            std::size_t open = ports.find('(', a), close = ports.find(')', a);
            if (open == std::string_view::npos || close == std::string_view::npos || close < open)
                fail(fmt::format("ports: expected \"type(tile side)\", got \"{}\"",
                                 ports.substr(a)));
            std::string_view type = ports.substr(a, open - a);
            std::optional<HarborKind> kind;
            if (type == "3:1")
                kind = HarborKind::kGeneric;
            else if (auto r = resource_word(type))
                kind = harbor_of(*r);
            if (!kind)
                fail(
                    fmt::format("ports: expected 3:1, brick, wood, sheep, wheat or ore, got "
                                "\"{}\"",
                                type));
            auto [hex, side] = location(ports.substr(open, close - open + 1));
            auto s = parse_side(side);
            if (!s)
                fail(
                    fmt::format("ports: expected a side NE, E, SE, SW, W or NW, got \"{}\"", side));
            try {
                board.add_harbor(HexSide{hex, *s}, *kind);
            } catch (const InputError& e) {
                fail(fmt::format("ports: {}", e.what()));
            }
            p = close + 1;
        }
        log_.board = std::move(board);
    }

    // "(tile dir)" -> our hex and the direction word.
    std::pair<HexId, std::string_view> location(std::string_view s) {
        std::string_view in = trim(s);
        if (in.size() < 5 || in.front() != '(' || in.back() != ')')
            fail(fmt::format("expected a location \"(tile direction)\", got \"{}\"", s));
        auto w = words(in.substr(1, in.size() - 2));
        if (w.size() != 2)
            fail(fmt::format("expected a location \"(tile direction)\", got \"{}\"", s));
        auto t = to_int(w[0]);
        std::optional<HexId> h = t ? catanlog_hex(*t) : std::nullopt;
        if (!h) fail(fmt::format("expected a tile 1..19, got \"{}\"", w[0]));
        return {*h, w[1]};
    }

    VertexId vertex(std::string_view s) {
        auto [h, d] = location(s);
        auto c = parse_corner(d);
        if (!c) fail(fmt::format("expected a corner N, NE, SE, S, SW or NW, got \"{}\"", d));
        return Topology::standard().hex_vertices(h)[static_cast<std::size_t>(*c)];
    }

    EdgeId edge(std::string_view s) {
        auto [h, d] = location(s);
        auto side = parse_side(d);
        if (!side) fail(fmt::format("expected a side NE, E, SE, SW, W or NW, got \"{}\"", d));
        return Topology::standard().hex_edges(h)[static_cast<std::size_t>(*side)];
    }

    HexId tile(std::string_view s) {
        auto t = to_int(trim(s));
        std::optional<HexId> h = t ? catanlog_hex(*t) : std::nullopt;
        if (!h) fail(fmt::format("expected a tile 1..19, got \"{}\"", trim(s)));
        return *h;
    }

    PlayerId player(std::string_view colour) {
        auto it = colour_.find(std::string(colour));
        if (it == colour_.end()) {
            std::string known;
            for (const Seat& s : log_.seats) known += (known.empty() ? "" : ", ") + s.color;
            fail(fmt::format("expected a player's colour ({}), got \"{}\"", known, colour));
        }
        return it->second;
    }

    Resource resource(std::string_view w) {
        auto r = resource_word(trim(w));
        if (!r)
            fail(fmt::format("expected a resource (brick, wood, sheep, wheat, ore), got \"{}\"",
                             trim(w)));
        return *r;
    }

    // "[N r, N r]" -> cards.
    ResourceCounts cards(std::string_view s) {
        std::string_view in = trim(s);
        if (in.size() < 2 || in.front() != '[' || in.back() != ']')
            fail(fmt::format("expected cards \"[N resource, ...]\", got \"{}\"", s));
        ResourceCounts out{};
        std::string_view body = in.substr(1, in.size() - 2);
        std::size_t p = 0;
        while (p <= body.size()) {
            std::size_t comma = body.find(',', p);
            std::string_view item = trim(body.substr(
                p, comma == std::string_view::npos ? std::string_view::npos : comma - p));
            auto w = words(item);
            auto n = w.size() == 2 ? to_int(w[0]) : std::nullopt;
            if (!n || *n < 1 || *n > 19)
                fail(fmt::format("expected \"N resource\" in \"{}\", got \"{}\"", in, item));
            out[static_cast<std::size_t>(resource(w[1]))] += *n;
            if (comma == std::string_view::npos) break;
            p = comma + 1;
        }
        return out;
    }

    // A port trade whose line was cut after its first bracket runs straight into the next
    // line ("white trades [2 wood]white buys dev card"): split after "]" wherever a
    // player's colour follows it directly.
    std::vector<std::string_view> split_glued(std::string_view l) const {
        std::vector<std::string_view> parts;
        std::size_t start = 0;
        for (std::size_t i = 0; i + 1 < l.size(); ++i) {
            if (l[i] != ']') continue;
            std::string_view after = l.substr(i + 1);
            for (const Seat& s : log_.seats)
                if (after.starts_with(s.color + " ")) {
                    parts.push_back(l.substr(start, i + 1 - start));
                    start = i + 1;
                    break;
                }
        }
        parts.push_back(l.substr(start));
        return parts;
    }

    // "moves robber to T, steals from C" -> move_robber.
    MoveRobber robber(PlayerId p, std::string_view rest) {
        std::string_view r = rest;
        auto comma = r.find(", steals from ");
        if (!eat(r, "moves robber to ") || comma == std::string_view::npos)
            fail(fmt::format("expected \"moves robber to T, steals from COLOUR\", got \"{}\"",
                             rest));
        HexId h = tile(rest.substr(16, comma - 16));
        std::string_view victim = trim(rest.substr(comma + 14));
        return MoveRobber{p, h, victim == "nobody" ? kNoPlayer : player(victim), std::nullopt};
    }

    void read_body_line(std::string_view l, std::vector<Entry>& out) {
        Entry e;
        e.line = line_;
        e.text = std::string(l);
        std::size_t sp = l.find(' ');
        if (sp == std::string_view::npos)
            fail(fmt::format("expected \"COLOUR action\", got \"{}\"", l));
        PlayerId p = player(l.substr(0, sp));
        e.player = p;
        std::string_view a = l.substr(sp + 1);
        if (eat(a, "rolls ")) {
            std::string_view n = trim(a);
            if (n.ends_with("...DEUCES!")) n = trim(n.substr(0, n.size() - 10));
            auto sum = to_int(n);
            if (!sum || *sum < 2 || *sum > 12)
                fail(fmt::format("expected a roll 2..12, got \"{}\"", trim(a)));
            e.kind = Entry::Kind::kRoll;
            e.events.emplace_back(Roll{p, 0, *sum});
        } else if (a == "ends turn" || a.starts_with("ends turn after ")) {
            e.kind = Entry::Kind::kEndTurn;
            e.events.emplace_back(EndTurn{p});
        } else if (a == "wins") {
            e.kind = Entry::Kind::kWin;
        } else if (a == "plays victory point" || a == "plays dev card: victory point") {
            e.kind = Entry::Kind::kRevealVp;
        } else if (eat(a, "buys settlement, builds at ")) {
            e.build = true;
            e.events.emplace_back(BuildSettlement{p, vertex(a)});
        } else if (eat(a, "buys city, builds at ")) {
            e.build = true;
            e.events.emplace_back(BuildCity{p, vertex(a)});
        } else if (eat(a, "buys road, builds at ")) {
            e.build = true;
            e.events.emplace_back(BuildRoad{p, edge(a)});
        } else if (a == "buys dev card") {
            e.events.emplace_back(BuyDevCard{p, std::nullopt});
        } else if (a.starts_with("moves robber to ")) {
            e.events.emplace_back(robber(p, a));
        } else if (a == "plays knight") {
            e.events.emplace_back(PlayKnight{p});
        } else if (eat(a, "plays dev card: knight, ")) {
            e.events.emplace_back(PlayKnight{p});
            e.events.emplace_back(robber(p, a));
        } else if (eat(a, "plays monopoly on ") || eat(a, "plays dev card: monopoly on ")) {
            e.events.emplace_back(PlayMonopoly{p, resource(a), std::nullopt});
        } else if (eat(a, "plays year of plenty, takes ") ||
                   eat(a, "plays dev card: year of plenty, takes ")) {
            auto and_ = a.find(" and ");
            if (and_ == std::string_view::npos)
                fail(fmt::format("expected \"takes R and R\", got \"{}\"", a));
            ResourceCounts take{};
            ++take[static_cast<std::size_t>(resource(a.substr(0, and_)))];
            ++take[static_cast<std::size_t>(resource(a.substr(and_ + 5)))];
            e.events.emplace_back(PlayYearOfPlenty{p, take});
        } else if (eat(a, "plays road builder, builds at ") ||
                   eat(a, "plays dev card: road builder, builds at ")) {
            auto and_ = a.find(" and ");
            e.events.emplace_back(PlayRoadBuilding{p});
            e.events.emplace_back(BuildRoad{p, edge(a.substr(0, and_))});
            if (and_ != std::string_view::npos)
                e.events.emplace_back(BuildRoad{p, edge(a.substr(and_ + 5))});
        } else if (eat(a, "trades ")) {
            if (!read_trade(p, a, e)) return;
        } else {
            fail(fmt::format("unknown action \"{}\"", a));
        }
        out.push_back(std::move(e));
    }

    // "[..] to player C for [..]" or "[..] to port P for [..]"; false when the line is a
    // port trade cut off after its first bracket (dropped with a warning).
    bool read_trade(PlayerId p, std::string_view a, Entry& e) {
        std::size_t close = a.find(']');
        if (close == std::string_view::npos)
            fail(fmt::format("expected \"trades [cards] to ...\", got \"{}\"", a));
        ResourceCounts give = cards(a.substr(0, close + 1));
        std::string_view rest = trim(a.substr(close + 1));
        if (rest.empty()) {
            warn(line_, fmt::format("a trade cut off after \"{}\" (the port and the cards "
                                    "received are missing): dropped",
                                    a.substr(0, close + 1)));
            return false;
        }
        auto for_ = rest.find(" for ");
        if (for_ == std::string_view::npos)
            fail(fmt::format("expected \"to ... for [cards]\", got \"{}\"", rest));
        ResourceCounts get = cards(rest.substr(for_ + 5));
        std::string_view to = rest.substr(0, for_);
        if (eat(to, "to player ")) {
            e.events.emplace_back(TradePlayer{p, player(trim(to)), give, get});
        } else if (eat(to, "to port ")) {
            to = trim(to);
            if (to != "4:1" && to != "3:1" && !resource_word(to))
                fail(
                    fmt::format("expected a port 4:1, 3:1, brick, wood, sheep, wheat or ore, "
                                "got \"{}\"",
                                to));
            e.events.emplace_back(TradeBank{p, give, get});
        } else {
            fail(fmt::format("expected \"to player COLOUR\" or \"to port P\", got \"{}\"", to));
        }
        return true;
    }

    // ---- turn structure and noise ----

    void emit(const Entry& e) {
        for (const EventBody& b : e.events) log_.events.push_back(Event{b, nullptr, e.line});
    }

    // Where the assembly of the entries into events stands (assemble).
    struct LastEnd {
        std::size_t event = 0;
        PlayerId player = kNoPlayer;
        int line = 0;
    };
    struct Assembly {
        bool setup = true;
        PlayerId active = kNoPlayer;
        bool rolled = false, acted = false;
        std::optional<LastEnd> last_end;
        std::optional<LastEnd> open_settlement;  // setup: a settlement still without its road
        std::optional<Entry> held_roll;          // a roll entered before the previous turn ended
        std::optional<PlayerId> winner;
        int winner_line = 0;
    };

    // The entries in order, as events: the setup's pieces placed, the corrections a
    // transcript makes by writing a line again undone (each with a warning), the winner a
    // claim on the last event.
    void assemble(std::vector<Entry>& entries) {
        Assembly a;
        const std::string* prev_text = nullptr;
        int prev_line = 0;
        for (Entry& e : entries) {
            const bool repeat = prev_text && *prev_text == e.text;
            const int repeat_of = prev_line;
            prev_text = &e.text;
            prev_line = e.line;
            if (e.kind == Entry::Kind::kWin) {
                a.winner = e.player;
                a.winner_line = e.line;
                continue;
            }
            if (e.kind == Entry::Kind::kRevealVp) {
                check_reveal(entries, e);
                continue;
            }
            if (a.setup) {
                if (e.kind != Entry::Kind::kRoll) {
                    assemble_setup(a, e);
                    continue;
                }
                a.setup = false;
            }
            if (repeat && e.kind == Entry::Kind::kAction) {
                if (e.build) {
                    warn(e.line, fmt::format("\"{}\" repeats line {}; the same piece cannot be "
                                             "built twice at one place: dropped",
                                             e.text, repeat_of));
                    continue;
                }
                warn(e.line, fmt::format("\"{}\" repeats line {}; kept (the rules allow it "
                                         "twice)",
                                         e.text, repeat_of));
            }
            place_held_roll(a, e);
            switch (e.kind) {
                case Entry::Kind::kRoll:
                    on_roll(a, e);
                    break;
                case Entry::Kind::kEndTurn:
                    on_end_turn(a, e);
                    break;
                case Entry::Kind::kAction:
                    on_action(a, e);
                    break;
                case Entry::Kind::kWin:
                case Entry::Kind::kRevealVp:
                    break;
            }
        }
        finish_assembly(a);
    }

    // A victory point card shown is kept only as part of the win that follows it.
    void check_reveal(const std::vector<Entry>& entries, const Entry& e) {
        const Entry* next = &e + 1;
        while (next != entries.data() + entries.size() && next->kind == Entry::Kind::kRevealVp)
            ++next;
        if (next == entries.data() + entries.size() || next->kind != Entry::Kind::kWin ||
            next->player != e.player)
            warn(e.line, fmt::format("{} shows a victory point card without winning: "
                                     "no claim can state one card, so it is not kept",
                                     color(e.player)));
    }

    // An entry of the setup: builds are placements; a second settlement before the first
    // one's road replaces it (a correction); no end_turn.
    void assemble_setup(Assembly& a, Entry& e) {
        if (e.kind == Entry::Kind::kEndTurn) return;  // setup: no end_turn
        for (EventBody& b : e.events) {
            if (auto* s = std::get_if<BuildSettlement>(&b))
                b = PlaceSettlement{s->player, s->vertex};
            else if (auto* r = std::get_if<BuildRoad>(&b))
                b = PlaceRoad{r->player, r->edge};
        }
        const bool settlement =
            e.events.size() == 1 && std::holds_alternative<PlaceSettlement>(e.events[0]);
        if (settlement && a.open_settlement && a.open_settlement->player == e.player) {
            // a second settlement before the first one's road: a correction
            warn(a.open_settlement->line,
                 fmt::format("{} places another settlement at line {} before the "
                             "road of the one at line {}: the one at line {} is "
                             "dropped (a correction)",
                             color(e.player), e.line, a.open_settlement->line,
                             a.open_settlement->line));
            log_.events.erase(log_.events.begin() +
                              static_cast<std::ptrdiff_t>(a.open_settlement->event));
        }
        emit(e);
        if (settlement)
            a.open_settlement = LastEnd{log_.events.size() - 1, e.player, e.line};
        else
            a.open_settlement.reset();
    }

    // A roll held back is placed when its player acts otherwise, or dropped when that
    // player rolls again.
    void place_held_roll(Assembly& a, const Entry& e) {
        if (!a.held_roll || e.player != a.held_roll->player) return;
        if (e.kind == Entry::Kind::kRoll) {
            warn(a.held_roll->line,
                 fmt::format("{} rolls again at line {}: the roll at line {} is dropped",
                             color(e.player), e.line, a.held_roll->line));
        } else {
            warn(a.held_roll->line,
                 fmt::format("the roll at line {} is placed after {}'s "
                             "end of turn",
                             a.held_roll->line, color(a.last_end ? a.last_end->player : e.player)));
            emit(*a.held_roll);
            a.rolled = true;
            a.acted = false;
        }
        a.held_roll.reset();
    }

    // A roll; a second one in a turn replaces the first when nothing came between (a
    // correction), else it is dropped (roll-once).
    void on_roll(Assembly& a, const Entry& e) {
        if (e.player == a.active && a.rolled) {
            if (!a.acted) {
                // a correction: drop the earlier roll (the last event)
                warn(log_.events.back().source_line,
                     fmt::format("{} rolls again at line {} before doing anything else: "
                                 "the roll at line {} is dropped",
                                 color(e.player), e.line, log_.events.back().source_line));
                log_.events.pop_back();
                emit(e);
            } else {
                warn(e.line, fmt::format("{} rolls a second time in one turn "
                                         "(roll-once): dropped",
                                         color(e.player)));
            }
            return;
        }
        a.active = e.player;
        a.rolled = true;
        a.acted = false;
        emit(e);
    }

    // An end of turn; the same player's second one in a row is dropped.
    void on_end_turn(Assembly& a, const Entry& e) {
        if (e.player != a.active && a.last_end && e.player == a.last_end->player && !a.rolled &&
            !a.acted) {
            warn(e.line, fmt::format("{} ends the turn again: dropped", color(e.player)));
            return;
        }
        if (e.player == a.active && !a.rolled)
            warn(e.line, fmt::format("{} ends the turn without a roll (none was "
                                     "written down); kept: the sum is unknown",
                                     color(e.player)));
        emit(e);
        a.last_end = LastEnd{log_.events.size() - 1, e.player, e.line};
        a.active = (e.player + 1) % static_cast<int>(log_.seats.size());
        a.rolled = false;
        a.acted = false;
    }

    // An action; by the player whose turn just ended, it reopens that turn (the end_turn
    // was written too early), holding back the next player's roll if it came between.
    void on_action(Assembly& a, const Entry& e) {
        if (e.player != a.active && a.last_end && e.player == a.last_end->player && !a.acted &&
            !a.held_roll) {
            // the turn was ended too early: reopen it
            warn(a.last_end->line,
                 fmt::format("{} acts again at line {} after ending the turn: the "
                             "end_turn at line {} is dropped",
                             color(e.player), e.line, a.last_end->line));
            if (a.rolled) {
                // the next player's roll came in between: hold it
                const Event& r = log_.events.back();
                Entry held;
                held.line = r.source_line;
                held.player = event_player(r.body);
                held.kind = Entry::Kind::kRoll;
                held.events.push_back(r.body);
                a.held_roll = std::move(held);
                log_.events.pop_back();
            }
            log_.events.erase(log_.events.begin() + static_cast<std::ptrdiff_t>(a.last_end->event));
            a.last_end.reset();
            a.active = e.player;
            a.rolled = true;
        }
        a.acted = true;
        emit(e);
    }

    // A roll still held is placed at the end; the winner is a claim on the last event.
    void finish_assembly(Assembly& a) {
        if (a.held_roll) {
            warn(a.held_roll->line,
                 "a roll entered before the previous turn ended is placed at "
                 "the end");
            emit(*a.held_roll);
        }
        if (!a.winner) return;
        if (log_.events.empty()) {
            line_ = a.winner_line;
            fail("a winner before any event");
        }
        auto c = std::make_shared<Claims>();
        c->winner = *a.winner;
        log_.events.back().claims = std::move(c);
    }

    std::string_view color(PlayerId p) const {
        return log_.seats.at(static_cast<std::size_t>(p)).color;
    }

    std::string_view text_;
    std::string_view name_;
    std::vector<ImportWarning>* warnings_;
    std::size_t pos_ = 0;
    int line_ = 0;
    std::string version_;
    std::map<std::string, PlayerId> colour_;
    std::map<std::string, int> seen_names_;
    GameLog log_;
};

}  // namespace

std::optional<HexId> catanlog_hex(int tile) {
    if (tile < 1 || tile > 19) return std::nullopt;
    return kTileHex[static_cast<std::size_t>(tile - 1)];
}

bool looks_like_catanlog(std::string_view text) {
    std::size_t pos = 0;
    while (pos < text.size()) {
        std::string_view l = trim(take_line(text, pos));
        if (l.empty()) continue;
        return l.starts_with("catanlog ");
    }
    return false;
}

GameLog import_catanlog(std::string_view text, std::string_view name,
                        std::vector<ImportWarning>* warnings) {
    std::size_t first = warnings ? warnings->size() : 0;
    GameLog log = Reader(text, name, warnings).run();
    if (warnings)
        std::stable_sort(
            warnings->begin() + static_cast<std::ptrdiff_t>(first), warnings->end(),
            [](const ImportWarning& a, const ImportWarning& b) { return a.line < b.line; });
    return log;
}

}  // namespace ctk

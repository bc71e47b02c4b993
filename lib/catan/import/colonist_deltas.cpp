// The deltas of one colonist.io step (a stateChange): what they state changed (pieces, the
// robber's tile, hands, the bank, development cards, victory points, the turn), the events
// derived from them where no entry names the action (an action the site took for a player
// is that player's event), the check that every change is explained by the step's events,
// and the claims replay cross-checks.
#include <algorithm>
#include <map>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include <catan/engine/cards.hpp>
#include <catan/import/colonist_map.hpp>
#include <catan/import/detail/colonist_importer.hpp>
#include <catan/io/json_util.hpp>

namespace ctk::colonist {

namespace ju = json_util;
using nlohmann::json;

namespace {

// Which parts of the state the events of one step may change: each seat's resource cards
// and development cards, the bank's resource cards, anyone's victory points.
struct Touched {
    std::vector<bool> cards, dev;
    bool bank = false, vp = false;
};

// The events of a step: those from `first` on, and an earlier robbery whose steal the step
// names (`steal`, -1: none).
Touched touched_by(const GameLog& log, std::size_t first, long steal, std::size_t seats) {
    Touched t{std::vector<bool>(seats), std::vector<bool>(seats)};
    std::vector<std::size_t> events;
    if (steal >= 0 && static_cast<std::size_t>(steal) < first)
        events.push_back(static_cast<std::size_t>(steal));
    for (std::size_t i = first; i < log.events.size(); ++i) events.push_back(i);
    for (std::size_t i : events) {
        const Event& e = log.events[i];
        const auto p = static_cast<std::size_t>(event_player(e.body));
        auto hand_and_bank = [&] { t.cards[p] = t.bank = true; };
        std::visit(
            [&](const auto& b) {
                using T = std::decay_t<decltype(b)>;
                if constexpr (std::is_same_v<T, Roll>) {
                    if (e.claims && e.claims->received)
                        for (std::size_t s = 0; s < seats; ++s)
                            if (total((*e.claims->received)[s]) > 0) t.cards[s] = t.bank = true;
                } else if constexpr (std::is_same_v<T, PlaceSettlement> ||
                                     std::is_same_v<T, BuildRoad> ||
                                     std::is_same_v<T, BuildSettlement> ||
                                     std::is_same_v<T, BuildCity>) {
                    hand_and_bank();
                    t.vp = true;
                } else if constexpr (std::is_same_v<T, PlaceRoad>) {
                    t.vp = true;
                } else if constexpr (std::is_same_v<T, BuyDevCard>) {
                    hand_and_bank();
                    t.dev[p] = t.vp = true;
                } else if constexpr (std::is_same_v<T, Discard> || std::is_same_v<T, TradeBank>) {
                    hand_and_bank();
                } else if constexpr (std::is_same_v<T, MoveRobber>) {
                    if (b.victim != kNoPlayer)
                        t.cards[p] = t.cards[static_cast<std::size_t>(b.victim)] = true;
                } else if constexpr (std::is_same_v<T, TradePlayer>) {
                    t.cards[p] = t.cards[static_cast<std::size_t>(b.partner)] = true;
                } else if constexpr (std::is_same_v<T, PlayKnight>) {
                    t.dev[p] = t.vp = true;
                } else if constexpr (std::is_same_v<T, PlayRoadBuilding>) {
                    t.dev[p] = true;
                } else if constexpr (std::is_same_v<T, PlayMonopoly>) {
                    t.dev[p] = true;
                    std::fill(t.cards.begin(), t.cards.end(), true);
                } else if constexpr (std::is_same_v<T, PlayYearOfPlenty>) {
                    hand_and_bank();
                    t.dev[p] = true;
                }
            },
            e.body);
    }
    return t;
}

// Whether two lists of card codes differ; with a face-down card (`hidden`) in either, only
// their sizes can be compared.
bool cards_differ(std::vector<int> a, std::vector<int> b, int hidden) {
    if (std::count(a.begin(), a.end(), hidden) || std::count(b.begin(), b.end(), hidden))
        return a.size() != b.size();
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    return a != b;
}

int key_of(const json::const_iterator& it, const std::string& path, int max) {
    return ju::as_int(json::parse(it.key(), nullptr, false), path, 0, max);
}

}  // namespace

void Importer::read_deltas(const json& sc, Change& change) {
    const std::string& spath = change.spath;
    const std::size_t n = colors_.size();
    change.dev_after.resize(n);
    change.hand_after.resize(n);
    change.vp_after.resize(n);
    read_map_delta(sc, spath, change);
    read_robber_tile(sc, spath, change);
    read_dev_cards_after(sc, spath, change);
    read_players_after(sc, spath, change);
    read_bank_after(sc, spath, change);
    read_turn(sc, spath, change);
}

// The pieces that appear in the stateChange's map delta.
void Importer::read_map_delta(const json& sc, const std::string& spath, Change& change) {
    const json* map = ju::optional_member(sc, "mapState", spath);
    if (!map || map->is_null()) return;
    std::string mpath = ju::field(spath, "mapState");
    ju::as_object(*map, mpath);
    if (const json* cs = ju::optional_member(*map, "tileCornerStates", mpath)) {
        std::string cpath = ju::field(mpath, "tileCornerStates");
        for (auto it = ju::as_object(*cs, cpath).begin(); it != cs->end(); ++it) {
            std::string p = ju::field(cpath, it.key());
            int key = ju::as_int(json::parse(it.key(), nullptr, false), p, 0, 100000);
            auto v = vertex_of_corner_.find(key);
            if (v == vertex_of_corner_.end()) fail(p, "not a corner of the map");
            ju::as_object(*it, p);
            if (const json* o = ju::optional_member(*it, "owner", p))
                corner_owner_[key] = ju::as_int(*o, ju::field(p, "owner"), 0, 1000);
            const json* bt = ju::optional_member(*it, "buildingType", p);
            if (!bt) continue;
            int type = ju::as_int(*bt, ju::field(p, "buildingType"), 0, 2);
            if (type == 0) continue;
            auto owner = corner_owner_.find(key);
            if (owner == corner_owner_.end()) fail(p, "a building without an owner");
            (type == 1 ? change.settlements : change.cities)
                .push_back(NewPiece{p, v->second, owner->second});
        }
    }
    if (const json* es = ju::optional_member(*map, "tileEdgeStates", mpath)) {
        std::string epath = ju::field(mpath, "tileEdgeStates");
        for (auto it = ju::as_object(*es, epath).begin(); it != es->end(); ++it) {
            std::string p = ju::field(epath, it.key());
            int key = ju::as_int(json::parse(it.key(), nullptr, false), p, 0, 100000);
            auto e = edge_of_edge_.find(key);
            if (e == edge_of_edge_.end()) fail(p, "not an edge of the map");
            ju::as_object(*it, p);
            const json* o = ju::optional_member(*it, "owner", p);
            if (!o || o->is_null()) continue;
            change.roads.push_back(
                NewPiece{p, e->second, ju::as_int(*o, ju::field(p, "owner"), 0, 1000)});
        }
    }
}

// The turn after the stateChange: an end_turn is due when its completed turns changed.
void Importer::read_turn(const json& sc, const std::string& spath, Change& change) const {
    change.turn_path = ju::field(spath, "currentState");
    const std::string& cpath = change.turn_path;
    if (const json* cur = ju::optional_member(sc, "currentState", spath)) {
        ju::as_object(*cur, cpath);
        if (const json* t = ju::optional_member(*cur, "completedTurns", cpath))
            change.turns_after = ju::as_int(*t, ju::field(cpath, "completedTurns"), 0, 1000000);
        if (const json* c = ju::optional_member(*cur, "currentTurnPlayerColor", cpath))
            change.color_after =
                ju::as_int(*c, ju::field(cpath, "currentTurnPlayerColor"), 0, 1000);
    }
    change.turn_ends = change.turns_after && *change.turns_after != completed_turns_;
}

// Whether the holder of an award changed, from the mechanic state's per-seat flag.
bool Importer::award_changed(const json& sc, const std::string& spath, const char* mech,
                             const char* flag, PlayerId& held) const {
    const json* m = ju::optional_member(sc, mech, spath);
    if (!m) return false;
    std::string mp = ju::field(spath, mech);
    bool changed = false;
    for (auto it = ju::as_object(*m, mp).begin(); it != m->end(); ++it) {
        std::string p = ju::field(mp, it.key());
        PlayerId seat = player(json::parse(it.key(), nullptr, false), p);
        const json* f = ju::optional_member(ju::as_object(*it, p), flag, p);
        if (!f) continue;
        bool has = !f->is_null() && ju::as_bool(*f, ju::field(p, flag));
        if (has && held != seat) {
            held = seat;
            changed = true;
        } else if (!has && held == seat) {
            held = kNoPlayer;
            changed = true;
        }
    }
    return changed;
}

// The robber's tile the stateChange states, if it does.
void Importer::read_robber_tile(const json& sc, const std::string& spath, Change& change) const {
    const json* r = ju::optional_member(sc, "mechanicRobberState", spath);
    if (!r) return;
    std::string rpath = ju::field(spath, "mechanicRobberState");
    const json* l = ju::optional_member(ju::as_object(*r, rpath), "locationTileIndex", rpath);
    if (!l) return;
    change.robber_path = ju::field(rpath, "locationTileIndex");
    int tile = ju::as_int(*l, change.robber_path, 0, 1000);
    if (!hex_of_tile_.count(tile))
        fail(change.robber_path, fmt::format("tile {} is not a tile of the map", tile));
    change.robber_to = tile;
}

// The development card codes each seat holds after the stateChange, where it states them.
void Importer::read_dev_cards_after(const json& sc, const std::string& spath,
                                    Change& change) const {
    const json* d = ju::optional_member(sc, "mechanicDevelopmentCardsState", spath);
    if (!d) return;
    std::string dpath = ju::field(spath, "mechanicDevelopmentCardsState");
    const json* ps = ju::optional_member(ju::as_object(*d, dpath), "players", dpath);
    if (!ps) return;
    std::string ppath = ju::field(dpath, "players");
    for (auto it = ju::as_object(*ps, ppath).begin(); it != ps->end(); ++it) {
        std::string p = ju::field(ppath, it.key());
        PlayerId seat = player(json::parse(it.key(), nullptr, false), p);
        const json* dc = ju::optional_member(ju::as_object(*it, p), "developmentCards", p);
        if (!dc) continue;
        std::string cp = ju::field(ju::field(p, "developmentCards"), "cards");
        const json& list =
            ju::as_array(ju::member(*dc, "cards", ju::field(p, "developmentCards")), cp);
        std::vector<int> codes;
        for (std::size_t k = 0; k < list.size(); ++k) {
            std::string kp = ju::index(cp, k);
            int code = ju::as_int(list[k], kp, 0, 1000);
            if (code != kFaceDownDevCard && !dev_card_of_code(code))
                fail(kp, fmt::format("unknown development card code {} (expected 10..15)", code));
            codes.push_back(code);
        }
        change.dev_after[static_cast<std::size_t>(seat)] = Stated<std::vector<int>>{codes, cp};
    }
}

// The resource cards and victory points of each seat the stateChange states.
void Importer::read_players_after(const json& sc, const std::string& spath, Change& change) const {
    const json* ps = ju::optional_member(sc, "playerStates", spath);
    if (!ps) return;
    std::string ppath = ju::field(spath, "playerStates");
    for (auto it = ju::as_object(*ps, ppath).begin(); it != ps->end(); ++it) {
        std::string p = ju::field(ppath, it.key());
        const auto seat =
            static_cast<std::size_t>(player(json::parse(it.key(), nullptr, false), p));
        ju::as_object(*it, p);
        if (const json* rc = ju::optional_member(*it, "resourceCards", p)) {
            std::string rp = ju::field(p, "resourceCards");
            std::string cp = ju::field(rp, "cards");
            const json& list = ju::member(*rc, "cards", rp);
            bool hidden = false;
            int n = 0;
            cards(list, cp, &hidden, &n);  // checks every code
            std::vector<int> codes;
            for (const json& c : list) codes.push_back(c.get<int>());
            change.hand_after[seat] = Stated<std::vector<int>>{codes, cp};
        }
        if (const json* vs = ju::optional_member(*it, "victoryPointsState", p)) {
            std::string vp = ju::field(p, "victoryPointsState");
            std::map<int, int> points;
            for (auto v = ju::as_object(*vs, vp).begin(); v != vs->end(); ++v) {
                std::string kp = ju::field(vp, v.key());
                points[key_of(v, kp, 1000)] = ju::as_int(*v, kp, 0, 1000);
            }
            change.vp_after[seat] = Stated<std::map<int, int>>{points, vp};
        }
    }
}

// The bank's resource cards the stateChange states.
void Importer::read_bank_after(const json& sc, const std::string& spath, Change& change) const {
    const json* b = ju::optional_member(sc, "bankState", spath);
    if (!b) return;
    std::string bpath = ju::field(spath, "bankState");
    const json* rc = ju::optional_member(ju::as_object(*b, bpath), "resourceCards", bpath);
    if (!rc) return;
    std::string rpath = ju::field(bpath, "resourceCards");
    for (auto it = ju::as_object(*rc, rpath).begin(); it != rc->end(); ++it) {
        std::string kp = ju::field(rpath, it.key());
        Resource r = resource(json::parse(it.key(), nullptr, false), kp);
        change.bank_after[r] = Stated<int>{ju::as_int(*it, kp, 0, 1000), kp};
    }
}

void Importer::move_robber_to_delta(Change& change, PlayerId who, GameLog& log) {
    emit(log, MoveRobber{who, hex_of_tile_.at(change.robber_to), kNoPlayer, std::nullopt});
    robber_tile_ = change.robber_to;
    change.robber_to = -1;
}

void Importer::derive_events(Change& change, GameLog& log,
                             const std::map<std::pair<int, int>, int>& reserved,
                             bool robber_reserved) {
    std::map<std::pair<int, int>, int> left = reserved;
    auto derive = [&](std::vector<NewPiece>& q, int code, auto make) {
        for (NewPiece& p : q) {
            if (p.used) continue;
            if (auto it = left.find({code, p.owner}); it != left.end() && it->second > 0) {
                --it->second;
                continue;
            }
            auto seat = seat_of_color_.find(p.owner);
            if (seat == seat_of_color_.end())
                fail(p.path, fmt::format("a piece of colour {}, who is not a player", p.owner));
            p.used = true;
            emit(log, make(seat->second, p.id));
        }
    };
    const bool setup = setup_;
    derive(change.settlements, 2, [setup](PlayerId w, int v) -> EventBody {
        if (setup) return PlaceSettlement{w, v};
        return BuildSettlement{w, v};
    });
    derive(change.cities, 3, [](PlayerId w, int v) -> EventBody { return BuildCity{w, v}; });
    derive(change.roads, 0, [setup](PlayerId w, int e) -> EventBody {
        if (setup) return PlaceRoad{w, e};
        return BuildRoad{w, e};
    });
    if (robber_reserved || change.robber_to < 0 || change.robber_to == robber_tile_) return;
    auto seat = seat_of_color_.find(current_color_);
    if (seat == seat_of_color_.end())
        fail(change.robber_path,
             fmt::format("the robber moves in the turn of colour {}, who is not a player",
                         current_color_));
    move_robber_to_delta(change, seat->second, log);
}

void Importer::check_explained(const Change& change, const GameLog& log,
                               std::size_t first_event) const {
    const std::string entries = change.entries.empty()
                                    ? std::string("none")
                                    : fmt::format("{}", fmt::join(change.entries, ", "));
    for (const auto* q : {&change.settlements, &change.cities, &change.roads})
        for (const NewPiece& piece : *q)
            if (!piece.used)
                fail(piece.path,
                     fmt::format("a new piece with no log entry that builds it (the step's log "
                                 "entries: {})",
                                 entries));
    if (change.robber_to >= 0 && change.robber_to != robber_tile_)
        fail(change.robber_path,
             fmt::format("the robber moves from tile {} to {} with no log entry (the step's log "
                         "entries: {})",
                         robber_tile_, change.robber_to, entries));
    auto unexplained = [&](const std::string& path, const std::string& what) {
        fail(path, fmt::format("{}, and no event of this step explains it (its log entries: {})",
                               what, entries));
    };
    const Touched t = touched_by(log, first_event, change.steal_event, colors_.size());
    for (std::size_t s = 0; s < colors_.size(); ++s) {
        const std::string who = seat_label(static_cast<PlayerId>(s));
        if (const auto& h = change.hand_after[s];
            h && !t.cards[s] && cards_differ(hands_[s], h->value, kFaceDownResource))
            unexplained(h->path,
                        fmt::format("the resource cards of {} change from [{}] to [{}]", who,
                                    fmt::join(hands_[s], ", "), fmt::join(h->value, ", ")));
        if (const auto& d = change.dev_after[s];
            d && !t.dev[s] && cards_differ(dev_cards_[s], d->value, kFaceDownDevCard))
            unexplained(d->path,
                        fmt::format("the development cards of {} change from [{}] to [{}]", who,
                                    fmt::join(dev_cards_[s], ", "), fmt::join(d->value, ", ")));
        if (const auto& v = change.vp_after[s]; v && !t.vp)
            for (const auto& [k, points] : v->value) {
                auto was = vp_[s].find(k);
                int before = was == vp_[s].end() ? 0 : was->second;
                if (points != before)
                    unexplained(ju::field(v->path, std::to_string(k)),
                                fmt::format("the victory points of {} by source {} change from "
                                            "{} to {}",
                                            who, k, before, points));
            }
    }
    for (const auto& [r, stated] : change.bank_after)
        if (!t.bank && stated.value != bank_[static_cast<std::size_t>(r)])
            unexplained(stated.path,
                        fmt::format("the bank's {} change from {} to {}", resource_name(r),
                                    bank_[static_cast<std::size_t>(r)], stated.value));
}

// After the entries and the check: a monopoly or year of plenty must have its haul; the
// turn, the colour, the hands, the development cards, the victory points and the bank move
// on to what the step states.
void Importer::finish_change(const Change& change, const std::string& gpath) {
    if (change.monopoly_event >= 0)
        fail(gpath, "a monopoly played without the resource it took (entry 86)");
    if (change.plenty_event >= 0)
        fail(gpath, "a year of plenty played without the cards it took (entry 21)");
    if (change.turns_after) completed_turns_ = *change.turns_after;
    if (change.color_after) current_color_ = *change.color_after;
    for (std::size_t s = 0; s < colors_.size(); ++s) {
        if (change.dev_after[s]) dev_cards_[s] = change.dev_after[s]->value;
        if (change.hand_after[s]) hands_[s] = change.hand_after[s]->value;
        if (change.vp_after[s])
            for (const auto& [k, points] : change.vp_after[s]->value) vp_[s][k] = points;
    }
    for (const auto& [r, stated] : change.bank_after)
        bank_[static_cast<std::size_t>(r)] = stated.value;
}

// Claims of what the stateChange states (the bank, the hands shown, the awards), on its
// last event.
void Importer::attach_claims(const json& sc, const Change& change, GameLog& log,
                             std::size_t first_event) {
    const bool bank_changed = !change.bank_after.empty();
    std::vector<std::optional<ResourceCounts>> hands(colors_.size());
    bool any_hand = false;
    for (std::size_t s = 0; s < colors_.size(); ++s) {
        const auto& h = change.hand_after[s];
        if (!h || std::count(h->value.begin(), h->value.end(), kFaceDownResource)) continue;
        ResourceCounts hand{};
        for (int code : h->value) ++hand[static_cast<std::size_t>(*resource_of_code(code))];
        hands[s] = hand;
        any_hand = true;
    }
    const std::string& spath = change.spath;
    bool road_changed =
        award_changed(sc, spath, "mechanicLongestRoadState", "hasLongestRoad", longest_road_);
    bool army_changed =
        award_changed(sc, spath, "mechanicLargestArmyState", "hasLargestArmy", largest_army_);
    if (log.events.size() == first_event) return;  // nothing to attach claims to
    if (!any_hand && !bank_changed && !road_changed && !army_changed) return;
    Claims& c = claims_of_last(log);
    if (any_hand) c.hands = hands;
    if (bank_changed) c.bank = bank_;
    if (road_changed) c.longest_road = longest_road_;
    if (army_changed) c.largest_army = largest_army_;
}

}  // namespace ctk::colonist

// The rules of RULES.md. Each check reads like its rule, names the rule id and says what
// it saw. check() never changes or copies the state; apply() trusts that check passed but
// never leaves the state's bounds when it did not (--keep-going).
#include <catan/engine/detail/rules_impl.hpp>
#include <catan/engine/rules.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <utility>
#include <variant>

#include <fmt/format.h>

namespace ctk {

using namespace rules_impl;

namespace rules_impl {

std::string cards_text(const ResourceCounts& r) {
    std::string s;
    for (Resource res : kResources)
        if (int n = r[static_cast<int>(res)]) {
            if (!s.empty()) s += ", ";
            s += fmt::format("{} {}", n, resource_name(res));
        }
    return s.empty() ? "nothing" : s;
}

std::optional<Resource> missing_card(const PlayerState& ps, const ResourceCounts& cards) {
    for (Resource r : kResources)
        if (cards[static_cast<int>(r)] > ps.hand[static_cast<int>(r)]) return r;
    return std::nullopt;
}

bool no_common_resource(const ResourceCounts& a, const ResourceCounts& b) {
    for (int r = 0; r < kResourceCount; ++r)
        if (a[r] > 0 && b[r] > 0) return false;
    return true;
}

const Seat* seat_of(const RuleContext& ctx, PlayerId p) {
    if (!ctx.seats || p < 0 || static_cast<std::size_t>(p) >= ctx.seats->size()) return nullptr;
    return &(*ctx.seats)[p];
}

void occupy_settlement(GameState& s, PlayerId p, VertexId v) {
    const auto bit = static_cast<std::size_t>(v);
    PlayerState& ps = s.players[p];
    ps.settlement_at.set(bit);
    s.occupied.set(bit);
    s.crowded.set(bit);
    for (VertexId n : s.topology().vertex_neighbours(v)) s.crowded.set(static_cast<std::size_t>(n));
    for (const Harbor& h : s.board().harbors())
        if (h.vertices[0] == v || h.vertices[1] == v)
            ps.harbors =
                static_cast<std::uint8_t>(ps.harbors | 1U << static_cast<unsigned>(h.kind));
}

void occupy_city(GameState& s, PlayerId p, VertexId v) {
    const auto bit = static_cast<std::size_t>(v);
    s.players[p].settlement_at.reset(bit);
    s.players[p].city_at.set(bit);
}

void occupy_road(GameState& s, PlayerId p, EdgeId e) {
    for (VertexId v : s.topology().edge_vertices(e))
        s.players[p].road_ends.set(static_cast<std::size_t>(v));
}

}  // namespace rules_impl

void refresh_derived(GameState& s) {
    for (PlayerState& ps : s.players) {
        ps.settlement_at.reset();
        ps.city_at.reset();
        ps.road_ends.reset();
        ps.harbors = 0;
    }
    s.occupied.reset();
    s.crowded.reset();
    const Topology& t = s.topology();
    for (VertexId v = 0; v < t.vertex_count(); ++v) {
        const PlayerId o = s.owner[v];
        if (s.building[v] == Building::kNone || o < 0 || o >= s.player_count()) continue;
        occupy_settlement(s, o, v);
        if (s.building[v] == Building::kCity) occupy_city(s, o, v);
    }
    for (EdgeId e = 0; e < t.edge_count(); ++e) {
        const PlayerId o = s.road_owner(e);
        if (o >= 0 && o < s.player_count()) occupy_road(s, o, e);
    }
}

std::string RuleContext::player_name(PlayerId p) const {
    if (seats) return seat_name(*seats, p);
    return p == kNoPlayer ? "nobody" : fmt::format("player {}", p);
}

const std::vector<std::string_view>& all_rule_ids() {
    static const std::vector<std::string_view> ids{
        rule::kBoardRedAdjacent, rule::kBoardComposition,
        rule::kSetupOrder,       rule::kSetupRoadAttached,
        rule::kSetupResources,   rule::kTurnOrder,
        rule::kRollFirst,        rule::kRollOnce,
        rule::kProduction,       rule::kBankShortage,
        rule::kDiscardHalf,      rule::kRobberMove,
        rule::kRobberSteal,      rule::kPendingSeven,
        rule::kOneDevCard,       rule::kDevCardAge,
        rule::kDevCardHeld,      rule::kMaritimeRate,
        rule::kBankEmpty,        rule::kDomesticTrade,
        rule::kTradeOffer,       rule::kInsufficientResources,
        rule::kPieceLimit,       rule::kRoadConnected,
        rule::kDistanceRule,     rule::kSettlementConnected,
        rule::kCityOnSettlement, rule::kDeckEmpty,
        rule::kProgressCard,     rule::kLongestRoad,
        rule::kLargestArmy,      rule::kWinOnOwnTurn,
        rule::kGameOver,         rule::kResign,
        rule::kSpecialBuilding,  rule::kNoSevenRounds,
        rule::kNoSevenUntilCity, rule::kRobberNotToDesert,
        rule::kNoPlayerTrades,   rule::kClaimHand,
        rule::kClaimBank,        rule::kSchema};
    return ids;
}

namespace {
Violation make_violation(const GameState& s, const Event& e, int index, Finding f) {
    Violation v;
    v.rule_id = std::string(f.rule);
    v.event_index = index;
    v.turn = s.turn;
    v.player = event_player(e.body);
    v.message = std::move(f.message);
    v.json_pointer = index >= 0 ? fmt::format("/events/{}", index) : std::string();
    if (!f.field.empty()) v.json_pointer += fmt::format("/{}", f.field);
    return v;
}
}  // namespace

std::optional<Violation> check(const GameState& s, const Event& e, int index,
                               const RuleContext& ctx) {
    Checker c(s, ctx);
    if (auto f = c.run(e.body)) return make_violation(s, e, index, std::move(*f));
    return std::nullopt;
}

bool robber_protected(const GameState& s, PlayerId p) {
    return s.options().friendly_robber && p != kNoPlayer && !s.players[p].resigned &&
           s.public_vp(p) <= 2;
}

std::bitset<kMaxHexes> robber_hexes(const GameState& s) {
    const Topology& t = s.topology();
    const bool no_desert = s.options().robber_not_to_desert;
    if (!s.options().friendly_robber) {  // every land hex but the robber's own
        std::bitset<kMaxHexes> open(~0ULL);
        open >>= kMaxHexes - t.hex_count();
        if (t.valid_hex(s.robber)) open.reset(static_cast<std::size_t>(s.robber));
        if (no_desert)  // robber-not-to-desert
            for (HexId h = 0; h < t.hex_count(); ++h)
                if (s.board().terrain(h) == Terrain::kDesert)
                    open.reset(static_cast<std::size_t>(h));
        return open;
    }
    std::bitset<kMaxHexes> open;
    for (HexId h = 0; h < t.hex_count(); ++h) {
        if (h == s.robber || (no_desert && s.board().terrain(h) == Terrain::kDesert)) continue;
        bool shielded = false;
        if (s.options().friendly_robber)
            for (VertexId v : t.hex_vertices(h)) shielded |= robber_protected(s, s.owner[v]);
        if (!shielded) open.set(static_cast<std::size_t>(h));
    }
    if (open.none() && s.options().friendly_robber)
        for (HexId h = 0; h < t.hex_count(); ++h)
            if (s.board().terrain(h) == Terrain::kDesert) open.set(static_cast<std::size_t>(h));
    return open;
}

bool city_built(const GameState& s) {
    for (PlayerId p = 0; p < s.player_count(); ++p)
        if (s.cities_on_board(p) > 0) return true;
    return false;
}

bool seven_allowed(const GameState& s) {
    const GameOptions& o = s.options();
    return (o.no_seven_rounds == 0 || s.round > o.no_seven_rounds) &&
           (!o.no_seven_until_city || city_built(s));
}

bool may_open_special_part(const GameState& s, PlayerId q) {
    const SpecialBuilding& sb = s.special;
    if (!sb.open() || s.players[q].resigned) return false;
    if (s.options().special_building_any_order) return !(sb.taken & (1U << q));
    return q != sb.after && s.seats_after(sb.after, q) > sb.served;
}

bool robber_may_rob(const GameState& s, PlayerId thief, PlayerId victim) {
    if (victim == thief || victim == kNoPlayer || s.players[victim].resigned) return false;
    if (s.players[victim].hand_size() <= 0) return false;
    return !s.options().friendly_robber || s.public_vp(victim) >= 3;
}

std::array<ResourceCounts, kMaxPlayers> owed_by_roll(const GameState& s, int sum) {
    std::array<ResourceCounts, kMaxPlayers> owed{};
    if (sum == 7) return owed;
    const Board& board = s.board();
    const Topology& t = s.topology();
    for (std::uint64_t hexes = board.hexes_with_token(sum); hexes != 0; hexes &= hexes - 1) {
        const HexId h = std::countr_zero(hexes);
        const int res = board.resource_index(h);
        if (h == s.robber || res < 0) continue;
        for (VertexId v : t.hex_vertices(h)) {
            const Building b = s.building[v];
            if (b == Building::kNone) continue;
            const PlayerId o = s.owner[v];
            if (s.players[o].resigned) continue;
            owed[o][static_cast<std::size_t>(res)] += b == Building::kCity ? 2 : 1;
        }
    }
    return owed;
}

std::array<ResourceCounts, kMaxPlayers> production(const GameState& s, int sum) {
    std::array<ResourceCounts, kMaxPlayers> owed = owed_by_roll(s, sum);
    const int players = s.player_count();
    // bank-shortage: a resource the bank cannot pay in full goes to nobody, unless only one
    // player is owed it (that player gets what remains); an unlimited bank pays in full.
    for (int r = 0; r < kResourceCount; ++r) {
        int need = 0, owed_players = 0;
        for (int p = 0; p < players; ++p) {
            const int n = owed[p][r];
            need += n;
            owed_players += n > 0 ? 1 : 0;
        }
        if (need <= s.bank_has(r)) continue;
        for (int p = 0; p < s.player_count(); ++p)
            owed[p][r] = owed_players == 1 ? std::min(owed[p][r], s.bank_has(r)) : 0;
    }
    return owed;
}

namespace {

// The claims an event may carry (Claims, event.hpp), one check each: nothing when the
// claim is absent or agrees with the state after the event, else the rule it breaks and
// what differs. A claim of one value per player names the first player it is wrong for.
using ClaimCheck = Result (*)(const GameState& s, const Event& e, const Claims& c,
                              const RuleContext& ctx);

// The rule a wrong claim of received cards breaks: setup-resources after a setup
// settlement; after a roll, bank-shortage when the bank ran short of the first resource
// where claim and rules differ; production otherwise.
std::string_view received_rule(const GameState& s, const Event& e, const ResourceCounts& claimed,
                               const ResourceCounts& got) {
    if (std::holds_alternative<PlaceSettlement>(e.body)) return rule::kSetupResources;
    if (!std::holds_alternative<Roll>(e.body)) return rule::kProduction;
    for (int r = 0; r < kResourceCount; ++r) {
        if (claimed[r] == got[r]) continue;
        int given = 0;
        for (int q = 0; q < s.player_count(); ++q) given += s.last_received[q][r];
        // Bank before the roll = bank now + what it gave.
        auto raw = owed_by_roll(s, s.last_roll);
        int need = 0;
        for (int q = 0; q < s.player_count(); ++q) need += raw[q][r];
        return need > s.bank[r] + given ? rule::kBankShortage : rule::kProduction;
    }
    return rule::kProduction;
}

Result received_claim(const GameState& s, const Event& e, const Claims& c, const RuleContext& ctx) {
    if (!c.received) return std::nullopt;
    for (int p = 0; p < s.player_count() && p < static_cast<int>(c.received->size()); ++p) {
        const ResourceCounts& claimed = (*c.received)[p];
        const ResourceCounts& got = s.last_received[p];
        if (claimed == got) continue;
        return fail(received_rule(s, e, claimed, got),
                    fmt::format("the log claims {} received {}; the rules give {}",
                                ctx.player_name(p), cards_text(claimed), cards_text(got)));
    }
    return std::nullopt;
}

Result longest_road_claim(const GameState& s, const Event&, const Claims& c,
                          const RuleContext& ctx) {
    if (!c.longest_road || *c.longest_road == s.longest_road) return std::nullopt;
    std::string lengths;
    for (int p = 0; p < s.player_count(); ++p)
        lengths +=
            fmt::format("{}{} {}", p ? ", " : "", ctx.player_name(p), s.players[p].road_length);
    return fail(
        rule::kLongestRoad,
        fmt::format("the log claims the longest road is {}'s; the rules give it to "
                    "{} (road lengths: {})",
                    ctx.player_name(*c.longest_road), ctx.player_name(s.longest_road), lengths));
}

Result largest_army_claim(const GameState& s, const Event&, const Claims& c,
                          const RuleContext& ctx) {
    if (!c.largest_army || *c.largest_army == s.largest_army) return std::nullopt;
    return fail(rule::kLargestArmy,
                fmt::format("the log claims the largest army is {}'s; the rules give it to {}",
                            ctx.player_name(*c.largest_army), ctx.player_name(s.largest_army)));
}

Result vp_claim(const GameState& s, const Event&, const Claims& c, const RuleContext& ctx) {
    if (!c.vp) return std::nullopt;
    for (int p = 0; p < s.player_count() && p < static_cast<int>(c.vp->size()); ++p) {
        const int claimed = (*c.vp)[p];
        if (claimed < 0 || claimed == s.vp(p)) continue;
        return fail(rule::kWinOnOwnTurn,
                    fmt::format("the log claims {} has {} VP; the rules count {}",
                                ctx.player_name(p), claimed, s.vp(p)));
    }
    return std::nullopt;
}

Result hands_claim(const GameState& s, const Event&, const Claims& c, const RuleContext& ctx) {
    if (!c.hands) return std::nullopt;
    for (int p = 0; p < s.player_count() && p < static_cast<int>(c.hands->size()); ++p) {
        const auto& claimed = (*c.hands)[p];
        const PlayerState& ps = s.players[p];
        if (!claimed || *claimed == ps.hand) continue;
        return fail(rule::kClaimHand,
                    fmt::format("the log claims {} holds {}; the rules give {}", ctx.player_name(p),
                                cards_text(*claimed), cards_text(ps.hand)));
    }
    return std::nullopt;
}

Result bank_claim(const GameState& s, const Event&, const Claims& c, const RuleContext&) {
    if (!c.bank || *c.bank == s.bank) return std::nullopt;
    return fail(rule::kClaimBank, fmt::format("the log claims the bank holds {}; the rules give {}",
                                              cards_text(*c.bank), cards_text(s.bank)));
}

// (a win due as the turn passes, win_when_turn_passes, is the log's end)
Result winner_claim(const GameState& s, const Event&, const Claims& c, const RuleContext& ctx) {
    const PlayerId winner = winner_at_end(s);
    if (!c.winner || *c.winner == winner) return std::nullopt;
    const std::string claimed = ctx.player_name(*c.winner);
    if (winner == kNoPlayer)
        return fail(rule::kWinOnOwnTurn,
                    fmt::format("the log claims {} won; the rules count {} VP for {} and "
                                "nobody has won",
                                claimed, s.vp(*c.winner), claimed));
    return fail(rule::kWinOnOwnTurn,
                fmt::format("the log claims {} won; the rules give the win to {}", claimed,
                            ctx.player_name(winner)));
}

// The claims' checks in the order check_claims names them, each with its field of
// "claims" (the violation's JSON pointer ends /claims/<field>).
constexpr std::array<std::pair<std::string_view, ClaimCheck>, 7> kClaimChecks{{
    {"received", received_claim},
    {"longest_road", longest_road_claim},
    {"largest_army", largest_army_claim},
    {"vp", vp_claim},
    {"hands", hands_claim},
    {"bank", bank_claim},
    {"winner", winner_claim},
}};

// The claims of `e` that the state contradicts, in the order of kClaimChecks: the first
// one only, or one per claim (`all`).
std::vector<Violation> wrong_claims(const GameState& s, const Event& e, int index,
                                    const RuleContext& ctx, bool all) {
    std::vector<Violation> out;
    if (!e.claims) return out;
    for (const auto& [field, check] : kClaimChecks) {
        Result wrong = check(s, e, *e.claims, ctx);
        if (!wrong) continue;
        Violation v =
            make_violation(s, e, index, Finding{wrong->rule, std::move(wrong->message), ""});
        v.json_pointer += fmt::format("/claims/{}", field);
        out.push_back(std::move(v));
        if (!all) break;
    }
    return out;
}

}  // namespace

std::optional<Violation> check_claims(const GameState& s, const Event& e, int index,
                                      const RuleContext& ctx) {
    std::vector<Violation> v = wrong_claims(s, e, index, ctx, false);
    if (v.empty()) return std::nullopt;
    return std::move(v.front());
}

std::vector<Violation> check_all_claims(const GameState& s, const Event& e, int index,
                                        const RuleContext& ctx) {
    return wrong_claims(s, e, index, ctx, true);
}

}  // namespace ctk
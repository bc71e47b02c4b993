// The fast path for one JSON Lines event (see event_fast.hpp).
#include "event_fast.hpp"

#include <nlohmann/json.hpp>

namespace ctk::detail {

using nlohmann::json;

namespace {

// A SAX reader for the common shape of an event line (flat fields, resource maps, the
// dice array): it builds the Event without a JSON document, which halves the cost of
// reading JSON Lines. Anything else — claims, a note, the {"hex", ...} forms, or any
// error — makes it give up, and the line is read by event_from_json, whose messages
// are the reference. So both paths accept exactly the same events.
class FastEventReader {
  public:
    using Json = json;
    FastEventReader(const std::vector<Seat>& seats, const Topology& t) : seats_(seats), t_(t) {}

    // The event, or nullopt to take the slow path.
    // Call once per reader (one reader per line).
    std::optional<Event> read(std::string_view line) {
        if (!json::sax_parse(line, this, nlohmann::detail::input_format_t::json, true)) return {};
        return build();
    }

    bool null() {
        return depth_ == 1 && (field_ == kVictim || field_ == kStolen || field_ == kCard) && mark();
    }
    bool boolean(bool) { return false; }
    bool number_integer(json::number_integer_t v) { return number(v); }
    bool number_unsigned(json::number_unsigned_t v) {
        return v < 1000 && number(static_cast<long long>(v));
    }
    bool number_float(json::number_float_t, const std::string&) { return false; }
    bool binary(json::binary_t&) { return false; }
    bool string(json::string_t& v) {
        if (depth_ != 1 || in_dice_) return false;
        switch (field_) {
            case kType: {
                std::size_t i = 0;
                while (i < kEventTypeNames.size() && kEventTypeNames[i] != v) ++i;
                if (i == kEventTypeNames.size()) return false;
                type_ = static_cast<int>(i);
                return mark();
            }
            case kPlayer:
                return seat(v, player_) && mark();
            case kVictim:
                return seat(v, victim_) && mark();
            case kTo:
            case kPartner:
                return seat(v, other_) && mark();
            case kStolen:
            case kResource: {
                auto r = parse_resource(v);
                if (!r || resource_name(*r) != v) return false;
                resource_ = *r;
                has_resource_ = true;
                return mark();
            }
            case kCard: {
                card_ = parse_dev_card(v);
                return card_.has_value() && mark();
            }
            default:
                return false;
        }
    }
    bool start_object(std::size_t) {
        ++depth_;
        if (depth_ == 1) return true;
        if (depth_ == 2 && map_index(field_) >= 0 && !in_dice_) {
            map_ = &maps_[map_index(field_)];
            return mark();
        }
        return false;
    }
    bool end_object() {
        --depth_;
        map_ = nullptr;
        return true;
    }
    bool start_array(std::size_t) {
        if (depth_ != 1 || field_ != kDice || in_dice_) return false;
        in_dice_ = true;
        return mark();
    }
    bool end_array() {
        in_dice_ = false;
        return dice_count_ == 2;
    }
    bool key(json::string_t& k) {
        if (depth_ == 2) {
            auto r = parse_resource(k);
            if (!r || resource_name(*r) != k) return false;
            map_res_ = static_cast<int>(*r);
            return true;
        }
        if (depth_ != 1) return false;
        for (int f = 0; f < kFieldCount; ++f)
            if (kFieldNames[f] == k) {
                field_ = static_cast<Field>(f);
                return !(seen_ >> f & 1u);  // a repeated field takes the slow path
            }
        return false;  // claims, note, unknown fields: the slow path
    }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) {
        return false;
    }

  private:
    enum Field : int {
        kType,
        kPlayer,
        kVertex,
        kEdge,
        kHex,
        kVictim,
        kStolen,
        kTo,
        kPartner,
        kCard,
        kResource,
        kDice,
        kGive,
        kGet,
        kCards,
        kTake,
        kFieldCount
    };
    static constexpr std::array<std::string_view, kFieldCount> kFieldNames{
        "type",    "player", "vertex",   "edge", "hex",  "victim", "stolen", "to",
        "partner", "card",   "resource", "dice", "give", "get",    "cards",  "take"};
    static int map_index(Field f) { return f >= kGive && f <= kTake ? f - kGive : -1; }

    bool mark() {
        seen_ |= 1u << field_;
        return true;
    }
    bool seat(const std::string& name, PlayerId& out) {
        for (std::size_t i = 0; i < seats_.size(); ++i)
            if (seats_[i].name == name) {
                out = static_cast<PlayerId>(i);
                return true;
            }
        return false;
    }
    bool number(long long v) {
        if (depth_ == 2 && map_) {
            if (v < 0 || v > 95) return false;
            (*map_)[map_res_] = static_cast<int>(v);
            return true;
        }
        if (depth_ != 1) return false;
        if (in_dice_) {
            if (v < 1 || v > 6 || dice_count_ >= 2) return false;
            dice_[dice_count_++] = static_cast<int>(v);
            return true;
        }
        if (field_ != kVertex && field_ != kEdge && field_ != kHex) return false;
        if (v < 0 || v > 10000) return false;
        id_ = static_cast<int>(v);
        return mark();
    }
    bool has(Field f) const { return seen_ >> f & 1u; }
    // Exactly the fields of the event type (unknown or missing ones: slow path).
    bool fields_are(std::initializer_list<Field> required,
                    std::initializer_list<Field> optional = {}) const {
        unsigned want = 1u << kType | 1u << kPlayer, may = 0;
        for (Field f : required) want |= 1u << f;
        for (Field f : optional) may |= 1u << f;
        return (seen_ & want) == want && (seen_ & ~(want | may)) == 0;
    }

    std::optional<Event> build() const {
        if (!has(kType) || !has(kPlayer)) return {};
        const PlayerId p = player_;
        Event e;
        auto vertex_ok = [&] { return id_ < t_.vertex_count(); };
        auto edge_ok = [&] { return id_ < t_.edge_count(); };
        switch (type_) {
            case 0:
                if (!fields_are({kVertex}) || !vertex_ok()) return {};
                e.body = PlaceSettlement{p, id_};
                break;
            case 1:
                if (!fields_are({kEdge}) || !edge_ok()) return {};
                e.body = PlaceRoad{p, id_};
                break;
            case 2:
                if (!fields_are({kDice})) return {};
                e.body = Roll{p, dice_[0], dice_[1]};
                break;
            case 3:
                if (!fields_are({kCards})) return {};
                e.body = Discard{p, maps_[2]};
                break;
            case 4: {
                if (!fields_are({kHex}, {kVictim, kStolen}) || id_ >= t_.hex_count()) return {};
                std::optional<Resource> stolen;
                if (has_resource_) stolen = resource_;
                if (stolen && victim_ == kNoPlayer) return {};
                e.body = MoveRobber{p, id_, victim_, stolen};
                break;
            }
            case 5:
                if (!fields_are({kGive, kGet})) return {};
                e.body = TradeBank{p, maps_[0], maps_[1]};
                break;
            case 6:
                if (!fields_are({kTo, kGive, kGet})) return {};
                e.body = TradeOffer{p, other_, maps_[0], maps_[1]};
                break;
            case 7:
                if (!fields_are({})) return {};
                e.body = TradeAccept{p};
                break;
            case 8:
                if (!fields_are({})) return {};
                e.body = TradeReject{p};
                break;
            case 9:
                if (!fields_are({})) return {};
                e.body = TradeCancel{p};
                break;
            case 10:
                if (!fields_are({kPartner, kGive, kGet})) return {};
                e.body = TradePlayer{p, other_, maps_[0], maps_[1]};
                break;
            case 11:
                if (!fields_are({kEdge}) || !edge_ok()) return {};
                e.body = BuildRoad{p, id_};
                break;
            case 12:
                if (!fields_are({kVertex}) || !vertex_ok()) return {};
                e.body = BuildSettlement{p, id_};
                break;
            case 13:
                if (!fields_are({kVertex}) || !vertex_ok()) return {};
                e.body = BuildCity{p, id_};
                break;
            case 14:
                if (!fields_are({}, {kCard})) return {};
                e.body = BuyDevCard{p, card_};
                break;
            case 15:
                if (!fields_are({})) return {};
                e.body = PlayKnight{p};
                break;
            case 16:
                if (!fields_are({})) return {};
                e.body = PlayRoadBuilding{p};
                break;
            case 17:
                if (!fields_are({kTake})) return {};
                e.body = PlayYearOfPlenty{p, maps_[3]};
                break;
            case 18:
                if (!fields_are({kResource}) || !has_resource_) return {};
                e.body = PlayMonopoly{p, resource_};
                break;
            case 19:
                if (!fields_are({})) return {};
                e.body = EndTurn{p};
                break;
            case 20:
                if (!fields_are({})) return {};
                e.body = Resign{p};
                break;
            default:
                return {};
        }
        return e;
    }

    const std::vector<Seat>& seats_;
    const Topology& t_;
    int depth_ = 0;
    Field field_ = kType;
    unsigned seen_ = 0;
    int type_ = -1;
    PlayerId player_ = kNoPlayer, victim_ = kNoPlayer, other_ = kNoPlayer;
    int id_ = 0;
    bool has_resource_ = false;
    Resource resource_ = Resource::kBrick;
    std::optional<DevCard> card_;
    std::array<int, 2> dice_{};
    int dice_count_ = 0;
    bool in_dice_ = false;
    std::array<ResourceCounts, 4> maps_{};  // give, get, cards, take
    ResourceCounts* map_ = nullptr;
    int map_res_ = 0;
};

}  // namespace

std::optional<Event> read_event_fast(std::string_view line, const std::vector<Seat>& seats,
                                     const Topology& t) {
    return FastEventReader(seats, t).read(line);
}

}  // namespace ctk::detail

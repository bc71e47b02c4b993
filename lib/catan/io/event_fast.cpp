// The fast path for one JSON Lines event (see event_fast.hpp): simdjson's DOM parser, then
// the fields of the common event shapes. Anything else gives up, and the caller reads the
// line with event_from_json, whose messages are the reference.
#include <catan/io/detail/event_fast.hpp>
#include <catan/io/log_format.hpp>

#include <catan/io/detail/board_fast.hpp>
#include <catan/io/detail/event_values.hpp>

#include <bit>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>

#include <simdjson.h>

namespace ctk::detail {

namespace {

using simdjson::dom::element;
using simdjson::dom::element_type;
using simdjson::dom::object;

// The keys an event line may have on the fast path: the fields of the event vocabulary
// (engine/event_fields.hpp) and "type". No claims, note, count, sum or given, nor the
// {"hex", ...} forms: those take the precise reader.
using Key = int;  // an EventField, or kTypeKey
constexpr Key kTypeKey = kEventFieldCount;
constexpr Key kNoKey = kEventFieldCount + 1;
constexpr EventFieldMask kTypeBit = EventFieldMask{1} << kTypeKey;
constexpr EventFieldMask kSlowFields =
    field_bit(EventField::kSum) | field_bit(EventField::kCount) | field_bit(EventField::kGiven);

constexpr std::string_view key_name(Key k) {
    return k == kTypeKey ? std::string_view("type") : kEventFieldNames[static_cast<std::size_t>(k)];
}

// a == b for the short names of this format, compared byte by byte in line (a library
// call per compare cost more than the compare).
inline bool same(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i] != b[i]) return false;
    return true;
}

// The fast path's keys by a hash of their first two bytes: at most two keys share a hash
// ("card" and "cards"; a third is a compile-time error), so a key costs one table load and
// one or two compares.
constexpr std::size_t key_hash(unsigned char first, unsigned char second) {
    return (first + second * 4u) & 63u;
}
// A key's name as one little-endian word of up to eight bytes, with the mask of its bytes.
struct KeyWord {
    std::uint64_t bytes = 0;
    std::uint64_t mask = 0;
    std::size_t length = 0;
    signed char key = static_cast<signed char>(kNoKey);
};
struct KeysByHash {
    std::array<std::array<KeyWord, 2>, 64> of{};
    constexpr KeysByHash() {
        for (Key k = 0; k <= kTypeKey; ++k) {
            if (k < kTypeKey && (kSlowFields >> k & 1u)) continue;
            const std::string_view n = key_name(k);
            if (n.size() > 8) throw "a key longer than a word";  // not a constant expression
            auto& slot =
                of[key_hash(static_cast<unsigned char>(n[0]), static_cast<unsigned char>(n[1]))];
            const std::size_t i = slot[0].key == kNoKey ? 0 : 1;
            if (slot[i].key != kNoKey) throw "three keys share a hash";
            KeyWord w;
            for (std::size_t b = 0; b < n.size(); ++b) {
                w.bytes |= std::uint64_t{static_cast<unsigned char>(n[b])} << (8 * b);
                w.mask |= std::uint64_t{0xff} << (8 * b);
            }
            w.length = n.size();
            w.key = static_cast<signed char>(k);
            slot[i] = w;
        }
    }
};
constexpr KeysByHash kKeysByHash;

// The candidate keys of a name of at least two bytes.
inline const std::array<KeyWord, 2>& key_candidates(const char* name) {
    return kKeysByHash
        .of[key_hash(static_cast<unsigned char>(name[0]), static_cast<unsigned char>(name[1]))];
}

// The key a name is (kNoKey for any other name).
Key key_of(std::string_view name) {
    if (name.size() < 2) return kNoKey;
    for (const KeyWord& w : key_candidates(name.data()))
        if (w.key != kNoKey && same(name, key_name(w.key))) return w.key;
    return kNoKey;
}

// The index of a non-empty event type name in kEventTypeNames, or -1: the length and the
// first and last bytes are compared before the whole name.
int type_of(std::string_view s) {
    for (std::size_t i = 0; i < kEventTypeNames.size(); ++i) {
        const std::string_view n = kEventTypeNames[i];
        if (n.size() == s.size() && n[0] == s[0] && n.back() == s.back() && same(n, s))
            return static_cast<int>(i);
    }
    return -1;
}

// The index of an event type name in kEventTypeNames (at compile time).
constexpr int type_index(std::string_view name) {
    for (std::size_t i = 0; i < kEventTypeNames.size(); ++i)
        if (kEventTypeNames[i] == name) return static_cast<int>(i);
    return -1;
}
// The types whose lines the scan matches whole.
constexpr int kRollType = type_index("roll"), kEndTurnType = type_index("end_turn");
static_assert(kRollType >= 0 && kEndTurnType >= 0);

// The event types by the first byte of their name, for the scan: the indexes in
// kEventTypeNames of the names that start with each byte, -1 after the last.
struct TypesByFirstByte {
    std::array<std::array<signed char, 8>, 256> of{};
    constexpr TypesByFirstByte() {
        for (auto& list : of) list.fill(-1);
        for (std::size_t i = 0; i < kEventTypeNames.size(); ++i) {
            auto& list = of[static_cast<unsigned char>(kEventTypeNames[i][0])];
            std::size_t n = 0;
            while (list[n] >= 0) ++n;
            list[n] = static_cast<signed char>(i);  // a ninth name on one byte: not constant
        }
    }
};
constexpr TypesByFirstByte kTypesByFirstByte;

// The resources by the first byte of their name (resource_name), -1 for none: the five
// names differ in their first byte (checked where the table is built).
struct ResourcesByFirstByte {
    std::array<std::string_view, kResourceCount> name;
    std::array<signed char, 256> of;
    ResourcesByFirstByte() {
        of.fill(-1);
        for (int r = 0; r < kResourceCount; ++r) {
            name[static_cast<std::size_t>(r)] = resource_name(static_cast<Resource>(r));
            auto& slot = of[static_cast<unsigned char>(name[static_cast<std::size_t>(r)][0])];
            if (slot != -1) throw std::logic_error("two resource names share a first byte");
            slot = static_cast<signed char>(r);
        }
    }
};
const ResourcesByFirstByte& resources_by_first_byte() {
    static const ResourcesByFirstByte table;
    return table;
}

// What one line said, key by key (the vocabulary's values, and "type" as kTypeBit in
// `seen`); build() turns it into the event when the fields are exactly those of the type
// and every value is in range.
struct Fields : EventValues {
    bool has_key(Key k) const { return seen >> k & 1u; }
    void mark(Key k) { seen |= EventFieldMask{1} << k; }
    // The event into `body` (built in place: no copy of a whole alternative), or false.
    bool build(const Topology& t, EventBody& body) const;
};

inline bool Fields::build(const Topology& t, EventBody& body) const {
    if (!(seen & kTypeBit) || !has(EventField::kPlayer) || type < 0) return false;
    if (!fields_fit(type, seen & ~kTypeBit)) return false;
    if ((has(EventField::kVertex) && id >= t.vertex_count()) ||
        (has(EventField::kEdge) && id >= t.edge_count()) ||
        (has(EventField::kHex) && id >= t.hex_count()))
        return false;
    if (stolen && victim == kNoPlayer) return false;
    build_event(*this, body);
    return true;
}

bool seat(std::string_view name, const std::vector<Seat>& seats, PlayerId& out) {
    for (std::size_t i = 0; i < seats.size(); ++i)
        if (same(seats[i].name, name)) {
            out = static_cast<PlayerId>(i);
            return true;
        }
    return false;
}

// A resource name exactly as the precise reader accepts it (no synonyms).
bool exact_resource(std::string_view s, Resource& out) {
    for (int r = 0; r < kResourceCount; ++r)
        if (same(resource_name(static_cast<Resource>(r)), s)) {
            out = static_cast<Resource>(r);
            return true;
        }
    return false;
}

// An integer in lo..hi (JSON integers only: 3.0 or 1e2 take the precise reader).
bool integer(element v, std::int64_t lo, std::int64_t hi, int& out) {
    std::int64_t n = 0;
    if (v.type() != element_type::INT64 || v.get_int64().get(n) || n < lo || n > hi) return false;
    out = static_cast<int>(n);
    return true;
}

// One value of a line as simdjson's DOM parsed it, seen through the operations read_field
// needs (the same operations as Scan below, which reads the text directly).
class DomValue {
  public:
    explicit DomValue(element v) : v_(v) {}
    bool null() const { return v_.is_null(); }
    bool string(std::string_view& out) const { return !v_.get_string().get(out); }
    // An event type's name: its index in kEventTypeNames.
    bool type(int& out) const {
        std::string_view s;
        if (!string(s) || s.empty()) return false;
        out = type_of(s);
        return out >= 0;
    }
    // A seat's name: its player.
    bool seat(const std::vector<Seat>& seats, PlayerId& out) const {
        std::string_view s;
        return string(s) && detail::seat(s, seats, out);
    }
    // A resource's name, exactly.
    bool resource(Resource& out) const {
        std::string_view s;
        return string(s) && exact_resource(s, out);
    }
    bool integer(std::int64_t lo, std::int64_t hi, int& out) const {
        return detail::integer(v_, lo, hi, out);
    }
    // [a, b]: exactly two integers in lo..hi.
    bool pair(std::int64_t lo, std::int64_t hi, std::array<int, 2>& out) const {
        simdjson::dom::array a;
        if (v_.get_array().get(a) || a.size() != 2) return false;
        std::size_t i = 0;
        for (element d : a)
            if (!detail::integer(d, lo, hi, out[i++])) return false;
        return true;
    }
    // {"brick": 1, ...}: exact resource names, counts 0..kMaxCardCount (a repeated key: the
    // last wins, as in the precise reader's document).
    bool resource_map(ResourceCounts& out) const {
        object o;
        if (v_.get_object().get(o)) return false;
        out = {};
        for (auto [key, value] : o) {
            Resource r;
            int n = 0;
            if (!exact_resource(key, r) || !detail::integer(value, 0, kMaxCardCount, n))
                return false;
            out[static_cast<std::size_t>(r)] = n;
        }
        return true;
    }

  private:
    element v_;
};

// The text of one line read directly, for the shape the log writer gives (no whitespace,
// strings without escapes, integers without fraction or exponent): each operation reads
// one JSON value at the cursor and moves past it, or returns false (the line then takes
// simdjson's parser). It accepts only JSON: a string holds no control character (and, as
// its bytes are only ever compared with known names, valid UTF-8), an integer has no
// leading zero.
class Scan {
  public:
    explicit Scan(std::string_view text) : p_(text.data()), end_(text.data() + text.size()) {}
    bool eat(char c) {
        if (p_ == end_ || *p_ != c) return false;
        ++p_;
        return true;
    }
    bool at_end() const { return p_ == end_; }
    bool at_newline() const { return p_ != end_ && *p_ == '\n'; }
    const char* pos() const { return p_; }
    bool null() {
        if (end_ - p_ < 4 || std::memcmp(p_, "null", 4) != 0) return false;
        p_ += 4;
        return true;
    }
    bool string(std::string_view& out) {
        if (!eat('"')) return false;
        const char* const start = p_;
        // Eight bytes at a time while the line has them: the first byte that is a quote, a
        // backslash or a control character ends the run (one test per word, not per byte).
        if constexpr (std::endian::native == std::endian::little) {
            while (end_ - p_ >= 8) {
                std::uint64_t w;
                std::memcpy(&w, p_, 8);
                if (const std::uint64_t m = special_bytes(w)) {
                    p_ += std::countr_zero(m) / 8;
                    break;
                }
                p_ += 8;
            }
        }
        for (; p_ != end_; ++p_) {
            const auto c = static_cast<unsigned char>(*p_);
            if (c == '"') {
                out = std::string_view(start, static_cast<std::size_t>(p_ - start));
                ++p_;
                return true;
            }
            if (c == '\\' || c < 0x20) return false;
        }
        return false;
    }
    // Up to 9 digits, then a byte that ends a number here (no '.', 'e' or more digits).
    bool integer(std::int64_t lo, std::int64_t hi, int& out) {
        const char* const start = p_;
        std::int64_t n = 0;
        while (p_ != end_ && *p_ >= '0' && *p_ <= '9' && p_ - start < 10)
            n = n * 10 + (*p_++ - '0');
        const auto digits = p_ - start;
        if (digits == 0 || digits > 9 || (digits > 1 && *start == '0')) return false;
        if (p_ != end_ && (*p_ == '.' || *p_ == 'e' || *p_ == 'E')) return false;
        if (n < lo || n > hi) return false;
        out = static_cast<int>(n);
        return true;
    }
    // The bytes of `text` (a literal) at the cursor.
    template <std::size_t N>
    bool lit(const char (&text)[N]) {
        constexpr auto n = static_cast<std::ptrdiff_t>(N - 1);
        if (end_ - p_ < n || std::memcmp(p_, text, N - 1) != 0) return false;
        p_ += n;
        return true;
    }
    // One digit in lo..hi (a die).
    bool digit(int lo, int hi, int& out) {
        if (p_ == end_ || *p_ < '0' + lo || *p_ > '0' + hi) return false;
        out = *p_++ - '0';
        return true;
    }
    // A seat's name and the closing quote, for a name that JSON writes as it is (no quote,
    // backslash or control character in it).
    bool seat_name(const std::vector<Seat>& seats, PlayerId& out) {
        const auto left = static_cast<std::size_t>(end_ - p_);
        for (std::size_t i = 0; i < seats.size(); ++i) {
            const std::string& name = seats[i].name;
            // the first byte first: it tells the seats of most games apart
            if (name.size() >= left || (!name.empty() && name[0] != *p_) ||
                p_[name.size()] != '"' || !same(name, {p_, name.size()}))
                continue;
            for (char c : name)
                if (c == '"' || c == '\\' || static_cast<unsigned char>(c) < 0x20) return false;
            p_ += name.size() + 1;
            out = static_cast<PlayerId>(i);
            return true;
        }
        return false;
    }
    // `"name"` for a seat's name JSON writes as it is (seat_name).
    bool seat(const std::vector<Seat>& seats, PlayerId& out) {
        return eat('"') && seat_name(seats, out);
    }
    // `"name"` for an event type's name: its index in kEventTypeNames.
    bool type(int& out) {
        if (!eat('"') || p_ == end_) return false;
        for (signed char i : kTypesByFirstByte.of[static_cast<unsigned char>(*p_)]) {
            if (i < 0) break;
            if (word(kEventTypeNames[static_cast<std::size_t>(i)], '"')) {
                out = i;
                return true;
            }
        }
        return false;
    }
    // `"name"` for a resource's name, exactly.
    bool resource(Resource& out) { return eat('"') && resource_name_then(out, '"'); }
    // `"name":` for a key of the fast path's fields (any other key, or another spelling of
    // one: false).
    bool key(Key& out) {
        if (!eat('"') || end_ - p_ < 2) return false;
        if (std::endian::native == std::endian::little && end_ - p_ > 8) {
            // the name's bytes as one word (a key is at most eight bytes, then its quote)
            std::uint64_t w;
            std::memcpy(&w, p_, 8);
            for (const KeyWord& c : key_candidates(p_)) {
                if (c.key == kNoKey) return false;
                if ((w & c.mask) == c.bytes && p_[c.length] == '"') {
                    p_ += c.length + 1;
                    out = c.key;
                    return eat(':');
                }
            }
            return false;
        }
        // near the end of the text: the name up to its quote, looked up as the DOM path does
        const auto* q =
            static_cast<const char*>(std::memchr(p_, '"', static_cast<std::size_t>(end_ - p_)));
        if (!q) return false;
        const Key k = key_of({p_, static_cast<std::size_t>(q - p_)});
        if (k == kNoKey) return false;
        p_ = q + 1;
        out = k;
        return eat(':');
    }
    bool pair(std::int64_t lo, std::int64_t hi, std::array<int, 2>& out) {
        return eat('[') && integer(lo, hi, out[0]) && eat(',') && integer(lo, hi, out[1]) &&
               eat(']');
    }
    bool resource_map(ResourceCounts& out) {
        if (!eat('{')) return false;
        out = {};
        if (eat('}')) return true;
        do {
            Resource r;
            int n = 0;
            if (!eat('"') || !resource_name_then(r, '"') || !eat(':') ||
                !integer(0, kMaxCardCount, n))
                return false;
            out[static_cast<std::size_t>(r)] = n;
        } while (eat(','));
        return eat('}');
    }

  private:
    // The bytes of `name` then the byte `after` at the cursor (moving past both), or false
    // (the cursor unmoved).
    bool word(std::string_view name, char after) {
        if (static_cast<std::size_t>(end_ - p_) <= name.size() || p_[name.size()] != after ||
            !same(name, {p_, name.size()}))
            return false;
        p_ += name.size() + 1;
        return true;
    }
    // A resource's name then the byte `after`.
    bool resource_name_then(Resource& out, char after) {
        if (p_ == end_) return false;
        const ResourcesByFirstByte& names = resources_by_first_byte();
        const int r = names.of[static_cast<unsigned char>(*p_)];
        if (r < 0 || !word(names.name[static_cast<std::size_t>(r)], after)) return false;
        out = static_cast<Resource>(r);
        return true;
    }

    // The high bit of each byte of `w` that is '"', '\\' or below 0x20, exact up to the
    // first such byte (the borrow of the subtraction may mark bytes after it).
    static std::uint64_t special_bytes(std::uint64_t w) {
        constexpr std::uint64_t kOnes = 0x0101010101010101u, kHigh = 0x8080808080808080u;
        auto zero_bytes = [&](std::uint64_t x) { return (x - kOnes) & ~x & kHigh; };
        return zero_bytes(w ^ (kOnes * '"')) | zero_bytes(w ^ (kOnes * '\\')) |
               ((w - kOnes * 0x20) & ~w & kHigh);
    }

    const char* p_;
    const char* end_;
};

// One field's value into `f`, through either reader (DomValue or Scan): the value rules
// of the fast path, once for both.
template <class Value>
bool read_field(Fields& f, Key key, Value&& v, const std::vector<Seat>& seats) {
    if (key == kTypeKey) return v.type(f.type);
    std::string_view s;
    switch (static_cast<EventField>(key)) {
        case EventField::kPlayer:
            return v.seat(seats, f.player);
        case EventField::kVictim:
            if (v.null()) return true;
            return v.seat(seats, f.victim);
        case EventField::kTo:
        case EventField::kPartner:
            return v.seat(seats, f.other);
        case EventField::kStolen:
            if (v.null()) return true;
            return v.resource(f.stolen.emplace());
        case EventField::kResource:
            return v.resource(f.resource);
        case EventField::kCard:
            if (v.null()) return true;
            if (!v.string(s)) return false;
            f.card = parse_dev_card(s);
            return f.card.has_value();
        case EventField::kVertex:
        case EventField::kEdge:
        case EventField::kHex:
            return v.integer(0, 10000, f.id);
        case EventField::kDice:
            return v.pair(1, 6, f.dice);
        case EventField::kGive:
        case EventField::kGet:
        case EventField::kCards:
        case EventField::kTake:
            return v.resource_map(f.maps[EventValues::map_slot(static_cast<EventField>(key))]);
        default:
            return false;
    }
}

// The key of a name, when it is one of the fast path's and not seen before (claims, note,
// count, unknown fields, a repeated field: the precise reader).
bool new_key(const Fields& f, std::string_view name, Key& out) {
    out = key_of(name);
    return out != kNoKey && !f.has_key(out);
}

// The event of the fields, or std::nullopt (one named result: built where the caller's
// optional lives).
std::optional<Event> built(const Fields& f, const Topology& t) {
    std::optional<Event> out(std::in_place);
    if (!f.build(t, out->body)) out.reset();
    return out;
}

// The event of the fields into `out` (claims none, source_line 0), or false (`out` as it
// was).
bool built_into(const Fields& f, const Topology& t, Event& out) {
    if (!f.build(t, out.body)) return false;
    out.claims.reset();
    out.source_line = 0;
    return true;
}

}  // namespace

static_assert(kEventLinePadding >= simdjson::SIMDJSON_PADDING);

namespace {

// read_event_scan into `out` (true; false and `out` as it was when the scan gives up), and
// read_event_scan_line when `length` is given: then the line ends at the first '\n' of
// `text` (which must have one after the event), and *length is its size.
bool scan_event(std::string_view line, const std::vector<Seat>& seats, const Topology& t,
                std::size_t* length, Event& out) {
    // The end of the event: the end of the text, or a newline (the line's length kept).
    auto ends = [&](const Scan& in) {
        if (!length) return in.at_end();
        if (!in.at_newline()) return false;
        *length = static_cast<std::size_t>(in.pos() - line.data());
        return true;
    };
    {
        // The commonest lines (two thirds of a played game), matched whole as the writer
        // spells them; any difference takes the general scan below.
        Fields f;
        Scan roll(line);
        if (roll.lit("{\"dice\":[") && roll.digit(1, 6, f.dice[0]) && roll.lit(",") &&
            roll.digit(1, 6, f.dice[1]) && roll.lit("],\"player\":\"") &&
            roll.seat_name(seats, f.player) && roll.lit(",\"type\":\"roll\"}") && ends(roll)) {
            f.type = kRollType;
            f.seen = kTypeBit | field_bit(EventField::kPlayer) | field_bit(EventField::kDice);
            return built_into(f, t, out);
        }
        Scan end_turn(line);
        if (end_turn.lit("{\"player\":\"") && end_turn.seat_name(seats, f.player) &&
            end_turn.lit(",\"type\":\"end_turn\"}") && ends(end_turn)) {
            f.type = kEndTurnType;
            f.seen = kTypeBit | field_bit(EventField::kPlayer);
            return built_into(f, t, out);
        }
    }
    Scan in(line);
    if (!in.eat('{')) return false;
    Fields f;
    if (!in.eat('}')) {
        do {
            Key key;
            if (!in.key(key) || f.has_key(key) || !read_field(f, key, in, seats)) return false;
            f.mark(key);
        } while (in.eat(','));
        if (!in.eat('}')) return false;
    }
    if (!ends(in)) return false;  // trailing bytes, even blanks: simdjson's parser
    return built_into(f, t, out);
}

}  // namespace

std::optional<Event> read_event_scan(std::string_view line, const std::vector<Seat>& seats,
                                     const Topology& t) {
    std::optional<Event> out(std::in_place);
    if (!scan_event(line, seats, t, nullptr, *out)) out.reset();
    return out;
}

std::optional<Event> read_event_scan_line(std::string_view text, const std::vector<Seat>& seats,
                                          const Topology& t, std::size_t& length) {
    std::optional<Event> out(std::in_place);
    if (!scan_event(text, seats, t, &length, *out)) out.reset();
    return out;
}

bool read_event_scan_line(std::string_view text, const std::vector<Seat>& seats, const Topology& t,
                          std::size_t& length, Event& out) {
    return scan_event(text, seats, t, &length, out);
}

std::optional<Event> read_event_dom_padded(std::string_view line, const std::vector<Seat>& seats,
                                           const Topology& t) {
    // One parser per thread, reused: its buffers grow to the longest line once.
    thread_local simdjson::dom::parser parser;
    element doc;
    if (parser.parse(line.data(), line.size(), false).get(doc)) return {};
    object o;
    if (doc.get_object().get(o)) return {};
    Fields f;
    for (auto [key, value] : o) {
        Key k;
        if (!new_key(f, key, k) || !read_field(f, k, DomValue(value), seats)) return {};
        f.mark(k);
    }
    return built(f, t);
}

std::optional<Event> read_event_fast_padded(std::string_view line, const std::vector<Seat>& seats,
                                            const Topology& t) {
    if (auto e = read_event_scan(line, seats, t)) return e;
    return read_event_dom_padded(line, seats, t);
}

std::optional<Event> read_event_dom(std::string_view line, const std::vector<Seat>& seats,
                                    const Topology& t) {
    // simdjson reads up to SIMDJSON_PADDING bytes past the text: copy the line into a
    // buffer that has them.
    thread_local std::string padded;
    if (padded.capacity() < line.size() + kEventLinePadding)
        padded.reserve(line.size() + kEventLinePadding);
    padded.assign(line.data(), line.size());
    return read_event_dom_padded(padded, seats, t);
}

std::optional<Event> read_event_fast(std::string_view line, const std::vector<Seat>& seats,
                                     const Topology& t) {
    if (auto e = read_event_scan(line, seats, t)) return e;
    return read_event_dom(line, seats, t);
}

namespace {

// The header's options object, as header_from_json reads it.
bool read_options(element v, GameOptions& out) {
    object o;
    if (v.get_object().get(o)) return false;
    unsigned seen = 0;
    for (auto [key, value] : o) {
        std::size_t i = 0;
        while (i < kGameOptions.size() && kGameOptions[i].key != key) ++i;
        // unknown or repeated: the precise reader
        if (i == kGameOptions.size() || (seen >> i & 1u)) return false;
        seen |= 1u << i;
        const OptionSpec& spec = kGameOptions[i];
        if (spec.number && !integer(value, spec.min, spec.max, out.*spec.number)) return false;
        if (spec.flag && value.get_bool().get(out.*spec.flag)) return false;
    }
    return true;
}

// The seats array: 2..kMaxPlayers objects with a non-empty unique name, an optional colour
// (the name when absent) and source seat 0..1000.
bool read_seats(element v, std::vector<Seat>& out) {
    simdjson::dom::array a;
    if (v.get_array().get(a) || a.size() < 2 || a.size() > static_cast<std::size_t>(kMaxPlayers))
        return false;
    for (element item : a) {
        object o;
        if (item.get_object().get(o)) return false;
        Seat seat;
        unsigned seen = 0;
        for (auto [key, value] : o) {
            const unsigned bit = key == "name"          ? 1u
                                 : key == "color"       ? 2u
                                 : key == "source_seat" ? 4u
                                                        : 0u;
            if (bit == 0 || (seen & bit)) return false;
            seen |= bit;
            std::string_view s;
            if (bit == 4u) {
                int n = 0;
                if (!integer(value, 0, 1000, n)) return false;
                seat.source_seat = n;
            } else if (value.get_string().get(s)) {
                return false;
            } else {
                (bit == 1u ? seat.name : seat.color) = std::string(s);
            }
        }
        if (seat.name.empty() || seat.name.size() > kMaxNameBytes ||
            seat.color.size() > kMaxNameBytes)
            return false;  // the precise reader names the field
        for (const Seat& other : out)
            if (other.name == seat.name) return false;
        if (seat.color.empty()) seat.color = seat.name;
        out.push_back(std::move(seat));
    }
    return true;
}

// The header object of a JSON Lines log, field by field as header_from_json reads it.
std::optional<GameLog> build_header(element doc) {
    object top;
    if (doc.get_object().get(top)) return {};
    GameLog log;
    unsigned seen = 0;
    for (auto [key, value] : top) {
        constexpr std::array<std::string_view, 7> kNames{
            "format", "version", "options", "unrecorded", "seats", "board", "source"};
        std::size_t field = 0;
        while (field < kNames.size() && kNames[field] != key) ++field;
        // "events" (a document), an unknown or a repeated field: the precise reader
        if (field == kNames.size() || (seen >> field & 1u)) return {};
        seen |= 1u << field;
        std::string_view s;
        switch (field) {
            case 0:
                if (value.get_string().get(s) || s != "catan-log") return {};
                break;
            case 1:
                if (!integer(value, 1, 1, log.version)) return {};
                break;
            case 2:
                if (!read_options(value, log.options)) return {};
                break;
            case 3: {
                simdjson::dom::array a;
                if (value.get_array().get(a)) return {};
                for (element name : a) {
                    if (name.get_string().get(s) || s != "discards") return {};
                    log.unrecorded.discards = true;
                }
                break;
            }
            case 4:
                if (!read_seats(value, log.seats)) return {};
                break;
            case 5:
                log.board = read_board_fast(value);
                if (!log.board) return {};
                break;
            default:
                if (value.get_string().get(s)) return {};
                log.source = std::string(s);
                break;
        }
    }
    if (!(seen & 1u) || log.seats.empty()) return {};  // format and seats are required
    if (log.seats.size() > 4 && log_board(log).kind() != BoardKind::kExtended) return {};
    return log;
}

}  // namespace

std::optional<GameLog> read_header_fast(std::string_view line) {
    thread_local simdjson::dom::parser parser;
    thread_local std::string padded;
    element doc;
    if (!parse_padded(parser, padded, line, doc)) return {};
    return build_header(doc);
}

}  // namespace ctk::detail

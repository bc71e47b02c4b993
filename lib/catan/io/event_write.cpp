// The common events' JSON text without an nlohmann document (see event_write.hpp). The
// keys of each type are listed in byte order, as nlohmann's object (a std::map) writes
// them; tests compare every event of the samples and of imported logs with event_to_json.
#include <catan/io/event_write.hpp>

#include <catan/io/detail/event_values.hpp>

#include <charconv>
#include <string_view>

namespace ctk::detail {

EventWriter::EventWriter(const std::vector<Seat>& seats) {
    names_.reserve(seats.size());
    for (const Seat& s : seats) {
        for (char c : s.name)
            if (c < 0x20 || c > 0x7E || c == '"' || c == '\\') plain_ = false;
        names_.push_back('"' + s.name + '"');
    }
}

namespace {

void put_int(std::string& out, int n) {
    char buf[16];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, n);
    out.append(buf, end);
}

// {"brick":1,"grain":2,...}: the resources in name order, zero counts left out.
void put_resources(std::string& out, const ResourceCounts& r) {
    constexpr std::array<Resource, kResourceCount> kByName{
        Resource::kBrick, Resource::kGrain, Resource::kLumber, Resource::kOre, Resource::kWool};
    out += '{';
    bool first = true;
    for (Resource res : kByName) {
        const int n = r[static_cast<std::size_t>(res)];
        if (n == 0) continue;
        if (!first) out += ',';
        first = false;
        out += '"';
        out += resource_name(res);
        out += "\":";
        put_int(out, n);
    }
    out += '}';
}

}  // namespace

namespace {

// The writer's text for each value (write_event_fields): keys and values as nlohmann's
// compact dump writes them.
class TextSink {
  public:
    TextSink(std::string& out, const std::vector<std::string>& names) : out_(out), names_(names) {
        out_ += '{';
    }
    // `text` is `,"name":`; the first key goes without its comma
    void key(std::string_view, std::string_view text) {
        out_.append(first_ ? text.substr(1) : text);
        first_ = false;
    }
    void seat(PlayerId p) {
        if (p == kNoPlayer)
            out_ += "null";
        else if (p < 0 || static_cast<std::size_t>(p) >= names_.size())
            unnamed_ = true;
        else
            out_ += names_[static_cast<std::size_t>(p)];
    }
    void integer(int n) { put_int(out_, n); }
    void pair(int a, int b) {
        out_ += '[';
        put_int(out_, a);
        out_ += ',';
        put_int(out_, b);
        out_ += ']';
    }
    void resources(const ResourceCounts& r) { put_resources(out_, r); }
    void counts(const SeatCounts& c) {
        out_ += '[';
        for (std::size_t i = 0; i < names_.size(); ++i) {
            if (i) out_ += ',';
            put_int(out_, c[i]);
        }
        out_ += ']';
    }
    void name(std::string_view n) {
        out_ += '"';
        out_ += n;
        out_ += '"';
    }
    void null() { out_ += "null"; }
    // A player that is not a seat was met: the event is left to event_to_json.
    bool unnamed() const { return unnamed_; }

  private:
    std::string& out_;
    const std::vector<std::string>& names_;
    bool first_ = true;
    bool unnamed_ = false;
};

}  // namespace

bool EventWriter::append(std::string& out, const Event& e) const {
    if (!plain_ || e.claims) return false;
    const std::size_t start = out.size();
    TextSink sink(out, names_);
    write_event_fields(e.body, sink);
    out += '}';
    if (sink.unnamed()) out.resize(start);
    return !sink.unnamed();
}

}  // namespace ctk::detail

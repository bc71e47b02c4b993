#include <catan/io/board_text.hpp>

#include <array>
#include <cctype>
#include <memory>
#include <vector>

#include <fmt/format.h>

#include <catan/io/line.hpp>

#include <catan/board/generate.hpp>

namespace ctk {

namespace {

constexpr std::string_view kTerrainLetters = "BLWGOD";  // Terrain order: hills .. desert
constexpr std::string_view kLetterHelp =
    "B hills (brick), L forest (lumber), W pasture (wool), G fields (grain), O mountains (ore), "
    "D desert";

std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

std::vector<std::string_view> split(std::string_view s, std::string_view separators) {
    std::vector<std::string_view> out;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= s.size(); ++i)
        if (i == s.size() || separators.find(s[i]) != std::string_view::npos) {
            if (i > start) out.push_back(s.substr(start, i - start));
            start = i + 1;
        }
    return out;
}

// A number of one or two digits ("7", "18"); std::nullopt for anything else.
std::optional<int> small_number(std::string_view s) {
    if (s.empty() || s.size() > 2 || s.find_first_not_of("0123456789") != std::string_view::npos)
        return std::nullopt;
    return std::stoi(std::string(s));
}

// Where the robber starts: the first desert, else hex 0.
HexId first_desert(const Board& b) {
    for (HexId h = 0; h < b.topology().hex_count(); ++h)
        if (b.terrain(h) == Terrain::kDesert) return h;
    return 0;
}

// The shared topology of a board of `count` hexes, not owned: the standard board (19) or the
// 5-6 player board (30); else InputError "<before><count><after>, expected ...".
std::shared_ptr<const Topology> topology_for(std::size_t count, std::string_view before,
                                             std::string_view after) {
    if (count != 19 && count != 30)
        throw InputError(
            fmt::format("{}{}{}, expected 19 (the standard board) or 30 (the 5-6 player board)",
                        before, count, after));
    const Topology& t = count == 19 ? Topology::standard() : Topology::extended();
    return std::shared_ptr<const Topology>(&t, [](const Topology*) {});
}

const std::vector<HexSide>& slots_for(const Topology& t) {
    return t.hex_count() == 19 ? standard_harbor_slots() : extended_harbor_slots();
}

HarborKind harbor_code(std::string_view code, std::string_view where) {
    if (code == "3" || code == "3:1") return HarborKind::kGeneric;
    if (code.size() == 1) {
        const auto at = kTerrainLetters.find(
            static_cast<char>(std::toupper(static_cast<unsigned char>(code[0]))));
        if (at != std::string_view::npos && at < kResourceCount)
            return harbor_of(static_cast<Resource>(at));
    }
    throw InputError(
        fmt::format("{}: '{}' is not a harbor code (3 for 3:1, or B, L, W, G, O for "
                    "the 2:1 harbor of brick, lumber, wool, grain, ore)",
                    where, code));
}

char code_of(HarborKind k) {
    if (auto r = harbor_resource(k)) return kTerrainLetters[static_cast<std::size_t>(*r)];
    return '3';
}

void read_harbors(Board& b, std::string_view field) {
    const auto codes = split(field, " \t,");
    if (codes.size() == 1 && codes[0] == "none") return;
    const auto& slots = slots_for(b.topology());
    const bool placed =
        !codes.empty() && codes[0].find(':') != std::string_view::npos && codes[0] != "3:1";
    if (!placed) {
        if (codes.size() != slots.size())
            throw InputError(fmt::format(
                "harbors: {} codes, expected {} (one per harbor slot of the frame, clockwise "
                "from the top left), or \"<hex><side>:<code>\" each, or none",
                codes.size(), slots.size()));
        for (std::size_t i = 0; i < slots.size(); ++i)
            b.add_harbor(slots[i], harbor_code(codes[i], fmt::format("harbors[{}]", i)));
        return;
    }
    for (std::size_t i = 0; i < codes.size(); ++i) {
        const std::string where = fmt::format("harbors[{}]", i);
        const auto colon = codes[i].find(':');
        const std::string_view place = codes[i].substr(0, colon);
        std::size_t digits = 0;
        while (digits < place.size() && std::isdigit(static_cast<unsigned char>(place[digits])))
            ++digits;
        const auto side = parse_side(place.substr(digits));
        if (colon == std::string_view::npos || digits == 0 || digits > 2 || !side)
            throw InputError(fmt::format(
                "{}: '{}': expected <hex><side>:<code> (e.g. 0NW:3, 1NE:G)", where, codes[i]));
        const HexId hex = std::stoi(std::string(place.substr(0, digits)));
        if (!b.topology().valid_hex(hex))
            throw InputError(fmt::format("{}: hex {} is not on the board (0..{})", where, hex,
                                         b.topology().hex_count() - 1));
        try {
            b.add_harbor({hex, *side}, harbor_code(codes[i].substr(colon + 1), where));
        } catch (const InputError& e) {
            throw InputError(fmt::format("{}: {}", where, e.what()));
        }
    }
}

}  // namespace

Board board_from_line(std::string_view line) {
    // A trailing "# comment" is left out, as whole-line comments are ('#' is in no field).
    line = line.substr(0, line.find('#'));
    auto fields = split(line, ";");
    for (auto& f : fields) f = trim(f);
    if (fields.size() < 2 || fields.size() > 4)
        throw InputError(fmt::format(
            "a board in one line has 2 to 4 fields separated by ';' (terrains; numbers; "
            "harbors; robber), got {}",
            fields.size()));
    std::vector<Terrain> terrains;
    for (std::size_t i = 0; i < fields[0].size(); ++i) {
        const char c = fields[0][i];
        if (std::isspace(static_cast<unsigned char>(c)) || c == '/' || c == '-') continue;
        const auto at =
            kTerrainLetters.find(static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
        if (at == std::string_view::npos) {
            // The whole character when it is not ASCII (a fullwidth letter is 3 bytes).
            std::size_t n = 1;
            while (static_cast<unsigned char>(c) >= 0xC0 && i + n < fields[0].size() &&
                   (static_cast<unsigned char>(fields[0][i + n]) & 0xC0) == 0x80)
                ++n;
            throw InputError(fmt::format("terrains: '{}' is not a terrain letter ({})",
                                         fields[0].substr(i, n), kLetterHelp));
        }
        terrains.push_back(kTerrains[at]);
    }
    Board b(topology_for(terrains.size(), "terrains: ", " letters"));
    std::vector<int> numbers;
    for (std::string_view token : split(fields[1], " \t,")) {
        int n = 0;
        for (char c : token) {
            if (!std::isdigit(static_cast<unsigned char>(c)) || n > 12)
                throw InputError(
                    fmt::format("numbers: '{}' is not a number token (2..6, 8..12)", token));
            n = n * 10 + (c - '0');
        }
        if (token_pips(n) == 0)
            throw InputError(
                fmt::format("numbers: '{}' is not a number token (2..6, 8..12)", token));
        numbers.push_back(n);
    }
    std::size_t land = 0;
    for (Terrain t : terrains) land += t != Terrain::kDesert;
    if (numbers.size() != land)
        throw InputError(fmt::format("numbers: {} tokens for the {} hexes that are not desert",
                                     numbers.size(), land));
    for (std::size_t h = 0, k = 0; h < terrains.size(); ++h)
        b.set_hex(static_cast<HexId>(h), terrains[h],
                  terrains[h] != Terrain::kDesert ? numbers[k++] : 0);
    // Field 3: the harbors or the robber; field 4: the robber, once.
    std::optional<std::string_view> harbors, robber;
    for (std::size_t i = 2; i < fields.size(); ++i) {
        if (fields[i].starts_with("robber")) {
            if (robber)
                throw InputError(
                    fmt::format("field {}: a second robber field (\"{}\"); give "
                                "\"robber <hex>\" once",
                                i + 1, fields[i]));
            robber = fields[i];
        } else if (i == 2) {
            harbors = fields[i];
        } else {
            throw InputError(fmt::format(
                "field {}: expected \"robber <hex>\" (the harbors are field 3), got \"{}\"", i + 1,
                fields[i]));
        }
    }
    if (harbors) {
        read_harbors(b, *harbors);
    } else if (terrains.size() == 19) {
        const Board beginner = Board::beginner();
        for (const Harbor& h : beginner.harbors()) b.add_harbor({h.hex, h.side}, h.kind);
    } else {
        throw InputError(
            "harbors: missing: a 5-6 player board needs a third field with its 11 harbor codes "
            "(\"none\" for a board without harbors)");
    }
    HexId robber_hex = first_desert(b);
    if (robber) {
        const auto words = split(*robber, " \t");
        const int h = words.size() == 2 ? small_number(words[1]).value_or(-1) : -1;
        if (!b.topology().valid_hex(h))
            throw InputError(
                fmt::format("robber: expected \"robber <hex>\" with a hex 0..{}, got "
                            "\"{}\"",
                            b.topology().hex_count() - 1, *robber));
        robber_hex = h;
    }
    b.set_robber(robber_hex);
    return b;
}

std::string board_to_line(const Board& b) {
    const Topology& t = b.topology();
    if (b.kind() == BoardKind::kCustom || (t.hex_count() != 19 && t.hex_count() != 30))
        throw InputError(
            "a custom board has no reading order: the one-line notation writes the "
            "standard and the 5-6 player boards");
    const int row_ends_19[] = {3, 7, 12, 16, 19};
    const int row_ends_30[] = {3, 7, 12, 18, 23, 27, 30};
    std::string terrains, numbers;
    int row = 0;
    for (HexId h = 0; h < t.hex_count(); ++h) {
        const int end = t.hex_count() == 19 ? row_ends_19[row] : row_ends_30[row];
        if (h == end) {
            terrains += ' ';
            ++row;
        }
        terrains += kTerrainLetters[static_cast<std::size_t>(b.terrain(h))];
        if (b.token(h) != 0) numbers += fmt::format("{}{}", numbers.empty() ? "" : " ", b.token(h));
    }
    // Harbors by slot when each slot holds one and there are no others.
    const auto& slots = slots_for(t);
    std::string harbors;
    bool by_slot = b.harbors().size() == slots.size();
    for (const HexSide& s : slots) {
        const EdgeId e = t.edge_id(s);
        bool found = false;
        for (const Harbor& h : b.harbors())
            if (t.edge_id({h.hex, h.side}) == e) {
                harbors += fmt::format("{}{}", harbors.empty() ? "" : " ", code_of(h.kind));
                found = true;
            }
        by_slot = by_slot && found;
    }
    if (!by_slot) {
        harbors.clear();
        for (const Harbor& h : b.harbors())
            harbors += fmt::format("{}{}{}:{}", harbors.empty() ? "" : " ", h.hex,
                                   side_name(h.side), code_of(h.kind));
        if (harbors.empty()) harbors = "none";
    }
    std::string out = fmt::format("{}; {}; {}", terrains, numbers, harbors);
    if (b.robber() != first_desert(b)) out += fmt::format("; robber {}", b.robber());
    return out;
}

std::optional<BoardTextKind> board_text_kind(std::string_view text) {
    std::size_t pos = 0;
    while (pos < text.size()) {
        const std::string_view line = trim(take_line(text, pos));
        if (line.empty() || line.front() == '#') continue;
        if (line.front() == '{' || line.front() == '[' || line.front() == '"') return std::nullopt;
        if (line.find('|') != std::string_view::npos) return BoardTextKind::kRows;
        if (kTerrainLetters.find(static_cast<char>(
                std::toupper(static_cast<unsigned char>(line.front())))) != std::string_view::npos)
            return BoardTextKind::kLine;
        // A line of fields that starts with a letter that is not ASCII (a fullwidth Ｏ):
        // the one-line notation mistyped, told as such (its terrains field names the letter).
        if (static_cast<unsigned char>(line.front()) >= 0x80 &&
            line.find(';') != std::string_view::npos)
            return BoardTextKind::kLine;
        return std::nullopt;
    }
    return std::nullopt;
}

Board board_from_rows(std::string_view text) {
    std::vector<std::pair<Terrain, int>> hexes;
    std::vector<std::pair<HexSide, HarborKind>> harbors;
    int line_no = 0;
    std::size_t pos = 0;
    while (pos < text.size()) {
        const std::string_view line = trim(take_line(text, pos));
        ++line_no;
        if (line.empty() || line.front() == '#') continue;
        const std::string where = fmt::format("line {}", line_no);
        if (line.starts_with("harbor ")) {
            // harbor <hex> <side>: <type>
            const auto colon = line.find(':');
            const auto words = split(line.substr(0, colon), " \t");
            const auto side = words.size() == 3 ? parse_side(words[2]) : std::nullopt;
            const int hex = words.size() == 3 ? small_number(words[1]).value_or(-1) : -1;
            if (colon == std::string_view::npos || !side || hex < 0)
                throw InputError(fmt::format(
                    "{}: expected \"harbor <hex> <side>: <type>\" (e.g. harbor 0 NW: 3:1)", where));
            const std::string_view type = trim(line.substr(colon + 1));
            std::optional<HarborKind> kind;
            if (type == "3:1")
                kind = HarborKind::kGeneric;
            else if (type.ends_with(" 2:1"))
                if (auto r = parse_resource(trim(type.substr(0, type.size() - 4))))
                    kind = harbor_of(*r);
            if (!kind)
                throw InputError(fmt::format(
                    "{}: harbor type \"{}\": expected 3:1 or \"<resource> 2:1\"", where, type));
            harbors.push_back({{hex, *side}, *kind});
            continue;
        }
        for (std::string_view cell : split(line, "|")) {
            const auto words = split(trim(cell), " \t");
            std::optional<Terrain> terrain;
            if (words.size() == 2) {
                terrain = parse_terrain(words[0]);
                if (!terrain)
                    if (auto r = parse_resource(words[0]))
                        terrain = kTerrains[static_cast<std::size_t>(*r)];
            }
            if (!terrain)
                throw InputError(fmt::format(
                    "{}: \"{}\": expected \"<terrain or resource> <token>\" (e.g. ore 10, "
                    "desert -)",
                    where, trim(cell)));
            int token = 0;
            if (words[1] != "-") {
                token = small_number(words[1]).value_or(0);
                if (token_pips(token) == 0)
                    throw InputError(
                        fmt::format("{}: token \"{}\": expected 2..6, 8..12 or - "
                                    "(the desert)",
                                    where, words[1]));
            }
            hexes.push_back({*terrain, token});
        }
    }
    Board b(topology_for(hexes.size(), "", " hexes in the rows"));
    for (std::size_t h = 0; h < hexes.size(); ++h)
        b.set_hex(static_cast<HexId>(h), hexes[h].first, hexes[h].second);
    for (const auto& [where, kind] : harbors) b.add_harbor(where, kind);
    b.set_robber(first_desert(b));
    return b;
}

}  // namespace ctk

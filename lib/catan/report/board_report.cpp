// What catan-board prints (board_report.hpp).
#include <catan/report/board_report.hpp>

#include <cstdio>
#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <catan/io/board_json.hpp>
#include <catan/io/board_text.hpp>
#include <catan/io/json_util.hpp>
#include <catan/render/render.hpp>
#include <catan/render/render_svg.hpp>

namespace ctk {

std::string board_in_format(const Board& b, std::string_view format, bool ids) {
    if (format == "json") return board_to_json(b).dump(2) + '\n';
    if (format == "jsonl") return board_to_json(b).dump() + '\n';
    if (format == "line") return board_to_line(b) + '\n';
    if (format == "text") return render_ascii(b, {.ids = ids});
    if (format == "svg") {
        SvgOptions o;
        o.ids = ids;
        return render_svg(b, o);
    }
    throw std::invalid_argument(fmt::format("board_in_format: unknown format {}", format));
}

void write_generated_boards(Output& out, const Generator& g, Rng& rng, const GeneratedBoards& req) {
    const std::int64_t count = req.count;
    const bool jsonl = req.format == "jsonl", json = req.format == "json";
    RawBoard raw;
    // JSON Lines: boards are written side by side into one block, handed out whole.
    const std::size_t line_room = g.max_json_size() + 1 + Generator::kJsonSlack;
    std::vector<char> block(jsonl ? Output::kFlushBytes + line_room : 0);
    char* end = block.data();
    auto hand_out = [&] {
        out.write(std::string_view(block.data(), static_cast<std::size_t>(end - block.data())));
        end = block.data();
    };
    if (json && count > 1) out << "[\n";
    for (std::int64_t i = 0; i < count; ++i) {
        if (req.progress && i % 100000 == 0) fmt::print(stderr, "\r{} of {} boards", i, count);
        g.generate(rng, raw, req.max_tries);
        if (jsonl) {
            end = g.write_json(raw, end);
            *end++ = '\n';
            if (end - block.data() >= static_cast<std::ptrdiff_t>(Output::kFlushBytes)) hand_out();
        } else if (json && count > 1) {  // indent the document as an array element
            const std::string doc = board_to_json(g.to_board(raw)).dump(2);
            std::string indented = "  ";
            for (char c : doc) {
                indented += c;
                if (c == '\n') indented += "  ";
            }
            out << indented + (i + 1 < count ? "," : "") + '\n';
        } else {
            if (req.format == "text" && count > 1)
                out << fmt::format("board {} of {}\n", i + 1, count);
            out << board_in_format(g.to_board(raw), req.format, req.ids);
        }
    }
    if (jsonl) hand_out();
    if (json && count > 1) out << "]\n";
    if (req.progress) fmt::print(stderr, "\r{} of {} boards\n", count, count);
}

// ---------------------------------------------------------------- checks

BoardCheckReport::BoardCheckReport(Output& out, const Constraints& c, bool custom, bool json)
    : out_(out), constraints_(c), custom_(custom), json_(json) {}

std::vector<BoardProblem> board_problems(const Board& b, const Constraints& c, bool custom) {
    auto problems = check_composition(b);
    if (!custom)
        for (auto& p : check_shape(b)) problems.push_back(std::move(p));
    for (auto& p : check_constraints(b, c)) problems.push_back(std::move(p));
    return problems;
}

nlohmann::json board_check_json(const std::string& name, const Board& b, const Constraints& c,
                                bool custom) {
    nlohmann::json list = nlohmann::json::array();
    bool valid = true;
    for (const auto& p : board_problems(b, c, custom)) {
        list.push_back({{"rule", p.rule_id}, {"message", p.message}});
        valid = false;
    }
    return nlohmann::json{{"name", name}, {"valid", valid}, {"problems", list}};
}

void BoardCheckReport::board(const std::string& name, const Board& b) {
    if (json_) {
        const nlohmann::json record = board_check_json(name, b, constraints_, custom_);
        ++checked_;
        if (!record["valid"].get<bool>()) ++bad_;
        out_ << json_util::dump(record) << '\n';
        return;
    }
    const auto problems = board_problems(b, constraints_, custom_);
    ++checked_;
    if (!problems.empty()) ++bad_;
    for (const auto& p : problems)
        out_ << printable(fmt::format("{}: {}: {}", name, p.rule_id, p.message)) << '\n';
    if (problems.empty())
        good_ = printable(fmt::format("{}: valid {} board", name, board_kind_name(b.kind())));
}

void BoardCheckReport::malformed(const std::string& where, const std::string& message) {
    ++malformed_;
    if (json_)
        stopped(where, message);
    else
        out_ << printable(message) << '\n';
}

void BoardCheckReport::stopped(const std::string& name, const std::string& message) {
    if (!json_) return;
    out_ << json_util::dump(nlohmann::json{{"name", name}, {"valid", false}, {"error", message}})
         << '\n';
}

std::string BoardCheckReport::single_verdict() const {
    if (json_ || checked_ != 1 || bad_ != 0 || malformed_ != 0 || good_.empty()) return "";
    return good_ + '\n';
}

std::string BoardCheckReport::summary() const {
    return fmt::format("{} board{} checked, {} with problems{}\n", checked_,
                       checked_ == 1 ? "" : "s", bad_,
                       malformed_ ? fmt::format(", {} malformed", malformed_) : "");
}

// ---------------------------------------------------------------- fairness

namespace {

std::string fixed2(std::int64_t sum, std::int64_t n) {
    if (n == 0) return "0.00";
    // sum / n rounded half up to 2 decimals, in integers
    std::int64_t hundredths = (sum * 200 + n) / (2 * n);
    return fmt::format("{}.{:02}", hundredths / 100, hundredths % 100);
}

}  // namespace

std::string fairness_record(std::int64_t index, const std::string& name, const Fairness& f) {
    const auto& names = fairness_names();
    const auto values = fairness_values(f);
    std::string s = fmt::format("{{\"board\":{},\"name\":{}", index, json_util::dump(name));
    for (std::size_t i = 0; i < names.size(); ++i)
        s += fmt::format(",\"{}\":{}", names[i], values[i]);
    return s + "}\n";
}

std::string fairness_error_record(std::int64_t index, const std::string& where,
                                  const std::string& message) {
    return fmt::format("{{\"board\":{},\"name\":{},\"error\":{}}}\n", index, json_util::dump(where),
                       json_util::dump(message));
}

std::string generated_boards_source(std::int64_t count, std::uint64_t seed,
                                    std::string_view players, const Constraints& c) {
    return fmt::format("{{\"generated\":{},\"seed\":{},\"players\":\"{}\",\"constraints\":{}}}",
                       count, seed, players, constraints_to_json(c));
}

std::string file_boards_source(const std::string& file) {
    return fmt::format("{{\"file\":{}}}", json_util::dump(file));
}

std::string fairness_json(const FairnessSummary& summary, const std::string& source) {
    // Written by hand so that means are fixed two-decimal numbers.
    const auto& names = fairness_names();
    const std::int64_t n = summary.boards();
    std::string s = fmt::format("{{\"boards\":{},\"source\":{},\"measures\":{{", n, source);
    for (std::size_t i = 0; i < names.size(); ++i) {
        auto c = summary.column(i);
        s += fmt::format("{}\"{}\":{{\"min\":{},\"max\":{},\"mean\":{},\"histogram\":{{",
                         i ? "," : "", names[i], c.min, c.max, fixed2(c.sum, n));
        for (std::size_t k = 0; k < c.histogram.size(); ++k)
            s += fmt::format("{}\"{}\":{}", k ? "," : "", c.histogram[k].first,
                             c.histogram[k].second);
        s += "}}";
    }
    return s + "}}\n";
}

std::string fairness_text(const FairnessSummary& summary) {
    const auto& names = fairness_names();
    const std::int64_t n = summary.boards();
    std::string s =
        fmt::format("{} boards\n{:<18} {:>4} {:>7} {:>4}  distribution (value:boards)\n", n,
                    "measure", "min", "mean", "max");
    for (std::size_t i = 0; i < names.size(); ++i) {
        auto c = summary.column(i);
        std::string hist;
        for (auto [v, k] : c.histogram) hist += fmt::format(" {}:{}", v, k);
        s += fmt::format("{:<18} {:>4} {:>7} {:>4} {}\n", names[i], c.min, fixed2(c.sum, n), c.max,
                         hist);
    }
    return s;
}

}  // namespace ctk

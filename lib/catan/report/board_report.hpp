#pragma once
// What catan-board prints: boards in an output format, generated boards written as they
// are drawn, the checks of boards record by record, and the fairness measures of boards
// with their distributions. The boards, their rules and measures are lib/catan/board/.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <catan/board/board.hpp>
#include <catan/board/generate.hpp>
#include <catan/board/rng.hpp>
#include <catan/io/output.hpp>

#include <nlohmann/json_fwd.hpp>

namespace ctk {

// ---- boards in a format ----

// One board as `format` writes it: "json" (indented by 2), "jsonl" (one line), "line" (the
// one-line notation, io/board_text.hpp), each with a final newline; "text" (the ASCII
// drawing, render/render.hpp) and "svg" (render/render_svg.hpp), with every vertex and edge
// labelled by its id when `ids`. Throws InputError for "line" when the board has no one-line
// form (board_to_line), std::invalid_argument for an unknown format.
std::string board_in_format(const Board& b, std::string_view format, bool ids);

// Boards drawn by a generator, written as they are drawn (catan-board generate).
struct GeneratedBoards {
    std::int64_t count = 1;  // >= 1
    std::int64_t max_tries = Generator::kDefaultMaxTries;
    std::string format = "json";  // as board_in_format; "json" writes an array when count > 1
    bool ids = false;
    bool progress = false;  // "\r<i> of <count> boards" on standard error every 100,000
};
// Draws req.count boards from g with rng and writes them to out: JSON Lines handed to out in
// blocks (the generator's own writer, memory independent of count); "text" headed
// "board i of n" when count > 1. Throws NoBoardError (generate.hpp) when a board is not
// found within max_tries, OutputError when out fails; what was drawn before is written.
void write_generated_boards(Output& out, const Generator& g, Rng& rng, const GeneratedBoards& req);

// ---- checks ----

// The problems of one board as catan-board check finds them: composition, the shape of its
// kind (unless `custom`), then the constraints `c`.
std::vector<BoardProblem> board_problems(const Board& b, const Constraints& c, bool custom);
// One board's check record, as catan-board check --format json writes it (one line per
// board): {"name", "valid", "problems": [{"rule", "message"}]}.
nlohmann::json board_check_json(const std::string& name, const Board& b, const Constraints& c,
                                bool custom);

// The checks of boards, record by record, for catan-board check: "text" writes one line per
// problem ("<name>: <rule>: <message>", escaped with printable), "json" one JSON Lines record
// per board {"name", "valid", "problems": [{"rule", "message"}]} and per malformed record or
// unreadable input {"name", "valid": false, "error"}. Writes to `out`, which must outlive it.
class BoardCheckReport {
  public:
    // check_constraints(c); with `custom` the shape is not checked (only what applies to any
    // shape: check_composition).
    BoardCheckReport(Output& out, const Constraints& c, bool custom, bool json);
    // Checks one board and writes its record (text: its problems).
    void board(const std::string& name, const Board& b);
    // A malformed record or an unreadable input reported in place (counted as malformed):
    // text writes the message, JSON its record.
    void malformed(const std::string& where, const std::string& message);
    // An input that stopped at a malformed record (not counted): JSON writes its record,
    // text nothing (the caller reports the error).
    void stopped(const std::string& name, const std::string& message);
    // "<name>: valid <kind> board\n" when exactly one board was checked in text, it was valid
    // and nothing was malformed; else empty.
    std::string single_verdict() const;
    // "<n> boards checked, <b> with problems[, <m> malformed]\n".
    std::string summary() const;
    std::int64_t checked() const { return checked_; }
    std::int64_t with_problems() const { return bad_; }

  private:
    Output& out_;
    Constraints constraints_;
    bool custom_, json_;
    std::int64_t checked_ = 0, bad_ = 0, malformed_ = 0;
    std::string good_;  // the verdict line of the last good board
};

// ---- fairness ----

// One board's fairness measures as a JSON Lines record {"board": index, "name", <each of
// fairness_names()>: value}, and the record of a malformed one {"board", "name", "error"}.
std::string fairness_record(std::int64_t index, const std::string& name, const Fairness& f);
std::string fairness_error_record(std::int64_t index, const std::string& where,
                                  const std::string& message);
// Where the measured boards came from, as the JSON object fairness_json embeds: generated
// {"generated", "seed", "players", "constraints"} or read {"file"}.
std::string generated_boards_source(std::int64_t count, std::uint64_t seed,
                                    std::string_view players, const Constraints& c);
std::string file_boards_source(const std::string& file);
// The distributions as one JSON line {"boards", "source": <source>, "measures": {<name>:
// {"min", "max", "mean", "histogram": {value: boards}}}}; means are fixed two-decimal
// numbers rounded half up in integers.
std::string fairness_json(const FairnessSummary& s, const std::string& source);
// The distributions as a table: "<n> boards", a heading, one line per measure with min,
// mean, max and "value:boards" pairs.
std::string fairness_text(const FairnessSummary& s);

}  // namespace ctk

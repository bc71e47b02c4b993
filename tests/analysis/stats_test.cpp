// Corpus statistics (lib/stats, lib/stats_report, lib/batch): the statistics against known
// values, the partial aggregate's round trip, and exact merging — the shared corpus of real
// games plus seeded self-play games, split several ways and merged in shuffled orders, gives
// byte-identical partials and reports to one pass over the whole.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <limits>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <catan/analysis/stats.hpp>
#include <catan/board/rng.hpp>
#include <catan/import/import.hpp>
#include <catan/io/log_format.hpp>
#include <catan/play/batch.hpp>
#include <catan/play/sim.hpp>
#include <catan/report/stats_report.hpp>
#include "test_support.hpp"

using namespace ctk;
namespace fs = std::filesystem;

TEST_CASE("chi-square survival function at known quantiles", "[stats]") {
    // Table values of the chi-square distribution.
    CHECK(chi_square_sf(18.307038, 10) == Approx(0.05).margin(1e-6));
    CHECK(chi_square_sf(23.209251, 10) == Approx(0.01).margin(1e-6));
    CHECK(chi_square_sf(2.558212, 10) == Approx(0.99).margin(1e-6));
    CHECK(chi_square_sf(3.841459, 1) == Approx(0.05).margin(1e-6));
    // df = 2: the survival function is exp(-x/2) exactly.
    CHECK(chi_square_sf(2.0, 2) == Approx(0.36787944117).margin(1e-10));
    CHECK(chi_square_sf(0.0, 10) == 1.0);
    CHECK_THROWS_AS(chi_square_sf(1.0, 0), InputError);
}

TEST_CASE("Wilson score interval", "[stats]") {
    // 5 of 10 at 95%: centre 0.5, half width 1.96/1.38416 * sqrt(0.025 + 0.009604).
    Interval a = wilson_interval(5, 10);
    CHECK(a.lo == Approx(0.236590).margin(1e-6));
    CHECK(a.hi == Approx(0.763410).margin(1e-6));
    // 0 of 10: lower end 0, upper z^2/(n+z^2) = 3.8416/13.8416.
    Interval b = wilson_interval(0, 10);
    CHECK(b.lo == 0.0);
    CHECK(b.hi == Approx(0.277540).margin(1e-6));
    Interval c = wilson_interval(0, 0);
    CHECK(c.lo == 0.0);
    CHECK(c.hi == 1.0);
}

TEST_CASE("dice test: expected counts from the 36 outcomes", "[stats]") {
    CHECK(dice_ways(2) == 1);
    CHECK(dice_ways(7) == 6);
    CHECK(dice_ways(12) == 1);
    CHECK(dice_ways(13) == 0);
    std::array<std::int64_t, 13> exact{};
    for (int s = 2; s <= 12; ++s) exact[static_cast<std::size_t>(s)] = 10 * dice_ways(s);
    DiceTest t = dice_test(exact);
    CHECK(t.rolls == 360);
    CHECK(t.chi_square == 0.0);
    CHECK(t.p_value == 1.0);
    // Only 7s: 36 rolls; chi-square = the totals other than 7 add their expected counts (30 in
    // all), 7 adds (36-6)^2/6 = 150.
    std::array<std::int64_t, 13> sevens{};
    sevens[7] = 36;
    t = dice_test(sevens);
    CHECK(t.chi_square == Approx(180.0));
    CHECK(t.p_value < 1e-30);
}

TEST_CASE("Pearson correlation from integer sums", "[stats]") {
    Moments m;
    m.add(1, 2);
    m.add(2, 4);
    m.add(3, 6);
    CHECK(m.correlation() == Approx(1.0));
    Moments n;
    n.add(1, 3);
    n.add(2, 2);
    n.add(3, 1);
    CHECK(n.correlation() == Approx(-1.0));
    Moments flat;
    flat.add(1, 5);
    flat.add(2, 5);
    CHECK(flat.correlation() == 0.0);
    CHECK(pip_band(17) == 0);
    CHECK(pip_band(18) == 1);
    CHECK(pip_band(21) == 2);
    CHECK(pip_band(30) == 3);
}

TEST_CASE("file lists and multi-game streams", "[stats][batch]") {
    CHECK(parse_file_list("a.json\nb c.json\r\n\n-\n", false) ==
          std::vector<std::string>{"a.json", "b c.json", "-"});
    CHECK(parse_file_list(std::string("x\0y\n\0", 5), true) ==
          std::vector<std::string>{"x", "y\n"});
    CHECK(is_log_header_line(R"({"format": "catan-log", "version": 1})"));
    CHECK(is_log_header_line(R"({"board":{},"format":"catan-log"})"));
    CHECK_FALSE(is_log_header_line(R"({"type":"roll","player":"format","die1":1})"));

    // Two self-play games concatenated as JSON Lines split back into the two logs.
    SimOptions so;
    so.players = 3;
    std::string a = write_log(play_game(5, 1, so).log, LogFormat::kJsonl);
    std::string b = write_log(play_game(5, 2, so).log, LogFormat::kJsonl);
    std::istringstream two(a + b);
    GameStreamReader r(two, "s");
    auto g1 = r.next(), g2 = r.next(), g3 = r.next();
    REQUIRE(g1);
    REQUIRE(g2);
    CHECK_FALSE(g3);
    CHECK(g1->name == "s#1");
    CHECK(g2->name == "s#2");
    CHECK(g1->text == a);
    CHECK(g2->text == b);
    // One game keeps the input's name; a JSON document is one game whatever it holds.
    std::istringstream one(a);
    GameStreamReader r1(one, "one");
    CHECK(r1.next()->name == "one");
    CHECK_FALSE(r1.next());
    std::string doc = write_log(play_game(5, 3, so).log, LogFormat::kJson);
    std::istringstream d(doc);
    GameStreamReader rd(d, "doc");
    auto gd = rd.next();
    REQUIRE(gd);
    CHECK(gd->text == doc);
    CHECK_FALSE(rd.next());
}

TEST_CASE("ordered_parallel_for emits in input order on any number of threads", "[batch]") {
    for (int threads : {1, 2, 3, 8}) {
        std::vector<std::size_t> seen;
        ordered_parallel_for<std::size_t>(
            1000, threads, [](std::size_t i) { return i * i; },
            [&](std::size_t i, std::size_t&& v) {
                CHECK(v == i * i);
                seen.push_back(i);
            });
        REQUIRE(seen.size() == 1000);
        CHECK(std::is_sorted(seen.begin(), seen.end()));
    }
    CHECK(resolve_threads(0) >= 1);
    CHECK(resolve_threads(3) == 3);
}

namespace {

// Per-game aggregates of the shared corpus (STAC and catanatron, imported) and of 40
// self-play games of 2, 3 and 4 players, plus one malformed input.
// One aggregate per game of the corpus, listing every game or only the notable ones.
std::vector<StatsAggregate> corpus_parts(bool all_games = false) {
    std::vector<StatsAggregate> parts;
    auto add = [&](const std::string& text, const std::string& name) {
        StatsAggregate a;
        a.all_games = all_games;
        add_log_text(a, text, name);
        parts.push_back(std::move(a));
    };
    const fs::path data(test::data_dir());
    if (fs::is_directory(data)) {
        std::vector<fs::path> files;
        for (const auto& e : fs::recursive_directory_iterator(data))
            if (e.is_regular_file() &&
                ((e.path().extension() == ".soclog" &&
                  e.path().parent_path().filename() == "stac") ||
                 (e.path().extension() == ".json" &&
                  e.path().string().find("catanatron") != std::string::npos)))
                files.push_back(e.path());
        std::sort(files.begin(), files.end());
        for (const auto& p : files) {
            const std::string text = test::read_file(p.string());
            auto f = detect_import_format(text);
            if (!f) continue;
            try {
                add(write_log(import_log(text, p.filename().string(), *f), LogFormat::kJson),
                    p.filename().string());
            } catch (const InputError&) {
                // an unimportable recording is the importer tests' business
            }
        }
    } else {
        WARN("the shared corpus is not at " << data.string() << ": self-play games only");
    }
    for (int i = 1; i <= 40; ++i) {
        SimOptions so;
        so.players = 2 + i % 3;
        add(write_log(play_game(11, i, so).log, LogFormat::kJsonl), "sim-" + std::to_string(i));
    }
    add("{not json", "broken.json");
    return parts;
}

std::string report_bytes(StatsAggregate agg) {
    normalize(agg);
    return partial_to_jsonl(agg) + stats_to_json(agg).dump(1) + stats_to_text(agg);
}

}  // namespace

TEST_CASE("any split of the corpus, merged in any order, gives the same bytes", "[stats][merge]") {
    for (bool all : {false, true}) {
        std::vector<StatsAggregate> parts = corpus_parts(all);
        StatsAggregate whole;
        whole.all_games = all;
        for (const auto& p : parts) merge(whole, p);
        const std::string expected = report_bytes(whole);
        CHECK(whole.malformed == 1);
        CHECK(whole.groups.size() >= 3);  // 2, 3 and 4 players never pooled

        Rng rng(42);
        for (int k : {2, 3, 7, static_cast<int>(parts.size())}) {
            // Deal the games to k parts at random, write each part as a partial aggregate,
            // read them back and merge them in a shuffled order.
            std::vector<StatsAggregate> split(static_cast<std::size_t>(k));
            for (auto& s : split) s.all_games = all;
            for (const auto& p : parts) merge(split[rng.below(static_cast<std::uint32_t>(k))], p);
            std::vector<std::string> texts;
            for (auto& s : split) {
                normalize(s);
                texts.push_back(partial_to_jsonl(s));
            }
            for (std::size_t i = texts.size(); i > 1; --i)
                std::swap(texts[i - 1], texts[rng.below(static_cast<std::uint32_t>(i))]);
            StatsAggregate merged;
            merged.all_games = all;
            for (const auto& t : texts) merge_partial(merged, partial_from_jsonl(t, "part"));
            INFO("split into " << k << " parts, all_games " << all);
            CHECK(report_bytes(merged) == expected);
        }
    }
}

TEST_CASE("partial aggregates: malformed input is named", "[stats][merge]") {
    CHECK_THROWS_WITH(partial_from_jsonl("", "p.jsonl"), Catch::Contains("p.jsonl: empty"));
    CHECK_THROWS_WITH(partial_from_jsonl("{\"format\":\"catan-log\"}\n", "p.jsonl"),
                      Catch::Contains("p.jsonl: line 1: format"));
    StatsAggregate a;
    add_log_text(a, write_log(play_game(3, 1).log, LogFormat::kJsonl), "g");
    normalize(a);
    std::string text = partial_to_jsonl(a);
    std::string bad = text;
    bad.replace(bad.find("\"rolls\":"), 8, "\"rolls\":-");
    CHECK_THROWS_WITH(partial_from_jsonl(bad, "p.jsonl"),
                      Catch::Contains("p.jsonl: line 2: rolls: expected an integer >= 0"));
    StatsAggregate all;
    all.all_games = true;
    CHECK_THROWS_AS(merge(all, a), InputError);
}

namespace {

// A partial of `games` self-play games (seeds first.., 4 players), as catan-stats writes it.
std::string partial_of(int first, int games) {
    StatsAggregate a;
    for (int i = first; i < first + games; ++i)
        add_log_text(a, write_log(play_game(5, i).log, LogFormat::kJsonl), fmt::format("g{}", i));
    normalize(a);
    return partial_to_jsonl(a);
}

// `text` with its header's digest removed.
std::string without_digest(const std::string& text) {
    const std::size_t end = text.find('\n');
    nlohmann::json head = nlohmann::json::parse(text.substr(0, end));
    head.erase("digest");
    return head.dump() + text.substr(end);
}

}  // namespace

TEST_CASE("merges that cannot lie: sums past 2^63, contradicting counts, edits, overlaps",
          "[stats][merge]") {
    const std::string a = partial_of(1, 4), b = partial_of(5, 3);
    {  // the honest case: two disjoint partials merge
        StatsAggregate m;
        merge_partial(m, partial_from_jsonl(a, "a.jsonl"));
        merge_partial(m, partial_from_jsonl(b, "b.jsonl"));
        CHECK(m.inputs == 7);
        CHECK(m.sources.size() == 7);
    }
    {  // the same partial twice, and two partials that share a game
        StatsAggregate m;
        merge_partial(m, partial_from_jsonl(a, "a.jsonl"));
        CHECK_THROWS_WITH(merge_partial(m, partial_from_jsonl(a, "a.jsonl")),
                          "counts 4 inputs that an earlier partial counts too (the same games "
                          "twice: a partial given twice, or a chunk run twice); merge each input "
                          "once");
        StatsAggregate n;
        merge_partial(n, partial_from_jsonl(a, "a.jsonl"));
        CHECK_THROWS_WITH(merge_partial(n, partial_from_jsonl(partial_of(4, 2), "c.jsonl")),
                          Catch::StartsWith("counts 1 input that an earlier partial counts too"));
    }
    {  // any change after catan-stats wrote it: refused by the digest
        std::string edited = a;
        edited.replace(edited.find("\"turns_max\":"), 13, "\"turns_max\":1");
        CHECK_THROWS_WITH(partial_from_jsonl(edited, "a.jsonl"),
                          "a.jsonl: line 1: digest: the counts do not match their digest (the "
                          "partial was changed after catan-stats wrote it)");
        CHECK_THROWS_WITH(partial_from_jsonl(without_digest(a), "a.jsonl"),
                          "a.jsonl: line 1: header.digest: missing");
    }
    {  // re-serialised by another program (keys reversed, spaces): the same counts, merged
        std::string again;
        std::istringstream lines(a);
        for (std::string line; std::getline(lines, line);) {
            const nlohmann::json j = nlohmann::json::parse(line);
            nlohmann::ordered_json reversed;
            for (auto it = j.rbegin(); it != j.rend(); ++it) reversed[it.key()] = *it;
            again += "{ " + reversed.dump().substr(1, reversed.dump().size() - 2) + " }\n";
        }
        REQUIRE(again != a);
        StatsAggregate m;
        merge_partial(m, partial_from_jsonl(again, "again.jsonl"));
        CHECK(partial_to_jsonl(m) == a);
    }
    {  // a partial that counts one game twice (one run that read it twice) is refused
        StatsAggregate twice, one;
        add_log_text(one, write_log(play_game(5, 1).log, LogFormat::kJsonl), "g1");
        merge(twice, one);
        merge(twice, one);
        normalize(twice);
        StatsAggregate m;
        CHECK_THROWS_WITH(
            merge_partial(m, partial_from_jsonl(partial_to_jsonl(twice), "twice.jsonl")),
            Catch::StartsWith("counts the input ") &&
                Catch::EndsWith(" twice (the same game twice in one run); make the partial again "
                                "from each input once"));
    }
    {  // counts that contradict each other, each named with its line
        StatsAggregate g;
        add_log_text(g, write_log(play_game(5, 1).log, LogFormat::kJsonl), "g");
        normalize(g);
        g.valid += 1;  // one more valid game than the inputs hold
        CHECK_THROWS_WITH(partial_from_jsonl(partial_to_jsonl(g), "p.jsonl"),
                          "p.jsonl: line 1: inputs 1 is not valid 2 + invalid 0 + malformed 0");
        g.valid -= 1;
        g.groups.begin()->second.rolls += 1;  // dice that no longer sum to the rolls
        const std::int64_t rolls = g.groups.begin()->second.rolls;
        CHECK_THROWS_WITH(partial_from_jsonl(partial_to_jsonl(g), "p.jsonl"),
                          fmt::format("p.jsonl: line 2: the dice counts sum to {}, but rolls is {}",
                                      rolls - 1, rolls));
        g.groups.begin()->second.rolls -= 1;
        g.groups.begin()->second.players = 5;  // a key saying 4 players over counts of 5
        CHECK_THROWS_WITH(partial_from_jsonl(partial_to_jsonl(g), "p.jsonl"),
                          Catch::Contains("p.jsonl: line 2: the group \"4 players") &&
                              Catch::Contains("does not agree with players 5"));
        g.groups.begin()->second.players = 4;
        StatsAggregate none = g;
        none.groups.clear();  // a group line deleted
        CHECK_THROWS_WITH(partial_from_jsonl(partial_to_jsonl(none), "p.jsonl"),
                          "p.jsonl: line 1: valid 1 but the groups hold 0 games");
    }
    {  // sums past 2^63 - 1: refused, naming the field
        StatsAggregate x, y;
        add_log_text(x, write_log(play_game(5, 1).log, LogFormat::kJsonl), "g1");
        add_log_text(y, write_log(play_game(5, 2).log, LogFormat::kJsonl), "g2");
        x.groups.begin()->second.events = std::numeric_limits<std::int64_t>::max() - 5;
        CHECK_THROWS_WITH(merge(x, y), "events: the merged count passes 2^63 - 1");
    }
}

TEST_CASE("the catanstats study is one case of the corpus statistics", "[stats][catanstats]") {
    const std::string path = test::data_dir() + "/catanstats/catanstats.csv";
    if (!test::file_exists(path)) {
        WARN("skipped: " << path << " is missing");
        return;
    }
    const auto rows = read_catanstats(test::read_file(path));
    StatsAggregate agg;
    add_catanstats(agg, rows, "catanstats.csv");
    REQUIRE(agg.groups.size() == 1);
    const GroupStats& g = agg.groups.begin()->second;
    CHECK(g.key == "4 players, catanstats table");
    CHECK(g.games == 50);
    // The same figures as catan-place --catanstats (summarize_catanstats) gives.
    const CatanstatsSummary s = summarize_catanstats(rows);
    CHECK(g.pips_vp.n == s.rows);
    CHECK(g.pips_vp.correlation() == Approx(s.corr_pips_points).margin(1e-12));
    CHECK(static_cast<double>(g.winner_pips) / static_cast<double>(g.complete) ==
          Approx(s.winner_mean_pips).margin(1e-12));
    REQUIRE(s.buckets.size() == g.pip_bands.size());
    for (std::size_t i = 0; i < s.buckets.size(); ++i) {
        CHECK(g.pip_bands[i].player_games == s.buckets[i].count);
        CHECK(g.pip_bands[i].wins == s.buckets[i].wins);
    }
    // The dice histograms of the 50 games: 3214 rolls, 549 sevens.
    CHECK(g.rolls == 3214);
    CHECK(g.dice[7] == 549);
}

TEST_CASE("one run counts each game once: a repeat is refused, or skipped and counted",
          "[stats][merge]") {
    const std::string log = write_log(play_game(5, 1).log, LogFormat::kJsonl);
    const std::string other = write_log(play_game(5, 2).log, LogFormat::kJsonl);
    StatsAggregate g1, again, g2;
    add_log_text(g1, log, "g1.jsonl");
    add_log_text(again, log, "copy.jsonl");  // the same game under another name
    add_log_text(g2, other, "g2.jsonl");
    {
        StatsAggregate run;
        RunGames seen;
        CHECK(merge_once(run, g1, "g1.jsonl", seen, false));
        CHECK(merge_once(run, g2, "g2.jsonl", seen, false));
        CHECK_THROWS_WITH(merge_once(run, again, "copy.jsonl", seen, false),
                          "copy.jsonl: the same game as g1.jsonl (its group, outcome, length, "
                          "dice and winner match), read twice in one run");
        CHECK(run.inputs == 2);
    }
    {
        StatsAggregate run;
        RunGames seen;
        CHECK(merge_once(run, g1, "g1.jsonl", seen, true));
        CHECK_FALSE(merge_once(run, again, "copy.jsonl", seen, true));
        CHECK_FALSE(merge_once(run, g1, "g1.jsonl", seen, true));
        CHECK(run.inputs == 1);
        CHECK(seen.skipped == 2);
        CHECK(seen.first_skipped == "copy.jsonl (as g1.jsonl)");
    }
}

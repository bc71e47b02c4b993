// SVG drawing: what a person must see (terrain colours, tokens with pips, red 6 and 8,
// harbors with rates, the robber), the optional ids and overlays, errors, determinism.
// The picture itself is checked by eye (README "Random boards": rsvg-convert to PNG).
#include <string>

#include <catch2/catch.hpp>

#include <catan/board/generate.hpp>
#include <catan/engine/event.hpp>
#include <catan/import/import_util.hpp>
#include <catan/play/sim.hpp>
#include <catan/render/render_svg.hpp>

using namespace ctk;

namespace {
int count(const std::string& s, const std::string& what) {
    int n = 0;
    for (auto p = s.find(what); p != std::string::npos; p = s.find(what, p + 1)) ++n;
    return n;
}
}  // namespace

TEST_CASE("svg of the beginner board", "[render_svg]") {
    std::string s = render_svg(Board::beginner());
    CHECK(s.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0) == 0);
    CHECK(s.substr(s.size() - 7) == "</svg>\n");
    CHECK(count(s, "<polygon ") == 19);
    CHECK(count(s, "fill=\"#8d8d8d\"") == 3);    // 3 mountains
    CHECK(count(s, "stroke=\"#8d8d8d\"") == 1);  // the ring of the ore harbor
    CHECK(count(s, "fill=\"#e6d3a3\"") == 1);    // the desert
    // 18 tokens; 4 red (6, 6, 8, 8) with 5 pips each; 58 pips in all (pips of 2..12 once
    // each minus 7, plus 3..11 twice: 1+2*(2+3+4+5+5+4+3+2)+1 = 58).
    CHECK(count(s, "fill=\"#f7ecd0\"") == 18);
    CHECK(count(s, "fill=\"#c0392b\">6</text>") == 2);
    CHECK(count(s, "fill=\"#c0392b\">8</text>") == 2);
    CHECK(count(s, "r=\"1.8\" fill=\"#c0392b\"") == 20);
    CHECK(count(s, "r=\"1.8\" fill=") == 58);
    CHECK(count(s, ">3:1</text>") == 4);
    CHECK(count(s, ">2:1</text>") == 5);
    CHECK(count(s, "class=\"robber\"") == 1);
    CHECK(count(s, "class=\"ids\"") == 0);
    CHECK(s == render_svg(Board::beginner()));  // deterministic
}

TEST_CASE("svg ids and the 5-6 player board", "[render_svg]") {
    Generator g(BoardRecipe::extended(), {});
    Rng rng(7);
    RawBoard raw;
    g.generate(rng, raw);
    SvgOptions o;
    o.ids = true;
    o.title = "5-6 players <seed 7>";
    std::string s = render_svg(g.to_board(raw), o);
    CHECK(count(s, "<polygon ") == 30);
    CHECK(count(s, ">3:1</text>") == 5);
    CHECK(count(s, ">2:1</text>") == 6);
    CHECK(count(s, "fill=\"#0d47a1\" font-weight=\"bold\">") == 80);  // vertex ids
    CHECK(count(s, "fill=\"#555555\">") == 109);                      // edge ids
    CHECK(s.find(">#29</text>") != std::string::npos);
    CHECK(s.find("5-6 players &lt;seed 7&gt;") != std::string::npos);
}

TEST_CASE("svg overlays: highlighted edges, heat values, marked vertices", "[render_svg]") {
    SvgOptions o;
    o.edge_highlights = {{"red", {0, 1, 2}, "red: longest road 3"}, {"#1f77b4", {40}, ""}};
    o.vertex_heat.assign(54, std::nullopt);
    o.vertex_heat[10] = 2.0;
    o.vertex_heat[20] = 12.0;
    o.heat_label = "pips";
    o.vertex_marks = {{20, "black", "1"}, {10, "white", "2 & more"}};
    std::string s = render_svg(Board::beginner(), o);
    CHECK(count(s, "stroke=\"red\" stroke-width") == 3 + 1);  // 3 edges + legend sample
    CHECK(count(s, "stroke=\"#1f77b4\"") == 1);               // unlabelled: no legend row
    CHECK(s.find(">red: longest road 3</text>") != std::string::npos);
    CHECK(count(s, "<title>vertex ") == 2);
    CHECK(s.find("fill=\"#fff7bc\" stroke=\"#333333\"") != std::string::npos);  // low end
    CHECK(s.find("fill=\"#8c1414\" stroke=\"#333333\"") != std::string::npos);  // high end
    CHECK(s.find(">2.0</text>") != std::string::npos);  // scale ends, fixed decimals
    CHECK(s.find(">12.0</text>") != std::string::npos);
    CHECK(s.find(">pips</text>") != std::string::npos);
    CHECK(s.find(">2 &amp; more</text>") != std::string::npos);
    CHECK(count(s, "fill=\"none\" stroke=") == 2);

    SvgOptions bad;
    bad.vertex_heat.assign(53, 1.0);
    CHECK_THROWS_WITH(render_svg(Board::beginner(), bad), "svg: 53 heat values for 54 vertices");
    SvgOptions bad_edge;
    bad_edge.edge_highlights = {{"red", {72}, ""}};
    CHECK_THROWS_WITH(render_svg(Board::beginner(), bad_edge), "svg: edge 72 is not on the board");
    SvgOptions bad_vertex;
    bad_vertex.vertex_marks = {{-1, "red", ""}};
    CHECK_THROWS_AS(render_svg(Board::beginner(), bad_vertex), InputError);
}

TEST_CASE("one seat palette: the colours self-play and the importers give are the ones drawn",
          "[render][svg]") {
    const std::vector<Seat> seats = sim_seats(kMaxPlayers);
    for (std::size_t p = 0; p < kSeatColours.size(); ++p) {
        const int seat = static_cast<int>(p);
        CHECK(seats[p].name == kSeatColours[p].name);
        CHECK(seats[p].color == kSeatColours[p].name);
        CHECK(kImportColors[p] == kSeatColours[p].name);
        CHECK(player_colour(seats[p].color, kMaxPlayers - 1 - seat) == kSeatColours[p].hex);
        CHECK(player_colour("", seat) == kSeatColours[p].hex);
        CHECK(player_colour("not a colour!", seat + kMaxPlayers) == kSeatColours[p].hex);
    }
}

#pragma once
// Small SVG charts for reports (catan-stats): a bar chart with optional expected values
// and interval whiskers. Coordinates are integers and labels are given as text, so a chart
// is byte-identical on every machine for the same input. Board drawings live in
// render_svg.hpp.

#include <optional>
#include <string>
#include <vector>

namespace ctk {

struct BarChart {
    std::string title;     // first line above the chart
    std::string subtitle;  // second line (smaller), may be empty
    std::string x_label, y_label;
    struct Bar {
        std::string label;               // under the bar
        double value = 0;                // bar height, >= 0
        std::optional<double> expected;  // drawn as a short dark line across the bar
        std::optional<double> lo, hi;    // interval whisker (both or neither)
        std::string note;                // above the bar (e.g. "12/40"), may be empty
    };
    std::vector<Bar> bars;
    // Upper end of the y axis; 0 = from the data (largest value, expected or hi, + 10%).
    double y_max = 0;
    // Format of the y tick labels: "count" (integers) or "percent" (value 0..1 as %).
    std::string y_format = "count";
    std::string legend;  // one line under the title explaining markers, may be empty
};

// A complete standalone SVG document (ends with '\n'); text is XML-escaped. An empty
// chart (no bars) draws its axes and titles only.
std::string render_bar_chart(const BarChart& chart);

// A line chart of probabilities over a shared x axis (catan-eval's win probabilities over
// the turns): one line per series, y from 0 to 1 drawn as percent, an optional band of +-
// `band` around each line (the standard error), and vertical marks at given x values
// (turning points) with a short label.
struct LineChart {
    std::string title, subtitle, x_label, y_label;
    std::vector<double> x;  // increasing; every series has one value per x
    struct Series {
        std::string label;            // in the legend
        std::string colour;           // any SVG colour
        std::vector<double> y, band;  // y in [0, 1] (clamped); band empty or one per x
    };
    std::vector<Series> series;
    struct Mark {
        double x = 0;
        std::string label;
    };
    std::vector<Mark> marks;
};

// A complete standalone SVG document (ends with '\n'); text XML-escaped; no points: the
// axes and titles only.
std::string render_line_chart(const LineChart& chart);

}  // namespace ctk

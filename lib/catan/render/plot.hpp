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

}  // namespace ctk

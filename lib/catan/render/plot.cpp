#include <catan/render/plot.hpp>

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include <catan/render/render_svg.hpp>

namespace ctk {

namespace {

// A "nice" tick step (1, 2 or 5 times a power of ten) giving about 5 ticks up to top.
double tick_step(double top) {
    if (top <= 0) return 1;
    const double raw = top / 5;
    const double mag = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (raw <= m * mag) return m * mag;
    return 10 * mag;
}

std::string tick_label(double v, const std::string& format) {
    if (format == "percent") return fmt::format("{:.0f}%", v * 100);
    if (std::fabs(v - std::round(v)) < 1e-9) return fmt::format("{:.0f}", v);
    return fmt::format("{:.2f}", v);
}

// The start of a chart's SVG document, w x h on white, its title centred at title_x.
std::string svg_head(int w, int h, int title_x, const std::string& title) {
    std::string o = fmt::format(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 "
        "{0} {1}\" font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"{0}\" "
        "height=\"{1}\" fill=\"white\"/>\n",
        w, h);
    return o + fmt::format(
                   "<text x=\"{}\" y=\"22\" text-anchor=\"middle\" font-size=\"15\">{}</text>\n",
                   title_x, xml_escape(title));
}

// The axes of a chart whose plot spans x0..x1 and y0 (top)..y1 (bottom), the x label's
// baseline at label_y, the y label turned along the left edge.
std::string axes(int x0, int x1, int y0, int y1, int label_y, const std::string& x_label,
                 const std::string& y_label) {
    std::string o = fmt::format(
        "<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\" stroke=\"#000\"/>\n<line x1=\"{0}\" "
        "y1=\"{3}\" x2=\"{0}\" y2=\"{1}\" stroke=\"#000\"/>\n",
        x0, y1, x1, y0);
    o += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n", (x0 + x1) / 2,
                     label_y, xml_escape(x_label));
    o += fmt::format(
        "<text x=\"16\" y=\"{0}\" text-anchor=\"middle\" transform=\"rotate(-90 16 "
        "{0})\">{1}</text>\n",
        (y0 + y1) / 2, xml_escape(y_label));
    return o;
}

}  // namespace

std::string render_bar_chart(const BarChart& c) {
    const int n = static_cast<int>(c.bars.size());
    const int left = 70, right = 20, top = 90, bottom = 60;
    // Bars share the plot's width; the width grows with the number of bars.
    const int w = std::max(640, left + right + 40 * std::max(n, 1));
    const int slot = (w - left - right) / std::max(n, 1);
    const int h = 420;
    double y_max = c.y_max;
    if (y_max <= 0) {
        for (const auto& b : c.bars)
            y_max = std::max({y_max, b.value, b.expected.value_or(0), b.hi.value_or(0)});
        y_max = y_max > 0 ? y_max * 1.1 : 1;
    }
    const double plot_h = h - top - bottom;
    auto py = [&](double v) {
        return static_cast<int>(
            std::lround(h - bottom - std::clamp(v, 0.0, y_max) / y_max * plot_h));
    };
    auto px = [&](int i) { return left + slot * i + slot / 2; };

    std::string o = svg_head(w, h, w / 2, c.title);
    if (!c.subtitle.empty())
        o += fmt::format("<text x=\"{}\" y=\"42\" text-anchor=\"middle\" fill=\"#444\">{}</text>\n",
                         w / 2, xml_escape(c.subtitle));
    if (!c.legend.empty())
        o += fmt::format("<text x=\"{}\" y=\"62\" text-anchor=\"middle\" fill=\"#444\">{}</text>\n",
                         w / 2, xml_escape(c.legend));
    // grid and y ticks
    const double step = tick_step(y_max);
    for (int k = 0; k * step <= y_max + 1e-12; ++k) {
        const double v = k * step;
        o += fmt::format(
            "<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\" stroke=\"#ddd\"/><text x=\"{3}\" "
            "y=\"{4}\" text-anchor=\"end\">{5}</text>\n",
            left, py(v), w - right, left - 6, py(v) + 4, tick_label(v, c.y_format));
    }
    o += axes(left, w - right, top, h - bottom, h - 14, c.x_label, c.y_label);
    const int bw = std::min(slot * 3 / 5, 80);
    for (int i = 0; i < n; ++i) {
        const auto& b = c.bars[static_cast<std::size_t>(i)];
        const int x = px(i), y = py(b.value);
        o += fmt::format(
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#6baed6\" "
            "stroke=\"#2171b5\"/>\n",
            x - bw / 2, y, bw, h - bottom - y);
        o += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n", x,
                         h - bottom + 16, xml_escape(b.label));
        if (b.expected)
            o += fmt::format(
                "<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\" stroke=\"#d62728\" "
                "stroke-width=\"3\"/>\n",
                x - bw / 2 - 4, py(*b.expected), x + bw / 2 + 4);
        int note_y = y - 6;
        if (b.lo && b.hi) {
            const int y1 = py(*b.lo), y2 = py(*b.hi);
            o += fmt::format(
                "<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" stroke=\"#000\"/><line "
                "x1=\"{3}\" y1=\"{1}\" x2=\"{4}\" y2=\"{1}\" stroke=\"#000\"/><line x1=\"{3}\" "
                "y1=\"{2}\" x2=\"{4}\" y2=\"{2}\" stroke=\"#000\"/>\n",
                x, y1, y2, x - 6, x + 6);
            note_y = std::min(note_y, y2 - 6);
        }
        if (!b.note.empty())
            o += fmt::format(
                "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"10\">{}</text>\n", x,
                std::max(note_y, top - 4), xml_escape(b.note));
    }
    o += "</svg>\n";
    return o;
}

std::string render_line_chart(const LineChart& c) {
    const int w = 760, h = 420, left = 60, right = 130, top = 60, bottom = 50;
    const double x0 = c.x.empty() ? 0 : c.x.front();
    const double x1 = c.x.empty() ? 1 : std::max(c.x.back(), x0 + 1);
    const double plot_w = w - left - right, plot_h = h - top - bottom;
    auto px = [&](double x) {
        return static_cast<int>(std::lround(left + (x - x0) / (x1 - x0) * plot_w));
    };
    auto py = [&](double y) {
        return static_cast<int>(std::lround(h - bottom - std::clamp(y, 0.0, 1.0) * plot_h));
    };
    std::string o = svg_head(w, h, (left + w - right) / 2, c.title);
    if (!c.subtitle.empty())
        o += fmt::format("<text x=\"{}\" y=\"42\" text-anchor=\"middle\" fill=\"#444\">{}</text>\n",
                         (left + w - right) / 2, xml_escape(c.subtitle));
    for (int k = 0; k <= 4; ++k) {
        const double v = k * 0.25;
        o += fmt::format(
            "<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\" stroke=\"#ddd\"/><text x=\"{3}\" "
            "y=\"{4}\" text-anchor=\"end\">{5}</text>\n",
            left, py(v), w - right, left - 6, py(v) + 4, tick_label(v, "percent"));
    }
    const double step = tick_step(x1 - x0);
    for (double v = std::ceil(x0 / step) * step; v <= x1 + 1e-9; v += step)
        o += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n", px(v),
                         h - bottom + 16, tick_label(v, "count"));
    o += axes(left, w - right, top, h - bottom, h - 12, c.x_label, c.y_label);
    for (const auto& m : c.marks)
        o += fmt::format(
            "<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" stroke=\"#999\" "
            "stroke-dasharray=\"3,3\"/><text x=\"{0}\" y=\"{3}\" text-anchor=\"middle\" "
            "font-size=\"10\" fill=\"#555\">{4}</text>\n",
            px(m.x), top, h - bottom, top - 4, xml_escape(m.label));
    for (std::size_t k = 0; k < c.series.size(); ++k) {
        const auto& s = c.series[k];
        const std::size_t n = std::min(s.y.size(), c.x.size());
        if (s.band.size() >= n && n > 0) {
            std::string pts;
            for (std::size_t i = 0; i < n; ++i)
                pts += fmt::format("{},{} ", px(c.x[i]), py(s.y[i] + s.band[i]));
            for (std::size_t i = n; i-- > 0;)
                pts += fmt::format("{},{} ", px(c.x[i]), py(s.y[i] - s.band[i]));
            pts.pop_back();
            o += fmt::format("<polygon points=\"{}\" fill=\"{}\" fill-opacity=\"0.15\"/>\n", pts,
                             xml_escape(s.colour));
        }
        std::string pts;
        for (std::size_t i = 0; i < n; ++i)
            pts += fmt::format("{}{},{}", i ? " " : "", px(c.x[i]), py(s.y[i]));
        o += fmt::format(
            "<polyline points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"2\"/>\n", pts,
            xml_escape(s.colour));
        const int ly = top + 14 + 18 * static_cast<int>(k);
        o += fmt::format(
            "<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\" stroke=\"{3}\" stroke-width=\"3\"/>"
            "<text x=\"{4}\" y=\"{5}\">{6}</text>\n",
            w - right + 10, ly, w - right + 30, xml_escape(s.colour), w - right + 36, ly + 4,
            xml_escape(s.label));
    }
    o += "</svg>\n";
    return o;
}

}  // namespace ctk

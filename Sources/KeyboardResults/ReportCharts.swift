import Foundation
import KeyboardMarkup

/// The report's SVG charts, drawn with `MarkupWriter` (every label
/// escaped).
package enum ReportCharts {
    /// The colour of the n-th series (cycled).
    package static func color(_ n: Int) -> String {
        let palette = ["#2b6cb0", "#c05621", "#2f855a", "#6b46c1", "#b83280", "#4a5568"]
        return palette[n % palette.count]
    }

    /// x position of `ns` on a log axis from 10 ns to 100 ms across `width`.
    static func logX(_ ns: Double, width: Double, left: Double) -> Double {
        let lo = log10(10.0), hi = log10(1e8)
        return left + (log10(Swift.max(ns, 10)) - lo) / (hi - lo) * width
    }

    /// A chart's canvas: the `svg` element opened `width` by `height`,
    /// named `label` for screen readers, with its bold `title` at the top
    /// left and its `key` (what the marks mean), when given, at the top
    /// right, 12 points in.
    static func canvas(width: Double, height: Double, label: String, title: String, key: String? = nil) -> MarkupWriter {
        var svg = MarkupWriter()
        svg.open(
            "svg",
            [
                "xmlns": "http://www.w3.org/2000/svg", "width": .number(width), "height": .number(height), "role": "img",
                "aria-label": .text(label),
            ])
        svg.leaf("text", ["x": "4", "y": "16", "font-size": "13", "font-weight": "bold"], title)
        if let key {
            svg.leaf("text", ["x": .number(width - 12), "y": "16", "font-size": "10", "text-anchor": "end", "fill": "#555"], key)
        }
        return svg
    }

    /// The x axis's labels (commit and date, oldest first) under a plot
    /// whose bottom is `plotBottom`, rotated; at most about 12 are shown,
    /// the newest always.
    static func axisLabels(_ labels: [String], x: (Int) -> Double, plotBottom: Double, in svg: inout MarkupWriter) {
        let step = Swift.max(1, Int((Double(labels.count) / 12).rounded(.up)))
        for (i, label) in labels.enumerated() where i % step == 0 || i == labels.count - 1 {
            let lx = x(i), ly = plotBottom + 12
            svg.leaf(
                "text",
                [
                    "class": "x-label", "x": .number(lx), "y": .number(ly), "font-size": "9", "text-anchor": "end",
                    "transform": .text("rotate(-40 \(Markup.number(lx)) \(Markup.number(ly)))"),
                ], label)
        }
    }

    /// Each benchmark's p50 (bar), p99 (dot) and max (tick) on a log axis
    /// against the 60 and 120 Hz frame budgets.
    package static func distribution(_ figures: [BenchmarkFigures], label: String) -> MarkupWriter {
        let left = 170.0, width = 560.0, row = 26.0
        let height = Double(figures.count) * row + 50
        var svg = MarkupWriter()
        svg.open(
            "svg",
            ["xmlns": "http://www.w3.org/2000/svg", "width": .number(820), "height": .number(height), "role": "img", "aria-label": .text(label)])
        for (text, ns) in [("10 ns", 10.0), ("1 µs", 1e3), ("100 µs", 1e5), ("10 ms", 1e7)] {
            let x = logX(ns, width: width, left: left)
            svg.leaf("line", ["x1": .number(x), "y1": .number(10), "x2": .number(x), "y2": .number(height - 30), "stroke": "#ddd"])
            svg.leaf("text", ["x": .number(x), "y": .number(height - 12), "font-size": "11", "text-anchor": "middle"], text)
        }
        // The 120 Hz label to the left of its line, the 60 Hz one to the right.
        for (text, ns, color, anchor, dx) in [
            ("120 Hz budget", BenchmarkFigures.budget120, "#d9822b", "end", -4.0),
            ("60 Hz budget", BenchmarkFigures.budget60, "#c23030", "start", 4.0),
        ] {
            let x = logX(ns, width: width, left: left)
            svg.leaf(
                "line",
                [
                    "x1": .number(x), "y1": .number(10), "x2": .number(x), "y2": .number(height - 30), "stroke": .text(color), "stroke-width": "2",
                    "stroke-dasharray": "4 3",
                ])
            svg.leaf("text", ["x": .number(x + dx), "y": .number(22), "font-size": "10", "fill": .text(color), "text-anchor": .text(anchor)], text)
        }
        for (i, b) in figures.enumerated() {
            let y = 30 + Double(i) * row
            let x50 = logX(b.p50, width: width, left: left), x99 = logX(b.p99, width: width, left: left), xMax = logX(b.max, width: width, left: left)
            svg.leaf("text", ["x": .number(left - 8), "y": .number(y + 12), "font-size": "12", "text-anchor": "end"], b.name)
            svg.leaf("line", ["x1": .number(x50), "y1": .number(y + 8), "x2": .number(xMax), "y2": .number(y + 8), "stroke": "#999"])
            svg.leaf(
                "rect", ["x": .number(left), "y": .number(y + 2), "width": .number(Swift.max(1, x50 - left)), "height": "12", "fill": "#2b6cb0"],
                title: "\(b.name) p50 \(NanosecondsText.format(b.p50))"
            )
            svg.leaf(
                "circle", ["cx": .number(x99), "cy": .number(y + 8), "r": "4", "fill": "#e53e3e"],
                title: "\(b.name) p99 \(NanosecondsText.format(b.p99))")
            svg.leaf(
                "line", ["x1": .number(xMax), "y1": .number(y + 2), "x2": .number(xMax), "y2": .number(y + 14), "stroke": "#333"],
                title: "\(b.name) max \(NanosecondsText.format(b.max))"
            )
        }
        svg.close("svg")
        return svg
    }

    /// One point of a history: where it sits on the x axis, and its figures.
    package struct HistoryPoint: Sendable {
        /// Index into the chart's x positions.
        var position: Int
        var p50: Double
        var p99: Double
        var regressed: Bool
        var caption: String
    }

    /// A benchmark's p50 (solid) and p99 (dashed) over time, one colour per
    /// series, on a log axis. `positions` label the x axis (commit and date,
    /// oldest first); a regressed point carries a red ring and a ▲.
    package static func history(
        benchmark: String, positions: [String], series: [(label: String, color: String, points: [HistoryPoint])]
    ) -> MarkupWriter {
        let w = 480.0, h = 250.0, left = 64.0, right = 12.0, top = 28.0, bottom = 78.0
        let plotW = w - left - right, plotH = h - top - bottom
        let values = series.flatMap { $0.points.flatMap { [$0.p50, $0.p99] } }.filter { $0 > 0 }
        let lo = log10(Swift.max(1, (values.min() ?? 1) / 1.3)), hi = log10(Swift.max((values.max() ?? 10) * 1.3, pow(10, lo) * 2))
        func y(_ v: Double) -> Double { top + plotH - (log10(Swift.max(v, pow(10, lo))) - lo) / (hi - lo) * plotH }
        func x(_ i: Int) -> Double { left + (Double(i) + 0.5) / Double(Swift.max(positions.count, 1)) * plotW }

        var svg = canvas(width: w, height: h, label: "\(benchmark) history", title: benchmark, key: "p50 solid · p99 dashed · log scale")
        // Grid lines at 1, 2 and 5 times each power of ten inside the range.
        var decade = floor(lo)
        while decade <= hi {
            for m in [1.0, 2.0, 5.0] {
                let v = m * pow(10, decade)
                let l = log10(v)
                guard l >= lo, l <= hi else { continue }
                svg.leaf(
                    "line",
                    ["x1": .number(left), "y1": .number(y(v)), "x2": .number(w - right), "y2": .number(y(v)), "stroke": m == 1 ? "#ccc" : "#eee"])
                svg.leaf(
                    "text", ["x": .number(left - 4), "y": .number(y(v) + 3), "font-size": "9", "text-anchor": "end", "fill": "#555"],
                    NanosecondsText.format(v))
            }
            decade += 1
        }
        axisLabels(positions, x: x, plotBottom: top + plotH, in: &svg)
        for s in series {
            for (figure, dash) in [(\HistoryPoint.p50, ""), (\HistoryPoint.p99, "5 3")] {
                let coords = s.points.map { "\(Markup.number(x($0.position))),\(Markup.number(y($0[keyPath: figure])))" }.joined(separator: " ")
                if s.points.count > 1 {
                    svg.leaf(
                        "polyline",
                        ["fill": "none", "stroke": .text(s.color), "stroke-width": "2", "stroke-dasharray": .text(dash), "points": .text(coords)])
                }
            }
            for p in s.points {
                let px = x(p.position)
                svg.leaf(
                    "circle", ["cx": .number(px), "cy": .number(y(p.p50)), "r": "3", "fill": .text(s.color)],
                    title: "\(s.label): \(p.caption), p50 \(NanosecondsText.format(p.p50))")
                svg.leaf(
                    "circle", ["cx": .number(px), "cy": .number(y(p.p99)), "r": "2.5", "fill": "white", "stroke": .text(s.color)],
                    title: "\(s.label): \(p.caption), p99 \(NanosecondsText.format(p.p99))")
                if p.regressed {
                    svg.leaf(
                        "circle",
                        [
                            "class": "regression", "cx": .number(px), "cy": .number(y(p.p50)), "r": "7", "fill": "none", "stroke": "#e53e3e",
                            "stroke-width": "2",
                        ], title: "regression: \(p.caption)")
                    svg.leaf(
                        "text", ["x": .number(px), "y": .number(y(p.p50) - 10), "font-size": "11", "text-anchor": "middle", "fill": "#e53e3e"], "▲")
                }
            }
        }
        svg.close("svg")
        return svg
    }
}

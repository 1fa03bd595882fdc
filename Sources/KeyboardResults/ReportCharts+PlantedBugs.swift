import Foundation
import KeyboardMarkup

extension ReportCharts {
    /// One record's planted-bug figures as the chart draws them.
    package struct PlantedBugPoint: Sendable {
        /// The median over the bugs of their median runs to a counterexample.
        var typicalRuns: Double
        /// The slowest bug's median runs.
        var slowestRuns: Double
        /// Its name.
        var slowest: String
        /// Trials that missed their bug.
        var missed: Int
        var caption: String

        /// The point of `record`, nil when it ran no planted bug.
        init?(_ record: ResultRecord, caption: String) {
            guard let slowest = record.plantedBugs.max(by: { $0.medianRuns < $1.medianRuns }),
                let typical = PlantedBugFigures.median(record.plantedBugs.map(\.medianRuns))
            else { return nil }
            typicalRuns = typical
            slowestRuns = slowest.medianRuns
            self.slowest = slowest.bug
            missed = record.plantedBugs.reduce(0) { $0 + $1.seeds - $1.found }
            self.caption = caption
        }
    }

    /// Runs to a planted bug across commits, oldest first, on a log axis
    /// from 1 to twice the largest figure (10 at least; a figure below one
    /// run sits at its foot):
    /// the typical bug's median (solid) and the slowest bug's (dashed); a
    /// record in which some trial missed its bug carries a red ring.
    package static func plantedBugs(_ points: [PlantedBugPoint]) -> MarkupWriter {
        let w = 480.0, h = 240.0, left = 56.0, right = 12.0, top = 28.0, bottom = 70.0
        let plotW = w - left - right, plotH = h - top - bottom
        let largest = points.lazy.flatMap { [$0.typicalRuns, $0.slowestRuns] }.max() ?? 0
        // The axis starts at 1 run, whose log is 0.
        let hi = log10(Swift.max(10, largest * 2))
        func y(_ v: Double) -> Double { top + plotH - log10(Swift.max(v, 1)) / hi * plotH }
        func x(_ i: Int) -> Double { left + (Double(i) + 0.5) / Double(Swift.max(points.count, 1)) * plotW }
        var svg = canvas(
            width: w, height: h, label: "runs to a planted bug by commit", title: "runs to a planted bug",
            key: "typical bug solid · slowest dashed · log scale")
        var decade = 0.0
        while decade <= hi {
            let v = pow(10, decade)
            svg.leaf("line", ["x1": .number(left), "y1": .number(y(v)), "x2": .number(w - right), "y2": .number(y(v)), "stroke": "#ddd"])
            svg.leaf(
                "text", ["x": .number(left - 4), "y": .number(y(v) + 3), "font-size": "9", "text-anchor": "end", "fill": "#555"],
                String(Int(v)))
            decade += 1
        }
        axisLabels(points.map(\.caption), x: x, plotBottom: top + plotH, in: &svg)
        for (figure, dash) in [(\PlantedBugPoint.typicalRuns, ""), (\PlantedBugPoint.slowestRuns, "5 3")] where points.count > 1 {
            let coords = points.enumerated().map { "\(Markup.number(x($0.offset))),\(Markup.number(y($0.element[keyPath: figure])))" }
            svg.leaf(
                "polyline",
                [
                    "fill": "none", "stroke": .text(color(0)), "stroke-width": "2", "stroke-dasharray": .text(dash),
                    "points": .text(coords.joined(separator: " ")),
                ])
        }
        for (i, p) in points.enumerated() {
            svg.leaf(
                "circle", ["cx": .number(x(i)), "cy": .number(y(p.typicalRuns)), "r": "3", "fill": .text(color(0))],
                title: "\(p.caption): typical bug found in \(Markup.number(p.typicalRuns)) runs")
            svg.leaf(
                "circle", ["cx": .number(x(i)), "cy": .number(y(p.slowestRuns)), "r": "2.5", "fill": "white", "stroke": .text(color(0))],
                title: "\(p.caption): slowest, \(p.slowest), in \(Markup.number(p.slowestRuns)) runs")
            if p.missed > 0 {
                svg.leaf(
                    "circle",
                    [
                        "class": "missed", "cx": .number(x(i)), "cy": .number(y(p.slowestRuns)), "r": "7", "fill": "none", "stroke": "#e53e3e",
                        "stroke-width": "2",
                    ],
                    title: "\(p.caption): \(p.missed) trial\(p.missed == 1 ? "" : "s") missed its bug")
            }
        }
        svg.close("svg")
        return svg
    }
}

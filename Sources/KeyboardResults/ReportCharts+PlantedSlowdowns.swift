import KeyboardMarkup

extension ReportCharts {
    /// One record's planted-slowdown trials (``PlantedSlowdownTrial``) as
    /// bars: per trial, the rise the counts measured in the target (the
    /// plant, in percent: 3 % planted should read about 3) and the rise its
    /// time against the calibrator showed, on one axis with the rule's two
    /// tolerances marked (2 % on counts, 40 % on calibrated time); the
    /// neighbour's trial shows the largest move of any calibrated time. A
    /// bar is red where the verdict by counts was wrong
    /// (``PlantedSlowdownTrial/misjudgedByCounts``).
    package static func plantedSlowdowns(_ trials: [PlantedSlowdownTrial], rule: RegressionRule) -> MarkupWriter {
        let rowH = 26.0, left = 236.0, right = 16.0, top = 40.0, w = 560.0
        let h = top + rowH * Double(trials.count) + 30
        let rises = trials.flatMap { t in [t.countRatio, t.timeRatio ?? t.largestOtherTimeMove].compactMap { $0.map { ($0 - 1) * 100 } } }
        let hi = Swift.max(rule.time * 100 + 5, (rises.max() ?? 0) + 2), lo = Swift.min(0, rises.min() ?? 0)
        func x(_ percent: Double) -> Double { left + (percent - lo) / (hi - lo) * (w - left - right) }
        var svg = canvas(
            width: w, height: h, label: "planted slowdowns and what the verdict saw", title: "planted slowdowns: the rise each figure saw, %")
        svg.leaf(
            "text", ["x": "4", "y": "30", "font-size": "10", "fill": "#555"],
            "solid: instruction count · light: time against the calibrator · red: the counts judged it wrong")
        for (tolerance, label) in [(rule.instructions, "counts"), (rule.time, "time")] {
            let tx = x(tolerance * 100)
            svg.leaf(
                "line",
                ["x1": .number(tx), "y1": .number(top - 4), "x2": .number(tx), "y2": .number(h - 26), "stroke": "#999", "stroke-dasharray": "3 3"])
            svg.leaf(
                "text", ["x": .number(tx), "y": .number(h - 14), "font-size": "9", "text-anchor": "middle", "fill": "#555"],
                "\(label) +\(Markup.number(tolerance * 100)) %")
        }
        for (i, t) in trials.enumerated() {
            let y = top + rowH * Double(i)
            let red = t.misjudgedByCounts
            svg.leaf("text", ["x": .number(left - 6), "y": .number(y + 14), "font-size": "10", "text-anchor": "end"], t.label)
            if let c = t.countRatio {
                let rise = (c - 1) * 100
                svg.leaf(
                    "rect",
                    [
                        "class": .text(red ? "misjudged" : "judged"), "x": .number(Swift.min(x(0), x(rise))), "y": .number(y + 3),
                        "width": .number(Swift.max(1, abs(x(rise) - x(0)))), "height": "9", "fill": .text(red ? "#e53e3e" : color(0)),
                    ], title: "\(t.label): count ×\(ReportPage.ratio(c))")
            } else if red {
                svg.leaf("rect", ["class": "misjudged", "x": .number(x(0)), "y": .number(y + 3), "width": "3", "height": "9", "fill": "#e53e3e"])
            }
            if let time = t.timeRatio ?? t.largestOtherTimeMove {
                let rise = (time - 1) * 100
                svg.leaf(
                    "rect",
                    [
                        "x": .number(Swift.min(x(0), x(rise))), "y": .number(y + 13), "width": .number(Swift.max(1, abs(x(rise) - x(0)))),
                        "height": "7", "fill": .text(color(0)), "fill-opacity": "0.35",
                    ],
                    title: t.timeRatio != nil
                        ? "\(t.label): time against the calibrator ×\(ReportPage.ratio(time))"
                        : "\(t.label): the largest move of any calibrated time ×\(ReportPage.ratio(time))")
            }
        }
        svg.close("svg")
        return svg
    }
}

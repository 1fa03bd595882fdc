/// The shootout's table, defined once: the columns and each strategy's
/// cells, as `kbbench shootout` prints them (text or Markdown), as the
/// README and docs/shootout.md show them, and as the HTML report draws them.
extension ShootoutSummary {
    /// The column heads: the strategy, judged and out-of-scope scenarios,
    /// then I1, I2 split into "visible" (no distance; then how many of
    /// those scenarios hid the field only after a switch between fields
    /// with the keyboard up) and "with distance" (the strategy's own
    /// promise), the other invariants in order, scenarios with any
    /// violation (then how many of those violated only where a behaviour
    /// the strategy documents as chosen applies), unsatisfiable scenarios,
    /// covered frames at 60 and 120 Hz. On chat screens there is no I2 and
    /// no field to cover: the invariants counted, any, and by choice.
    ///
    /// The invariant columns follow the codes of the first row (every row
    /// has the same codes); an empty summary has the fixed columns only.
    package var columns: [String] {
        var heads = ["strategy", "judged", "out of scope"]
        for code in strategies.first?.violations.map(\.code) ?? [] {
            heads += code == Self.fieldCode ? ["\(code) visible", "(after a switch)", "\(code) with distance"] : [code]
        }
        heads += ["any", "(by choice)"]
        if !chatScreens { heads += ["unsat", "covered 60 Hz", "covered 120 Hz"] }
        return heads
    }

    /// One strategy's cells, in ``columns`` order; "—" where the record does
    /// not say (older records), for "with distance" where the strategy
    /// promises no distance, and for "(by choice)" where it documents no
    /// choice.
    package func cells(_ row: Row) -> [String] {
        let known = { (n: Int?) in n.map(String.init) ?? "—" }
        var cells = [row.name, String(row.scenarios), String(row.outOfScope)]
        for count in row.violations {
            cells +=
                count.code == Self.fieldCode
                ? [known(row.fieldHidden), known(row.fieldHiddenOnlyAfterSwitch), row.promisesDistance ? String(count.scenarios) : "—"]
                : [String(count.scenarios)]
        }
        cells += [known(row.anyViolation), known(row.anyOnlyByChoice)]
        if !chatScreens { cells += [String(row.unsatisfiable), String(row.coveredFrames60), String(row.coveredFrames120)] }
        return cells
    }

    /// The code of the invariant about the focused field, split three ways.
    private static let fieldCode = "I2"

    /// The rows as text cells, in ``columns`` order.
    package var rows: [[String]] { strategies.map(cells) }

    /// The same results in two narrower tables, for a terminal: the
    /// verdicts (judged scenarios, each invariant with I2 by the strategy's
    /// own promise, then any) and the details (scenarios out of scope, the
    /// field hidden and hidden only after a switch, by choice,
    /// unsatisfiable, covered frames). Each is a table's heads and rows;
    /// ``narrowLegend`` explains the short heads.
    package var narrowTables: [(heads: [String], rows: [[String]])] {
        let codes = strategies.first?.violations.map(\.code) ?? []
        let known = { (n: Int?) in n.map(String.init) ?? "—" }
        let verdicts = strategies.map { row in
            [row.name, String(row.scenarios)] + row.violations.map { String($0.scenarios) } + [known(row.anyViolation)]
        }
        if chatScreens {
            let details = strategies.map { row in [row.name, String(row.outOfScope), known(row.anyOnlyByChoice)] }
            return [(["strategy", "judged"] + codes + ["any"], verdicts), (["strategy", "out", "chosen"], details)]
        }
        let details = strategies.map { row in
            [
                row.name, String(row.outOfScope), known(row.fieldHidden), known(row.fieldHiddenOnlyAfterSwitch), known(row.anyOnlyByChoice),
                String(row.unsatisfiable), String(row.coveredFrames60), String(row.coveredFrames120),
            ]
        }
        return [
            (["strategy", "judged"] + codes + ["any"], verdicts),
            (["strategy", "out", "hidden", "(switch)", "chosen", "unsat", "cov60", "cov120"], details),
        ]
    }

    /// What the short heads of ``narrowTables`` mean.
    package var narrowLegend: String {
        if chatScreens {
            return "T1-T4: the transcript rules (docs/invariants.md), judged on chat screens in place of I2, I8 and I10; "
                + "out: scenarios outside its scope; chosen: scenarios violating only where a documented choice applies."
        }
        return "I2: by each strategy's own promise (with its distance, where it promises one); out: scenarios outside its scope; "
            + "hidden: the field not visible at all; "
            + "(switch): of those, hidden only after a switch between fields; chosen: scenarios violating only where a documented "
            + "choice applies; unsat: no strategy could show the field; cov60, cov120: animation frames the field was covered."
    }

    /// The table in Markdown.
    package var markdownTable: String {
        var out = "| " + columns.joined(separator: " | ") + " |\n"
        out += "|" + String(repeating: " --- |", count: columns.count) + "\n"
        for row in rows { out += "| " + row.joined(separator: " | ") + " |\n" }
        return out
    }

    /// What reading unsettled rules the other way moves, as a Markdown
    /// table: for each of `others` (a rule's name and the summary of the
    /// same scenarios judged under it), one row per strategy whose cells
    /// differ from `standard`'s, each cell `standard → other` where it
    /// moved and as it was where it did not; the judged and out-of-scope
    /// counts, which no reading changes, are left out. A rule that moves
    /// nothing has one row saying so.
    package static func readingsTable(standard: ShootoutSummary, others: [(rule: String, summary: ShootoutSummary)]) -> String {
        let heads = ["other reading"] + [standard.columns[0]] + Array(standard.columns.dropFirst(3))
        var out = "| " + heads.joined(separator: " | ") + " |\n"
        out += "|" + String(repeating: " --- |", count: heads.count) + "\n"
        for (rule, summary) in others {
            var moved = false
            for (a, b) in zip(standard.rows, summary.rows) where a != b {
                let cells = zip(a.dropFirst(3), b.dropFirst(3)).map { $0 == $1 ? $0 : "\($0) → \($1)" }
                out += "| `--\(rule)` | " + ([a[0]] + cells).joined(separator: " | ") + " |\n"
                moved = true
            }
            if !moved {
                out += "| `--\(rule)` | " + (["(nothing moves)"] + Array(repeating: "", count: heads.count - 2)).joined(separator: " | ") + " |\n"
            }
        }
        return out
    }
}

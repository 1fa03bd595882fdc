extension ResultRecord {
    /// The record's checks: one per ``Gate`` whose figure the record holds,
    /// in a debug build not evaluated where the gate needs an optimised
    /// build.
    package static func checks(of record: ResultRecord) -> [Check] {
        Gate.all.compactMap { gate in
            guard let value = gate.measured(record) else { return nil }
            let outcome: Check.Outcome = gate.needsRelease && record.build != .release ? .notEvaluated : (gate.holds(value) ? .passed : .failed)
            return Check(name: gate.name, outcome: outcome)
        }
    }

    /// Recomputes ``checks`` and ``limits`` from the record's figures (after
    /// instruction counts were added, say). No check is a target today.
    package mutating func evaluateChecks() {
        checks = Self.checks(of: self)
        limits = Dictionary(uniqueKeysWithValues: checks.compactMap { c in Gate.named(c.name).map { (c.name, $0.limit) } })
        targets = []
    }

    /// The gate checks that failed: what makes `bench` and the standard
    /// suite exit 2. A check a record made long ago names as a target is
    /// not one of them.
    package var failedChecks: [Check] { checks.filter { $0.outcome == .failed && !targets.contains($0.name) } }

    /// The targets not met (in records that had targets).
    package var missedTargets: [Check] { checks.filter { $0.outcome == .failed && targets.contains($0.name) } }
}

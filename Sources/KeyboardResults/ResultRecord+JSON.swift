import KeyboardJSON

extension ResultRecord {
    /// The record as written: `schemaVersion` and `kind` first, then
    /// everything docs/result-record.md lists, in that order.
    package var json: JSONWriter.Value {
        var pairs: [(String, JSONWriter.Value)] = [
            ("schemaVersion", .integer(Self.schemaVersion)), ("kind", .string(Self.kind)), ("tool", .string("kbbench")),
            ("toolVersion", .string(toolVersion)), ("gitCommit", .string(gitCommit)), ("date", .string(date)),
            (
                "machine",
                .object([
                    ("os", .string(machine.os)), ("cpu", .string(machine.cpu)), ("cores", .integer(machine.cores)), ("host", .string(machine.host)),
                ])
            ),
            ("build", .string(build.rawValue)),
        ]
        if let generatorVersion { pairs.append(("generatorVersion", .integer(generatorVersion))) }
        pairs += [
            ("unit", .string("ns")), ("clockNanoseconds", .number(clockNanoseconds)),
            (
                "benchmarks",
                .array(
                    benchmarks.map { b in
                        var pairs: [(String, JSONWriter.Value)] = [
                            ("name", .string(b.name)), ("unit", .string("ns")), ("p50", .number(Self.tenth(b.p50))), ("p90", .number(b.p90)),
                            ("p99", .number(b.p99)), ("p999", .number(b.p999)), ("max", .number(b.max)), ("samples", .integer(b.samples)),
                            ("allocationsPerNotification", .number(Self.tenth(b.allocationsPerNotification))),
                            ("budgetFraction60", .number(b.budgetFraction60)), ("budgetFraction120", .number(b.budgetFraction120)),
                            ("headroom60", .number(b.headroom60.rounded())), ("headroom120", .number(b.headroom120.rounded())),
                        ]
                        if let i = b.instructionsPerNotification { pairs.append(("instructionsPerNotification", .number(Self.tenth(i)))) }
                        if b.instructionsVaryWithBuild { pairs.append(("instructionsVaryWithBuild", .bool(true))) }
                        if let c = b.calibrator { pairs.append(("calibrator", .string(c))) }
                        if !b.roundMedians.isEmpty { pairs.append(("roundMedians", .array(b.roundMedians.map { .number(Self.hundredth($0)) }))) }
                        return .object(pairs)
                    })
            ),
            (
                "scaling",
                .object(
                    scaling.map { curve in
                        (
                            curve.name,
                            .array(
                                zip(curve.points, curve.ratios).map { p, ratio in
                                    .object([
                                        ("n", .integer(p.n)), ("p50", .number(Self.tenth(p.p50))),
                                        ("ratio", .number((ratio * 100).rounded() / 100)),
                                    ])
                                })
                        )
                    })
            ),
            (
                "checks",
                .object(
                    checks.map { c in
                        (c.name, c.outcome == .notEvaluated ? .null : .bool(c.outcome == .passed))
                    })
            ),
        ]
        // After the commit, when known (records made before the key lack it).
        if let uncommittedChanges { pairs.insert(("uncommittedChanges", .bool(uncommittedChanges)), at: 5) }
        if !limits.isEmpty {
            pairs.append(("limits", .object(checks.compactMap { c in limits[c.name].map { (c.name, JSONWriter.Value.number($0)) } })))
        }
        if !targets.isEmpty { pairs.append(("targets", .array(targets.map { .string($0) }))) }
        if !counterexampleTimes.isEmpty {
            pairs.append(
                (
                    "counterexampleTimes",
                    .object(
                        counterexampleTimes.map { t in
                            (
                                t.strategy,
                                .object([
                                    ("seed", .unsigned(t.seed)), ("scenario", .integer(t.scenario)), ("invariant", .string(t.invariant)),
                                    ("events", .integer(t.events)), ("milliseconds", .number(Self.hundredth(t.milliseconds))),
                                    ("repeats", .integer(t.repeats)),
                                ])
                            )
                        })
                ))
        }
        if !fuzzCosts.isEmpty {
            pairs.append(
                (
                    "fuzzCosts",
                    .array(
                        fuzzCosts.map { f in
                            .object([
                                ("strategy", .string(f.strategy)), ("seed", .unsigned(f.seed)), ("runs", .integer(f.runs)),
                                ("notificationsChecked", .integer(f.notificationsChecked)),
                                ("instructionsPerCheckedNotification", .number(Self.tenth(f.instructionsPerCheckedNotification))),
                            ])
                        })
                ))
        }
        if !plantedBugs.isEmpty {
            pairs.append(
                (
                    "plantedBugs",
                    .object(
                        plantedBugs.map { b in
                            (
                                b.bug,
                                .object([
                                    ("firstSeed", .unsigned(b.firstSeed)), ("seeds", .integer(b.seeds)), ("budget", .integer(b.budget)),
                                    ("found", .integer(b.found)), ("medianRuns", .number(Self.tenth(b.medianRuns))), ("maxRuns", .integer(b.maxRuns)),
                                    ("medianShrunkEvents", b.medianShrunkEvents.map { .number(Self.tenth($0)) } ?? .null),
                                ])
                            )
                        })
                ))
        }
        if !plantedSlowdowns.isEmpty { pairs.append(("plantedSlowdowns", .array(plantedSlowdowns.map(\.json)))) }
        if !ratios.isEmpty {
            pairs.append(
                (
                    "ratios",
                    .object(
                        ratios.map { r in
                            (
                                r.name,
                                .object([
                                    ("median", .number(Self.hundredth(r.median))), ("low", .number(Self.hundredth(r.low))),
                                    ("high", .number(Self.hundredth(r.high))), ("rounds", .integer(r.rounds)),
                                ])
                            )
                        })
                ))
        }
        if let shootout { pairs.append(("shootout", shootout.json)) }
        return .object(pairs)
    }

    /// The text of a record file: the JSON on one line, and a newline.
    package var text: String { JSONWriter.string(json) + "\n" }

    private static func tenth(_ d: Double) -> Double { (d * 10).rounded() / 10 }
    private static func hundredth(_ d: Double) -> Double { (d * 100).rounded() / 100 }
}

extension ShootoutSummary {
    /// `{"schemaVersion":2,"seed":S,"generatorVersion":V,"allScenarios":false,"strategies":[…]}`,
    /// with `"screens":"chat"` after the version for chat screens,
    /// as `kbbench shootout --json` prints it (docs/result-record.md).
    package var json: JSONWriter.Value {
        var pairs: [(String, JSONWriter.Value)] = [("schemaVersion", .integer(2)), ("seed", .unsigned(seed))]
        if let generatorVersion { pairs.append(("generatorVersion", .integer(generatorVersion))) }
        if chatScreens { pairs.append(("screens", .string("chat"))) }
        pairs += [
            ("allScenarios", .bool(allScenarios)),
            (
                "strategies",
                .array(
                    strategies.map { t in
                        var pairs: [(String, JSONWriter.Value)] = [("name", .string(t.name))]
                        if let scope = t.scope { pairs.append(("scope", .string(scope))) }
                        pairs += [
                            ("scenarios", .integer(t.scenarios)),
                            ("outOfScope", .integer(t.outOfScope)),
                            ("violations", .object(t.violations.map { ($0.code, .integer($0.scenarios)) })),
                        ]
                        if let hidden = t.fieldHidden { pairs.append(("fieldHidden", .integer(hidden))) }
                        if let n = t.fieldHiddenOnlyAfterSwitch { pairs.append(("fieldHiddenOnlyAfterSwitch", .integer(n))) }
                        pairs += [
                            ("promisesDistance", .bool(t.promisesDistance))
                        ]
                        if let n = t.anyViolation { pairs.append(("anyViolation", .integer(n))) }
                        if let n = t.anyOnlyByChoice { pairs.append(("anyOnlyByChoice", .integer(n))) }
                        pairs += [
                            ("unsatisfiable", .integer(t.unsatisfiable)),
                            ("coveredFrames60", .integer(t.coveredFrames60)),
                            ("coveredFrames120", .integer(t.coveredFrames120)),
                        ]
                        return .object(pairs)
                    })
            ),
        ]
        return .object(pairs)
    }
}

import KeyboardJSON

extension ResultRecord {
    /// The largest count a record may hold (samples, scenarios, frames): far
    /// beyond any run, well inside `Int` and `Double`'s exact integers.
    static let largestCount = 1_000_000_000_000
    /// The largest seed a record holds as a planted-bug run's first seed
    /// (``PlantedBugFigures/firstSeed``): `largestCount`. `bench` refuses a
    /// larger `--planted-bug-seed`, so that each record it writes reads back.
    package static let largestFirstSeed = UInt64(largestCount)
    /// The largest time in ns a figure may hold (a thousand seconds per
    /// notification).
    static let largestTime = 1e12

    /// Reads a record file's bytes. Every problem is a ``MalformedInput``
    /// naming `file`, the line and the key: a future or unknown schema, a
    /// missing or mistyped key, a count that is negative, fractional or
    /// absurd, a time that is not a finite number of ns, a core count out of
    /// 1…4096, a name or label holding a control character (see
    /// `JSONObjectReader.label`). Unknown keys are allowed (readers of schema 2 keep reading
    /// what later versions add beside it).
    package static func read(_ bytes: [UInt8], file: String) throws(MalformedInput) -> ResultRecord {
        let o: JSONObjectReader
        do {
            o = try JSONObjectReader.document(bytes, file: file)
        } catch {
            // A trace (JSON Lines) given where a record belongs fails to
            // parse as one document: say what it is instead.
            if let first = bytes.split(separator: UInt8(ascii: "\n"), maxSplits: 1).first,
                case .object(let header)? = try? JSONParser.parse(bytes: Array(first)), header["kind"] == .string("kbtrace")
            {
                throw MalformedInput(
                    file: file, line: 1, key: "kind",
                    problem: .inconsistent("this is a trace (kind \"kbtrace\"), not a result record: give a record that kbbench bench wrote"))
            }
            throw error
        }
        return try read(o, file: file)
    }

    private static func read(_ document: JSONObjectReader, file: String) throws(MalformedInput) -> ResultRecord {
        var o = document
        let version = try o.integer(try o.required("schemaVersion"), "schemaVersion")
        guard (1...schemaVersion).contains(version) else {
            throw o.fail("schemaVersion", .unsupportedVersion(found: version, reads: schemaVersion))
        }
        if version >= 2 {
            let kind = try o.string(try o.required("kind"), "kind")
            guard kind == Self.kind else { throw o.fail("kind", .wrongKind(expected: Self.kind, found: kind)) }
        }
        func text(_ key: String, default fallback: String) throws(MalformedInput) -> String {
            guard let v = o.optional(key) else {
                if version >= 2 { throw o.fail(key, .missingKey) }
                return fallback
            }
            return try o.label(v, key)
        }
        let toolVersion = try text("toolVersion", default: "unknown")
        let commit = try text("gitCommit", default: "unknown")
        let date = try text("date", default: "")
        var machine = Machine(os: "unknown", cpu: "unknown", cores: 0, host: "unknown")
        if var m = try o.optionalObject("machine") {
            machine.os = try m.optional("os").map { v throws(MalformedInput) in try m.label(v, "os") } ?? "unknown"
            machine.cpu = try m.optional("cpu").map { v throws(MalformedInput) in try m.label(v, "cpu") } ?? "unknown"
            // 0: unknown, what a schema-1 record without `machine` reads as and
            // is written back as.
            machine.cores = try m.integer(try m.required("cores"), "cores", in: 0...4096)
            machine.host = try m.optional("host").map { v throws(MalformedInput) in try m.label(v, "host") } ?? "unknown"
        } else if version >= 2 {
            throw o.fail("machine", .missingKey)
        }
        let build: Build
        if let b = o.optional("build") {
            let s = try o.string(b, "build")
            guard let parsed = Build(rawValue: s) else { throw o.fail("build", .notOneOf(s, allowed: Build.allCases.map(\.rawValue))) }
            build = parsed
        } else if version >= 2 {
            throw o.fail("build", .missingKey)
        } else {
            build = .unknown
        }
        let clock =
            try o.optional("clockNanoseconds").map { v throws(MalformedInput) in
                try o.number(v, "clockNanoseconds", in: 0...largestTime)
            } ?? 0
        var benchmarks: [BenchmarkFigures] = []
        for (item, path) in try o.array(try o.required("benchmarks"), "benchmarks") {
            var b = try o.object(item, at: path)
            func time(_ k: String) throws(MalformedInput) -> Double { try b.number(try b.required(k), k, in: 0...largestTime) }
            benchmarks.append(
                BenchmarkFigures(
                    name: try b.label(try b.required("name"), "name"), p50: try time("p50"), p90: try time("p90"), p99: try time("p99"),
                    p999: try time("p999"), max: try time("max"), samples: try b.integer(try b.required("samples"), "samples", in: 1...largestCount),
                    allocationsPerNotification: try b.number(try b.required("allocationsPerNotification"), "allocationsPerNotification", in: 0...1e9),
                    instructionsPerNotification: try b.optional("instructionsPerNotification").map { v throws(MalformedInput) in
                        try b.number(v, "instructionsPerNotification", in: 0...1e12)
                    },
                    instructionsVaryWithBuild: try b.optional("instructionsVaryWithBuild").map { v throws(MalformedInput) in
                        try b.bool(v, "instructionsVaryWithBuild")
                    } ?? false,
                    calibrator: try b.optional("calibrator").map { v throws(MalformedInput) in try b.label(v, "calibrator") },
                    roundMedians: try b.optional("roundMedians").map { v throws(MalformedInput) in
                        try b.array(v, "roundMedians").map { item, at throws(MalformedInput) in
                            let d = try b.number(item, at: at, finite: true)
                            guard (0...largestTime).contains(d) else { throw b.fail(at: at, .outOfRange(d, allowed: "0…1e12")) }
                            return d
                        }
                    } ?? []
                ))
        }
        var scaling: [ScalingCurve] = []
        if var s = try o.optionalObject("scaling") {
            for name in s.keys {
                try s.checkLabel(name)
                var points: [ScalingCurve.Point] = []
                for (item, path) in try s.array(try s.required(name), name) {
                    var p = try s.object(item, at: path)
                    points.append(
                        ScalingCurve.Point(
                            n: try p.integer(try p.required("n"), "n", in: 1...largestCount),
                            p50: try p.number(try p.required("p50"), "p50", in: 0...largestTime)
                        ))
                }
                scaling.append(ScalingCurve(name: name, points: points))
            }
        }
        var checks: [Check] = []
        if var c = try o.optionalObject("checks") {
            for name in c.keys {
                try c.checkLabel(name)
                let v = c.optional(name)
                checks.append(
                    Check(name: name, outcome: try v.map { v throws(MalformedInput) in try c.bool(v, name) ? .passed : .failed } ?? .notEvaluated))
            }
        }
        var limits: [String: Double] = [:]
        if var l = try o.optionalObject("limits") {
            for name in l.keys {
                try l.checkLabel(name)
                limits[name] = try l.number(try l.required(name), name, in: -largestTime...largestTime)
            }
        }
        var targets: [String] = []
        if let list = o.optional("targets") {
            for (item, _) in try o.array(list, "targets") { targets.append(try o.string(item, "targets")) }
        }
        var ratios: [BenchmarkRatio] = []
        if var r = try o.optionalObject("ratios") {
            for name in r.keys {
                try r.checkLabel(name)
                var f = try r.object(name)
                func value(_ k: String) throws(MalformedInput) -> Double { try f.number(try f.required(k), k, in: -largestTime...largestTime) }
                ratios.append(
                    BenchmarkRatio(
                        name: name, median: try value("median"), low: try value("low"), high: try value("high"),
                        rounds: try f.integer(try f.required("rounds"), "rounds", in: 1...largestCount)
                    ))
            }
        }
        var counterexampleTimes: [CounterexampleTime] = []
        if var t = try o.optionalObject("counterexampleTimes") {
            for name in t.keys {
                try t.checkLabel(name)
                var f = try t.object(name)
                counterexampleTimes.append(
                    CounterexampleTime(
                        strategy: name, seed: UInt64(try f.integer(try f.required("seed"), "seed", in: 0...largestCount)),
                        scenario: try f.integer(try f.required("scenario"), "scenario", in: 0...largestCount),
                        invariant: try f.string(try f.required("invariant"), "invariant"),
                        events: try f.integer(try f.required("events"), "events", in: 0...largestCount),
                        milliseconds: try f.number(try f.required("milliseconds"), "milliseconds", in: 0...largestTime),
                        repeats: try f.integer(try f.required("repeats"), "repeats", in: 1...largestCount)
                    ))
            }
        }
        let fuzzCosts = try o.optional("fuzzCosts").map { v throws(MalformedInput) in try FuzzCost.list(v, in: o) } ?? []
        var plantedBugs: [PlantedBugFigures] = []
        if var p = try o.optionalObject("plantedBugs") {
            for name in p.keys {
                try p.checkLabel(name)
                var b = try p.object(name)
                let seeds = try b.integer(try b.required("seeds"), "seeds", in: 1...largestCount)
                let budget = try b.integer(try b.required("budget"), "budget", in: 1...largestCount)
                let shrunk = b.optional("medianShrunkEvents")
                plantedBugs.append(
                    PlantedBugFigures(
                        bug: name, firstSeed: UInt64(try b.integer(try b.required("firstSeed"), "firstSeed", in: 0...Int(largestFirstSeed))),
                        seeds: seeds, budget: budget, found: try b.integer(try b.required("found"), "found", in: 0...seeds),
                        medianRuns: try b.number(try b.required("medianRuns"), "medianRuns", in: 1...Double(budget)),
                        maxRuns: try b.integer(try b.required("maxRuns"), "maxRuns", in: 1...budget),
                        medianShrunkEvents: try shrunk.flatMap { v throws(MalformedInput) in
                            v == .null ? nil : try b.number(v, "medianShrunkEvents", in: 1...Double(largestCount))
                        }))
                try b.rejectUnknownKeys()
            }
        }
        var plantedSlowdowns: [PlantedSlowdownTrial] = []
        if let v = o.optional("plantedSlowdowns") {
            for (item, path) in try o.array(v, "plantedSlowdowns") { plantedSlowdowns.append(try PlantedSlowdownTrial.read(item, at: path, in: o)) }
        }
        var shootout: ShootoutSummary?
        if var s = try o.optionalObject("shootout") {
            shootout = try ShootoutSummary.read(&s)
        }
        var record = ResultRecord(
            toolVersion: toolVersion, gitCommit: commit, date: date, machine: machine, build: build, clockNanoseconds: clock,
            benchmarks: benchmarks, scaling: scaling, checks: checks, targets: targets, shootout: shootout, ratios: ratios, schema: version
        )
        record.counterexampleTimes = counterexampleTimes
        record.fuzzCosts = fuzzCosts
        record.plantedBugs = plantedBugs
        record.plantedSlowdowns = plantedSlowdowns
        record.limits = limits
        if let v = o.optional("uncommittedChanges"), v != .null { record.uncommittedChanges = try o.bool(v, "uncommittedChanges") }
        record.generatorVersion = try o.optional("generatorVersion").map { v throws(MalformedInput) in
            try o.integer(v, "generatorVersion", in: 1...1_000_000)
        }
        return record
    }
}

extension ShootoutSummary {
    /// Reads a shootout object of schema 1 (no scopes, no promises: nothing
    /// out of scope, `fieldHidden` unknown) or 2; `screens`, when present,
    /// is `fields` or `chat`.
    package static func read(_ s: inout JSONObjectReader) throws(MalformedInput) -> ShootoutSummary {
        let seedValue = try s.number(try s.required("seed"), "seed", in: 0...9_007_199_254_740_992)
        let all = try s.optional("allScenarios").map { v throws(MalformedInput) in try s.bool(v, "allScenarios") } ?? false
        var rows: [Row] = []
        for (item, path) in try s.array(try s.required("strategies"), "strategies") {
            var t = try s.object(item, at: path)
            func count(_ k: String) throws(MalformedInput) -> Int { try t.integer(try t.required(k), k, in: 0...ResultRecord.largestCount) }
            func optionalCount(_ k: String) throws(MalformedInput) -> Int? {
                guard let v = t.optional(k) else { return nil }
                return try t.integer(v, k, in: 0...ResultRecord.largestCount)
            }
            var v = try t.object("violations")
            var violations: [ShootoutSummary.InvariantCount] = []
            for code in v.keys.sorted(by: { $0.count == $1.count ? $0 < $1 : $0.count < $1.count }) {
                violations.append(.init(code, try v.integer(try v.required(code), code, in: 0...ResultRecord.largestCount)))
            }
            let scope = try t.optional("scope").map { v throws(MalformedInput) in try t.string(v, "scope") }
            let promisesDistance = try t.optional("promisesDistance").map { v throws(MalformedInput) in try t.bool(v, "promisesDistance") } ?? false
            rows.append(
                Row(
                    name: try t.label(try t.required("name"), "name"), scope: scope, scenarios: try count("scenarios"),
                    outOfScope: try optionalCount("outOfScope") ?? 0, violations: violations, fieldHidden: try optionalCount("fieldHidden"),
                    fieldHiddenOnlyAfterSwitch: try optionalCount("fieldHiddenOnlyAfterSwitch"),
                    promisesDistance: promisesDistance, anyViolation: try optionalCount("anyViolation"),
                    anyOnlyByChoice: try optionalCount("anyOnlyByChoice"), unsatisfiable: try count("unsatisfiable"),
                    coveredFrames60: try count("coveredFrames60"), coveredFrames120: try count("coveredFrames120")
                ))
        }
        let generator = try s.optional("generatorVersion").map { v throws(MalformedInput) in try s.integer(v, "generatorVersion", in: 1...1_000_000) }
        var chat = false
        if let v = s.optional("screens") {
            let screens = try s.string(v, "screens")
            guard ["fields", "chat"].contains(screens) else { throw s.fail("screens", .notOneOf(screens, allowed: ["fields", "chat"])) }
            chat = screens == "chat"
        }
        return ShootoutSummary(seed: UInt64(seedValue), generatorVersion: generator, chatScreens: chat, allScenarios: all, strategies: rows)
    }
}

extension JSONObjectReader {
    /// A string that names something (a benchmark, a check, a machine, a
    /// commit): a control character in it (U+0000–U+001F, U+007F) is
    /// rejected, naming the key, because names end up in line protocol
    /// (where a newline starts a new point), tables and HTML.
    func label(_ v: JSONValue, _ key: String) throws(MalformedInput) -> String {
        let s = try string(v, key)
        try checkLabel(s, key: key)
        return s
    }

    /// Rejects a name used as a key (a check's or a curve's) that holds a
    /// control character.
    func checkLabel(_ s: String, key: String? = nil) throws(MalformedInput) {
        if let c = s.unicodeScalars.first(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            let hex = String(c.value, radix: 16, uppercase: true)
            let code = "U+" + String(repeating: "0", count: Swift.max(0, 4 - hex.count)) + hex
            throw fail(key ?? s, .inconsistent("a name may not hold a control character (\(code))"))
        }
    }
}

extension FuzzCost {
    /// The entries of a `fuzzCosts` array (a record's key, and the file
    /// `kbbench bench --fuzz-instructions` reads), each problem naming its
    /// file, line and key.
    package static func list(_ v: JSONValue, in o: JSONObjectReader) throws(MalformedInput) -> [FuzzCost] {
        var costs: [FuzzCost] = []
        for (item, path) in try o.array(v, "fuzzCosts") {
            var f = try o.object(item, at: path)
            func count(_ k: String, from low: Int) throws(MalformedInput) -> Int {
                try f.integer(try f.required(k), k, in: low...ResultRecord.largestCount)
            }
            costs.append(
                FuzzCost(
                    strategy: try f.label(try f.required("strategy"), "strategy"),
                    seed: UInt64(try count("seed", from: 0)), runs: try count("runs", from: 1),
                    notificationsChecked: try count("notificationsChecked", from: 1),
                    instructionsPerCheckedNotification: try f.number(
                        try f.required("instructionsPerCheckedNotification"), "instructionsPerCheckedNotification", in: 0...1e12
                    )
                ))
        }
        return costs
    }
}

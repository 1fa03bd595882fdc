import Foundation
import KBTestSupport
import KeyboardStrategies
import Testing

/// `kbbench audit` and `replay --write-observed` as a user runs them.
@Suite("kbbench audit", .processTimeLimit)
struct AuditCommandTests {
    typealias K = KbbenchProcess

    /// The violations of each step of a `--json` report line.
    static func violations(_ json: String) throws -> [[String]] {
        let o = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let steps = try #require(o["steps"] as? [[String: Any]])
        return steps.map { $0["violations"] as? [String] ?? ["?"] }
    }

    static let traces = [
        "corpora/traces/iphone5-focus-switch.kbtrace", "corpora/traces/ipad-undock-split-dock.kbtrace",
        "corpora/audit/iphoneos3-show-before-focus-apple2009.kbtrace",
    ]

    @Test(
        "replay --write-observed, then audit (by the promise the trace states), gives replay's violations step by step, for every built-in strategy",
        arguments: StrategyCatalog.names)
    func writeObservedThenAuditAgreesWithReplay(strategy: String) throws {
        let dir = try K.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for trace in Self.traces {
            let out = dir + "/observed.kbtrace"
            let replay = K.kbbench("replay", "--json", "--strategy", strategy, "--write-observed", out, trace)
            #expect(replay.status == 0 || replay.status == 1, "\(replay.output)")
            let audit = K.kbbench("audit", "--json", out)
            #expect(audit.status == replay.status, "\(trace): \(audit.output)")
            #expect(try Self.violations(audit.stdout) == Self.violations(replay.stdout), "\(trace) with \(strategy)")
            #expect(!audit.stderr.contains("states no promise"), "the written trace states the strategy's promise")
        }
    }

    @Test("an exec: strategy's observed trace audits to its replay's violations", .enabled(if: Repository.hasPython, "needs python3"))
    func anExternalStrategyRoundTrips() throws {
        let dir = try K.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let strategy = "exec:python3 Examples/exec-strategy/naive.py", out = dir + "/observed.kbtrace", trace = Self.traces[1]
        let replay = K.kbbench("replay", "--json", "--strategy", strategy, "--write-observed", out, trace)
        #expect(replay.status == 1, "naive.py mishandles an undocked and split keyboard: \(replay.output)")
        let audit = K.kbbench("audit", "--json", out)
        #expect(audit.status == 1, "\(audit.output)")
        #expect(try Self.violations(audit.stdout) == Self.violations(replay.stdout))
    }

    /// Three ways an audit once judged the written states differently from
    /// the replay, each shrunk from a generated scenario: a distance the
    /// header's policy asks and the recipe never promised (the audit found
    /// I2 where the field ends flush with the keyboard), a text view judged
    /// by the policy's caret rule instead of the recipe's band (the replay
    /// found I2, the audit nothing), and a scroll of a field visible but not
    /// by the policy's distance after a rotation (the replay found I8, the
    /// audit nothing). The written trace now states the promise the replay
    /// judged by, and the audit takes it from there.
    @Test(arguments: [
        "corpora/audit/promise-distance-cookbook.kbtrace", "corpora/audit/text-view-caret-cookbook.kbtrace",
        "corpora/audit/rotation-needless-scroll-cookbook.kbtrace",
    ])
    func theAuditJudgesByThePromiseTheReplayJudgedBy(trace: String) throws {
        let dir = try K.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = dir + "/observed.kbtrace"
        let replay = K.kbbench("replay", "--json", "--strategy", "cookbook", "--write-observed", out, trace)
        let audit = K.kbbench("audit", "--json", out)
        let replayed = try Self.violations(replay.stdout).map { $0.filter { $0 != "I7" } }
        #expect(try Self.violations(audit.stdout) == replayed, "\(trace)")
        let byPolicy = try Self.violations(K.kbbench("audit", "--json", "--promise", "policy", out).stdout)
        #expect(replayed != byPolicy, "the policy's promise judges \(trace) otherwise")
        let header = try #require(
            try JSONSerialization.jsonObject(with: Data(try String(contentsOfFile: out, encoding: .utf8).prefix { $0 != "\n" }.utf8))
                as? [String: Any])
        let promise = try #require(header["promise"] as? [String: Any], "the written trace states a promise: \(header)")
        #expect((promise["distance"] as? NSNumber)?.doubleValue == 0 && promise["tallField"] as? String == "fillsBand", "cookbook's: \(promise)")
    }

    /// A trace that states no promise is judged by its header's policy, and
    /// the audit says so.
    @Test func aTraceWithoutAPromiseIsJudgedByItsPolicyWithANote() throws {
        let dir = try K.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = dir + "/observed.kbtrace"
        _ = K.kbbench("replay", "--strategy", "cookbook", "--write-observed", out, "corpora/audit/promise-distance-cookbook.kbtrace")
        let text = try String(contentsOfFile: out, encoding: .utf8)
        let stripped = text.replacingOccurrences(of: #","promise":{"distance":0,"tallField":"fillsBand"}"#, with: "")
        #expect(stripped != text)
        try stripped.write(toFile: out, atomically: true, encoding: .utf8)
        let audit = K.kbbench("audit", out)
        #expect(
            audit.status == 1 && audit.stderr.contains("the trace states no promise: judged by its header's policy (a distance of 20 pt"),
            "\(audit.output)")
    }

    /// `--round-trip` holds the audit to the replay on generated scenarios,
    /// every built-in strategy and an exec: one beside them.
    @Test(.enabled(if: Repository.hasPython, "needs python3"))
    func theRoundTripHoldsOnGeneratedScenarios() throws {
        let r = K.kbbench(
            "audit", "--round-trip", "--seed", "3", "--scenarios", "40", "--with", "exec:python3 Examples/exec-strategy/cookbook.py", "--json",
            "--failures", try K.temporaryDirectory())
        #expect(r.status == 0, "\(r.output)")
        let o = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let strategies = StrategyCatalog.names + ["exec:python3 Examples/exec-strategy/cookbook.py"]
        #expect(o["scenarios"] as? Int == 40 && o["strategies"] as? [String] == strategies && o["disagreeing"] as? Int == 0, "\(o)")
        #expect((o["steps"] as? Int ?? 0) > 40 * strategies.count * 3)
    }

    /// `--round-trip TRACE…` holds the audit to the replay on given traces
    /// as they are (every built-in strategy); it takes either traces or
    /// generated scenarios, and a malformed trace is named before anything
    /// runs.
    @Test func theRoundTripHoldsOnGivenTraces() throws {
        let traces = Self.traces + Repository.traces(in: "audit").map(\.path)
        let r = K.kbbench(["audit", "--round-trip", "--json"] + traces)
        #expect(r.status == 0, "\(r.output)")
        let o = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(o["traces"] as? Int == traces.count && (o["strategies"] as? [String]) == StrategyCatalog.names && o["disagreeing"] as? Int == 0)
        let both = K.kbbench("audit", "--round-trip", "--seed", "3", Self.traces[0])
        #expect(both.status == 64 && both.stderr.contains("either the trace files given or generated scenarios"), "\(both.output)")
        let malformed = K.kbbench("audit", "--round-trip", Self.traces[0], "corpora/malformed/traces/binary-garbage.kbtrace")
        #expect(malformed.status == 65 && malformed.stdout.isEmpty, "\(malformed.output)")
    }

    @Test("the exit statuses: 0 clean, 1 a violation, 64 an unknown promise, 65 no observed state, naming the file")
    func exitStatuses() throws {
        let dir = try K.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let trace = Self.traces[0], clean = dir + "/engine.kbtrace", failing = dir + "/cookbook.kbtrace"
        #expect(K.kbbench("replay", "--strategy", "engine", "--write-observed", clean, trace).status == 0)
        let ok = K.kbbench("audit", clean)
        #expect(ok.status == 0 && ok.stdout.contains("strategy observed: 0 violations"), "\(ok.output)")
        #expect(K.kbbench("replay", "--strategy", "apple2009", "--write-observed", failing, Self.traces[2]).status == 1)
        let bad = K.kbbench("audit", "--promise", "visible", "--svg", dir + "/audit.svg", failing)
        #expect(bad.status == 1, "\(bad.output)")
        #expect(FileManager.default.fileExists(atPath: dir + "/audit.svg"))
        let unknown = K.kbbench("audit", "--promise", "nearby", clean)
        #expect(unknown.status == 64 && unknown.stderr.contains("unknown promise 'nearby'"), "\(unknown.output)")
        let unobserved = K.kbbench("audit", trace)
        #expect(unobserved.status == 65 && unobserved.stderr.contains(trace + ": key 'observed': no event holds"), "\(unobserved.output)")
    }

    @Test("--write-observed records a frame of negative size as the rect it describes (apple2009's), and audit agrees with replay")
    func writeObservedStandardizesANegativeFrame() throws {
        let dir = try K.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Line 5: apple2009 takes the landscape keyboard's 480-pt bounds
        // height off a 320-pt view, leaving a height of -160.
        let trace = "corpora/audit/ios6-landscape-negative-frame-apple2009.kbtrace"
        let out = dir + "/o.kbtrace"
        let replay = K.kbbench("replay", "--json", "--strategy", "apple2009", "--write-observed", out, trace)
        #expect(replay.status == 0, "\(replay.output)")
        let lines = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n")
        let line5 = try #require(try JSONSerialization.jsonObject(with: Data(lines[4].utf8)) as? [String: Any])
        let observed = try #require(line5["observed"] as? [String: Any])
        #expect(observed["frame"] as? [Double] == [0, -160, 480, 160], "\(observed)")
        let audit = K.kbbench("audit", "--json", "--promise", "apple2009", out)
        #expect(audit.status == replay.status, "\(audit.output)")
        #expect(try Self.violations(audit.stdout) == Self.violations(replay.stdout))
    }
}

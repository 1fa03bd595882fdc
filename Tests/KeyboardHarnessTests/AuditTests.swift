import KBTestSupport
import Foundation
import KeyboardGeometry
import KeyboardHarness
import KeyboardJSON
import KeyboardOracle
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld
import Testing

/// `kbbench audit`'s core: a trace written with the states a strategy left
/// (`replay --write-observed`), audited, says exactly what the replay said.
@Suite("Audit of observed states", .processTimeLimit)
struct AuditTests {
    /// Every trace of the corpora, the malformed ones aside.
    static let corpus = Repository.traces(in: "")

    /// How the covered frames an audit counts from observed samples compare
    /// with the replay's, over many round trips.
    final class CoveredFrames: @unchecked Sendable {
        var pairs = 0, equal = 0, unjudged = 0, worst = 0
        /// Pairs whose audit counted covered frames through sampled motions.
        var sampledAndCovered = 0

        func record(_ replayed: ReplayReport, _ audited: ReplayReport, sampled: Bool) {
            pairs += 1
            if sampled && audited.coveredFrames120 > 0 { sampledAndCovered += 1 }
            if audited.unjudgedBursts > 0 {
                unjudged += 1
                return
            }
            let d = max(abs(audited.coveredFrames60 - replayed.coveredFrames60), abs(audited.coveredFrames120 - replayed.coveredFrames120))
            if d == 0 { equal += 1 }
            worst = max(worst, d)
        }
    }

    /// Replays `trace` with `replay`, writes the observed trace as text and
    /// reads it back (the file format is part of the loop), audits it with
    /// `promise`, and expects every step to match; I7 aside, which an audit
    /// cannot judge. Where the strategy left a state no device reports, it
    /// expects `observing` to refuse, naming the first such step, and
    /// returns nil. Returns the number of steps compared.
    static func expectRoundTrip(
        _ trace: Trace, name: String, promise: VisibilityPromise, coveredFrames: CoveredFrames = CoveredFrames(),
        replay: (Trace) throws -> ReplayReport
    ) throws -> Int? {
        let replayed = try replay(trace)
        if let first = replayed.steps.first(where: { $0.after.unrecordableValue != nil }), let bad = first.after.unrecordableValue {
            #expect(throws: MalformedInput.self) { try TraceAudit.observing(replayed, in: trace, promise: promise, file: name) }
            do { _ = try TraceAudit.observing(replayed, in: trace, promise: promise, file: name) } catch {
                #expect(error.line == first.line && error.key == "observed." + bad.key, "\(error)")
            }
            return nil
        }
        let text = TraceWriter.text(try TraceAudit.observing(replayed, in: trace, promise: promise, file: name))
        let observed = try TraceReader.read(text, file: name)
        // The written trace states the promise, and the audit takes it from there.
        #expect(TraceAudit.promise(of: observed) == (promise, true))
        let audited = try TraceAudit.audit(observed, file: name, promise: TraceAudit.promise(of: observed).promise)
        try #require(audited.steps.count == replayed.steps.count, "\(name)")
        #expect(audited.strategy == TraceAudit.strategyName)
        coveredFrames.record(replayed, audited, sampled: !observed.motions.isEmpty)
        for (r, a) in zip(replayed.steps, audited.steps) {
            let context = Comment(rawValue: "\(name):\(r.line) with \(replayed.strategy)")
            #expect(a.line == r.line, context)
            #expect(a.after == r.after, context)
            #expect(a.violations == r.violations.filter { $0 != .determinism }, context)
            #expect(a.unsatisfiable == r.unsatisfiable, context)
            #expect(a.fieldHidden == r.fieldHidden, context)
            #expect(a.afterFocusSwitch == r.afterFocusSwitch, context)
            #expect(a.keyboardFloating == r.keyboardFloating, context)
        }
        return replayed.steps.count
    }

    /// Leaves an infinite bottom inset at its third step: a state no device
    /// reports.
    struct Collapsing: AvoidanceStrategy {
        static let name = "collapsing"
        var steps = 0
        init(world: SimulatedWorld) {}
        mutating func handle(_ event: TraceEvent, world: SimulatedWorld, scrollView: inout ScrollViewModel) -> StepOutcome {
            steps += 1
            if steps == 3 { scrollView.contentInset.bottom = .infinity }
            return StepOutcome(action: .apply)
        }
    }

    /// No catalog strategy leaves such a state, so the corpus round trip
    /// never reaches this refusal: a strategy made for it does.
    @Test("a state no device reports cannot be written as observed: the error names its step and key")
    func anUnrecordableStateIsRefusedByLineAndKey() throws {
        let trace = try Repository.trace(Repository.url("corpora").appendingPathComponent("traces/iphone8-portrait-first-focus.kbtrace"))
        let replayed = TraceReplayer.replay(trace, with: Collapsing.self)
        let third = try #require(replayed.steps.dropFirst(2).first)
        #expect(third.after.unrecordableValue?.key == "contentInset[2]")
        #expect {
            try TraceAudit.observing(replayed, in: trace, promise: .visible, file: "t.kbtrace")
        } throws: { error in
            guard let error = error as? MalformedInput else { return false }
            return error.file == "t.kbtrace" && error.line == third.line && error.key == "observed.contentInset[2]"
        }
        #expect(try Self.expectRoundTrip(trace, name: "t.kbtrace", promise: .visible) { TraceReplayer.replay($0, with: Collapsing.self) } == nil)
    }

    @Test("every corpus trace, written with what each catalog strategy did, audits to that strategy's verdicts step by step")
    func auditAgreesWithReplayForEveryCatalogStrategy() throws {
        #expect(Self.corpus.count >= 40)
        var steps = 0, violations = 0, actions = Set<StepOutcome.Kind>(), refused: [String] = []
        let covered = CoveredFrames()
        for url in Self.corpus {
            let trace = try Repository.trace(url)
            for strategy in StrategyCatalog.all {
                let underTest = StrategyUnderTest(strategy)
                guard
                    let compared = try Self.expectRoundTrip(
                        trace, name: url.lastPathComponent, promise: underTest.promise(for: trace.header), coveredFrames: covered,
                        replay: { try underTest.replay($0) })
                else {
                    refused.append(underTest.name)
                    continue
                }
                steps += compared
                let audited = try TraceAudit.audit(
                    TraceAudit.observing(try underTest.replay(trace), in: trace, promise: .visible, file: url.lastPathComponent),
                    file: url.lastPathComponent,
                    promise: underTest.promise(for: trace.header))
                violations += audited.violationCount
                for s in audited.steps { actions.insert(s.outcome.action) }
            }
        }
        #expect(steps > 1_000)
        // apple2009 takes the keyboard's height off the view's: on the four
        // corpus traces where the keyboard is the taller, the frame it
        // leaves has a negative height, recorded as the rect it describes.
        #expect(refused.isEmpty, "\(refused)")
        // Covered frames come from the samples --write-observed takes at
        // 120 Hz along each animation: what the replay counted, but where a
        // strategy animated for a non-finite time (no sample can say so).
        print(
            "covered frames: \(covered.equal) of \(covered.pairs) equal (\(covered.sampledAndCovered) counted through samples), "
                + "\(covered.unjudged) unjudged, worst difference \(covered.worst)")
        #expect(covered.sampledAndCovered >= 10, "the samples are exercised where frames are covered")
        #expect(covered.worst == 0, "audited covered frames differ from the replay's by up to \(covered.worst)")
        #expect(covered.unjudged <= covered.pairs / 20)
        #expect(violations > 100, "the agreement means something only if the recipes fail often on the corpus")
        #expect(actions == [.apply, .restore, .ignore], "an audit reads every kind of action off the observed change")
    }

    @Test(
        "an external strategy (naive.py) round-trips through --write-observed and audit like a built-in one",
        .enabled(if: Repository.hasPython, "needs python3 (.ci/run requires it)"))
    func auditAgreesWithReplayForAnExternalStrategy() throws {
        let external = ExternalStrategy(command: ExternalStrategyTests.python("Examples/exec-strategy/naive.py"))
        defer { external.shutDown() }
        var violations = 0
        for url in Self.corpus {
            let trace = try Repository.trace(url)
            _ = try Self.expectRoundTrip(
                trace, name: url.lastPathComponent, promise: external.underTest.promise(for: trace.header),
                replay: { try external.underTest.replay($0) })
            violations += try external.underTest.replay(trace).violationCount
        }
        #expect(violations > 0)
    }

    @Test("a trace without observed states, or with one event lacking its state, is rejected naming the file, line and key")
    func missingObservationsAreMalformed() throws {
        let url = try #require(Self.corpus.first { $0.lastPathComponent == "iphone5-focus-switch.kbtrace" })
        let trace = try Repository.trace(url)
        let promise = VisibilityPromise(policy: trace.header.policy)
        #expect(
            throws: MalformedInput(
                file: "t.kbtrace", line: 0, key: "observed",
                problem: .inconsistent(
                    "no event holds an observed scroll view, so there is nothing to audit (docs/trace-format.md)"))
        ) {
            try TraceAudit.audit(trace, file: "t.kbtrace", promise: promise)
        }
        var partly = try TraceAudit.observing(TraceReplayer.replay(trace, with: EngineStrategy.self), in: trace, promise: .visible, file: "t.kbtrace")
        try #require(partly.events.count >= 3)
        partly.setObserved(nil, atEvent: 2)
        do {
            _ = try TraceAudit.audit(partly, file: "t.kbtrace", promise: promise)
            Issue.record("accepted")
        } catch {
            #expect(error.description == "t.kbtrace:\(partly.events[2].line): key 'observed': missing required key")
        }
    }

    @Test("an app that does nothing is caught: the field the keyboard covers is an I2 violation of the observed state")
    func anAppThatDoesNothingIsCaught() throws {
        let url = try #require(Self.corpus.first { $0.lastPathComponent == "iphone5-focus-switch.kbtrace" })
        let trace = try Repository.trace(url)
        let engine = TraceReplayer.replay(trace, with: EngineStrategy.self)
        #expect(engine.violationCount == 0)
        // What an app with no keyboard handling would be recorded doing:
        // the scroll view left as the app set it up, every step.
        var idle = trace
        for i in idle.events.indices {
            idle.setObserved(
                ObservedScrollView(
                    frame: trace.header.scrollView.frame, contentInset: trace.header.scrollView.contentInset,
                    indicatorInsets: trace.header.scrollView.contentInset, contentOffset: trace.header.scrollView.contentOffset),
                atEvent: i)
        }
        let audited = try TraceAudit.audit(idle, file: "idle.kbtrace", promise: VisibilityPromise(policy: trace.header.policy))
        #expect(audited.steps.contains { $0.violations.contains(.fieldVisible) })
        #expect(audited.steps.allSatisfy { $0.outcome.action == .ignore || $0.outcome.action == .restore })
    }

    @Test("an observed change without samples leaves its animation uncounted, and says so; with them it is counted")
    func aChangeWithoutSamplesIsNotJudgedForCoveredFrames() throws {
        var found = 0
        for url in Self.corpus {
            let trace = try Repository.trace(url)
            for strategy in StrategyCatalog.all {
                let underTest = StrategyUnderTest(strategy)
                let replayed = try underTest.replay(trace)
                guard let observed = try? TraceAudit.observing(replayed, in: trace, promise: .visible, file: "t"), !observed.motions.isEmpty else {
                    continue
                }
                let promise = underTest.promise(for: trace.header)
                var stripped = observed
                stripped.motions = []
                for i in stripped.observations.indices { stripped.observations[i].motion = nil }
                let withSamples = try TraceAudit.audit(observed, file: "t", promise: promise)
                let without = try TraceAudit.audit(stripped, file: "t", promise: promise)
                #expect(withSamples.unjudgedBursts == 0)
                #expect(without.violationCount == withSamples.violationCount, "samples judge motion, not the states at rest")
                if without.unjudgedBursts > 0 {
                    found += 1
                    #expect(without.coveredFrames120 <= withSamples.coveredFrames120, "\(url.lastPathComponent) with \(underTest.name)")
                }
            }
        }
        #expect(found >= 10)
    }

    #if compiler(>=6.2)
    /// Writing observed states takes the replay of this very trace: a
    /// report of another trace, or of this one shifted by a line, stops
    /// the program rather than pairing states with the wrong events. (An
    /// exit test: Swift Testing runs each body in a child process, from
    /// Swift 6.2; CI's Swift 6.1 job leaves it out.)
    @Test func observingAReplayOfAnotherTraceStops() async {
        await #expect(processExitsWith: .failure) {
            let trace = try Repository.trace(Repository.url("corpora/traces/iphone8-portrait-first-focus.kbtrace"))
            var report = TraceReplayer.replay(trace, with: EngineStrategy.self)
            report.steps[0].line += 1
            _ = try TraceAudit.observing(report, in: trace, promise: .visible, file: "t.kbtrace")
        }
        await #expect(processExitsWith: .failure) {
            let trace = try Repository.trace(Repository.url("corpora/traces/iphone8-portrait-first-focus.kbtrace"))
            var report = TraceReplayer.replay(trace, with: EngineStrategy.self)
            report.steps.removeLast()
            _ = try TraceAudit.observing(report, in: trace, promise: .visible, file: "t.kbtrace")
        }
    }
    #endif
}

import Foundation
import KBTestSupport
import KeyboardHarness
import KeyboardAvoidance
import KeyboardGeneration
import KeyboardGeometry
import KeyboardOracle
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld
import Testing

/// The engine's actions, pinned: every action it returns on every event of
/// the corpora, of the shootout's 10,000 scenarios (seed 1) and of 100,000
/// adversarial fuzz scenarios (seed 20,261,123), digested per trace and per
/// chunk of 100 scenarios into one reviewable text file,
/// `Golden/engine-actions.txt`.
///
/// An optimization of the engine must leave every digest unchanged: it is a
/// differential test against the engine as it was when the digests were
/// recorded, without keeping a second copy of its code. Each event is
/// replayed as the shootout does (the engine on the simulated world and
/// scroll-view model), so an action that differs also changes every later
/// layout in its scenario; so does a change of the world.
///
/// A deliberate change of behaviour changes digests: the failure names the
/// first line that moved; regenerate every pin with the command
/// `GoldenFile` names, read the diff, and say why in the commit message.
@Suite("Engine differential: actions pinned by digest", .tags(.heavyTier))
struct EngineDifferentialTests {
    /// FNV-1a, 64 bits, over the action's exact bits.
    struct Digest {
        var value: UInt64 = 0xCBF2_9CE4_8422_2325

        mutating func add(_ x: UInt64) {
            var v = x
            for _ in 0..<8 {
                value = (value ^ (v & 0xFF)) &* 0x0000_0100_0000_01B3
                v >>= 8
            }
        }

        mutating func add(_ d: Double) { add(d.bitPattern) }
        mutating func add(_ e: KBEdgeInsets) { add(e.top); add(e.left); add(e.bottom); add(e.right) }
        mutating func add(_ s: String) { for b in s.utf8 { add(UInt64(b)) } }

        mutating func add(_ action: AvoidanceAction?) {
            switch action {
            case nil: add(UInt64(0))
            case .apply(let a): add(UInt64(1)); add(a)
            case .restore(let a): add(UInt64(2)); add(a)
            case .ignore(let reason): add(UInt64(3)); add(String(describing: reason))
            }
        }

        mutating func add(_ a: Adjustment) {
            add(a.contentInset)
            add(a.indicatorInsets)
            if let o = a.contentOffset { add(UInt64(1)); add(o.x); add(o.y) } else { add(UInt64(0)) }
            add(a.animation.duration)
            add(String(describing: a.animation.curve))
        }
    }

    /// Replays `trace` with the engine as the shootout does, adding every
    /// action to `digest`.
    static func digest(_ trace: Trace, into digest: inout Digest) {
        engineActions(trace) { _, action in digest.add(action) }
    }

    /// Replays `trace` with the engine as the shootout does, handing each
    /// line and the engine's action to `each`.
    static func engineActions(_ trace: Trace, each: (TraceLine, AvoidanceAction?) -> Void) {
        var replay = WorldReplay(trace)
        var avoider = KeyboardAvoider(policy: replay.world.policy, frameSpace: replay.world.profile.frameSpace, visible: replay.world.isVisible)
        while let line = replay.advance() {
            let world = replay.world
            avoider.policy = world.policy
            let action = EngineStrategy.send(line.event, to: &avoider, world: world, layout: world.snapshot(offset: replay.scrollView.contentOffset))
            each(line, action)
            if let action { _ = EngineStrategy.perform(action, on: &replay.scrollView) }
        }
    }

    /// The pin: one line per corpus trace, then one per chunk of
    /// ``chunkSize`` scenarios, each with its digest in hex.
    static let golden = "Golden/engine-actions.txt"

    /// Scenarios per digested chunk: small enough that a changed line names
    /// the scenarios to look at, few enough lines to read in a diff.
    static let chunkSize = 100

    /// The scenario runs pinned: the shootout's 10,000 (seed 1) and 100,000
    /// adversarial fuzz scenarios (seed 20,261,123).
    static let runs: [(name: String, seed: UInt64, count: Int, adversarial: Bool)] = [
        ("shootout seed 1", Shootout.defaultSeed, Shootout.defaultScenarios, false),
        ("adversarial seed 20261123", 20_261_123, 100_000, true),
    ]

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    @Test func theEnginesActionsAreThePinnedOnes() throws {
        var lines: [String] = []
        for url in ["regressions", "shootout", "traces", "audit"].flatMap({ Repository.traces(in: $0) }) {
            let trace = try TraceReader.read(bytes: Array(try Data(contentsOf: url)), file: url.path)
            var digest = Digest()
            Self.digest(trace, into: &digest)
            lines.append("corpus \(url.deletingLastPathComponent().lastPathComponent)/\(url.lastPathComponent) \(Self.hex(digest.value))")
        }
        for run in Self.runs {
            // The fast tier digests a tenth of each run (its first chunks)
            // and finds those lines in the pin; the heavy tier all of it.
            let count = TestTier.size(fast: run.count / 10, heavy: run.count)
            let chunks = (count + Self.chunkSize - 1) / Self.chunkSize
            let digests = concurrentMap(chunks) { c in
                var digest = Digest()
                for index in c * Self.chunkSize..<Swift.min(count, (c + 1) * Self.chunkSize) {
                    Self.digest(ScenarioGenerator.scenarioAndTrace(seed: run.seed, index: index, adversarial: run.adversarial).1, into: &digest)
                }
                return digest.value
            }
            for (c, value) in digests.enumerated() {
                lines.append("\(run.name) \(c * Self.chunkSize)..<\(Swift.min(count, (c + 1) * Self.chunkSize)) \(Self.hex(value))")
            }
        }
        let url = GoldenFile.url(Self.golden, besideTestFile: #filePath)
        let difference =
            TestTier.heavy
            ? try GoldenFile.difference(lines.joined(separator: "\n") + "\n", from: url) : try GoldenFile.differenceOfSample(lines, from: url)
        #expect(
            difference == nil,
            "\(difference ?? ""): the engine's actions changed there. Replay such a scenario with `kbbench shootout --seed S --write-trace INDEX FILE` and `kbbench replay FILE`; if the change is meant, say why in the commit"
        )
    }
}

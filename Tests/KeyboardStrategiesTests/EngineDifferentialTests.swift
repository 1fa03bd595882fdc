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
/// adversarial fuzz scenarios (seed 20,261,123), digested in chunks.
///
/// An optimization of the engine must leave every digest unchanged: it is a
/// differential test against the engine as it was when the digests were
/// recorded (commit "Pin the engine's actions", 2026-11-23), without keeping
/// a second copy of its code. Each event is replayed as the shootout does
/// (the engine on the simulated world and scroll-view model), so an action
/// that differs also changes every later layout in its scenario.
///
/// A deliberate change of behaviour changes digests: the failure names each
/// chunk with its new digest; record them here with the reason in the
/// commit message.
@Suite("Engine differential: actions pinned by digest")
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

    struct Chunk: Sendable, CustomStringConvertible {
        var name: String
        var seed: UInt64
        var range: Range<Int>
        var adversarial: Bool
        var expected: UInt64
        var description: String { "\(name) \(range.lowerBound)..<\(range.upperBound)" }
    }

    static func chunks(_ name: String, seed: UInt64, count: Int, size: Int, adversarial: Bool, _ expected: [UInt64]) -> [Chunk] {
        stride(from: 0, to: count, by: size).enumerated().map { i, start in
            Chunk(
                name: name, seed: seed, range: start..<Swift.min(count, start + size), adversarial: adversarial,
                expected: expected.indices.contains(i) ? expected[i] : 0)
        }
    }

    static let shootout = chunks(
        "shootout seed 1", seed: Shootout.defaultSeed, count: Shootout.defaultScenarios, size: 1_000, adversarial: false,
        [
            0xD3D1_7660_C316_152A, 0xC42E_2C96_2CB0_BACE, 0x53FB_7541_A6BC_A036, 0xB041_0376_92AC_74BF,
            0xC0C4_EDDB_17AC_25EE, 0x6F3F_9F8D_40E8_E358, 0x5B8F_5334_9635_C425, 0xD852_999F_6981_FF83,
            0x6BF7_66FC_84A4_7487, 0xE967_111F_1837_1047,
        ])

    static let generated = chunks(
        "adversarial seed 20261123", seed: 20_261_123, count: 100_000, size: 5_000, adversarial: true,
        [
            0xE535_8C18_0A77_DA15, 0xC1C5_A277_5979_6BE9, 0xE709_1607_0B10_5FDE, 0x4BAB_D3F9_DE70_BB1D,
            0x4FAD_8B70_A162_41E4, 0x8F8D_471D_C3C8_3E0C, 0x1B3B_3496_30CE_367A, 0x4610_467A_ABB7_48D3,
            0x10B4_A4B5_899E_B889, 0x12DD_F8CB_5622_2B1A, 0xBBAD_32CD_FF59_585E, 0x13C4_68EA_C629_D584,
            0xB317_A460_EE04_BA0A, 0xA236_3318_8E93_D933, 0x5A4_79AC_07F6_1BEC, 0x6B0D_6EA3_1084_350D,
            0xE0D1_B56A_3FC1_D90B, 0xCF78_FF37_F88F_E1EC, 0x13A1_29EF_E248_6F75, 0x16C_105A_A124_8332,
        ])

    /// The 16 low bits of each scenario's own digest, in scenario order
    /// (the shootout's 10,000, then the 100,000 adversarial ones): enough to
    /// name the first scenario that differs when a chunk's digest changes.
    /// `KBBENCH_RECORD_SCENARIO_DIGESTS=1 swift test --filter
    /// scenariosGiveThePinnedActions` rewrites it, with the chunk digests.
    static let scenarioDigestsFile = "Tests/KeyboardStrategiesTests/Fixtures/engine-scenario-digests.bin"

    static let recordedScenarioDigests: [UInt16] = {
        guard let data = FileManager.default.contents(atPath: Repository.path(scenarioDigestsFile)) else { return [] }
        return stride(from: 0, to: data.count - 1, by: 2).map { UInt16(data[$0]) | UInt16(data[$0 + 1]) << 8 }
    }()

    /// Where chunk `chunk`'s scenarios start in ``recordedScenarioDigests``.
    static func offset(of chunk: Chunk) -> Int {
        (chunk.adversarial ? Shootout.defaultScenarios : 0) + chunk.range.lowerBound
    }

    @Test(arguments: shootout + generated)
    func scenariosGiveThePinnedActions(chunk: Chunk) throws {
        var digest = Digest()
        var perScenario: [UInt16] = []
        for index in chunk.range {
            let (_, trace) = ScenarioGenerator.scenarioAndTrace(seed: chunk.seed, index: index, adversarial: chunk.adversarial)
            var own = Digest()
            Self.digest(trace, into: &own)
            perScenario.append(UInt16(truncatingIfNeeded: own.value))
            Self.digest(trace, into: &digest)
        }
        if ProcessInfo.processInfo.environment["KBBENCH_RECORD_SCENARIO_DIGESTS"] != nil {
            try Self.record(perScenario, at: Self.offset(of: chunk))
            return
        }
        guard digest.value != chunk.expected else { return }
        // Name the first scenario whose own digest moved, and its steps.
        let recorded = Self.recordedScenarioDigests
        let first = perScenario.indices.first { i in
            let at = Self.offset(of: chunk) + i
            return !recorded.indices.contains(at) || recorded[at] != perScenario[i]
        }
        var message = "\(chunk): digest 0x\(String(digest.value, radix: 16, uppercase: true))"
        if let first {
            let index = chunk.range.lowerBound + first
            let (_, trace) = ScenarioGenerator.scenarioAndTrace(seed: chunk.seed, index: index, adversarial: chunk.adversarial)
            message +=
                "; the first scenario that differs is \(index) (seed \(chunk.seed)"
                + (chunk.adversarial ? ", adversarial" : "") + "), whose actions are now:\n" + Self.actions(trace)
        }
        Issue.record(Comment(rawValue: message))
    }

    /// Each step of `trace` with the engine's action, one line each.
    static func actions(_ trace: Trace) -> String {
        var lines: [String] = []
        engineActions(trace) { line, action in
            lines.append("  line \(line.line): \(action.map { String(describing: $0) } ?? "no action")")
        }
        return lines.joined(separator: "\n")
    }

    /// Writes `digests` into the digests file at `offset` (the file grows as
    /// needed); chunks run in parallel, so writes are serialized.
    static func record(_ digests: [UInt16], at offset: Int) throws {
        recordLock.lock()
        defer { recordLock.unlock() }
        let path = Repository.path(scenarioDigestsFile)
        var data = FileManager.default.contents(atPath: path) ?? Data()
        let end = 2 * (offset + digests.count)
        if data.count < end { data.append(Data(count: end - data.count)) }
        for (i, d) in digests.enumerated() {
            data[2 * (offset + i)] = UInt8(d & 0xFF)
            data[2 * (offset + i) + 1] = UInt8(d >> 8)
        }
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: path))
    }

    static let recordLock = NSLock()

    /// Every corpus trace that parses (the malformed ones are the reader's).
    static let corpusDigests: [String: UInt64] = [
        "regressions/engine-I8-seed42-stale-did-after-rotation.kbtrace": 0x648E_AE5B_6C7D_52A9,
        "shootout/apple2009-I2-seed1-120.kbtrace": 0x01A6_E00C_E1D0_DECE,
        "shootout/apple2009-I3-seed1-3032.kbtrace": 0x4B20_853A_79E0_8999,
        "shootout/apple2009-I8-seed1-2871.kbtrace": 0xE164_4BCA_0AF3_B9BD,
        "shootout/apple2013-I1-seed1-277.kbtrace": 0x9547_8BEA_0A9A_7A37,
        "shootout/apple2013-I2-seed1-37.kbtrace": 0xED41_8A7B_56FD_0300,
        "shootout/apple2013-I4-seed1-37.kbtrace": 0x2DA2_240F_F6FE_1C07,
        "shootout/apple2013-I8-seed1-1952.kbtrace": 0xD8DA_E23C_7EF9_C0A9,
        "shootout/apple2013ContentFrame-I2-seed1-19.kbtrace": 0x58D0_DDD0_7DF5_36FF,
        "shootout/apple2013ContentFrame-I3-seed1-19.kbtrace": 0x99CF_1779_7D5D_8C06,
        "shootout/apple2013ContentFrame-I4-seed1-19.kbtrace": 0xA5BC_0017_8950_A5B4,
        "shootout/apple2013ContentFrame-I6-seed1-19.kbtrace": 0x33B0_9B7B_877E_CD85,
        "shootout/apple2013ContentFrame-I8-seed1-19.kbtrace": 0xA5BC_0017_8950_A5B4,
        "shootout/apple2013ContentFrame-I9-seed1-9378.kbtrace": 0x237A_2DF5_E339_ABE2,
        "shootout/apple2013ContentFrameWithHide-I2-seed1-19.kbtrace": 0x58D0_DDD0_7DF5_36FF,
        "shootout/apple2013ContentFrameWithHide-I3-seed1-37.kbtrace": 0xA044_7C8A_9E9C_BE5F,
        "shootout/apple2013ContentFrameWithHide-I4-seed1-19.kbtrace": 0xA5BC_0017_8950_A5B4,
        "shootout/apple2013ContentFrameWithHide-I6-seed1-19.kbtrace": 0x33B0_9B7B_877E_CD85,
        "shootout/apple2013ContentFrameWithHide-I8-seed1-19.kbtrace": 0xA5BC_0017_8950_A5B4,
        "shootout/apple2013ContentFrameWithHide-I9-seed1-9378.kbtrace": 0x237A_2DF5_E339_ABE2,
        "shootout/cookbook-I2-seed1-37.kbtrace": 0xED41_8A7B_56FD_0300,
        "shootout/cookbook-I3-seed1-693.kbtrace": 0x303A_8AE7_A696_75BF,
        "shootout/cookbook-I4-seed1-37.kbtrace": 0xE45A_E1C8_11AF_9361,
        "shootout/cookbook-I8-seed1-2696.kbtrace": 0xDD33_8819_AD2B_C19A,
        "shootout/iqKeyboardManager-I2-seed1-28.kbtrace": 0xE389_CDFF_6762_20E1,
        "shootout/iqKeyboardManager-I3-seed1-601.kbtrace": 0x0483_22BE_1D63_CB21,
        "shootout/iqKeyboardManager-I4-seed1-12.kbtrace": 0xDA4C_577B_9229_C854,
        "shootout/iqKeyboardManager-I8-seed1-0.kbtrace": 0xC3C0_EFC5_0B7D_5D99,
        "traces/ipad-floating-keyboard.kbtrace": 0x4BED_F46F_1ADE_DC9C,
        "traces/ipad-form-sheet-offset-window.kbtrace": 0x9510_48D0_0B0F_3898,
        "traces/ipad-ios7-landscape.kbtrace": 0x9B12_5F99_7618_6938,
        "traces/ipad-slide-over.kbtrace": 0x75C4_0320_624B_CDE0,
        "traces/ipad-split-view-other-app.kbtrace": 0xE7CC_AB7F_B430_41BF,
        "traces/ipad-undock-split-dock.kbtrace": 0x39A7_0617_54BD_F2CC,
        "traces/ipadpro-hardware-shortcuts-bar.kbtrace": 0x1B7F_2957_3ED2_D4D2,
        "traces/iphone3g-legacy-keys.kbtrace": 0xD18A_6D28_FE03_140D,
        "traces/iphone5-focus-switch.kbtrace": 0x6F28_35F8_1A9B_0C4E,
        "traces/iphone5-frame-before-focus-tall-textview.kbtrace": 0x8907_F02E_1B7E_B2CD,
        "traces/iphone6plus-rotation.kbtrace": 0xC70E_759E_F167_7FD1,
        "traces/iphone8-absurd-durations-and-frames.kbtrace": 0x4B28_CA69_D36B_C6AA,
        "traces/iphone8-offscreen-then-appear.kbtrace": 0xD6E5_E4BE_922F_2C38,
        "traces/iphone8-portrait-first-focus.kbtrace": 0xDF5C_33E2_CA08_63B8,
        "traces/iphone8-reduce-motion-hide.kbtrace": 0x2E96_44D3_FE57_99AF,
        "traces/iphone8-third-party-triple-willshow.kbtrace": 0xD7ED_13AA_46AA_9D8,
        "traces/iphonex-safe-area.kbtrace": 0xA4EE_70C2_D063_B420,
        "traces/iphonex-short-form-scrollable-axes.kbtrace": 0xB705_7B6F_66FC_5066,
    ]

    @Test func corpusTracesGiveThePinnedActions() throws {
        var actual: [String: UInt64] = [:]
        for directory in ["traces", "regressions", "shootout"] {
            for url in Repository.traces(in: directory) {
                let trace = try TraceReader.read(bytes: Array(try Data(contentsOf: url)), file: url.path)
                var digest = Digest()
                Self.digest(trace, into: &digest)
                actual["\(directory)/\(url.lastPathComponent)"] = digest.value
            }
        }
        #expect(actual.count >= 40)
        for (name, value) in actual.sorted(by: { $0.key < $1.key }) where Self.corpusDigests[name] != value {
            Issue.record("\(name): digest 0x\(String(value, radix: 16, uppercase: true))")
        }
    }
}

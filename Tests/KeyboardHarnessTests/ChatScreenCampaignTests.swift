import KBTestSupport
import KeyboardGeneration
import KeyboardHarness
import KeyboardJSON
import Testing

/// The generator's chat screens (``ChatScreens``): every one a trace iOS
/// could send, written and read back unchanged, kept by the engine under
/// every invariant (T1…T4 with I1…I10), each chat label carried exactly where its trace
/// shows it and every other label as its scenario carries it, and each
/// replayed from its scenario by the draws it keeps (what the shrinker
/// plays its candidates with). The labels' shares: `CoverageTests`.
@Suite("Chat screens: generated, possible, labelled, and kept by the engine", .tags(.heavyTier))
struct ChatScreenCampaignTests {
    static let seed: UInt64 = 20_261_207
    static let screens = TestTier.size(fast: 300, heavy: 20_000)

    @Test(
        "the seed's chat screens are possible, round-trip, carry their labels exactly, replay from their scenarios, and the engine breaks no invariant (seed 20261207)"
    )
    func theSeedsChatScreensHold() throws {
        for index in 0..<Self.screens {
            let g = ChatScreens.generated(seed: Self.seed, index: index, adversarial: index % 2 == 1)
            let trace = g.trace
            #expect(trace.impossibilities.isEmpty, "chat screen \(index): \(trace.impossibilities)")
            #expect(try TraceReader.read(TraceWriter.text(trace), file: "chat") == trace, "chat screen \(index) round-trips")
            let chat = Set(g.features.filter { $0.label.hasPrefix("chat.") })
            #expect(chat == Self.features(shownBy: trace), "chat screen \(index)")
            let scenario = ScenarioGenerator.generated(seed: Self.seed, index: index, adversarial: index % 2 == 1)
            #expect(
                Set(g.features).subtracting(chat) == Set(scenario.features.filter { $0.isCarried(on: .chat) }),
                "chat screen \(index): the labels of its scenario's that a chat screen carries")
            #expect(g.played(ScenarioSimulator.trace(g.scenario)) == trace, "chat screen \(index) replays from its scenario")
            let violated = EngineStrategy.verdict(in: trace).violated
            #expect(violated.isEmpty, "chat screen \(index): the engine violates \(violated.sorted())")
        }
    }

    /// A composer that rests half a point above the window's edge rests on
    /// its safe area: the label is set exactly where the resting inset is
    /// above zero, however little.
    @Test func aComposerHalfAPointAboveTheEdgeRestsOnTheSafeArea() {
        var base = ScenarioGenerator.generated(seed: 1, index: 0, adversarial: false).trace
        base.header.scrollView.safeArea = KBEdgeInsets(top: 0, left: 0, bottom: 0.5, right: 0)
        base.header.scrollView.frame.origin.y = base.header.window.height - base.header.scrollView.frame.height
        var resting = 0, edge = 0
        for i in 0..<40 {
            var r = SeededRandom(seed: 20_261_202, index: UInt64(i))
            var features = ScenarioFeatures()
            let trace = ChatScreens.chatScreen(from: base, features: &features, &r)
            let inset = trace.header.composer?.restingInset ?? -1
            #expect(inset == 0.5 || inset == 0, "\(inset)")
            #expect(features.contains(.chatRestsOnSafeArea) == (inset > 0), "chat screen \(i): resting inset \(inset)")
            if inset > 0 { resting += 1 } else { edge += 1 }
        }
        #expect(resting > 0 && edge > 0, "both drawn: \(resting) resting on the safe area, \(edge) on the edge")
    }

    /// The labels as a chat screen's trace shows them, derived apart from
    /// the generator: from the header and the layout events alone.
    static func features(shownBy trace: Trace) -> Set<ScenarioFeature> {
        var found = Set<ScenarioFeature>()
        guard let first = trace.header.composer else { return found }
        var composer = first, content = trace.header.scrollView.contentSize.height
        let own = trace.header.scrollView
        if own.contentOffset.y == own.offsetRange(adjustedInset: own.adjustedContentInset).upperBound,
            own.contentOffset.y > -own.adjustedContentInset.top
        {
            found.insert(.chatStartsAtEnd)
        }
        if first.restingInset > 0 { found.insert(.chatRestsOnSafeArea) }
        for line in trace.events {
            guard case .layout(let c) = line.event else { continue }
            if let size = c.contentSize, size.height > content {
                found.insert(.chatMessageArrives)
                if case .shown? = line.truth { found.insert(.chatMessageWhileKeyboardUp) }
                if c.composer.map({ $0.height < composer.height }) ?? false { found.insert(.chatMessageSent) }
            }
            if let size = c.contentSize { content = size.height }
            if c.contentOffset != nil { found.insert(.chatUserScrolls) }
            if let next = c.composer {
                if next.height > composer.height { found.insert(.chatComposerGrows) }
                if next.restingInset != composer.restingInset { found.insert(.chatRestingLineMoves) }
                composer = next
            }
        }
        return found
    }
}

import KBTestSupport
import KeyboardHarness
import KeyboardAvoidance
import KeyboardGeneration
import KeyboardGeometry
import KeyboardOracle
import KeyboardTrace
import KeyboardWorld
import Testing

/// The simulator states UIKit's safe-area rule apart from the engine (the
/// oracle must not share the engine's code); here the two are held equal on
/// random layouts, and the model's scroll view is checked against UIKit's
/// documented behaviours.
@Suite("Safe-area adjustment")
struct SafeAreaAdjustmentTests {
    @Test(arguments: TestSeeds.standard)
    func theEngineAndTheModelAgree(seed: UInt64) {
        var r = SeededGenerator(seed: seed, index: 0)
        for _ in 0..<2_000 {
            let behaviour = r.pick(InsetAdjustment.allCases)
            let frame = KBSize(width: r.pick([320.0, 375, 812]), height: r.pick([375.0, 667, 812]))
            // Content shorter, equal and longer along each axis.
            let content = KBSize(width: frame.width + r.pick([-100.0, 0, 100]), height: frame.height + r.pick([-100.0, 0, 0.5, 400]))
            let safe = KBEdgeInsets(top: r.pick([0.0, 20, 44]), left: r.pick([0.0, 44]), bottom: r.pick([0.0, 21, 34]), right: r.pick([0.0, 44]))
            let v = r.chance(0.3), h = r.chance(0.3)
            let snapshot = LayoutSnapshot(
                screen: frame,
                scrollView: ScrollViewState(
                    frame: KBRect(origin: .zero, size: frame), safeArea: safe, insetAdjustment: behaviour, alwaysBounceVertical: v,
                    alwaysBounceHorizontal: h, contentSize: content)
            )
            let model = SafeAreaAdjustment(behaviour, alwaysBounceVertical: v, alwaysBounceHorizontal: h)
                .contribution(safeArea: safe, frameSize: frame, contentSize: content)
            #expect(
                snapshot.scrollView.safeAreaContribution == model, "seed \(seed): \(behaviour) frame \(frame) content \(content) bounce \(v) \(h)")
        }
    }

    /// Setting a smaller content inset leaves an offset past the new end
    /// where it is (the reading the sources support); under the other
    /// reading, given when the model is made, it is pulled into range as a
    /// resize pulls it. A replay's models take its world's reading.
    @Test func anInsetChangeMovesTheOffsetOnlyUnderTheOtherReading() {
        func scrolledPastTheEndWhenTheInsetGoes(pulling: Bool = false) -> ScrollViewModel {
            var s = ScrollViewModel(
                ScrollViewState(
                    frame: KBRect(x: 0, y: 0, width: 320, height: 480), contentInset: KBEdgeInsets(bottom: 216),
                    insetAdjustment: .never, contentSize: KBSize(width: 320, height: 600), contentOffset: KBPoint(x: 0, y: 300)
                ), pullsOffsetOnInsetChange: pulling)
            #expect(s.offsetInRange(), "300 is within 0…336 with the keyboard's inset")
            s.contentInset = .zero
            return s
        }
        let kept = scrolledPastTheEndWhenTheInsetGoes()
        #expect(!kept.pullsOffsetOnInsetChange)
        #expect(kept.contentOffset.y == 300 && !kept.offsetInRange(), "left past the end of 0…120")
        let pulled = scrolledPastTheEndWhenTheInsetGoes(pulling: true)
        #expect(pulled.pullsOffsetOnInsetChange)
        #expect(pulled.contentOffset.y == 120 && pulled.offsetInRange())
        // A replay's models take the reading its world was given.
        let trace = Trace(header: TraceHeader(screen: KBSize(width: 320, height: 480), scrollView: pulled.state, fields: []), events: [])
        #expect(!WorldReplay(trace).scrollView.pullsOffsetOnInsetChange)
        #expect(WorldReplay(trace, readings: WorldReadings(insetChangesPullOffsetIntoRange: true)).scrollView.pullsOffsetOnInsetChange)
    }

    /// A view a rounding error off its top rests there, and is laid out at
    /// its new top when the safe area changes (a rotation): an offset and a
    /// safe area read through containers at fractional offsets differ by
    /// noise. A hundredth of a point off is a view the user scrolled.
    @Test func aViewARoundingErrorOffItsTopRestsThere() {
        func laidOutAfterARotation(from offset: Double) -> Double {
            var s = ScrollViewModel(
                ScrollViewState(
                    frame: KBRect(x: 0, y: 0.3333333333333333, width: 744, height: 1132.6666666666667),
                    safeArea: KBEdgeInsets(top: 19.666666666666668, bottom: 24), contentInset: .zero, insetAdjustment: .always,
                    contentSize: KBSize(width: 744, height: 3000), contentOffset: KBPoint(x: 0, y: offset)))
            let rested = s.restsAtTop
            s.safeArea = KBEdgeInsets(top: 23.666666666666668, bottom: 20)
            s.layOut(restedAtTop: rested)
            return s.contentOffset.y
        }
        #expect(laidOutAfterARotation(from: -19.666666666666664) == -23.666666666666668)
        #expect(laidOutAfterARotation(from: -19.666666666666668) == -23.666666666666668)
        #expect(laidOutAfterARotation(from: -19.656666666666668) == -19.656666666666668)
    }

    /// The edge of resting at the top, exactly: with no insets the top is
    /// an offset of 0, and an offset of ``Rounding/betweenReadings`` rests
    /// there; the next double down the content does not.
    @Test func anOffsetOffTheTopByTheReadingsRoundingExactlyRestsThere() {
        func rests(at offset: Double) -> Bool {
            ScrollViewModel(
                ScrollViewState(
                    frame: KBRect(x: 0, y: 0, width: 375, height: 667), contentSize: KBSize(width: 375, height: 2000),
                    contentOffset: KBPoint(x: 0, y: offset))
            ).restsAtTop
        }
        #expect(rests(at: Rounding.betweenReadings) && rests(at: -Rounding.betweenReadings))
        #expect(!rests(at: Rounding.betweenReadings.nextUp) && !rests(at: -Rounding.betweenReadings.nextUp))
    }

    /// The model's scroll view: a frame resized by a recipe changes which
    /// axes scroll, and so the adjusted inset; the content inset does not.
    @Test func theScrollViewReadsItsOwnFrame() {
        var s = ScrollViewModel(
            ScrollViewState(
                frame: KBRect(x: 0, y: 0, width: 375, height: 812), safeArea: KBEdgeInsets(top: 44, bottom: 34), contentInset: .zero,
                insetAdjustment: .scrollableAxes, contentSize: KBSize(width: 375, height: 700), contentOffset: .zero
            ))
        #expect(s.adjustedContentInset == .zero)
        s.contentInset.bottom = 300
        #expect(s.adjustedContentInset == KBEdgeInsets(bottom: 300))
        // A recipe shrinks the frame above the keyboard: now the content
        // scrolls, and UIKit adds the safe area.
        s.frame = KBRect(x: 0, y: 0, width: 375, height: 500)
        #expect(s.adjustedContentInset == KBEdgeInsets(top: 44, bottom: 334))
        s.alwaysBounceVertical = true
        s.frame = KBRect(x: 0, y: 0, width: 375, height: 812)
        #expect(s.adjustedContentInset == KBEdgeInsets(top: 44, bottom: 334))
    }

    /// The trace format carries the behaviours and the bounce flags, in the
    /// header and in layout events, and writes them back the same.
    @Test func theTraceFormatCarriesThem() throws {
        let text = """
            {"schemaVersion":1,"kind":"kbtrace","profile":"ios13","screen":[375,812],"orientation":"portrait","window":[0,0,375,812],\
            "scrollView":{"frame":[0,0,375,812],"safeArea":[44,0,34,0],"insetAdjustment":"scrollableAxes","alwaysBounceVertical":true,\
            "contentSize":[375,700],"contentOffset":[0,-44]},"fields":[[16,600,343,44]],"policy":{"distance":0}}
            {"event":"layout","scrollView":{"insetAdjustment":"always","alwaysBounceVertical":false,"alwaysBounceHorizontal":true}}

            """
        let trace = try TraceReader.read(text, file: "inline")
        #expect(trace.header.scrollView.insetAdjustment == .scrollableAxes && trace.header.scrollView.alwaysBounceVertical)
        guard case .layout(let c) = trace.events[0].event else { Issue.record("not a layout"); return }
        #expect(c.insetAdjustment == .always && c.alwaysBounceVertical == false && c.alwaysBounceHorizontal == true)
        #expect(TraceWriter.text(trace) == text)
        // The world follows the layout event.
        var replay = WorldReplay(trace)
        #expect(replay.world.ownSafeAreaContribution == KBEdgeInsets(top: 44, bottom: 34))
        _ = replay.advance()
        let scrollView = replay.scrollView
        #expect(scrollView.insetAdjustment == .always && scrollView.alwaysBounceHorizontal && !scrollView.alwaysBounceVertical)
        #expect(scrollView.adjustedContentInset == KBEdgeInsets(top: 44, bottom: 34))
    }

    /// Generated scenarios use every behaviour from iOS 11, and none before.
    @Test func theGeneratorDrawsEveryBehaviour() {
        var seen: [InsetAdjustment: Int] = [:]
        var bouncing = 0
        for i in 0..<3_000 {
            let (scenario, trace) = ScenarioGenerator.scenarioAndTrace(seed: 1, index: i, adversarial: false)
            seen[trace.header.scrollView.insetAdjustment, default: 0] += 1
            if trace.header.scrollView.alwaysBounceVertical { bouncing += 1 }
            if scenario.systemVersion < 11 {
                #expect(trace.header.scrollView.insetAdjustment == .automatic && !trace.header.scrollView.alwaysBounceVertical)
            }
        }
        #expect(InsetAdjustment.allCases.allSatisfy { seen[$0, default: 0] > 50 }, "\(seen)")
        #expect(bouncing > 300)
    }
}

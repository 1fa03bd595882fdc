import KeyboardAvoidance
import KeyboardGeometry
import KeyboardHarness
import KeyboardOracle
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld
import Testing

/// What the user sees under the keyboard (docs/invariants.md): I10, the
/// content's end within reach, and I1's blank band. Each rule is shown
/// both ways, by a trace that breaks it and one that keeps it.
@Suite("Under the keyboard: I10 and the blank band")
struct UnderTheKeyboardTests {
    /// An iPhone X-sized phone, its scroll view filling the screen with the
    /// safe area (47 top, 34 bottom) added automatically; 1,600 pt of
    /// content; the keyboard's 336 pt at the bottom (its top at 508).
    static let header = TraceHeader(
        profile: .ios13, screen: KBSize(width: 390, height: 844),
        scrollView: ScrollViewState(
            frame: KBRect(x: 0, y: 0, width: 390, height: 844), safeArea: KBEdgeInsets(top: 47, bottom: 34),
            contentSize: KBSize(width: 390, height: 1600), contentOffset: KBPoint(x: 0, y: -47)),
        fields: [KBRect(x: 16, y: 100, width: 280, height: 44)], policy: AvoidancePolicy(distance: 0)
    )
    static let keyboard = KBRect(x: 0, y: 508, width: 390, height: 336)

    /// Another app's keyboard comes up over the view; no field of ours is
    /// focused.
    static var anotherAppsKeyboard: Trace {
        Trace(
            header: header,
            events: [
                .keyboard(KeyboardNotification(name: .willShow, frameEnd: keyboard, isLocal: false)),
                .keyboard(KeyboardNotification(name: .didShow, frameEnd: keyboard, isLocal: false)),
            ])
    }

    /// Sets the bottom inset to the keyboard's height plus `extra`, as if
    /// UIKit added no safe area (with 34, it counts the safe area twice).
    struct KeyboardHeightInset<Extra: Points>: AvoidanceStrategy {
        static var name: String { "keyboardHeightInset" }
        init(world: SimulatedWorld) {}
        mutating func handle(_ event: TraceEvent, world: SimulatedWorld, scrollView: inout ScrollViewModel) -> StepOutcome {
            guard case .keyboard(let n) = event else { return .ignored(.own("x")) }
            scrollView.contentInset.bottom = n.name.isHide ? 0 : (world.keyboard?.height ?? 0) - 34 + Extra.points
            return StepOutcome(action: .apply)
        }
    }
    protocol Points { static var points: Double { get } }
    enum Exact: Points { static let points = 0.0 }
    enum SafeAreaTwice: Points { static let points = 34.0 }
    enum AFifthOfAPoint: Points { static let points = 0.2 }
    enum AThirdOfAPoint: Points { static let points = 1.0 / 3.0 }
    enum AHalfPoint: Points { static let points = 0.5 }

    @Test func contentLeftUnderAnotherAppsKeyboardIsOutOfReach() {
        let r = TraceReplayer.replay(Self.anotherAppsKeyboard, with: OracleTests.Passive.self)
        #expect(r.steps.last?.violations == [.contentReachable])
        #expect(TraceReplayer.replay(Self.anotherAppsKeyboard, with: EngineStrategy.self).violationCount == 0, "the engine insets for it")
    }

    @Test func contentThatFitsAboveTheKeyboardNeedsNothing() {
        var trace = Self.anotherAppsKeyboard
        trace.header.scrollView.contentSize.height = 400
        #expect(TraceReplayer.replay(trace, with: OracleTests.Passive.self).violationCount == 0, "47 + 400 ends above the keyboard's 508")
        trace.header.scrollView.contentSize.height = 470
        #expect(TraceReplayer.replay(trace, with: OracleTests.Passive.self).steps.last?.violations == [.contentReachable], "47 + 470 ends under it")
    }

    /// Where the keyboard leaves no band of the view below its bars (a
    /// keyboard up to the safe area's top, or past it), no content can be
    /// scrolled above it: I10 asks nothing, of a strategy that does nothing
    /// or of the engine. One point of band left, and it asks again.
    @Test(arguments: [47.0, 20.0, 0.0])
    func whereNoBandIsLeftNothingIsOutOfReach(keyboardTop: Double) {
        func trace(top: Double) -> Trace {
            let frame = KBRect(x: 0, y: top, width: 390, height: 844 - top)
            return Trace(
                header: Self.header,
                events: [
                    .keyboard(KeyboardNotification(name: .willShow, frameEnd: frame, isLocal: false)),
                    .keyboard(KeyboardNotification(name: .didShow, frameEnd: frame, isLocal: false)),
                ])
        }
        for strategy in [
            TraceReplayer.replay(trace(top: keyboardTop), with: OracleTests.Passive.self),
            TraceReplayer.replay(trace(top: keyboardTop), with: EngineStrategy.self),
        ] {
            #expect(strategy.steps.allSatisfy { !$0.violations.contains(.contentReachable) }, "keyboard from \(keyboardTop)")
        }
        #expect(
            TraceReplayer.replay(trace(top: 48), with: OracleTests.Passive.self).steps.last?.violations.contains(.contentReachable) == true,
            "a 1-pt band")
    }

    /// I10's rounding allowance is the strategy's: content ending exactly
    /// the allowance below the keyboard's top (508) is within reach, and
    /// the next double down the content is not. With this little content
    /// the view rests at its top (-47), so the content ends at 47 plus its
    /// height.
    @Test func contentEndingTheAllowanceUnderTheKeyboardIsWithinReach() {
        let end = 508 + Rounding.allowance(at: 508)
        var trace = Self.anotherAppsKeyboard
        trace.header.scrollView.contentSize.height = end - 47
        #expect(trace.header.scrollView.contentSize.height + 47 == end, "the height chosen ends the content at the edge exactly")
        #expect(TraceReplayer.replay(trace, with: OracleTests.Passive.self).violationCount == 0)
        trace.header.scrollView.contentSize.height = (end - 47).nextUp
        #expect(TraceReplayer.replay(trace, with: OracleTests.Passive.self).steps.last?.violations == [.contentReachable])
    }

    @Test func anInsetOfWhatTheKeyboardCoversLeavesNoBand() {
        let r = TraceReplayer.replay(Self.anotherAppsKeyboard, with: KeyboardHeightInset<Exact>.self)
        #expect(r.violationCount == 0)
    }

    @Test func theSafeAreaCountedTwiceLeavesABlankBand() {
        let r = TraceReplayer.replay(Self.anotherAppsKeyboard, with: KeyboardHeightInset<SafeAreaTwice>.self)
        #expect(r.steps.last?.violations == [.insetBounds], "34 pt between the content's end and the keyboard")
    }

    /// A band thinner than a pixel (a third of a point) is rounding.
    @Test func aBandThinnerThanAPixelIsNone() {
        #expect(TraceReplayer.replay(Self.anotherAppsKeyboard, with: KeyboardHeightInset<AFifthOfAPoint>.self).violationCount == 0)
    }

    /// The tolerance's edge: a band of exactly one pixel of the densest
    /// screens (a third of a point) is still rounding; half a point is a
    /// band.
    @Test func aBandOfExactlyAPixelIsNoneAndHalfAPointIsOne() {
        #expect(TraceReplayer.replay(Self.anotherAppsKeyboard, with: KeyboardHeightInset<AThirdOfAPoint>.self).violationCount == 0)
        #expect(TraceReplayer.replay(Self.anotherAppsKeyboard, with: KeyboardHeightInset<AHalfPoint>.self).steps.last?.violations == [.insetBounds])
    }

    /// The promised distance is the band a strategy may leave: the engine
    /// with a distance of 10 leaves 10 pt, and that passes.
    @Test func thePromisedDistanceIsAllowed() {
        var trace = Self.anotherAppsKeyboard
        trace.header.policy = AvoidancePolicy(distance: 10)
        let r = TraceReplayer.replay(trace, with: EngineStrategy.self)
        #expect(r.violationCount == 0)
        #expect(abs((r.steps.last?.contentInset.bottom ?? 0) - (336 + 10 - 34)) < 1e-9, "the keyboard, the distance, less the safe area UIKit adds")
    }

    /// A field past the content's end needs more inset than the keyboard
    /// covers: the engine grows it by exactly what the offset needs, and
    /// that is no blank band.
    @Test func theInsetAFieldPastTheContentNeedsIsNoBand() {
        var header = Self.header
        header.fields = [KBRect(x: 16, y: 1700, width: 280, height: 44)]
        let trace = Trace(
            header: header,
            events: [
                .focus(field: 0, caret: nil), .keyboard(KeyboardNotification(name: .willShow, frameEnd: Self.keyboard)),
                .keyboard(KeyboardNotification(name: .didShow, frameEnd: Self.keyboard)),
            ])
        let r = TraceReplayer.replay(trace, with: EngineStrategy.self)
        #expect(r.violationCount == 0)
        #expect((r.steps.last?.contentInset.bottom ?? 0) > 336 - 34, "more than the keyboard covers")
    }

    /// IQKeyboardManager leaves a keyboard with none of its fields
    /// editing alone, as its source says: the shootout counts that by
    /// choice.
    @Test func iqKeyboardManagerLeavesAKeyboardWithoutAFieldAloneByChoice() throws {
        var trace = Self.anotherAppsKeyboard
        trace.header.profile = .ios13
        let r = TraceReplayer.replay(trace, with: IQKeyboardManagerStrategy.self)
        let step = try #require(r.steps.last)
        #expect(step.violations == [.contentReachable])
        #expect(DocumentedChoice.onlyItsFieldsKeyboardIsHandled.applies(to: step))
        #expect(IQKeyboardManagerStrategy.documentedChoices.contains(.onlyItsFieldsKeyboardIsHandled))
    }
}

import KeyboardAvoidance
import KeyboardGeneration
import KeyboardGeometry
import KeyboardHarness
import KeyboardOracle
import KeyboardScenarios
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld
import Testing

/// Deliberately broken variants of the engine: each must be caught by a
/// short fuzz campaign, or the fuzzer has no teeth.
@Suite("Mutants of the engine are caught")
struct MutantTests {
    /// What a mutant changes around the real engine.
    protocol Mutation: Sendable {
        static var name: String { get }
        /// The layout the mutant hands the engine.
        static func layout(_ l: LayoutSnapshot) -> LayoutSnapshot
        /// Applies the engine's action the mutant's way.
        static func perform(_ action: AvoidanceAction, on s: inout ScrollViewModel, world: SimulatedWorld, lastFrame: KBRect?)
        /// The notification the mutant hands the engine.
        static func notification(_ n: KeyboardNotification, world: SimulatedWorld) -> KeyboardNotification
    }

    struct Mutant<M: Mutation>: AvoidanceStrategy {
        static var name: String { M.name }
        /// Judged by the engine's promise, as the engine is.
        static func promise(for header: TraceHeader) -> VisibilityPromise { EngineStrategy.promise(for: header) }
        var avoider: KeyboardAvoider
        var lastFrame: KBRect?
        var toldField: FocusedField?

        init(world: SimulatedWorld) {
            avoider = KeyboardAvoider(policy: world.policy, frameSpace: world.profile.frameSpace, visible: world.isVisible)
        }

        mutating func handle(_ event: TraceEvent, world: SimulatedWorld, scrollView: inout ScrollViewModel) -> StepOutcome {
            let layout = M.layout(world.snapshot(offset: scrollView.contentOffset))
            if case .keyboard(let n) = event {
                if !n.name.isHide, let f = n.frameEnd { lastFrame = f }
                if n.name.isHide { lastFrame = nil }
            }
            var event = event
            if case .keyboard(let n) = event { event = .keyboard(M.notification(n, world: world)) }
            // Driven as EngineStrategy drives the engine: a layout that
            // moves the focused field is told as a focus, with the layout.
            let action: AvoidanceAction
            if let moved = EngineStrategy.fieldToRetell(world.focusedField, after: event, told: &toldField) {
                action = avoider.focusBegan(moved, in: layout)
            } else {
                guard let sent = EngineStrategy.send(event, to: &avoider, world: world, layout: layout) else { return .ignored(.own("noSuchField")) }
                action = sent
            }
            M.perform(action, on: &scrollView, world: world, lastFrame: lastFrame)
            return StepOutcome(action: action.adjustment == nil ? .ignore : .apply)
        }
    }

    /// By default a mutant hands the engine the notification as posted.
    static func asPosted(_ n: KeyboardNotification) -> KeyboardNotification { n }

    /// Performs an action as the engine's app would.
    static func honest(_ action: AvoidanceAction, _ s: inout ScrollViewModel) {
        _ = EngineStrategy.perform(action, on: &s)
    }

    /// Adds the inset to what is there instead of setting it.
    enum IncrementalInset: Mutation {
        static let name = "incrementalInset"
        static func layout(_ l: LayoutSnapshot) -> LayoutSnapshot { l }
        static func notification(_ n: KeyboardNotification, world: SimulatedWorld) -> KeyboardNotification { n }
        static func perform(_ action: AvoidanceAction, on s: inout ScrollViewModel, world: SimulatedWorld, lastFrame: KBRect?) {
            guard case .apply(let a) = action else { return honest(action, &s) }
            s.contentInset.bottom += a.contentInset.bottom - world.ownScrollView.contentInset.bottom
            s.indicatorInsets = s.contentInset
            if let o = a.contentOffset { s.contentOffset = o }
        }
    }

    /// Scrolls only when the field's origin is hidden.
    enum OriginOnly: Mutation {
        static let name = "originOnly"
        static func layout(_ l: LayoutSnapshot) -> LayoutSnapshot { l }
        static func notification(_ n: KeyboardNotification, world: SimulatedWorld) -> KeyboardNotification { n }
        static func perform(_ action: AvoidanceAction, on s: inout ScrollViewModel, world: SimulatedWorld, lastFrame: KBRect?) {
            let before = s.contentOffset
            honest(action, &s)
            guard let field = world.focusedField else { return }
            let top = field.frame.minY - before.y
            let visibleBottom = s.frame.height - s.adjustedContentInset.bottom
            if top >= s.adjustedContentInset.top && top < visibleBottom { s.contentOffset = before }
        }
    }

    /// Hands the engine a layout without its safe area.
    enum IgnoreSafeArea: Mutation {
        static let name = "ignoreSafeArea"
        static func layout(_ l: LayoutSnapshot) -> LayoutSnapshot {
            var m = l
            m.scrollView.safeArea = .zero
            return m
        }
        static func perform(_ action: AvoidanceAction, on s: inout ScrollViewModel, world: SimulatedWorld, lastFrame: KBRect?) { honest(action, &s) }
        static func notification(_ n: KeyboardNotification, world: SimulatedWorld) -> KeyboardNotification { n }
    }

    /// Hands the engine a window at the screen's origin.
    enum IgnoreWindowOffset: Mutation {
        static let name = "ignoreWindowOffset"
        static func layout(_ l: LayoutSnapshot) -> LayoutSnapshot {
            var m = l
            m.window.origin = .zero
            return m
        }
        static func perform(_ action: AvoidanceAction, on s: inout ScrollViewModel, world: SimulatedWorld, lastFrame: KBRect?) { honest(action, &s) }
        static func notification(_ n: KeyboardNotification, world: SimulatedWorld) -> KeyboardNotification { n }
    }

    /// Uses the keyboard frame's raw height instead of its overlap.
    enum FrameHeight: Mutation {
        static let name = "frameHeight"
        static func layout(_ l: LayoutSnapshot) -> LayoutSnapshot { l }
        static func notification(_ n: KeyboardNotification, world: SimulatedWorld) -> KeyboardNotification { n }
        static func perform(_ action: AvoidanceAction, on s: inout ScrollViewModel, world: SimulatedWorld, lastFrame: KBRect?) {
            honest(action, &s)
            if case .apply = action, let f = lastFrame {
                let safe = world.ownSafeAreaContribution.bottom
                s.contentInset.bottom = world.ownScrollView.contentInset.bottom + f.height - safe
                s.indicatorInsets = s.contentInset
            }
        }
    }

    static func caught<S: AvoidanceStrategy>(_ s: S.Type, runs: Int = 300) -> [Invariant: Int] {
        // A Swift strategy never throws.
        var totals = FuzzTotals()
        let campaign = FuzzCampaign(strategy: s, seed: 1)
        for k in 0..<runs {
            totals.add(try! campaign.run(k))
            if totals.totalViolations > 0 { break }
        }
        return totals.violations
    }

    @Test func anIncrementalInsetIsCaught() { #expect(!Self.caught(Mutant<IncrementalInset>.self).isEmpty) }
    @Test func anOriginOnlyVisibilityCheckIsCaught() { #expect(!Self.caught(Mutant<OriginOnly>.self).isEmpty) }
    @Test func ignoringTheSafeAreaIsCaught() { #expect(!Self.caught(Mutant<IgnoreSafeArea>.self).isEmpty) }
    @Test func ignoringTheWindowOffsetIsCaught() { #expect(!Self.caught(Mutant<IgnoreWindowOffset>.self).isEmpty) }
    @Test func usingTheFramesHeightIsCaught() { #expect(!Self.caught(Mutant<FrameHeight>.self).isEmpty) }

    /// Reads iPhone OS 3's landscape legacy keys the way the oracle once did:
    /// the bounds taken as the fixed space's size, untransposed (here by
    /// handing the engine pre-transposed bounds). Engine and oracle agreeing
    /// on this reading hid it; the simulator's truth does not follow any
    /// reading.
    enum OldLegacyReading: Mutation {
        static let name = "oldLegacyReading"
        static func layout(_ l: LayoutSnapshot) -> LayoutSnapshot { l }
        static func notification(_ n: KeyboardNotification, world: SimulatedWorld) -> KeyboardNotification {
            guard n.frameEnd == nil, let b = n.bounds, world.orientation.isLandscape, world.profile == .iphoneos3 else { return n }
            var m = n
            m.bounds = b.transposed
            return m
        }
        static func perform(_ action: AvoidanceAction, on s: inout ScrollViewModel, world: SimulatedWorld, lastFrame: KBRect?) { honest(action, &s) }
    }

    @Test func theOraclesOldLegacyReadingIsCaughtByTheTruth() throws {
        let phone = try #require(DeviceCatalog.device(named: "iphone4s"))
        let scenario = Scenario(
            device: phone, profile: .iphoneos3, orientation: .landscapeLeft, contentHeight: 900,
            fields: [KBRect(x: 16, y: 60, width: 280, height: 44), KBRect(x: 16, y: 250, width: 280, height: 44)],
            actions: [.focus(1), .dismiss]
        )
        let trace = ScenarioSimulator.trace(scenario)
        #expect(trace.events.allSatisfy { $0.truth != nil })
        let mutant = TraceReplayer.replay(trace, with: Mutant<OldLegacyReading>.self)
        #expect(mutant.violationCount > 0, "the truth puts the keyboard where iOS does")
        #expect(TraceReplayer.replay(trace, with: EngineStrategy.self).violationCount == 0)
    }

    /// The wrapper with no change at all.
    enum Honest: Mutation {
        static let name = "honest"
        static func layout(_ l: LayoutSnapshot) -> LayoutSnapshot { l }
        static func notification(_ n: KeyboardNotification, world: SimulatedWorld) -> KeyboardNotification { n }
        static func perform(_ action: AvoidanceAction, on s: inout ScrollViewModel, world: SimulatedWorld, lastFrame: KBRect?) {
            MutantTests.honest(action, &s)
        }
    }

    @Test func theHonestWrapperIsNotAMutant() {
        #expect(Self.caught(Mutant<Honest>.self, runs: 300).isEmpty, "the harness around the mutants is itself sound")
    }
}

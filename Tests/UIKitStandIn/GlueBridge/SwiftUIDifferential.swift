import Foundation
import KeyboardAvoidance
import KeyboardAvoidanceSwiftUI
import KeyboardGeneration
import KeyboardScenarios
import KeyboardSearch
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld
import SwiftUI

/// The SwiftUI modifier file held to its session, on one trace: the same
/// host (``SwiftUIModifierHost``, SwiftUI's reports in one
/// ``SwiftUIReportOrder``) drives the modifier on the stand-in
/// (``SwiftUIStage``) and, in lockstep, the session alone (what the
/// shootout's `swiftUIWithKbbench` runs). After every event the two scroll
/// views (the margins as insets and indicator insets, the offset) must be
/// equal, and so must the animations the changes were made in (one
/// `withAnimation` a change) and the events handed to the engine, each
/// with its layout. No comparison rule is needed: the file is meant to add nothing
/// to the session's decisions (``SwiftUIComparison`` counts what was
/// compared, so that a campaign shows it compared something).
///
/// Runs on the main actor, with the main queue turned by hand
/// (``HandTurnedMainQueue``: a fresh one for each trace, unless the caller
/// installed one).
@MainActor
package struct SwiftUIDifferential {
    package var order: SwiftUIReportOrder

    package init(order: SwiftUIReportOrder) {
        self.order = order
    }

    /// The first disagreement on `trace`, or nil; what was compared is
    /// counted in `compared`.
    package func check(_ trace: Trace, compared: inout SwiftUIComparison) -> SwiftUIDisagreement? {
        HandTurnedMainQueue.run { _ in check(trace, turnedByHand: &compared) }
    }

    private func check(_ trace: Trace, turnedByHand compared: inout SwiftUIComparison) -> SwiftUIDisagreement? {
        var reference = WorldReplay(trace), standIn = WorldReplay(trace)
        var expected = SwiftUIModifierHost(
            SwiftUISessionUnderTest(SwiftUIWithKbbenchStrategy.session(for: reference.world)), order: order, start: reference.world)
        let stage = SwiftUIStage(policy: standIn.world.policy, chat: standIn.world.composer != nil)
        var host = SwiftUIModifierHost(stage, order: order, start: standIn.world)
        var handed: [HandedEvent] = []
        defer { stage.tearDown() }
        for line in trace.events {
            reference.applyNext()
            standIn.applyNext()
            handed += expected.handle(line.event, world: reference.world, scrollView: &reference.scrollView).handed
            _ = host.handle(line.event, world: standIn.world, scrollView: &standIn.scrollView)
            compared.events += 1
            compared.handed = max(compared.handed, handed.count)
            if reference.scrollView.contentInset != reference.world.ownScrollView.contentInset { compared.withMargin += 1 }
            if reference.scrollView != standIn.scrollView {
                return .state(line: line.line, session: reference.scrollView.state, modifier: standIn.scrollView.state)
            }
            let performed = StandInRenderer.animations.map { $0.map { "\($0.curve) \($0.duration)" } ?? "none" }
            let animations = expected.modifier.animations.map { $0.map { "\($0.curve) \($0.duration)" } ?? "none" }
            if performed != animations {
                let i =
                    zip(animations, performed).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(animations.count, performed.count)
                return .animation(
                    line: line.line, index: i, session: animations.dropFirst(i).first ?? "nothing",
                    modifier: performed.dropFirst(i).first ?? "nothing")
            }
            compared.animations = max(compared.animations, performed.count)
            if handed != stage.handedEvents {
                let modifier = stage.handedEvents
                let i = zip(handed, modifier).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(handed.count, modifier.count)
                return .handed(line: line.line, index: i, session: handed.dropFirst(i).first, modifier: modifier.dropFirst(i).first)
            }
        }
        compared.scenarios += 1
        return nil
    }
}

/// What a SwiftUI differential compared: scenarios that agreed to the end,
/// events, events after which a margin was set, and the most handed events
/// and animated changes in a scenario.
package struct SwiftUIComparison: Sendable, Equatable {
    package var scenarios = 0
    package var events = 0
    package var withMargin = 0
    package var handed = 0
    package var animations = 0

    package init() {}
}

/// Where the modifier on the stand-in and its session part.
package enum SwiftUIDisagreement: Error, Sendable, CustomStringConvertible {
    /// The scroll views differ after the event of trace line `line`.
    case state(line: Int, session: ScrollViewState, modifier: ScrollViewState)
    /// The changes were animated differently by trace line `line`: the
    /// first that differs (its index among the changes).
    case animation(line: Int, index: Int, session: String, modifier: String)
    /// The engine was handed different events by trace line `line`: the
    /// first that differs (its index among the handed; nil: none there).
    case handed(line: Int, index: Int, session: HandedEvent?, modifier: HandedEvent?)

    package var description: String {
        switch self {
        case .state(let line, let s, let m): "line \(line): the session's scroll view \(s), the modifier's \(m)"
        case .animation(let line, let i, let s, let m): "line \(line), change \(i): the session's animation \(s), the modifier's \(m)"
        case .handed(let line, let i, let s, let m):
            "line \(line), handed event \(i): the session handed \(s.map { "\($0.event) with \($0.layout)" } ?? "nothing"), "
                + "the modifier \(m.map { "\($0.event) with \($0.layout)" } ?? "nothing")"
        }
    }
}

/// The SwiftUI differential over generated scenarios: scenario `i` of a
/// seed (plain and adversarial in turn), on screens of fields or played on
/// chat screens (``ChatScreens``, the modifier's chat form), those in
/// `swiftUIWithKbbench`'s scope (iOS 18 and later; on a chat screen, a
/// composer on the transcript's bottom safe area) only.
@MainActor
package struct SwiftUICampaign {
    package var seed: UInt64
    package var scenarios: Int
    package var order: SwiftUIReportOrder
    package var screens: ScreenKind

    package init(seed: UInt64, scenarios: Int, order: SwiftUIReportOrder, screens: ScreenKind = .fields) {
        self.seed = seed
        self.scenarios = scenarios
        self.order = order
        self.screens = screens
    }

    package struct Result: Sendable {
        package var compared = SwiftUIComparison()
        package var checked = 0
        package var disagreeing = 0
        /// The first disagreement and the generator's index of its scenario.
        package var first: (index: Int, disagreement: SwiftUIDisagreement)?
    }

    /// Scenario `index` of `seed` on `screens`, or nil when it is out of
    /// the modifier's scope.
    package static func scenario(seed: UInt64, index: Int, screens: ScreenKind = .fields) -> Trace? {
        let trace = DrawnScenario(mixedSeed: seed, index: index, screens: screens).trace
        return SwiftUIWithKbbenchStrategy.scope.admits(trace) ? trace : nil
    }

    package func run(progress: ((Result) -> Void)? = nil) -> Result {
        var result = Result()
        let differential = SwiftUIDifferential(order: order)
        // A quarter of chat screens and half of screens of fields are in
        // scope: a scope that admits far fewer ends the walk (the caller
        // sees fewer checked than asked) instead of walking on.
        var walk = ScenariosInScope(SwiftUIWithKbbenchStrategy.scope, seed: seed, screens: screens, limit: scenarios * 20)
        while result.checked < scenarios, let (index, trace) = walk.next() {
            result.checked += 1
            if let found = differential.check(trace, compared: &result.compared) {
                result.disagreeing += 1
                if result.first == nil { result.first = (index, found) }
            }
            if result.checked % 500 == 0 { progress?(result) }
        }
        return result
    }
}

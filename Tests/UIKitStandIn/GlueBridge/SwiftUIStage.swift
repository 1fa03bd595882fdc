import Foundation
import KeyboardAvoidance
import KeyboardAvoidanceFoundation
import KeyboardAvoidanceSwiftUI
import KeyboardGeometry
import KeyboardStrategies
import SwiftUI
import UIKit

/// The shipping SwiftUI modifier file (`keyboardAvoidance(focus:policy:events:)`
/// and `keyboardAvoidanceField(_:)`) on the SwiftUI stand-in, as a
/// ``SwiftUIModifierHost`` drives it: each report becomes what SwiftUI
/// and UIKit would do to the modifier, and what it then asked for is read
/// back.
///
/// - The view: a scroll view leaf ("scroll") with the modifier, holding a
///   leaf per field reported ("field0", …) with the field modifier; the window
///   reader's view goes into a view in a stand-in `UIWindow` on its own
///   `UIWindowScene` and `UIScreen`. A chat stage's scroll view has the
///   chat modifier (`keyboardAvoidance(policy:events:composer:)`) with a
///   composer leaf ("composer"), whose height fires its `onGeometryChange`;
///   the user's scroll sets the scroll phase (tracking, or idle), and the
///   composer's lift is read from its bottom padding.
/// - Reports: the scene sets the screen, orientation and window (read by
///   the modifier before its next callback; a change of any of them
///   changes the scene's effective geometry, which the modifier observes);
///   a frame or a field's frame
///   fires `onGeometryChange` on its leaf; the geometry fires
///   `onScrollGeometryChange`; the focus and the policy are new arguments,
///   and the view is updated (`onChange`); appearing updates it
///   (`onAppear`), disappearing fires `onDisappear`; a keyboard
///   notification is posted with UIKit's userInfo.
/// - After each, the view is updated while the modifier's state changed,
///   as SwiftUI updates before its next frame; the margins are read from
///   `contentMargins`, a scroll from the `ScrollPosition`'s requests, and
///   the events handed to the engine from `events`.
/// - ``settle()`` runs what the modifier queued (a pass's end) on the
///   hand-turned main queue (``HandTurnedMainQueue``), inside whose
///   ``HandTurnedMainQueue/run(_:)`` a stage lives.
@MainActor
package final class SwiftUIStage: @MainActor SwiftUIModifierUnderTest {
    private let screen: UIScreen
    private let scene: UIWindowScene
    private let window: UIWindow
    private let host: UIView
    private let renderer: StandInRenderer
    private var focus: Int?
    private var policy: AvoidancePolicy
    /// The fields the view holds: those reported so far (the host reports
    /// a field when it is focused or about to be; the others would report
    /// frames the session sets aside).
    private var reportedFields: Set<Int> = []
    /// Whether the view has been shown once (updated since).
    private var appeared = false
    /// What the modifier asked for, as last read.
    private var margins = SwiftUISessionStep.Margins(content: 0, indicators: 0)
    private var scrollRequests = 0
    private var handed: [HandedEvent] = []
    /// Whether the view is a chat screen's transcript.
    private let chat: Bool
    /// The composer's lift, as last read.
    private var lift: CGFloat?

    package init(policy: AvoidancePolicy, chat: Bool = false) {
        self.policy = policy
        self.chat = chat
        screen = UIScreen(bounds: .zero)
        scene = UIWindowScene(screen: screen, interfaceOrientation: .portrait)
        window = UIWindow(windowScene: scene)
        host = UIView(frame: .zero)
        window.addSubview(host)
        renderer = StandInRenderer(host: host)
        StandInRenderer.animations = []
    }

    /// The view leaves its window for good: the modifier's session stops
    /// hearing of it (its keyboard observation lasts as long as the
    /// session, which the next stage's notifications must not reach with
    /// anything to do).
    package func tearDown() {
        renderer.remove()
    }

    /// Whether the view, as last updated, switches off SwiftUI's own
    /// keyboard avoidance at its bottom edge (`ignoresSafeArea(.keyboard,
    /// edges: .bottom)`), which would otherwise move the view a second time.
    package var ignoresTheKeyboardsSafeArea: Bool {
        renderer.ignoredSafeArea.contains { regions, edges in regions.contains(.keyboard) && edges.contains(.bottom) }
    }

    /// The events the modifier handed its engine since the stage began.
    package var handedEvents: [HandedEvent] { handed }

    package func receive(_ report: SwiftUIReport<Int>) -> SwiftUISessionStep {
        let before = handed.count
        switch report {
        case .scene(nil):
            host.removeFromSuperview()
        case .scene(let s?):
            if host.superview == nil { window.addSubview(host) }
            let bounds = CGRect(origin: .zero, size: CGSize(width: s.screen.width, height: s.screen.height))
            let orientation = UIInterfaceOrientation(s.orientation)
            let frame = CGRect(x: s.window.minX, y: s.window.minY, width: s.window.width, height: s.window.height)
            let moved = screen.bounds != bounds || scene.interfaceOrientation != orientation || window.frame != frame
            screen.bounds = bounds
            scene.interfaceOrientation = orientation
            window.frame = frame
            // The system rotated, moved or resized the scene: its effective
            // geometry changes (its observers hear it).
            if moved { scene.geometryChanged() }
        case .frame(let r):
            renderer.frames["scroll"] = CGRect(r)
            renderer.geometryChanged(leaf: "scroll")
        case .geometry(let g):
            renderer.scrollGeometryChanged(
                ScrollGeometry(
                    contentOffset: CGPoint(x: g.contentOffset.x, y: g.contentOffset.y),
                    contentSize: CGSize(width: g.contentSize.width, height: g.contentSize.height),
                    contentInsets: EdgeInsets(
                        top: g.contentInsets.top, leading: g.contentInsets.left, bottom: g.contentInsets.bottom, trailing: g.contentInsets.right),
                    containerSize: CGSize(width: g.containerSize.width, height: g.containerSize.height)))
        case .field(let i, let r):
            if reportedFields.insert(i).inserted, appeared { update() }
            renderer.frames["field\(i)"] = CGRect(r)
            renderer.geometryChanged(leaf: "field\(i)")
        case .focus(let f):
            focus = f
            if appeared { update() }
        case .policy(let p):
            policy = p
            if appeared { update() }
        case .appeared:
            appeared = true
            renderer.onScreen = true
            update()
        case .disappeared:
            renderer.disappear()
        case .composerHeight(let h):
            renderer.frames["composer"] = CGRect(x: 0, y: 0, width: 0, height: h)
            renderer.geometryChanged(leaf: "composer")
        case .safeArea(let insets):
            renderer.safeAreas["scroll"] = EdgeInsets(top: insets.top, leading: insets.left, bottom: insets.bottom, trailing: insets.right)
            renderer.geometryChanged(leaf: "scroll")
        case .userScrolling(let driving):
            renderer.scrollPhaseChanged(to: driving ? .tracking : .idle)
        case .keyboard(let n):
            UIKitStandIn.post(UserInfoEncoder.notification(for: n))
        case .passEnded:
            break
        }
        return asked(since: before)
    }

    package func settle() -> SwiftUISessionStep? {
        let before = handed.count, requests = scrollRequests, margins = margins, lift = lift
        HandTurnedMainQueue.current.settle()
        let step = asked(since: before)
        return handed.count == before && scrollRequests == requests && self.margins == margins && self.lift == lift ? nil : step
    }

    /// The view updated while the modifier's state changes, then what it
    /// asked for since `before` events were handed.
    private func asked(since before: Int) -> SwiftUISessionStep {
        var rounds = 0
        while StandInRenderer.needsUpdate && appeared && rounds < 8 {
            update()
            rounds += 1
        }
        var step = SwiftUISessionStep(handed: Array(handed[before...]))
        let now = SwiftUISessionStep.Margins(
            content: Double(renderer.bottomMargins[.scrollContent].flatMap { $0 } ?? 0),
            indicators: Double(renderer.bottomMargins[.scrollIndicators].flatMap { $0 } ?? 0))
        if now != margins {
            margins = now
            step.margins = now
        }
        if let position = renderer.scrollPosition, position.requests != scrollRequests {
            scrollRequests = position.requests
            step.scroll = position.point.map { KBPoint(x: Double($0.x), y: Double($0.y)) }
        }
        if chat, let padding = renderer.bottomPadding, padding != lift {
            lift = padding
            step.composerLift = Double(padding)
        }
        return step
    }

    /// One update of the view with the arguments as they are.
    private func update() {
        if chat {
            let view = StandInLeaf(id: "scroll").keyboardAvoidance(
                policy: policy,
                events: { [weak self] event, layout in
                    self?.handed.append(HandedEvent(event: event, layout: layout))
                }
            ) { StandInLeaf(id: "composer") }
            renderer.update(view)
            return
        }
        let fields: [any View] = reportedFields.sorted().map { StandInLeaf(id: "field\($0)").keyboardAvoidanceField($0) }
        let view = StandInLeaf(id: "scroll", children: fields).keyboardAvoidance(focus: focus, policy: policy) { [weak self] event, layout in
            self?.handed.append(HandedEvent(event: event, layout: layout))
        }
        renderer.update(view)
    }
}

import KeyboardGeometry
import KeyboardScenarios
import KeyboardWorld

/// The adversarial side of generation, used by the fuzzer (the shootout
/// stays realistic): odd geometry and hostile timing.
///
/// Geometry, each with its own probability: fractional bars and field
/// positions (thirds and halves of points); a scroll view of zero height;
/// a scroll view reaching above the window's top or below its bottom;
/// content a hundred thousand to a million points tall; one to three
/// thousand fields. Timing: bursts of 12–40 focus switches inside one
/// keyboard animation, and rotations while the keyboard is animating in.
/// What no source settles: interactive dismissals the user cancels, under
/// a reading of what iOS then sends drawn per scenario
/// (``KeyboardAfterCancelledDrag``, drawn last, so that the geometry's
/// draws stay as they were).
enum Adversary {
    static func distort(_ s: inout Scenario, _ r: inout some ChoiceSource) {
        if r.chance(0.25) {
            s.topBar += 1.0 / 3.0
            s.fields = s.fields.map { KBRect(x: $0.minX, y: $0.minY + r.pick([0.5, 1.0 / 3.0, 2.0 / 3.0]), width: $0.width, height: $0.height) }
        }
        if r.chance(0.08) {
            let window = s.placement.viewFrame(on: s.device.screen(s.orientation))
            s.bottomGap = Swift.max(0, window.height - s.topBar)
        }
        if r.chance(0.12) {
            s.contentHeight = r.double(in: 1e5...1e6).rounded()
            s.fields = s.fields.map {
                KBRect(x: $0.minX, y: r.double(in: 0...(s.contentHeight - $0.height)).rounded(), width: $0.width, height: $0.height)
            }
        }
        // Frames beyond the screen: a scroll view reaching above the
        // window's top (under a translucent or collapsing bar, a parallax
        // header) or below its bottom (a view taller than its window).
        if r.chance(0.1) { s.topBar = -r.pick([20.0, 44, 100.5]) }
        if r.chance(0.1) { s.bottomGap = -r.pick([34.0, 100, 300]) }
        if r.chance(0.08) {
            let count = r.int(in: 1000...3000)
            s.contentHeight = Swift.max(s.contentHeight, Double(count) * 50)
            s.fields = (0..<count).map { KBRect(x: 16, y: Double($0) * 50, width: 280, height: 44) }
        }
        s.keyboardAfterCancelledDrag = r.pick(KeyboardAfterCancelledDrag.allCases)
    }

    /// Candidate actions with placeholder arguments (cheap to offer at
    /// every step); ``concrete(_:for:_:)`` draws the real arguments once one
    /// is chosen.
    static let candidates: [(UserAction, Double)] =
        [(.focusBurst([0, 0]), 1)] + InterfaceOrientation.allCases.map { (.focusDuringRotation(0, $0), 0.15) } + [(.cancelDrag, 0.3)]

    /// The chosen action with its arguments drawn: a burst of 12–40 fields,
    /// or the field to focus while rotating.
    static func concrete(_ a: UserAction, for s: Scenario, _ r: inout some ChoiceSource) -> UserAction {
        let n = s.fields.count
        switch a {
        case .focusBurst: return .focusBurst((0..<r.int(in: 12...40)).map { _ in r.below(n) })
        case .focusDuringRotation(_, let o): return .focusDuringRotation(r.below(n), o)
        default: return a
        }
    }
}

import KeyboardAvoidance
import KeyboardTrace

/// `engine`: the engine alone, one keyboard notification per run.
///
/// Setup replays the stream through a ``KeyboardAvoider`` as an app would
/// (focus, layout and appearance calls included) and keeps, for every
/// keyboard notification, the avoider's state just before it. A run copies
/// that state (a value, a few hundred bytes) and delivers the notification,
/// so exactly the notification's own work is timed, from the state it really
/// meets.
public final class EngineWorkload: Workload {
    public let name = "engine"

    private struct Case {
        var before: KeyboardAvoider
        var notification: KeyboardNotification
        var layout: LayoutSnapshot
    }

    private let cases: [Case]

    public init(stream: NotificationStream) {
        var cases: [Case] = []
        for (t, steps) in stream.steps.enumerated() {
            let header = stream.traces[t].header
            var avoider = KeyboardAvoider(policy: header.policy, frameSpace: header.profile.frameSpace)
            for step in steps {
                switch step.event {
                case .keyboard(let n):
                    cases.append(Case(before: avoider, notification: n, layout: step.layout))
                    _ = avoider.received(n, in: step.layout)
                case .focus: if let f = step.field { _ = avoider.focusBegan(f, in: step.layout) }
                case .blur: _ = avoider.focusEnded(in: step.layout)
                case .layout: _ = avoider.layoutChanged(step.layout)
                case .appear: _ = avoider.viewAppeared(in: step.layout)
                case .disappear: _ = avoider.viewDisappeared(in: step.layout)
                }
            }
        }
        self.cases = cases
    }

    public var count: Int { cases.count }

    public func run(_ i: Int) -> Int {
        let c = cases[i % cases.count]
        var avoider = c.before
        if case .apply(let a) = avoider.received(c.notification, in: c.layout) { return Int(a.contentInset.bottom) }
        return 0
    }
}

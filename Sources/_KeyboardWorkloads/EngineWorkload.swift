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

    // Parallel arrays, so that a run copies only the avoider's state; the
    // notification and layout are read in place.
    private let befores: [KeyboardAvoider]
    private let notifications: [KeyboardNotification]
    private let layouts: [LayoutSnapshot]

    public init(stream: NotificationStream) {
        var befores: [KeyboardAvoider] = [], notifications: [KeyboardNotification] = [], layouts: [LayoutSnapshot] = []
        for (t, steps) in stream.steps.enumerated() {
            let header = stream.traces[t].header
            var avoider = KeyboardAvoider(policy: header.policy, frameSpace: header.profile.frameSpace)
            for step in steps {
                switch step.event {
                case .keyboard(let n):
                    befores.append(avoider)
                    notifications.append(n)
                    layouts.append(step.layout)
                    _ = avoider.received(n, in: step.layout)
                case .focus: if let f = step.field { _ = avoider.focusBegan(f, in: step.layout) }
                case .blur: _ = avoider.focusEnded(in: step.layout)
                case .layout: _ = avoider.layoutChanged(step.layout)
                case .appear: _ = avoider.viewAppeared(in: step.layout)
                case .disappear: _ = avoider.viewDisappeared(in: step.layout)
                }
            }
        }
        self.befores = befores
        self.notifications = notifications
        self.layouts = layouts
    }

    public var count: Int { befores.count }

    public func run(_ i: Int) -> Int {
        let k = i % befores.count
        var avoider = befores[k]
        if case .apply(let a) = avoider.received(notifications[k], in: layouts[k]) { return Int(a.contentInset.bottom) }
        return 0
    }
}

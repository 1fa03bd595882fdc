import KeyboardAvoidance
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld

/// `engine`: the engine alone, one keyboard notification per run
/// (`engine-chat`: the same on chat screens, the transcript's path).
///
/// Setup replays the stream through a ``KeyboardAvoider`` as an app would
/// (focus, layout and appearance calls included) and keeps, for every
/// keyboard notification, the avoider's state just before it. A run copies
/// that state (a few hundred bytes: an app's avoider is updated in place, but
/// a benchmark must start every notification from the state it really
/// meets) and delivers the notification, so exactly the notification's own
/// work is timed.
///
/// The cases sit in one buffer allocated once and are read through a
/// pointer, without an array's bounds checks and retains. (Swift still copies
/// the notification and the layout onto the stack before the call, as it
/// does any value read through a pointer; an app builds both on the stack
/// anyway.)
public final class EngineWorkload: Workload {
    public let name: String

    /// One keyboard notification with the state and layout it meets.
    private struct Case {
        var avoider: KeyboardAvoider
        let notification: KeyboardNotification
        let layout: LayoutSnapshot
    }

    private let cases: UnsafeMutableBufferPointer<Case>

    public init(stream: NotificationStream, name: String = "engine") {
        self.name = name
        var cases: [Case] = []
        for (t, steps) in stream.steps.enumerated() {
            // The avoider as the engine's strategy starts it (on screen or
            // not, attached to a transcript in its first layout): the one
            // whose answers made the stream's layouts.
            var avoider = EngineStrategy(world: SimulatedWorld(trace: stream.traces[t])).avoider
            for step in steps {
                if case .keyboard(let n) = step.event { cases.append(Case(avoider: avoider, notification: n, layout: step.layout)) }
                if let event = step.event.avoiderEvent(focusedField: step.field) { _ = avoider.handle(event, in: step.layout) }
            }
        }
        let buffer = UnsafeMutableBufferPointer<Case>.allocate(capacity: Swift.max(1, cases.count))
        _ = buffer.initialize(from: cases)
        self.cases = UnsafeMutableBufferPointer(rebasing: buffer[..<cases.count])
    }

    deinit {
        cases.deinitialize().deallocate()
    }

    public var count: Int { cases.count }

    public func run(_ i: Int) -> Int {
        let c = cases.baseAddress! + i % cases.count
        var avoider = c.pointee.avoider
        if case .apply(let a) = avoider.received(c.pointee.notification, in: c.pointee.layout) { return Int(a.contentInset.bottom) }
        return 0
    }
}

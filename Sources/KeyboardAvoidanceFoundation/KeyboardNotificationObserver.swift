import Foundation
import KeyboardAvoidance

/// Observes a `NotificationCenter` for the six keyboard notifications,
/// decodes each, feeds a ``KeyboardAvoider`` and hands the action to the
/// app.
///
/// The app supplies the layout as it is at each event and performs each
/// action (on iOS: set the insets and offset inside an animation of the
/// given duration and curve). A payload that cannot be decoded goes to
/// `failed` with an error naming the key; the avoider never sees it.
///
/// Thread safety: the avoider is guarded by a lock, so notifications may be
/// posted from any thread; callbacks run on the posting thread.
public final class KeyboardNotificationObserver: @unchecked Sendable {
    public typealias LayoutProvider = @Sendable () -> LayoutSnapshot
    public typealias ActionPerformer = @Sendable (AvoidanceAction) -> Void
    public typealias FailureHandler = @Sendable (UserInfoDecodingError) -> Void

    private let center: NotificationCenter
    private let lock = NSLock()
    /// Guarded by ``lock``, which already makes every access exclusive, so
    /// the runtime's own exclusivity check (a thread-local lookup and a
    /// bookkeeping insert on every notification) is left out.
    @exclusivity(unchecked) private var avoider: KeyboardAvoider
    private var tokens: [NSObjectProtocol] = []
    private let layout: LayoutProvider
    private let perform: ActionPerformer
    private let failed: FailureHandler

    /// Starts observing `center` at once; stops when released.
    public init(
        center: NotificationCenter = .default,
        avoider: KeyboardAvoider = KeyboardAvoider(),
        layout: @escaping LayoutProvider,
        perform: @escaping ActionPerformer,
        failed: @escaping FailureHandler = { _ in }
    ) {
        self.center = center
        self.avoider = avoider
        self.layout = layout
        self.perform = perform
        self.failed = failed
        // The closures hold the observer weakly through one immutable
        // reference: a `[weak self]` capture is a mutable box, which the
        // runtime checks for exclusive access on every notification.
        let target = WeakObserver(self)
        for name in KeyboardNotification.Name.allCases {
            let token = center.addObserver(forName: Notification.Name(name.rawValue), object: nil, queue: nil) { notification in
                target.observer?.handle(notification)
            }
            tokens.append(token)
        }
    }

    deinit {
        for token in tokens { center.removeObserver(token) }
    }

    /// Decodes and handles one notification; returns the action performed, or
    /// nil when decoding failed.
    @discardableResult
    public func handle(_ notification: Notification) -> AvoidanceAction? {
        let decoded: KeyboardNotification
        do {
            decoded = try UserInfoDecoder.decode(notification)
        } catch {
            failed(error)
            return nil
        }
        let snapshot = layout()
        let action = withAvoider { $0.received(decoded, in: snapshot) }
        perform(action)
        return action
    }

    /// Passes an app-side event (focus, layout, appearance) to the avoider and
    /// performs its action.
    @discardableResult
    public func send(_ event: (inout KeyboardAvoider, LayoutSnapshot) -> AvoidanceAction) -> AvoidanceAction {
        let snapshot = layout()
        let action = withAvoider { event(&$0, snapshot) }
        perform(action)
        return action
    }

    private func withAvoider<T>(_ body: (inout KeyboardAvoider) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&avoider)
    }
}

/// A weak reference to an observer, for the center's closures (see
/// ``KeyboardNotificationObserver/init(center:avoider:layout:perform:failed:)``).
///
/// Set once, in `init`, and never changed: so it is `Sendable` (loading a
/// weak reference is thread-safe) and needs no exclusivity check. (A
/// `weak let` says so directly, but needs Swift 6.2; the package supports
/// 6.1.)
private final class WeakObserver: @unchecked Sendable {
    @exclusivity(unchecked) private(set) weak var observer: KeyboardNotificationObserver?

    init(_ observer: KeyboardNotificationObserver) {
        self.observer = observer
    }
}

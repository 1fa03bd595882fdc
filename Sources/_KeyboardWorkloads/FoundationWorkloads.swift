import Foundation
import KeyboardAvoidance
import KeyboardAvoidanceFoundation
import KeyboardGeometry
import KeyboardTrace

#if canImport(UIKit)
import UIKit
#endif

/// The platform's floor and the Foundation paths: real `NotificationCenter`
/// posts with UIKit-keyed `userInfo` dictionaries of `NSValue`/`NSNumber`,
/// built before timing starts.
final class Posts: @unchecked Sendable {
    let stream: NotificationStream
    let names: [Notification.Name]
    let infos: [[AnyHashable: Any]]
    let layouts: [LayoutSnapshot]

    init(stream: NotificationStream) {
        self.stream = stream
        var names: [Notification.Name] = []
        var infos: [[AnyHashable: Any]] = []
        var layouts: [LayoutSnapshot] = []
        for (t, s) in stream.notifications {
            let step = stream.steps[t][s]
            guard case .keyboard(let n) = step.event else { continue }
            names.append(Notification.Name(n.name.rawValue))
            infos.append(UserInfoEncoder.userInfo(for: n))
            layouts.append(step.layout)
        }
        self.names = names
        self.infos = infos
        self.layouts = layouts
    }
}

/// `bare-post`: a post with an observer that does nothing: the cost the
/// platform imposes before any keyboard code runs.
public final class BarePostWorkload: Workload, @unchecked Sendable {
    public let name = "bare-post"
    // Its count stays within 0.01 % across builds (results/HISTORY.md):
    // judged by it. It calibrates the Foundation workloads' time.
    let posts: Posts
    let center = NotificationCenter()
    private var tokens: [NSObjectProtocol] = []

    public init(stream: NotificationStream) {
        posts = Posts(stream: stream)
        for name in Set(posts.names) {
            tokens.append(center.addObserver(forName: name, object: nil, queue: nil) { _ in })
        }
    }

    deinit { for t in tokens { center.removeObserver(t) } }

    public var count: Int { posts.names.count }

    public func run(_ i: Int) -> Int {
        let k = i % count
        center.post(name: posts.names[k], object: nil, userInfo: posts.infos[k])
        return k
    }
}

/// `foundation-path`: the same post, decoded by the adapter, handed to the
/// engine, and the action performed (stored, as an app would apply it).
public final class FoundationPathWorkload: Workload, @unchecked Sendable {
    public let name = "foundation-path"
    // Its count moved by 0.4 % across builds that left what it runs alone,
    // 1.4 % when the engine's handler grew (results/HISTORY.md),
    // inside the 2 % the rule allows: judged by it.
    public let calibrator: String? = "bare-post"
    let posts: Posts
    let center = NotificationCenter()
    private var observer: KeyboardNotificationObserver?
    private let state = State()

    /// What the observer's closures share: the layout to hand over and the
    /// last action (single-threaded use).
    final class State: @unchecked Sendable {
        var layout = LayoutSnapshot(screen: KBSize(width: 1, height: 1), scrollView: ScrollViewState(frame: .zero, contentSize: .zero))
        var checksum = 0
    }

    public init(stream: NotificationStream) {
        posts = Posts(stream: stream)
        let state = self.state
        observer = KeyboardNotificationObserver(
            center: center, layout: { state.layout },
            perform: { action in if case .apply(let a) = action { state.checksum &+= Int(a.contentInset.bottom) } }
        )
    }

    public var count: Int { posts.names.count }

    public func run(_ i: Int) -> Int {
        let k = i % count
        state.layout = posts.layouts[k]
        center.post(name: posts.names[k], object: nil, userInfo: posts.infos[k])
        return state.checksum
    }
}

/// `cookbook-foundation`: the cookbook recipe as an app writes it: look the
/// keys up in the userInfo dictionary, then compute with Foundation's
/// `CGRect` (convert from the window, intersect with the view's frame).
public final class CookbookFoundationWorkload: Workload, @unchecked Sendable {
    public let name = "cookbook-foundation"
    // The runtime's casts probe a cache keyed by addresses: its count moved
    // by up to 27 % between builds of the same code, and its time with it.
    public let instructionsVaryWithBuild = true
    public let calibrator: String? = "bare-post"
    let posts: Posts

    public init(stream: NotificationStream) { posts = Posts(stream: stream) }

    public var count: Int { posts.infos.count }

    public func run(_ i: Int) -> Int {
        let k = i % count
        let info = posts.infos[k]
        let layout = posts.layouts[k]
        let duration = (info["UIKeyboardAnimationDurationUserInfoKey"] as? NSNumber)?.doubleValue ?? 0
        guard let value = info["UIKeyboardFrameEndUserInfoKey"] as? NSValue else { return 0 }
        // What apps write: UIKit's `cgRectValue` on iOS; `rectValue` is
        // macOS's (and swift-corelibs-foundation's), absent on iOS.
        #if canImport(UIKit)
        var keyboard = value.cgRectValue
        #else
        var keyboard = value.rectValue
        #endif
        // [self.view convertRect:keyboard fromView:window]: the view sits at
        // the window's origin.
        let w = layout.window
        let view = CGRect(x: 0, y: 0, width: w.size.width, height: w.size.height)
        keyboard = keyboard.offsetBy(dx: -view.origin.x, dy: -view.origin.y)
        let overlap = view.intersection(keyboard)
        let inset = overlap.isNull ? 0 : overlap.size.height
        return Int(inset) &+ Int(duration * 1000)
    }
}

/// `floor`: a bare rect intersection, the least any keyboard code does.
public final class FloorWorkload: Workload {
    public let name = "floor"
    /// The calibrator of the others: none of its own.
    public let calibrator: String? = nil
    let pairs: [(KBRect, KBRect)]

    public init(stream: NotificationStream) {
        pairs = stream.notifications.compactMap { t, s in
            let step = stream.steps[t][s]
            guard case .keyboard(let n) = step.event, let f = n.frameEnd else { return nil }
            return (step.layout.scrollViewFrameInScreen, f)
        }
    }

    public var count: Int { pairs.count }

    public func run(_ i: Int) -> Int {
        let (a, b) = pairs[i % count]
        return Int(a.intersection(b).height)
    }
}

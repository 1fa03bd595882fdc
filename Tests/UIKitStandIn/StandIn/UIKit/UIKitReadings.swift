import Foundation
import KeyboardWorld

/// How the stand-in answers what UIKit's documentation leaves open: a value
/// the stand-in reads while it runs (``UIKitStandIn/readings``), so that one
/// differential holds the glue to the engine under each answer.
///
/// ``standard`` is the reading the public reports support; each other value
/// of a field is there to see whether the glue depends on it
/// (``UnsettledUIKitRule``).
public struct UIKitReadings: Hashable, Sendable {
    /// Setting a view's `frame` also notifies the observers of its `bounds`
    /// (key-value observing). `frame`'s own observers are notified either
    /// way: a setter's observers always are. False in ``standard``: a
    /// changed frame is widely reported not to notify `bounds` observers,
    /// and UIKit does not document its properties as observable at all.
    public var frameChangeNotifiesBoundsObservers: Bool
    /// The order of the callbacks of a view that moves to another superview
    /// and so to another window: UIKit documents each callback, not their
    /// order.
    public var moveCallbacks: MoveCallbackOrder
    /// Observers are notified inside the setter, before it returns (so a
    /// value set while an observer's reaction is running reaches the
    /// observers again at once), as key-value observing does wherever it is
    /// supported. True in ``standard``; false notifies them on the next turn
    /// of the main queue, each with the value the setter set.
    public var observersNotifiedInsideTheSetter: Bool
    /// The scroll view's own unsettled rule, read as the simulated world
    /// reads it: whether setting `contentInset` pulls an out-of-range offset
    /// into range (``WorldReadings/insetChangesPullOffsetIntoRange``).
    public var insetChangesPullOffsetIntoRange: Bool

    /// The orders a moved view's callbacks can come in. The superview's pair
    /// encloses the window's pair in both (will-superview first,
    /// did-superview or did-window last), and a window's callbacks reach
    /// the moved view before its descendants.
    public enum MoveCallbackOrder: String, Hashable, Sendable, CaseIterable {
        /// `willMove(toSuperview:)`, `willMove(toWindow:)`,
        /// `didMoveToWindow()`, `didMoveToSuperview()`: what logs of UIKit
        /// show.
        case windowInsideSuperview
        /// `willMove(toSuperview:)`, `willMove(toWindow:)`,
        /// `didMoveToSuperview()`, `didMoveToWindow()`.
        case superviewBeforeWindow
    }

    public init(
        frameChangeNotifiesBoundsObservers: Bool = false, moveCallbacks: MoveCallbackOrder = .windowInsideSuperview,
        observersNotifiedInsideTheSetter: Bool = true, insetChangesPullOffsetIntoRange: Bool = false
    ) {
        self.frameChangeNotifiesBoundsObservers = frameChangeNotifiesBoundsObservers
        self.moveCallbacks = moveCallbacks
        self.observersNotifiedInsideTheSetter = observersNotifiedInsideTheSetter
        self.insetChangesPullOffsetIntoRange = insetChangesPullOffsetIntoRange
    }

    /// The readings the public reports support.
    public static let standard = UIKitReadings()

    /// The world's reading of the same scroll-view rule, for the replay the
    /// glue is held to.
    public var world: WorldReadings {
        var w = WorldReadings.standard
        w.insetChangesPullOffsetIntoRange = insetChangesPullOffsetIntoRange
        return w
    }
}

/// A question ``UIKitReadings`` answers one way by default: each case reads
/// it the other way. The one list of them, which the differential and its
/// tests iterate.
public enum UnsettledUIKitRule: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case frameNotifiesBounds = "frame-notifies-bounds"
    case superviewBeforeWindow = "superview-before-window"
    case observersNotifiedLater = "observers-notified-later"
    case insetPullsOffset = "inset-pulls-offset"

    /// `readings` with this rule read the other way.
    public func apply(to readings: inout UIKitReadings) {
        switch self {
        case .frameNotifiesBounds: readings.frameChangeNotifiesBoundsObservers = true
        case .superviewBeforeWindow: readings.moveCallbacks = .superviewBeforeWindow
        case .observersNotifiedLater: readings.observersNotifiedInsideTheSetter = false
        case .insetPullsOffset: readings.insetChangesPullOffsetIntoRange = true
        }
    }

    /// ``UIKitReadings/standard`` with this rule read the other way.
    public var readings: UIKitReadings {
        var r = UIKitReadings.standard
        apply(to: &r)
        return r
    }

    public var description: String { rawValue }
}

/// The stand-in's global state: what the simulated system is and how it
/// reads the unsettled rules. UIKit itself is one global system (one main
/// screen, one run loop); everything here is touched on the main actor
/// only.
@MainActor
public enum UIKitStandIn {
    /// The readings the stand-in runs under now; set before building the
    /// views of a scenario.
    public static var readings = UIKitReadings.standard

    /// Where the stand-in puts what UIKit does on a later turn of the main
    /// queue (observers notified after the setter, under
    /// ``UIKitReadings/observersNotifiedInsideTheSetter``): the main queue
    /// itself, unless a test that turns the glue's queue by hand points
    /// this at the same queue, so that the two keep one order.
    public static var nextTurn: (_ work: @escaping @MainActor @Sendable () -> Void) -> Void = { work in
        DispatchQueue.main.async { work() }
    }

    /// A turn of the main queue ended: UIKit's update cycle lays out the
    /// key window's views marked since the last pass (a frame an observer
    /// set, an offset the glue set), as the run loop does before it
    /// sleeps, so that a safe area that changed meanwhile is reported there
    /// (``UIView/layoutIfNeeded()``), not only at the next layout the app
    /// asks for.
    public static func turnEnded() {
        UIWindow.keyWindow?.layoutIfNeeded()
    }

    /// Posts a notification of the system's (a keyboard notification, a
    /// text change the user's typing causes) to the default center, as UIKit
    /// posts it.
    public static func post(_ notification: Notification) {
        NotificationCenter.default.post(notification)
    }
}

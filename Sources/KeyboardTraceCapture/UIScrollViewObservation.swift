#if canImport(UIKit)
import Foundation
import KeyboardAvoidance
import KeyboardGeometry
import KeyboardTrace
import UIKit

/// Reads a `UIScrollView` for a ``KeyboardTraceRecorder``, whatever code
/// moves it (the app's own handlers, a library, the engine's adapter): its
/// frame in its window, its content inset, its vertical indicator insets,
/// its content offset and its safe area (which a frame that follows the
/// keyboard moves). The content view's frame is not read (nil: an app whose
/// avoidance resizes a content view records that view's frame itself).
///
/// It holds the view weakly: once the view is gone, or before it has been
/// in a window, events are recorded without an observed state. Out of a
/// window (another screen pushed over it) the view still has its insets
/// and offset, which an audit judges there (I9: nothing moves it), and its
/// frame and safe area are the ones its last window gave it (out of one,
/// UIKit gives it neither). Read on the main thread, where UIKit posts
/// keyboard notifications and the recorder reads.
public final class UIScrollViewObservation: ScrollViewObserving, @unchecked Sendable {
    private weak var scrollView: UIScrollView?
    /// The frame in the window and the safe area, as last read in a window.
    private var lastInWindow: (frame: KBRect, safeArea: KBEdgeInsets)?

    /// Observes `scrollView` (its place in its window noted now, when it is
    /// in one).
    @MainActor
    public init(_ scrollView: UIScrollView) {
        self.scrollView = scrollView
        notePlace(of: scrollView)
    }

    /// Notes `view`'s frame in its window and its safe area, when it is in
    /// a window.
    @MainActor
    private func notePlace(of view: UIScrollView) {
        guard let window = view.window else { return }
        let f = view.superview?.convert(view.frame, to: window) ?? view.frame
        let safe = view.safeAreaInsets
        lastInWindow = (
            KBRect(x: Double(f.origin.x), y: Double(f.origin.y), width: Double(f.size.width), height: Double(f.size.height)),
            KBEdgeInsets(top: Double(safe.top), left: Double(safe.left), bottom: Double(safe.bottom), right: Double(safe.right))
        )
    }

    public func observedScrollView() -> ObservedScrollView? {
        MainActor.assumeIsolated { () -> ObservedScrollView? in
            guard let view = scrollView else { return nil }
            notePlace(of: view)
            guard let place = lastInWindow else { return nil }
            let inset = view.contentInset, indicators = view.verticalScrollIndicatorInsets, offset = view.contentOffset
            return ObservedScrollView(
                frame: place.frame,
                contentInset: KBEdgeInsets(
                    top: Double(inset.top), left: Double(inset.left), bottom: Double(inset.bottom), right: Double(inset.right)),
                indicatorInsets: KBEdgeInsets(
                    top: Double(indicators.top), left: Double(indicators.left), bottom: Double(indicators.bottom), right: Double(indicators.right)),
                contentOffset: KBPoint(x: Double(offset.x), y: Double(offset.y)),
                safeArea: place.safeArea
            )
        }
    }
}

extension KeyboardTraceRecorder {
    /// Starts recording into `path`, as
    /// ``init(path:layout:policy:profile:systemVersion:center:observing:)``
    /// does, with every event's line also holding `scrollView` as the app
    /// left it: the one call that makes a trace `kbbench audit` can judge.
    @MainActor
    public convenience init(
        path: String, layout: LayoutSnapshot, policy: AvoidancePolicy, profile: TraceProfile = .ios13, systemVersion: Int? = nil,
        center: NotificationCenter = .default, observing scrollView: UIScrollView
    ) {
        self.init(
            path: path, layout: layout, policy: policy, profile: profile, systemVersion: systemVersion, center: center,
            observing: UIScrollViewObservation(scrollView) as ScrollViewObserving
        )
    }

    /// The same, its observations read on the turns `scheduler` gives: for
    /// a test that turns the main queue by hand (the UIKit stand-in's).
    @MainActor
    package convenience init(
        path: String, layout: LayoutSnapshot, policy: AvoidancePolicy, observing scrollView: UIScrollView,
        scheduler: @escaping ObservationScheduler
    ) {
        self.init(
            path: path, layout: layout, policy: policy, observing: UIScrollViewObservation(scrollView) as ScrollViewObserving,
            scheduler: scheduler)
    }
}
#endif

import KeyboardTrace

/// Where a ``KeyboardTraceRecorder`` reads the app's scroll view after each
/// event, whatever code moves it: the platform-neutral side of observing.
/// On Apple platforms ``UIScrollViewObservation`` reads a `UIScrollView`; a
/// test reads a model.
///
/// The recorder calls ``observedScrollView()`` on the thread that records
/// (UIKit's notifications arrive on the main thread, which UIKit needs).
public protocol ScrollViewObserving: AnyObject, Sendable {
    /// The scroll view now, as ``ObservedScrollView`` holds it (its frame in
    /// its window); nil when there is nothing to read (the view is gone or
    /// in no window), which leaves that event without an observed state.
    func observedScrollView() -> ObservedScrollView?
}

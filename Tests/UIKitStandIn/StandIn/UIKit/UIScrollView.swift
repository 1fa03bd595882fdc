import KeyboardAvoidance
import KeyboardGeometry
import KeyboardWorld

/// `UIScrollView`, its state and rules the simulator's own: every value
/// lives in a ``ScrollViewModel`` (the model the oracle judges every
/// strategy on), so what the glue sets here obeys the same rules as what
/// the engine's replay sets there.
///
/// - `adjustedContentInset` is the model's: the content inset plus the
///   part of the safe area the adjustment behaviour adds.
/// - The content offset is the bounds' origin: setting it notifies
///   `contentOffset` and `bounds` observers.
/// - Setting `contentInset` leaves the offset alone, or pulls it into range
///   under ``UIKitReadings/insetChangesPullOffsetIntoRange``; a new frame
///   size pulls it into range in the layout pass that follows. Whatever
///   moves the offset as a side effect notifies its observers.
/// - Layout (``UIView/layoutIfNeeded()``): a view that rested at its top
///   when its layout was first invalidated rests at its new top, unless an
///   offset was set since; then the offset is pulled into range (the
///   model's ``ScrollViewModel/layOut(restedAtTop:)``).
/// - `scrollRectToVisible(_:animated:)` is the model's: the least scroll
///   that shows the rect inside the bounds less the adjusted inset.
/// - `verticalScrollIndicatorInsets` start at zero, as UIKit's do.
@MainActor
open class UIScrollView: UIView {
    public typealias ContentInsetAdjustmentBehavior = UIScrollViewContentInsetAdjustmentBehavior

    private var model: ScrollViewModel
    /// Whether the view rested at its top when its layout was invalidated.
    private var restedAtTop = false
    /// Whether an offset was set since the layout was invalidated.
    private var offsetSetSinceInvalidation = false

    public override init(frame: CGRect) {
        model = ScrollViewModel(
            ScrollViewState(frame: frame.kb, contentSize: .zero),
            pullsOffsetOnInsetChange: UIKitStandIn.readings.insetChangesPullOffsetIntoRange)
        model.indicatorInsets = .zero
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) {
        model = ScrollViewModel(ScrollViewState(frame: .zero, contentSize: .zero), pullsOffsetOnInsetChange: false)
        model.indicatorInsets = .zero
        super.init(coder: coder)
    }

    /// The model with the safe area as the window gives it now.
    private func syncSafeArea() {
        let safe = safeAreaInsets.kb
        if model.safeArea != safe { model.safeArea = safe }
    }

    /// Changes the model, notifying `keys`' observers around the change,
    /// and the offset's after it when the change moved the offset too.
    private func change(_ keys: [ObservedKey], _ body: (inout ScrollViewModel) -> Void) {
        syncSafeArea()
        let before = model.contentOffset
        notifying(keys) { body(&model) }
        if model.contentOffset != before && !keys.contains(.contentOffset) { notifying([.contentOffset, .bounds]) {} }
    }

    override var boundsOrigin: CGPoint {
        get { CGPoint(kb: model.contentOffset) }
        set { model.contentOffset = newValue.kb }
    }

    override func frameDidChange() {
        change([]) {
            // The model pulls the offset into range for a new size at once;
            // UIKit does it in the layout pass that follows, once every
            // value of the layout has changed.
            let offset = $0.contentOffset
            $0.frame = frame.kb
            $0.contentOffset = offset
        }
    }

    open var contentOffset: CGPoint {
        get { CGPoint(kb: model.contentOffset) }
        set {
            if needsLayout { offsetSetSinceInvalidation = true }
            change([.contentOffset, .bounds]) { $0.contentOffset = newValue.kb }
        }
    }

    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        self.contentOffset = contentOffset
    }

    open var contentSize: CGSize {
        get { CGSize(kb: model.contentSize) }
        set {
            setNeedsLayout()
            change([.contentSize]) {
                $0.contentSize = newValue.kb
                $0.contentViewFrame = KBRect(origin: .zero, size: newValue.kb)
            }
        }
    }

    open var contentInset: UIEdgeInsets {
        get { UIEdgeInsets(kb: model.contentInset) }
        set { change([.contentInset]) { $0.contentInset = newValue.kb } }
    }

    open var verticalScrollIndicatorInsets: UIEdgeInsets {
        get { UIEdgeInsets(kb: model.indicatorInsets) }
        set { change([.verticalScrollIndicatorInsets]) { $0.indicatorInsets = newValue.kb } }
    }

    open var adjustedContentInset: UIEdgeInsets {
        syncSafeArea()
        return UIEdgeInsets(kb: model.adjustedContentInset)
    }

    open var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior {
        get { ContentInsetAdjustmentBehavior(model.insetAdjustment) }
        set { change([]) { $0.insetAdjustment = newValue.insetAdjustment } }
    }

    open var alwaysBounceVertical: Bool {
        get { model.alwaysBounceVertical }
        set { change([]) { $0.alwaysBounceVertical = newValue } }
    }

    open var alwaysBounceHorizontal: Bool {
        get { model.alwaysBounceHorizontal }
        set { change([]) { $0.alwaysBounceHorizontal = newValue } }
    }

    /// Whether the user's finger is on the view (read only, as UIKit's):
    /// true from ``userScroll(to:decelerating:)`` to the next turn of the
    /// main queue.
    open private(set) var isTracking = false
    /// Whether a drag's deceleration moves the view (read only, as
    /// UIKit's): true from ``userScroll(to:decelerating:)`` with
    /// `decelerating` to the next turn.
    open private(set) var isDecelerating = false

    /// The user scrolls the view to `offset`: a drag (tracking) moves it
    /// there, or, with `decelerating`, the deceleration a drag started
    /// does. The offset is set as UIKit sets it while the user scrolls, so
    /// its observers read `isTracking` or `isDecelerating` true, inside the
    /// setter or, under ``UIKitReadings/observersNotifiedInsideTheSetter``
    /// false, on the next turn: the finger's lift (or the deceleration's
    /// stop) is an event of its own, after the last move, so both end on
    /// the next turn, after the observers queued before it. Not UIKit's:
    /// the stand-in's way of being touched.
    public func userScroll(to offset: CGPoint, decelerating: Bool = false) {
        isTracking = !decelerating
        isDecelerating = decelerating
        contentOffset = offset
        UIKitStandIn.nextTurn { [weak self] in
            self?.isTracking = false
            self?.isDecelerating = false
        }
    }

    open func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        syncSafeArea()
        var scrolled = model
        scrolled.scrollRectToVisible(rect.kb)
        if scrolled.contentOffset != model.contentOffset { contentOffset = CGPoint(kb: scrolled.contentOffset) }
    }

    override func layoutWillBeNeeded() {
        syncSafeArea()
        restedAtTop = model.restsAtTop
        offsetSetSinceInvalidation = false
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        syncSafeArea()
        var laidOut = model
        laidOut.layOut(restedAtTop: restedAtTop && !offsetSetSinceInvalidation)
        if laidOut.contentOffset != model.contentOffset { contentOffset = CGPoint(kb: laidOut.contentOffset) }
    }
}

/// `UIScrollView.ContentInsetAdjustmentBehavior` (iOS 11).
public enum UIScrollViewContentInsetAdjustmentBehavior: Int, Sendable {
    case automatic, scrollableAxes, never, always

    /// The simulator's behaviour, as UIKit names it.
    public init(_ adjustment: InsetAdjustment) {
        switch adjustment {
        case .automatic: self = .automatic
        case .scrollableAxes: self = .scrollableAxes
        case .never: self = .never
        case .always: self = .always
        }
    }

    var insetAdjustment: InsetAdjustment {
        switch self {
        case .automatic: .automatic
        case .scrollableAxes: .scrollableAxes
        case .never: .never
        case .always: .always
        }
    }
}

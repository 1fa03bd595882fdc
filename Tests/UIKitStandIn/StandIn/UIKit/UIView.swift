import KeyboardGeometry
import KeyboardWorld

/// `UIView`: the view tree, geometry, conversions, safe area, the move
/// callbacks and layout, with UIKit's rules.
///
/// - Geometry: `frame` is in the superview's bounds space; `bounds` has the
///   frame's size and an origin of its own (a scroll view's is its content
///   offset). Setting `bounds` resizes around the centre, as UIKit does.
/// - Key-value observing (see ``NSKeyValueObservation``): `frame` and
///   `bounds` notify their observers; a frame's change notifies `bounds`
///   observers only under ``UIKitReadings/frameChangeNotifiesBoundsObservers``.
/// - `safeAreaInsets`: the part of the window's safe area the view lies
///   under, read from the window whenever asked (UIKit updates it during
///   layout; the stand-in never lets it go stale).
/// - Moves: `addSubview` and `removeFromSuperview` call
///   `willMove(toSuperview:)`, then, when the window changes,
///   `willMove(toWindow:)` on the moved view and each descendant, then
///   `didMoveToWindow()` and `didMoveToSuperview()` in the order
///   ``UIKitReadings/moveCallbacks`` gives. A first responder inside a
///   tree that leaves its window resigns first.
/// - Layout: `setNeedsLayout()` marks a view; `layoutIfNeeded()` lays out
///   the marked views of its tree (``UIScrollView`` keeps its offset in
///   range there), and so does the end of each turn of the main queue, for
///   the key window, as UIKit's update cycle does
///   (``UIKitStandIn/turnEnded()``, called by whoever turns the queue). A
///   new frame marks the view and its descendants (their
///   place in the window, and so their safe area, changed).
/// - `safeAreaInsetsDidChange()`: called on a marked view, as the layout
///   pass reaches it, when its safe area differs from the one last
///   reported (none at first), before its `layoutSubviews()`.
@MainActor
open class UIView: UIResponder, UICoordinateSpace {
    private var storedFrame: CGRect
    private var storedBoundsOrigin: CGPoint = .zero
    public private(set) weak var superview: UIView?
    public private(set) var subviews: [UIView] = []
    open var isHidden = false
    open var isUserInteractionEnabled = true
    /// The view controller whose root view this is.
    weak var viewController: UIViewController?
    var observers = ObserverList()
    private(set) var needsLayout = false
    /// The safe area last reported by ``safeAreaInsetsDidChange()``.
    private var reportedSafeArea: UIEdgeInsets = .zero

    public init(frame: CGRect) {
        storedFrame = frame
        super.init()
    }

    public required init?(coder: NSCoder) {
        storedFrame = .zero
        super.init()
    }

    public convenience override init() { self.init(frame: .zero) }

    // MARK: Geometry

    open var frame: CGRect {
        get { storedFrame }
        set {
            invalidateLayoutOfTree()
            let keys: [ObservedKey] = UIKitStandIn.readings.frameChangeNotifiesBoundsObservers ? [.frame, .bounds] : [.frame]
            notifying(keys) { storedFrame = newValue }
            frameDidChange()
        }
    }

    open var bounds: CGRect {
        get { CGRect(origin: boundsOrigin, size: storedFrame.size) }
        set {
            invalidateLayoutOfTree()
            notifying([.bounds]) {
                let f = storedFrame
                storedFrame = CGRect(
                    x: f.midX - newValue.width / 2, y: f.midY - newValue.height / 2, width: newValue.width, height: newValue.height)
                boundsOrigin = newValue.origin
            }
            frameDidChange()
        }
    }

    /// The bounds' origin, without notifying observers (a scroll view's is
    /// its content offset).
    var boundsOrigin: CGPoint {
        get { storedBoundsOrigin }
        set { storedBoundsOrigin = newValue }
    }

    /// Called after the frame changed (a scroll view updates its model).
    func frameDidChange() {}

    /// The window the view is in: the root of its tree, when that is one.
    open var window: UIWindow? {
        var v = self
        while let s = v.superview { v = s }
        return v as? UIWindow
    }

    open override var next: UIResponder? { viewController ?? superview }

    open var safeAreaInsets: UIEdgeInsets {
        guard let window, window !== self else { return .zero }
        let frame = convert(bounds, to: nil).kb
        return UIEdgeInsets(kb: window.safeAreaInsets.kb.safeArea(ofViewAt: frame, inContainerOf: window.bounds.size.kb))
    }

    // MARK: Conversions

    /// `rect`, given in this view's bounds, in its root's bounds (its
    /// window's space when it is in one).
    private func rectInRoot(_ rect: CGRect) -> (CGRect, UIView) {
        var r = rect, v = self
        while let s = v.superview {
            r.origin.x += v.frame.minX - v.boundsOrigin.x
            r.origin.y += v.frame.minY - v.boundsOrigin.y
            v = s
        }
        return (r, v)
    }

    /// `rect`, given in this view's bounds, in the screen's space.
    func rectInScreen(_ rect: CGRect) -> CGRect {
        let (r, root) = rectInRoot(rect)
        guard let window = root as? UIWindow else { return r }
        return r.offsetBy(dx: window.frame.minX - window.boundsOrigin.x, dy: window.frame.minY - window.boundsOrigin.y)
    }

    /// `rect`, given in the screen's space, in this view's bounds.
    func rectFromScreen(_ rect: CGRect) -> CGRect {
        let origin = rectInScreen(CGRect(origin: .zero, size: .zero)).origin
        return rect.offsetBy(dx: -origin.x, dy: -origin.y)
    }

    open func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        guard let view else { return rectInRoot(rect).0 }
        return view.rectFromScreen(rectInScreen(rect))
    }

    open func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        convert(CGRect(origin: point, size: .zero), to: view).origin
    }

    open func convert(_ rect: CGRect, to coordinateSpace: any UICoordinateSpace) -> CGRect {
        screenRect(rectInScreen(rect), into: coordinateSpace)
    }

    open func isDescendant(of view: UIView) -> Bool {
        var v: UIView? = self
        while let current = v {
            if current === view { return true }
            v = current.superview
        }
        return false
    }

    // MARK: The tree

    open func addSubview(_ view: UIView) {
        guard view !== self, !isDescendant(of: view) else { return }
        if view.superview === self {
            // Already here: brought to the front, with no callbacks.
            subviews.removeAll { $0 === view }
            subviews.append(view)
            return
        }
        view.move(to: self)
    }

    open func removeFromSuperview() {
        guard superview != nil else { return }
        move(to: nil)
    }

    /// Moves this view to `newSuperview` (nil: out of the tree), with the
    /// callbacks in the order the readings give.
    private func move(to newSuperview: UIView?) {
        let oldWindow = window
        let newWindow = newSuperview.flatMap { $0 as? UIWindow ?? $0.window }
        let windowChanges = oldWindow !== newWindow
        if windowChanges, let oldWindow, let responder = oldWindow.firstResponder as? UIView, responder.isDescendant(of: self) {
            responder.resignFirstResponder()
        }
        let tree = self.tree
        willMove(toSuperview: newSuperview)
        if windowChanges { for v in tree { v.willMove(toWindow: newWindow) } }
        invalidateLayoutOfTree()
        superview?.subviews.removeAll { $0 === self }
        superview = newSuperview
        newSuperview?.subviews.append(self)
        switch UIKitStandIn.readings.moveCallbacks {
        case .windowInsideSuperview:
            if windowChanges { for v in tree { v.didMoveToWindow() } }
            didMoveToSuperview()
        case .superviewBeforeWindow:
            didMoveToSuperview()
            if windowChanges { for v in tree { v.didMoveToWindow() } }
        }
    }

    /// This view and its descendants, parents before children.
    var tree: [UIView] {
        var all: [UIView] = [self]
        var i = 0
        while i < all.count {
            all.append(contentsOf: all[i].subviews)
            i += 1
        }
        return all
    }

    open func willMove(toSuperview newSuperview: UIView?) {}
    open func didMoveToSuperview() {}
    open func willMove(toWindow newWindow: UIWindow?) {}
    open func didMoveToWindow() {}

    // MARK: Layout

    /// Marks the view for layout.
    open func setNeedsLayout() {
        if !needsLayout { layoutWillBeNeeded() }
        needsLayout = true
    }

    /// Called as the view is first marked since its last layout, before
    /// whatever marked it changes anything.
    func layoutWillBeNeeded() {}

    /// Marks the view and its descendants.
    func invalidateLayoutOfTree() {
        for v in tree { v.setNeedsLayout() }
    }

    /// Lays out the marked views of this view's tree, parents first.
    open func layoutIfNeeded() {
        for v in tree where v.needsLayout {
            v.needsLayout = false
            let safe = v.safeAreaInsets
            if safe != v.reportedSafeArea {
                v.reportedSafeArea = safe
                v.safeAreaInsetsDidChange()
            }
            v.layoutSubviews()
        }
    }

    open func layoutSubviews() {}

    /// The view's safe area changed (see the type's notes for when).
    open func safeAreaInsetsDidChange() {}
}

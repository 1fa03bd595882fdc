#if canImport(UIKit)
import KeyboardAvoidance
import KeyboardAvoidanceFoundation
import KeyboardGeometry
import KeyboardTrace
import KeyboardTraceCapture
import UIKit

/// Keyboard avoidance for one `UIScrollView` (table and collection views
/// included), in one call:
///
///     let avoidance = KeyboardAvoidanceController.attach(to: scrollView)
///     …
///     avoidance.detach()   // puts back the app's own insets
///
/// It builds each ``LayoutSnapshot`` from the live hierarchy (the screen and
/// orientation from the window scene, the window in the screen, the scroll
/// view's frame in the window, the safe area, the app's own inset, the
/// inset-adjustment behaviour as UIKit applies it), follows the first
/// responder (begin and end editing of text fields and text views inside
/// the scroll view, a text view's caret as its text changes), follows the
/// view into and out of its window, and performs each action inside an
/// animation with the keyboard's duration and curve. It sets the content
/// inset, the vertical indicator insets and the offset; never a frame.
///
/// Apple platforms only. This file is compiled by the macOS CI job and has
/// not run on a device by the team; see the README.
@MainActor
public final class KeyboardAvoidanceController: NSObject {
    /// The scroll view avoidance is attached to (weak: the controller never
    /// keeps a view alive).
    public private(set) weak var scrollView: UIScrollView?
    private var state = AttachmentState()
    private var observer: KeyboardNotificationObserver?
    private var observedKeyPaths: [String] = []
    private var sentinel: WindowSentinel?
    private var lastSize: CGSize = .zero
    private var focusedView: UIView?
    private var recorder: KeyboardTraceRecorder?

    private static var attached: [ObjectIdentifier: KeyboardAvoidanceController] = [:]

    /// Attaches avoidance to `scrollView`, or returns the controller already
    /// attached to it.
    @discardableResult
    public static func attach(to scrollView: UIScrollView, policy: AvoidancePolicy = AvoidancePolicy()) -> KeyboardAvoidanceController {
        let id = ObjectIdentifier(scrollView)
        if let existing = attached[id], existing.scrollView === scrollView { return existing }
        let controller = KeyboardAvoidanceController(scrollView: scrollView, policy: policy)
        attached[id] = controller
        return controller
    }

    private init(scrollView: UIScrollView, policy: AvoidancePolicy) {
        self.scrollView = scrollView
        lastSize = scrollView.bounds.size
        super.init()
        guard case .attached(let appearsNow) = state.attach(
            contentInset: KBEdgeInsets(scrollView.contentInset), indicatorInsets: KBEdgeInsets(scrollView.verticalScrollIndicatorInsets),
            inWindow: scrollView.window != nil
        ) else { return }
        let avoider = KeyboardAvoider(policy: policy, frameSpace: .oriented, visible: appearsNow)
        observer = KeyboardNotificationObserver(
            avoider: avoider,
            layout: { [weak self] in MainActor.assumeIsolated { self?.snapshot() } ?? Self.emptySnapshot },
            perform: { [weak self] action in MainActor.assumeIsolated { self?.perform(action) } }
        )
        observeEditing()
        observeScrollView(scrollView)
        let sentinel = WindowSentinel { [weak self] inWindow in self?.windowChanged(inWindow: inWindow) }
        sentinel.isHidden = true
        sentinel.isUserInteractionEnabled = false
        scrollView.addSubview(sentinel)
        self.sentinel = sentinel
    }

    /// Stops avoiding: puts back the app's own insets (the newest it set) and
    /// removes every observer. Detaching twice does nothing.
    public func detach() {
        if let scrollView {
            observer?.send { $0.viewDisappeared(in: $1) }
            Self.attached[ObjectIdentifier(scrollView)] = nil
        }
        NotificationCenter.default.removeObserver(self)
        for keyPath in observedKeyPaths { scrollView?.removeObserver(self, forKeyPath: keyPath) }
        observedKeyPaths = []
        observer = nil
        sentinel?.removeFromSuperview()
        sentinel = nil
        recorder?.stop()
        if let own = state.detach(), let scrollView {
            scrollView.contentInset = UIEdgeInsets(own.contentInset)
            scrollView.verticalScrollIndicatorInsets = UIEdgeInsets(own.indicatorInsets)
        }
    }

    /// Records everything this controller sees (keyboard notifications with
    /// every userInfo key, focus, layout and appearance) as a `.kbtrace` at
    /// `path`, written atomically after each event; `kbbench replay` reads
    /// it. Returns the recorder; stop it with `stop()` or by detaching.
    @discardableResult
    public func startRecording(to path: String) -> KeyboardTraceRecorder? {
        guard let layout = snapshot() else { return nil }
        let header = TraceHeader(
            profile: UIDevice.current.userInterfaceIdiom == .pad ? .ipados : .ios13, screen: layout.screen, orientation: layout.orientation,
            window: layout.window,
            scrollView: ScrollViewSetup(
                frame: layout.scrollViewFrame, safeArea: layout.safeArea, contentInset: layout.contentInset, insetAdjustment: layout.insetAdjustment,
                alwaysBounceVertical: layout.alwaysBounceVertical, alwaysBounceHorizontal: layout.alwaysBounceHorizontal,
                contentSize: layout.contentSize, contentOffset: layout.contentOffset
            ),
            fields: focusedField().map { [$0.frame] } ?? [], policy: AvoidancePolicy()
        )
        let r = KeyboardTraceRecorder(path: path, header: header)
        recorder = r
        return r
    }

    // MARK: Reading the hierarchy

    private nonisolated static let emptySnapshot = LayoutSnapshot(screen: KBSize(width: 1, height: 1), scrollViewFrame: .zero, contentSize: .zero)

    /// The snapshot of the scroll view now, or nil when it is not in a window.
    private func snapshot() -> LayoutSnapshot? {
        guard let scrollView, let window = scrollView.window, let book = state.book else { return nil }
        let screen = window.windowScene?.screen ?? UIScreen.main
        let reading = ScrollViewReading(
            screenBounds: KBRect(screen.bounds), interfaceOrientation: window.windowScene?.interfaceOrientation.rawValue ?? 0,
            windowFrameInScreen: KBRect(window.convert(window.bounds, to: screen.coordinateSpace)),
            frameInWindow: KBRect(scrollView.superview?.convert(scrollView.frame, to: window) ?? scrollView.frame),
            safeAreaInsets: KBEdgeInsets(scrollView.safeAreaInsets), contentInset: KBEdgeInsets(scrollView.contentInset),
            adjustedContentInset: KBEdgeInsets(scrollView.adjustedContentInset), ownContentInset: book.ownContentInset,
            insetAdjustmentBehavior: scrollView.contentInsetAdjustmentBehavior.rawValue,
            alwaysBounceVertical: scrollView.alwaysBounceVertical, alwaysBounceHorizontal: scrollView.alwaysBounceHorizontal,
            contentSize: KBSize(scrollView.contentSize), contentOffset: KBPoint(scrollView.contentOffset)
        )
        return reading.snapshot
    }

    /// The first responder's frame in content coordinates (a scroll view's
    /// own coordinate space), with a text view's caret.
    private func focusedField() -> FocusedField? {
        guard let view = focusedView, let scrollView, view.isDescendant(of: scrollView) else { return nil }
        let frame = KBRect(view.convert(view.bounds, to: scrollView))
        var caret: KBRect?
        if let textView = view as? UITextView, let range = textView.selectedTextRange {
            caret = KBRect(textView.convert(textView.caretRect(for: range.end), to: scrollView))
        }
        return FocusedField(frame: frame, caret: caret)
    }

    // MARK: Events

    // Selector-based observers: UIKit posts these on the main thread, and an
    // @objc method of a main-actor class runs there.
    private func observeEditing() {
        let center = NotificationCenter.default
        for name in [UITextField.textDidBeginEditingNotification, UITextView.textDidBeginEditingNotification] {
            center.addObserver(self, selector: #selector(editingBegan(_:)), name: name, object: nil)
        }
        for name in [UITextField.textDidEndEditingNotification, UITextView.textDidEndEditingNotification] {
            center.addObserver(self, selector: #selector(editingEnded(_:)), name: name, object: nil)
        }
        // A text view's caret moves with its text.
        center.addObserver(self, selector: #selector(textChanged(_:)), name: UITextView.textDidChangeNotification, object: nil)
    }

    @objc private func editingBegan(_ note: Notification) { began(note.object as? UIView) }

    @objc private func editingEnded(_ note: Notification) { ended(note.object as? UIView) }

    @objc private func textChanged(_ note: Notification) {
        guard let view = note.object as? UIView, view === focusedView, let field = focusedField() else { return }
        observer?.send { $0.focusBegan(field, in: $1) }
    }

    private func began(_ view: UIView?) {
        guard let view, let scrollView, view.isDescendant(of: scrollView) else { return }
        focusedView = view
        guard let field = focusedField() else { return }
        recorder?.layout(LayoutChange(), fields: [field.frame])
        recorder?.focus(field: 0, caret: field.caret)
        observer?.send { $0.focusBegan(field, in: $1) }
    }

    private func ended(_ view: UIView?) {
        guard let view, view === focusedView else { return }
        focusedView = nil
        recorder?.blur()
        observer?.send { $0.focusEnded(in: $1) }
    }

    private func observeScrollView(_ scrollView: UIScrollView) {
        for keyPath in ["contentInset", "contentSize", "bounds"] {
            scrollView.addObserver(self, forKeyPath: keyPath, options: [.new], context: nil)
            observedKeyPaths.append(keyPath)
        }
    }

    /// Key-value observing of the scroll view (UIKit changes these on the
    /// main thread).
    override public nonisolated func observeValue(
        forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?, context: UnsafeMutableRawPointer?
    ) {
        let key = keyPath
        MainActor.assumeIsolated { self.scrollViewChanged(key) }
    }

    private func scrollViewChanged(_ keyPath: String?) {
        guard let scrollView else { return }
        switch keyPath {
        case "contentInset":
            contentInsetChanged(KBEdgeInsets(scrollView.contentInset))
        case "contentSize":
            layoutChanged()
        case "bounds":
            // The bounds' origin is the content offset: only a new size is a
            // layout change (a rotation, a resize).
            guard scrollView.bounds.size != lastSize else { return }
            lastSize = scrollView.bounds.size
            layoutChanged()
        default:
            break
        }
    }

    private func contentInsetChanged(_ inset: KBEdgeInsets) {
        if state.withBook({ $0.contentInsetChanged(to: inset) }) == .appChanged { layoutChanged() }
    }

    private func layoutChanged() {
        if let layout = snapshot() {
            recorder?.layout(LayoutChange(
                screen: layout.screen, orientation: layout.orientation, window: layout.window, frame: layout.scrollViewFrame,
                safeArea: layout.safeArea, contentInset: layout.contentInset, insetAdjustment: layout.insetAdjustment,
                alwaysBounceVertical: layout.alwaysBounceVertical, alwaysBounceHorizontal: layout.alwaysBounceHorizontal,
                contentSize: layout.contentSize
            ))
        }
        observer?.send { $0.layoutChanged($1) }
    }

    private func windowChanged(inWindow: Bool) {
        switch state.windowChanged(inWindow: inWindow) {
        case .appear:
            recorder?.appear()
            observer?.send { $0.viewAppeared(in: $1) }
        case .disappear:
            recorder?.disappear()
            observer?.send { $0.viewDisappeared(in: $1) }
        case .none:
            break
        }
    }

    // MARK: Acting

    private func perform(_ action: AvoidanceAction) {
        guard let scrollView, let a = action.adjustment else { return }
        let restoring: Bool
        if case .restore = action { restoring = true } else { restoring = false }
        _ = state.withBook { book in
            if restoring { book.willRestore() } else { book.willApply(contentInset: a.contentInset, indicatorInsets: a.indicatorInsets) }
            return .ours
        }
        let changes = {
            scrollView.contentInset = UIEdgeInsets(a.contentInset)
            scrollView.verticalScrollIndicatorInsets = UIEdgeInsets(a.indicatorInsets)
            if let o = a.contentOffset { scrollView.contentOffset = CGPoint(x: o.x, y: o.y) }
        }
        if a.animation.duration > 0 {
            let options = UIView.AnimationOptions(rawValue: UIKitValues.animationOptions(curve: a.animation.curve))
            UIView.animate(withDuration: a.animation.duration, delay: 0, options: options, animations: changes)
        } else {
            changes()
        }
    }
}

/// A hidden, zero-size subview that reports the scroll view's moves into and
/// out of a window (`didMoveToWindow`): the view's appearance.
private final class WindowSentinel: UIView {
    private let moved: @MainActor (Bool) -> Void

    init(moved: @escaping @MainActor (Bool) -> Void) {
        self.moved = moved
        super.init(frame: .zero)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("not used from a storyboard") }

    override func didMoveToWindow() {
        super.didMoveToWindow()
        moved(window != nil)
    }
}

extension KBRect {
    init(_ r: CGRect) { self.init(x: Double(r.origin.x), y: Double(r.origin.y), width: Double(r.size.width), height: Double(r.size.height)) }
}

extension KBSize {
    init(_ s: CGSize) { self.init(width: Double(s.width), height: Double(s.height)) }
}

extension KBPoint {
    init(_ p: CGPoint) { self.init(x: Double(p.x), y: Double(p.y)) }
}

extension KBEdgeInsets {
    init(_ e: UIEdgeInsets) { self.init(top: Double(e.top), left: Double(e.left), bottom: Double(e.bottom), right: Double(e.right)) }
}

extension UIEdgeInsets {
    init(_ e: KBEdgeInsets) { self.init(top: CGFloat(e.top), left: CGFloat(e.left), bottom: CGFloat(e.bottom), right: CGFloat(e.right)) }
}
#endif

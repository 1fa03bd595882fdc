#if canImport(UIKit)
import KeyboardAvoidance
import KeyboardAvoidanceFoundation
import KeyboardAvoidanceSceneGeometry
import KeyboardGeometry
import ObjectiveC
import UIKit

/// Keyboard avoidance for one `UIScrollView` (table and collection views
/// included), in one call:
///
///     let avoidance = KeyboardAvoidanceController.attach(to: scrollView)
///     …
///     avoidance.detach()   // puts back the app's own insets
///
/// It reads the live hierarchy into plain numbers (the screen and
/// orientation from the window scene, the window in the screen, the scroll
/// view's frame in the window, the safe area, the insets, the
/// inset-adjustment behaviour as UIKit applies it), follows the first
/// responder inside the scroll view and a text view's caret, follows the
/// view into and out of windows and its resizes (key-value observing of
/// its frame, its bounds and its content size, gathered per layout pass),
/// its safe area (a hidden sentinel over its bounds hears
/// `safeAreaInsetsDidChange()`) and, from iOS 16, its window moved or
/// resized by the user (key-value observing of the window scene's
/// `effectiveGeometry`), and performs what the engine answers
/// inside an animation with the keyboard's duration and curve. It sets the
/// content inset, the vertical indicator insets and the offset; never a
/// frame. Every decision is made by ``ScrollViewAttachment``, which is
/// compiled and tested on every platform; this file only reads UIKit and
/// performs.
///
/// Lifetime: the scroll view keeps its controller (an associated object),
/// so a view released without `detach()` takes its controller with it.
///
/// A chat screen's transcript is attached with its composer, the bar with
/// the message field, outside the scroll view and pinned to
/// `keyboardLayoutGuide`:
///
///     KeyboardAvoidanceController.attach(to: transcript, composer: composerBar)
///
/// The engine then keeps the newest message right above the composer, or
/// the rows the user reads in place (docs/contract.md, "Chat screens"). The
/// composer's height is read off its bounds as it grows; a message that
/// arrives (the content size), the composer's growth and the user's own
/// scroll (the offset moved while the user drags it, or while it
/// decelerates) are the app's events (``LayoutPass``).
///
/// A `UITableViewController`'s own table view is declined (see
/// ``declined``): the controller already avoids the keyboard itself.
///
/// Apple platforms only. Compiled by the macOS CI job; not yet run on a
/// device by the team (see the README).
@MainActor
public final class KeyboardAvoidanceController: NSObject {
    /// The scroll view avoidance is attached to (weak: the controller never
    /// keeps a view alive).
    public private(set) weak var scrollView: UIScrollView?
    /// The policy avoidance was attached with.
    public let policy: AvoidancePolicy
    /// Why this controller does nothing, or nil when it avoids the keyboard.
    public let declined: AttachmentDeclined?
    private var attachment: ScrollViewAttachment
    private var filter = WindowSentinelFilter()
    private var sentinel: WindowSentinel?
    private var observers: [@MainActor (AvoiderEvent, LayoutSnapshot) -> Void] = []
    private weak var focusedView: UIView?
    /// Released with the controller; each removes or invalidates what it holds.
    private var centerObservation: NotificationObservation?
    private var keyValueObservations: [NSKeyValueObservation] = []
    /// The caret poll's ticks, while a text view is focused.
    private var caretPoll: GlueTicker?
    private var lastBoundsSize: CGSize = .zero
    /// The scroll view's safe area as last handed on.
    private var lastSafeAreaInsets: UIEdgeInsets = .zero
    /// A chat screen's composer: its view (weak: a composer released
    /// before the transcript reads as 0 pt high) and its resting line.
    private let composer: ComposerView?
    /// The composer's height as last handed on.
    private var lastComposerHeight: CGFloat = 0
    /// The observation of the window scene's geometry (iOS 16), and the
    /// scene it observes.
    private var sceneObservation: NSKeyValueObservation?
    private weak var observedScene: UIWindowScene?

    /// Attaches avoidance to `scrollView`, or returns the controller already
    /// attached to it. A field inside it that is already editing is followed
    /// at once.
    @discardableResult
    public static func attach(to scrollView: UIScrollView, policy: AvoidancePolicy = AvoidancePolicy()) -> KeyboardAvoidanceController {
        attach(scrollView, composer: nil, policy: policy)
    }

    /// Attaches avoidance to a chat screen's `transcript`, whose composer
    /// is `composer`: a view outside the transcript whose bottom edge is
    /// pinned to the top of `keyboardLayoutGuide`. With `restsOnSafeArea`
    /// (the guide's default, `usesBottomSafeArea`), the composer rests on
    /// the window's bottom safe area while no keyboard is docked; without
    /// it, on the window's bottom edge. Returns the controller already
    /// attached to `transcript`, if any, as it was attached.
    @discardableResult
    public static func attach(
        to transcript: UIScrollView, composer: UIView, restsOnSafeArea: Bool = true, policy: AvoidancePolicy = AvoidancePolicy()
    ) -> KeyboardAvoidanceController {
        attach(transcript, composer: ComposerView(view: composer, restsOnSafeArea: restsOnSafeArea), policy: policy)
    }

    private static func attach(_ scrollView: UIScrollView, composer: ComposerView?, policy: AvoidancePolicy) -> KeyboardAvoidanceController {
        let holder = objc_getAssociatedObject(scrollView, slotKey) as? KeyboardAvoidanceController
        if let holder, AttachmentSlot.claim(holderIsAttached: holder.attachment.isAttached) == .reuse { return holder }
        let controller = KeyboardAvoidanceController(scrollView: scrollView, composer: composer, policy: policy)
        objc_setAssociatedObject(scrollView, slotKey, controller, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        return controller
    }

    /// The address that names the association (its value is never read).
    private static let slotKey = UnsafeRawPointer(UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1))

    private init(scrollView: UIScrollView, composer: ComposerView?, policy: AvoidancePolicy) {
        self.scrollView = scrollView
        self.policy = policy
        self.composer = composer
        let owner = scrollView.next as? UITableViewController
        declined = owner?.tableView === scrollView ? .tableViewControllerAvoidsKeyboard : nil
        let responder = Self.firstResponder(in: scrollView)
        let reading = Self.reading(of: scrollView, composer: composer)
        let (attachment, step) = ScrollViewAttachment.attach(
            policy: policy, contentInset: KBEdgeInsets(scrollView.contentInset),
            indicatorInsets: KBEdgeInsets(scrollView.verticalScrollIndicatorInsets), reading: reading,
            focused: responder.flatMap { Self.field(of: $0, in: scrollView) }
        )
        self.attachment = attachment
        lastBoundsSize = scrollView.bounds.size
        lastSafeAreaInsets = scrollView.safeAreaInsets
        lastComposerHeight = composer?.view?.bounds.height ?? 0
        super.init()
        guard declined == nil else {
            _ = self.attachment.detach()
            return
        }
        focusedView = responder
        observeNotifications()
        observeScrollView(scrollView)
        installSentinel(in: scrollView)
        observeScene()
        if responder is UITextView { startCaretPoll() }
        perform(step)
    }

    /// Stops avoiding: puts back the app's own insets (the newest it set)
    /// and removes every observer. Detaching twice does nothing; detaching
    /// is not a disappearance.
    public func detach() {
        let change = attachment.detach()
        centerObservation = nil
        keyValueObservations = []
        sceneObservation = nil
        caretPoll = nil
        sentinel?.removeFromSuperview()
        sentinel = nil
        observers = []
        guard let scrollView else { return }
        if let change { set(change, on: scrollView) }
        let holder = objc_getAssociatedObject(scrollView, Self.slotKey) as AnyObject?
        if AttachmentSlot.releases(holder, by: self) {
            objc_setAssociatedObject(scrollView, Self.slotKey, nil, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        }
    }

    /// The layout the engine would be handed now; nil when detached or when
    /// the view has not been in a window.
    public var layout: LayoutSnapshot? { attachment.layout }

    /// The layout `scrollView` is in now, read as an attached controller
    /// reads it, its content inset taken as the app's own, without attaching
    /// anything: the start of a recording for an app whose own code moves
    /// the view (`KeyboardTraceRecorder`'s `observing:`). A chat screen's
    /// transcript is read with its `composer`, as
    /// ``attach(to:composer:restsOnSafeArea:policy:)`` takes it. Nil when
    /// the view is in no window.
    public static func layout(of scrollView: UIScrollView, composer: UIView? = nil, restsOnSafeArea: Bool = true) -> LayoutSnapshot? {
        let composer = composer.map { ComposerView(view: $0, restsOnSafeArea: restsOnSafeArea) }
        return reading(of: scrollView, composer: composer)?.snapshot(ownContentInset: KBEdgeInsets(scrollView.contentInset))
    }

    /// Calls `observer` with every event handed to the engine and the layout
    /// it was judged in, in order: a trace recorder's `record(_:in:)` takes
    /// them as they are. Keyboard notifications are among them. While a
    /// field is focused, the observer first hears of that focus (with the
    /// newest layout), so that a recording started then knows the field.
    public func observeEvents(_ observer: @escaping @MainActor (AvoiderEvent, LayoutSnapshot) -> Void) {
        observers.append(observer)
        if let focus = attachment.focusToCatchUp { observer(focus.event, focus.layout) }
    }

    // MARK: Reading the hierarchy

    /// The view's layout now, with the composer of a chat screen, or nil
    /// when it is in no window.
    private static func reading(of scrollView: UIScrollView, composer: ComposerView?) -> ScrollViewReading? {
        guard let window = scrollView.window else { return nil }
        let screen = window.windowScene?.screen ?? window.screen
        return ScrollViewReading(
            screenBounds: KBRect(screen.bounds), interfaceOrientation: window.windowScene?.interfaceOrientation.rawValue ?? 0,
            windowFrameInScreen: KBRect(window.convert(window.bounds, to: screen.coordinateSpace)),
            frameInWindow: KBRect(scrollView.superview?.convert(scrollView.frame, to: window) ?? scrollView.frame),
            safeAreaInsets: KBEdgeInsets(scrollView.safeAreaInsets), contentInset: KBEdgeInsets(scrollView.contentInset),
            indicatorInsets: KBEdgeInsets(scrollView.verticalScrollIndicatorInsets),
            adjustedContentInset: KBEdgeInsets(scrollView.adjustedContentInset),
            insetAdjustmentBehavior: scrollView.contentInsetAdjustmentBehavior.rawValue,
            alwaysBounceVertical: scrollView.alwaysBounceVertical, alwaysBounceHorizontal: scrollView.alwaysBounceHorizontal,
            contentSize: KBSize(scrollView.contentSize), contentOffset: KBPoint(scrollView.contentOffset),
            composer: composer.map {
                Composer(
                    height: Double($0.view?.bounds.height ?? 0), restingInset: $0.restsOnSafeArea ? Double(window.safeAreaInsets.bottom) : 0)
            }
        )
    }

    private var reading: ScrollViewReading? { scrollView.flatMap { Self.reading(of: $0, composer: composer) } }

    /// The first responder among `view`'s descendants, if any.
    private static func firstResponder(in view: UIView) -> UIView? {
        for subview in view.subviews {
            if subview.isFirstResponder { return subview }
            if let found = firstResponder(in: subview) { return found }
        }
        return nil
    }

    /// `view`'s frame in the scroll view's content coordinates (its own
    /// coordinate space), with a text view's caret; nil when `view` is not
    /// inside it.
    private static func field(of view: UIView, in scrollView: UIScrollView) -> FocusedField? {
        guard view.isDescendant(of: scrollView) else { return nil }
        return FocusedField(frame: KBRect(view.convert(view.bounds, to: scrollView)), caret: caret(of: view, in: scrollView))
    }

    private static func caret(of view: UIView, in scrollView: UIScrollView) -> KBRect? {
        guard let textView = view as? UITextView, let range = textView.selectedTextRange else { return nil }
        return KBRect(textView.convert(textView.caretRect(for: range.end), to: scrollView))
    }

    // MARK: Events

    /// Keyboard and editing notifications, observed with blocks that hold
    /// the controller weakly. UIKit posts them on the main thread.
    private func observeNotifications() {
        let center = NotificationCenter.default
        var tokens = center.observeKeyboardOnMainActor { [weak self] n in self?.keyboardPosted(n) }
        let began = [UITextField.textDidBeginEditingNotification, UITextView.textDidBeginEditingNotification]
        let ended = [UITextField.textDidEndEditingNotification, UITextView.textDidEndEditingNotification]
        for name in began + ended {
            let isBegin = began.contains(name)
            tokens.append(
                center.addObserver(forName: name, object: nil, queue: nil) { [weak self] note in
                    let view = note.object as? UIView
                    let controller = self
                    MainActorHop.run { isBegin ? controller?.editingBegan(view) : controller?.editingEnded(view) }
                })
        }
        // A text view's caret moves with its text, and the view may grow:
        // read it once the text has been laid out, on the next turn of the
        // main queue.
        tokens.append(
            center.addObserver(forName: UITextView.textDidChangeNotification, object: nil, queue: nil) { [weak self] note in
                let view = note.object as? UIView
                let controller = self
                MainActorHop.run {
                    guard let controller, view === controller.focusedView else { return }
                    GlueScheduler.current.nextTurn { [weak controller] in controller?.focusedFieldMayHaveMoved() }
                }
            })
        centerObservation = NotificationObservation(center: center, tokens: tokens)
    }

    private func keyboardPosted(_ n: KeyboardNotification) {
        perform(attachment.keyboard(n, reading: reading))
    }

    private func editingBegan(_ view: UIView?) {
        guard let view, let scrollView, let field = Self.field(of: view, in: scrollView) else { return }
        focusedView = view
        if view is UITextView { startCaretPoll() } else { caretPoll = nil }
        perform(attachment.focusBegan(field, reading: reading))
    }

    /// Handed on at the end of the turn, unless another field begins
    /// editing in it (a switch).
    private func editingEnded(_ view: UIView?) {
        guard let view, view === focusedView else { return }
        focusedView = nil
        caretPoll = nil
        guard attachment.focusEnded() else { return }
        GlueScheduler.current.nextTurn { [weak self] in self?.focusSettled() }
    }

    private func focusSettled() {
        perform(attachment.focusSettled(reading: reading))
    }

    /// A caret can move without the text changing (a tap, the arrow keys, a
    /// selection); while a text view is focused, it is read ten times a
    /// second, frame and caret, and a move reaches the engine only when it
    /// is one (``ScrollViewAttachment/focusedFieldRead(_:reading:)``). The
    /// ticks come from ``GlueScheduler`` (in an app, a timer source on the
    /// main queue, so they also come while the user scrolls).
    private func startCaretPoll() {
        caretPoll = GlueScheduler.current.repeating(0.1) { [weak self] in self?.focusedFieldMayHaveMoved() }
    }

    /// Reads the focused field again: typing moves a text view's caret and
    /// can grow the view.
    private func focusedFieldMayHaveMoved() {
        guard let view = focusedView, let scrollView, let field = Self.field(of: view, in: scrollView) else { return }
        perform(attachment.focusedFieldRead(field, reading: reading))
    }

    private func observeScrollView(_ scrollView: UIScrollView) {
        // UIKit changes these on the main thread.
        keyValueObservations = [
            // Each report is of the value set (the bookkeeping counts the
            // sets), read from the change, not from the view.
            scrollView.observe(\.contentInset, options: [.new]) { [weak self] _, change in
                let controller = self, value = change.newValue
                MainActorHop.run { controller?.contentInsetChanged(to: value) }
            },
            scrollView.observe(\.verticalScrollIndicatorInsets, options: [.new]) { [weak self] _, change in
                let controller = self, value = change.newValue
                MainActorHop.run { controller?.indicatorInsetsChanged(to: value) }
            },
            scrollView.observe(\.contentSize, options: [.new]) { [weak self] _, _ in
                let controller = self
                MainActorHop.run { controller?.layoutChanged(contentOnly: true) }
            },
            scrollView.observe(\.bounds, options: [.new]) { [weak self] _, _ in
                let controller = self
                MainActorHop.run { controller?.boundsChanged() }
            },
            // The offset moves the bounds: the sentinel follows them. On a
            // chat screen, the user's own scroll is an event.
            scrollView.observe(\.contentOffset, options: [.new]) { [weak self] _, _ in
                let controller = self
                MainActorHop.run { controller?.contentOffsetChanged() }
            },
            // A frame set directly (autoresizing, the app's own code) is not
            // reported to `bounds` observers; Auto Layout's changes are.
            scrollView.observe(\.frame, options: [.new]) { [weak self] _, _ in
                let controller = self
                MainActorHop.run { controller?.frameChanged() }
            },
        ]
        // A composer that grows with its text changes its bounds (Auto
        // Layout), or its frame (set by the app's code); its height alone
        // is read.
        if let view = composer?.view {
            keyValueObservations += [
                view.observe(\.bounds, options: [.new]) { [weak self] _, _ in
                    let controller = self
                    MainActorHop.run { controller?.composerResized() }
                },
                view.observe(\.frame, options: [.new]) { [weak self] _, _ in
                    let controller = self
                    MainActorHop.run { controller?.composerResized() }
                },
            ]
        }
    }

    /// The offset moved: the sentinel follows the bounds, and on a chat
    /// screen a move the user makes (dragging, or the deceleration a drag
    /// started) reaches the engine once its turn is over.
    private func contentOffsetChanged() {
        sentinelFollowsBounds()
        guard composer != nil, let scrollView, scrollView.isTracking || scrollView.isDecelerating else { return }
        guard attachment.userScrollReported() else { return }
        GlueScheduler.current.nextTurn { [weak self] in self?.layoutPassEnded() }
    }

    /// The composer's height is handed on when it changed (a move with the
    /// keyboard is none).
    private func composerResized() {
        guard let height = composer?.view?.bounds.height, height != lastComposerHeight else { return }
        lastComposerHeight = height
        layoutChanged(contentOnly: true)
    }

    /// UIKit reports a set of the content inset (`value`: the value set;
    /// the view's own when the report carries none).
    private func contentInsetChanged(to value: UIEdgeInsets?) {
        guard let scrollView else { return }
        perform(attachment.contentInsetReported(KBEdgeInsets(value ?? scrollView.contentInset), reading: reading))
    }

    private func indicatorInsetsChanged(to value: UIEdgeInsets?) {
        guard let scrollView else { return }
        perform(attachment.indicatorInsetsReported(KBEdgeInsets(value ?? scrollView.verticalScrollIndicatorInsets)))
    }

    /// The bounds' origin is the content offset: only a new size is a layout
    /// change (a rotation, a resize).
    private func boundsChanged() {
        sentinelFollowsBounds()
        guard let scrollView, scrollView.bounds.size != lastBoundsSize else { return }
        lastBoundsSize = scrollView.bounds.size
        layoutChanged(contentOnly: false)
    }

    /// A new frame is a layout change, whether it moved or resized the view;
    /// the size it gave the bounds is known from now on (the offset the
    /// adapter sets later is then no resize).
    private func frameChanged() {
        guard let scrollView else { return }
        sentinelFollowsBounds()
        lastBoundsSize = scrollView.bounds.size
        layoutChanged(contentOnly: false)
    }

    /// The sentinel lies over the scroll view's bounds, so that its safe
    /// area is the scroll view's, whatever the offset. A sentinel that lay
    /// elsewhere while the safe area changed (its bounds' report came
    /// late) may have heard nothing: the safe area is read again as it
    /// moves.
    private func sentinelFollowsBounds() {
        guard let scrollView, let sentinel, sentinel.frame != scrollView.bounds else { return }
        sentinel.frame = scrollView.bounds
        safeAreaMayHaveChanged()
    }

    /// The sentinel's safe area changed, so the scroll view's may have (a
    /// bar of the app's own, the view controller's additional safe area, a
    /// window moved off the screen's edge): a new one is a layout change.
    private func safeAreaMayHaveChanged() {
        guard let scrollView, scrollView.safeAreaInsets != lastSafeAreaInsets else { return }
        lastSafeAreaInsets = scrollView.safeAreaInsets
        layoutChanged(contentOnly: false)
    }

    /// From iOS 16 the window scene's `effectiveGeometry` changes when the
    /// user moves, resizes or tiles the window (Stage Manager, iPadOS 26's
    /// windows, Split View): a move that keeps the window's size changes
    /// nothing else the adapter observes, yet moves the keyboard across the
    /// view. Observed for the scene the view is in, again whenever it
    /// moves to another window; before iOS 16 such a move is read at the
    /// next keyboard notification or layout pass.
    private func observeScene() {
        guard #available(iOS 16.0, *), let scene = scrollView?.window?.windowScene else {
            sceneObservation = nil
            observedScene = nil
            return
        }
        guard scene !== observedScene else { return }
        observedScene = scene
        sceneObservation = SceneGeometryObservation.observe(scene) { [weak self] in self?.layoutChanged(contentOnly: false) }
    }

    /// Gathers what UIKit reports of a layout pass, and hands it on once
    /// the pass is over (the next turn of the main queue).
    private func layoutChanged(contentOnly: Bool) {
        guard attachment.layoutReported(contentOnly: contentOnly) else { return }
        GlueScheduler.current.nextTurn { [weak self] in self?.layoutPassEnded() }
    }

    /// The pass is handed on; then the focused field is read again at
    /// once, not at the caret poll's next tick: a layout can move or resize
    /// it (a text view that grows as the user types).
    private func layoutPassEnded() {
        perform(attachment.layoutPassEnded(reading: reading))
        focusedFieldMayHaveMoved()
    }

    // MARK: The window sentinel

    private func installSentinel(in scrollView: UIScrollView) {
        let sentinel = WindowSentinel { [weak self] callback in self?.sentinelReported(callback) }
        sentinel.isHidden = true
        sentinel.isUserInteractionEnabled = false
        sentinel.frame = scrollView.bounds
        self.sentinel = sentinel
        scrollView.addSubview(sentinel)
    }

    private func sentinelReported(_ callback: WindowSentinel.Callback) {
        guard let scrollView, let sentinel else { return }
        let meaning: WindowSentinelFilter.Meaning
        switch callback {
        case .willMoveToSuperview(let superview): meaning = filter.willMove(toScrollView: superview === scrollView)
        case .willMoveToWindow(let hasWindow): meaning = filter.willMove(toWindow: hasWindow)
        case .didMoveToWindow: meaning = filter.didMoveToWindow(hasWindow: scrollView.window != nil)
        case .didMoveToSuperview: meaning = filter.didMove(inScrollView: sentinel.superview === scrollView, hasWindow: scrollView.window != nil)
        case .safeAreaDidChange:
            safeAreaMayHaveChanged()
            return
        }
        switch meaning {
        case .nothing:
            break
        case .windowWillChange(let toWindow):
            // Before the move: the reading is the layout the view is leaving.
            perform(attachment.windowWillChange(toWindow: toWindow, reading: reading))
        case .windowDidChange(let inWindow):
            observeScene()
            perform(attachment.windowDidChange(inWindow: inWindow, reading: reading))
        case .windowConfirmed(let inWindow):
            observeScene()
            perform(attachment.windowConfirmed(inWindow: inWindow, reading: reading))
        case .sentinelLeft:
            // Put back on the next turn, not inside UIKit's own removal.
            GlueScheduler.current.nextTurn { [weak self] in
                guard let self, self.attachment.reinstallsSentinel, let scrollView = self.scrollView, let sentinel = self.sentinel,
                    sentinel.superview !== scrollView
                else { return }
                scrollView.addSubview(sentinel)
            }
        }
    }

    // MARK: Acting

    private func perform(_ step: ScrollViewAttachment.Step) {
        for handed in step.handed {
            for observer in observers { observer(handed.event, handed.layout) }
        }
        guard let change = step.change, let scrollView else { return }
        set(change, on: scrollView)
    }

    /// Sets `change`, telling the bookkeeping first that the key-value
    /// reports it causes are ours.
    private func set(_ change: InsetChange, on scrollView: UIScrollView) {
        attachment.willPerform(change)
        if let animation = change.animation, animation.duration > 0 {
            let options = UIView.AnimationOptions(rawValue: UIKitValues.animationOptions(curve: animation.curve))
            UIView.animate(withDuration: animation.duration, delay: 0, options: options, animations: { Self.apply(change, to: scrollView) })
        } else {
            Self.apply(change, to: scrollView)
        }
        // Our own scroll moved the bounds: the sentinel follows at once, not
        // only when the offset's report comes.
        sentinelFollowsBounds()
    }

    private static func apply(_ change: InsetChange, to scrollView: UIScrollView) {
        scrollView.contentInset = UIEdgeInsets(change.contentInset)
        scrollView.verticalScrollIndicatorInsets = UIEdgeInsets(change.indicatorInsets)
        if let o = change.contentOffset { scrollView.contentOffset = CGPoint(x: o.x, y: o.y) }
    }
}

/// A chat screen's composer as attached: its view, held weakly, and
/// whether it rests on the window's bottom safe area.
@MainActor
private struct ComposerView {
    weak var view: UIView?
    let restsOnSafeArea: Bool
}

/// A hidden subview of the scroll view, lying over its bounds, whose
/// callbacks report moves into and out of windows (see
/// ``WindowSentinelFilter``) and changes of its safe area, which is the
/// scroll view's.
private final class WindowSentinel: UIView {
    enum Callback {
        case willMoveToSuperview(UIView?)
        case willMoveToWindow(hasWindow: Bool)
        case didMoveToWindow
        case didMoveToSuperview
        case safeAreaDidChange
    }

    private let report: @MainActor (Callback) -> Void

    init(report: @escaping @MainActor (Callback) -> Void) {
        self.report = report
        super.init(frame: .zero)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("not used from a storyboard") }

    override func willMove(toSuperview newSuperview: UIView?) {
        super.willMove(toSuperview: newSuperview)
        report(.willMoveToSuperview(newSuperview))
    }

    override func willMove(toWindow newWindow: UIWindow?) {
        super.willMove(toWindow: newWindow)
        report(.willMoveToWindow(hasWindow: newWindow != nil))
    }

    override func didMoveToWindow() {
        super.didMoveToWindow()
        report(.didMoveToWindow)
    }

    override func didMoveToSuperview() {
        super.didMoveToSuperview()
        report(.didMoveToSuperview)
    }

    override func safeAreaInsetsDidChange() {
        super.safeAreaInsetsDidChange()
        report(.safeAreaDidChange)
    }
}

extension KBEdgeInsets {
    /// The same insets, as doubles.
    public init(_ e: UIEdgeInsets) { self.init(top: Double(e.top), left: Double(e.left), bottom: Double(e.bottom), right: Double(e.right)) }
}

extension UIEdgeInsets {
    /// The same insets, as `CGFloat`s.
    public init(_ e: KBEdgeInsets) { self.init(top: CGFloat(e.top), left: CGFloat(e.left), bottom: CGFloat(e.bottom), right: CGFloat(e.right)) }
}
#endif

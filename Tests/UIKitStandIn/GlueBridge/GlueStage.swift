import Foundation
import KeyboardAvoidance
import KeyboardAvoidanceFoundation
import KeyboardAvoidanceUIKit
import KeyboardGeometry
import KeyboardTrace
import KeyboardTraceCapture
import KeyboardWorld
import UIKit

/// One trace's world built out of the stand-in's views, the glue attached
/// to its scroll view, and each event of the trace played into it as UIKit
/// would deliver it. What it plays is UIKit's behaviour as the simulator
/// models it; what the glue does in reply is the glue's own.
///
/// The views: a window on a screen of its own of the trace's size (its
/// scene in the trace's
/// orientation, its safe area the one that gives the scroll view the
/// trace's), the view controller's root view filling it, the staging's
/// containers, the scroll view in the trace's layout with the app's own
/// insets (its indicator insets the content inset's copy, the app's habit
/// the world assumes), a content view of the content size, and each field
/// as a `UITextField` or, where the world takes it for one
/// (``KeyboardWorld/FieldKind``), a `UITextView`, so that its frame in the
/// scroll view's content is the trace's.
///
/// A chat screen (the trace's header has a composer) has no fields: the
/// scroll view is the transcript, and the composer a view beside it in the
/// root view, of the trace's height, standing on its resting line (the
/// line the layout guide would lift onto the keyboard: where it stands is
/// no event, only its height is). The glue is attached with it, resting on
/// the window's bottom safe area when the trace's composer ever does
/// (``composerRestsOnSafeArea``).
///
/// Each event, played:
/// - a keyboard notification is posted with UIKit's userInfo
///   (`UserInfoEncoder`);
/// - a focus makes the field first responder (the one before resigns and
///   posts its end of editing; a text field scrolls itself into view and
///   posts its beginning). A text view's caret is the trace's. A focus on
///   the text view already focused is typing: the caret moves and the text
///   view posts its text change. A layout event that grows that text view
///   grows it at once, as the trace orders them (the glue reads the field
///   again when the layout pass ends);
/// - a blur resigns the first responder;
/// - a layout change is a layout pass: the screen, the scene's orientation,
///   the window's frame (a change of any of the three changes the scene's
///   effective geometry) and safe area, the scroll view's frame, the app's own insets,
///   behaviour and content size and offset, the fields, the composer's
///   height; then the window lays out. On a chat screen, a layout of the
///   content alone that sets the offset is the user's drag
///   (`UIScrollView.userScroll(to:)`, the offset set while tracking), as
///   the trace's `scrolled` reads it;
/// - a disappearance takes the root view out of the window, an appearance
///   puts it back, and the window lays out.
///
/// After each, what it queued runs, and what that queued, until nothing is
/// left (``HandTurnedMainQueue/settle()``): the stage runs inside
/// ``HandTurnedMainQueue/run(_:)``. Time does not pass, so the caret poll
/// never ticks: a caret moves with typing, which UIKit reports.
@MainActor
package final class GlueStage {
    package let trace: Trace
    package let staging: GlueStaging
    let scene: UIWindowScene
    package let window: UIWindow
    let root: UIView
    let scrollView: UIScrollView
    let contentView: UIView
    /// The view that holds the fields.
    let fieldHolder: UIView
    private(set) var fieldViews: [UIView] = []
    /// Every field frame of the trace so far, by index: the layout events'
    /// lists replace it.
    private var fields: [KBRect]
    /// The scroll view's frame in the window, as the trace last laid it out.
    private var frameInWindow: KBRect
    /// A chat screen's composer; nil on a screen of fields.
    let composer: UIView?
    package private(set) var controller: KeyboardAvoidanceController?
    package private(set) var recorder: KeyboardTraceRecorder?
    /// The scroll view's subviews before the glue attached.
    private var subviewsBeforeAttach = 0

    /// Builds the views for `trace`'s start.
    package init(trace: Trace, staging: GlueStaging) {
        self.trace = trace
        self.staging = staging
        let h = trace.header
        // A screen of its own: the stand-in's main screen stays as it is.
        let screen = UIScreen(bounds: CGRect(origin: .zero, size: CGSize(kb: h.screen)))
        scene = UIWindowScene(screen: screen, interfaceOrientation: UIInterfaceOrientation(h.orientation))
        window = UIWindow(windowScene: scene)
        window.frame = CGRect(kb: h.window)
        root = UIView(frame: window.bounds)
        window.addSubview(root)
        var parent = root
        for offset in staging.containers {
            let container = UIView(frame: CGRect(x: offset.x, y: offset.y, width: h.window.width, height: h.window.height))
            parent.addSubview(container)
            parent = container
        }
        frameInWindow = h.scrollView.frame
        scrollView = UIScrollView(frame: .zero)
        fields = h.fields
        contentView = UIView(frame: .zero)
        var holder = contentView
        for offset in staging.fieldNesting {
            let nest = UIView(frame: CGRect(x: offset.x, y: offset.y, width: 0, height: 0))
            holder.addSubview(nest)
            holder = nest
        }
        fieldHolder = holder
        scrollView.addSubview(contentView)
        parent.addSubview(scrollView)
        composer = h.composer.map { _ in UIView(frame: .zero) }
        if let composer, let now = h.composer {
            root.addSubview(composer)
            place(composer, as: now)
        }
        scrollView.frame = CGRect(kb: frameInScrollViewsSuperview(h.scrollView.frame))
        setSafeArea(h.scrollView.safeArea)
        let s = h.scrollView
        scrollView.contentInsetAdjustmentBehavior = UIScrollView.ContentInsetAdjustmentBehavior(s.insetAdjustment)
        scrollView.alwaysBounceVertical = s.alwaysBounceVertical
        scrollView.alwaysBounceHorizontal = s.alwaysBounceHorizontal
        setContentSize(s.contentSize)
        scrollView.contentInset = UIEdgeInsets(kb: s.contentInset)
        scrollView.verticalScrollIndicatorInsets = UIEdgeInsets(kb: s.contentInset)
        scrollView.contentOffset = CGPoint(kb: s.contentOffset)
        layOutFields()
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        subviewsBeforeAttach = scrollView.subviews.count
    }

    // MARK: Attaching

    /// Attaches the glue with the trace's policy; with `recording`, a
    /// recorder that observes the scroll view first, writing to
    /// `recording`, handed every event the glue hands its engine.
    package func attach(recording path: String? = nil) {
        let rests = Self.composerRestsOnSafeArea(in: trace)
        if let path, let layout = KeyboardAvoidanceController.layout(of: scrollView, composer: composer, restsOnSafeArea: rests) {
            recorder = KeyboardTraceRecorder(
                path: path, layout: layout, policy: trace.header.policy, observing: scrollView,
                scheduler: HandTurnedMainQueue.current.recorderScheduler)
        }
        let policy = trace.header.policy
        let controller =
            composer.map { KeyboardAvoidanceController.attach(to: scrollView, composer: $0, restsOnSafeArea: rests, policy: policy) }
            ?? KeyboardAvoidanceController.attach(to: scrollView, policy: policy)
        if let recorder { controller.observeEvents { recorder.record($0, in: $1) } }
        self.controller = controller
        HandTurnedMainQueue.current.settle()
    }

    /// What detaching leaves: the insets after it, and whether anything of
    /// the glue's stays (an observation of the scroll view, a subview).
    package struct Leftovers: Hashable, Sendable {
        package var contentInset: KBEdgeInsets
        package var indicatorInsets: KBEdgeInsets
        package var observations: Int
        package var extraSubviews: Int
        /// The insets and offset after a keyboard notification posted once
        /// detached changed.
        package var movedAfterDetach: Bool
    }

    /// Detaches the glue, then posts a keyboard notification that would
    /// move a view it still observed.
    package func detach() -> Leftovers {
        controller?.detach()
        HandTurnedMainQueue.current.settle()
        recorder?.stop()
        let inset = scrollView.contentInset.kb, indicators = scrollView.verticalScrollIndicatorInsets.kb
        let offset = scrollView.contentOffset
        let screen = trace.header.screen
        let show = KeyboardNotification(
            name: .willShow, frameBegin: KBRect(x: 0, y: screen.height, width: screen.width, height: 300),
            frameEnd: KBRect(x: 0, y: screen.height - 300, width: screen.width, height: 300), duration: 0, curve: 7, isLocal: true)
        UIKitStandIn.post(UserInfoEncoder.notification(for: show))
        HandTurnedMainQueue.current.settle()
        let moved = scrollView.contentInset.kb != inset || scrollView.contentOffset != offset
        return Leftovers(
            contentInset: inset, indicatorInsets: indicators, observations: scrollView.liveKeyValueObservations,
            extraSubviews: scrollView.subviews.count - subviewsBeforeAttach, movedAfterDetach: moved)
    }

    // MARK: Events

    /// Plays the event at `index` of the trace, then lets the glue finish.
    package func play(_ index: Int) {
        let line = trace.events[index]
        switch line.event {
        case .keyboard(let n):
            UIKitStandIn.post(UserInfoEncoder.notification(for: n))
        case .focus(let index, let caret):
            focus(index, caret: caret)
        case .blur:
            fieldViews.first { $0.isFirstResponder }?.resignFirstResponder()
        case .layout(let change):
            layOut(change)
        case .appear:
            if root.superview == nil {
                window.addSubview(root)
                window.layoutIfNeeded()
            }
        case .disappear:
            root.removeFromSuperview()
        }
        HandTurnedMainQueue.current.settle()
    }

    private func focus(_ index: Int, caret: KBRect?) {
        guard fieldViews.indices.contains(index) else { return }
        let view = fieldViews[index]
        if let textView = view as? UITextView {
            let field = fields[index]
            // The trace's caret is in the scroll view's content; the text
            // view's is in its own bounds, which its own scroll moves.
            let scrolled = textView.contentOffset
            textView.worldCaret = caret.map {
                CGRect(x: $0.minX - field.minX + scrolled.x, y: $0.minY - field.minY + scrolled.y, width: $0.width, height: $0.height)
            }
            if textView.isFirstResponder {
                // Typing: the caret moved with the text (the user's
                // keystroke, which UIKit reports).
                UIKitStandIn.post(Notification(name: UITextView.textDidChangeNotification, object: textView))
                return
            }
        }
        if !view.isFirstResponder { view.becomeFirstResponder() }
    }

    /// One layout pass: everything `change` sets, then the window's layout.
    private func layOut(_ c: LayoutChange) {
        // The layout is invalidated before anything moves: the scroll view
        // notes where it rested.
        scrollView.setNeedsLayout()
        // A scene the system rotated, moved or resized changes its
        // effective geometry (iOS 16), which is how an app hears of a move
        // that keeps the window's size.
        let sceneBefore = (scene.screen.bounds, scene.interfaceOrientation, window.frame)
        if let screen = c.screen { scene.screen.bounds = CGRect(origin: .zero, size: CGSize(kb: screen)) }
        if let orientation = c.orientation { scene.interfaceOrientation = UIInterfaceOrientation(orientation) }
        if let w = c.window { window.frame = CGRect(kb: w) }
        if sceneBefore != (scene.screen.bounds, scene.interfaceOrientation, window.frame) { scene.geometryChanged() }
        // The window's safe area comes with the window, before its views
        // are laid out.
        if let frame = c.frame { frameInWindow = frame }
        if let safe = c.safeArea { setSafeArea(safe) }
        if c.frame != nil { scrollView.frame = CGRect(kb: frameInScrollViewsSuperview(frameInWindow)) }
        if let behaviour = c.insetAdjustment { scrollView.contentInsetAdjustmentBehavior = UIScrollView.ContentInsetAdjustmentBehavior(behaviour) }
        if let v = c.alwaysBounceVertical { scrollView.alwaysBounceVertical = v }
        if let v = c.alwaysBounceHorizontal { scrollView.alwaysBounceHorizontal = v }
        if let inset = c.contentInset {
            scrollView.contentInset = UIEdgeInsets(kb: inset)
            scrollView.verticalScrollIndicatorInsets = UIEdgeInsets(kb: inset)
        }
        if let size = c.contentSize { setContentSize(size) }
        if let composer, let now = c.composer { place(composer, as: now) }
        if let offset = c.contentOffset {
            if composer != nil && c.isTheTracesScroll {
                scrollView.userScroll(to: CGPoint(kb: offset))
            } else {
                scrollView.contentOffset = CGPoint(kb: offset)
            }
        }
        if let list = trace.fields(after: c) {
            fields = list
            layOutFields()
        }
        // Out of its window, the view controller's view is laid out when it
        // returns (ComparisonRule.offsetOutOfAWindow).
        window.layoutIfNeeded()
    }

    // MARK: Geometry

    /// `frame`, the scroll view's frame in the window, in its superview's
    /// space (the containers' offsets taken off).
    private func frameInScrollViewsSuperview(_ frame: KBRect) -> KBRect {
        let o = GlueStaging.total(staging.containers)
        return KBRect(x: frame.minX - o.x, y: frame.minY - o.y, width: frame.width, height: frame.height)
    }

    /// Gives the window the safe area that leaves the scroll view `safe`:
    /// each edge the scroll view has reaches that far into the window's,
    /// and on an edge where the scroll view reaches past the window the
    /// window's inset is the scroll view's (a view's safe area is held to
    /// its container's).
    private func setSafeArea(_ safe: KBEdgeInsets) {
        let f = frameInWindow, w = window.bounds.size.kb
        let edge = KBEdgeInsets.containerInset(under:clearOfEdgeBy:)
        window.deviceSafeAreaInsets = UIEdgeInsets(
            kb: KBEdgeInsets(
                top: edge(safe.top, f.minY), left: edge(safe.left, f.minX),
                bottom: edge(safe.bottom, w.height - f.maxY), right: edge(safe.right, w.width - f.maxX)))
    }

    /// Whether a chat screen's composer rests on the window's bottom safe
    /// area (pinned to `keyboardLayoutGuide`) rather than on the window's
    /// edge: when the trace gives it a resting inset above 0 anywhere. Where
    /// it never does, the window's bottom safe area is 0 wherever the
    /// composer would rest on it, and both attachments read the same.
    package static func composerRestsOnSafeArea(in trace: Trace) -> Bool {
        if let c = trace.header.composer, c.restingInset > 0 { return true }
        return trace.events.contains {
            if case .layout(let change) = $0.event, let c = change.composer { c.restingInset > 0 } else { false }
        }
    }

    /// Sets the composer's height and stands it on its resting line, at the
    /// window's width.
    private func place(_ view: UIView, as composer: Composer) {
        let w = window.bounds.size
        view.frame = CGRect(x: 0, y: w.height - composer.restingInset - composer.height, width: w.width, height: composer.height)
    }

    private func setContentSize(_ size: KBSize) {
        scrollView.contentSize = CGSize(kb: size)
        contentView.frame = CGRect(origin: .zero, size: CGSize(kb: size))
    }

    /// Places a view for each field (keeping the views already there, so a
    /// focused field stays the same view), each at its frame less the
    /// holders' offsets.
    private func layOutFields() {
        let o = GlueStaging.total(staging.fieldNesting)
        for (i, field) in fields.enumerated() {
            let isTextView = FieldKind(frame: field) == .textView
            if i < fieldViews.count, (fieldViews[i] is UITextView) != isTextView {
                fieldViews[i].removeFromSuperview()
                fieldViews[i] = isTextView ? UITextView(frame: .zero) : UITextField(frame: .zero)
                fieldHolder.addSubview(fieldViews[i])
            } else if i >= fieldViews.count {
                let view: UIView = isTextView ? UITextView(frame: .zero) : UITextField(frame: .zero)
                fieldViews.append(view)
                fieldHolder.addSubview(view)
            }
            let frame = CGRect(x: field.minX - o.x, y: field.minY - o.y, width: field.width, height: field.height)
            fieldViews[i].frame = frame
            if let textView = fieldViews[i] as? UITextView {
                // Its own text, longer than the view, scrolled by the
                // staging; the safe area is the outer scroll view's to take.
                textView.contentInsetAdjustmentBehavior = .never
                textView.contentSize = CGSize(width: field.width, height: field.height * 2 + staging.textViewScroll)
                textView.contentOffset = CGPoint(x: 0, y: staging.textViewScroll)
            }
        }
        while fieldViews.count > fields.count { fieldViews.removeLast().removeFromSuperview() }
    }

    // MARK: Reading

    /// Whether the scroll view is in its window.
    package var inWindow: Bool { root.superview != nil }

    /// The scroll view as the glue left it: the trace's frame in the
    /// window, and the insets and offset read off the view.
    package var observed: ObservedScrollView {
        ObservedScrollView(
            frame: frameInWindow, contentInset: scrollView.contentInset.kb, indicatorInsets: scrollView.verticalScrollIndicatorInsets.kb,
            contentOffset: scrollView.contentOffset.kb)
    }
}

extension LayoutChange {
    /// Whether the trace hands this layout on as a scroll
    /// (``AvoiderEvent/scrolled``: the content alone, with an offset),
    /// which the stage plays on a chat screen as the user's drag.
    package var isTheTracesScroll: Bool { TraceEvent.layout(self).avoiderEvent(focusedField: nil) == .scrolled }
}

extension UIInterfaceOrientation {
    /// The trace's orientation, as UIKit names it (the same names).
    init(_ o: InterfaceOrientation) {
        switch o {
        case .portrait: self = .portrait
        case .portraitUpsideDown: self = .portraitUpsideDown
        case .landscapeLeft: self = .landscapeLeft
        case .landscapeRight: self = .landscapeRight
        }
    }
}

import KeyboardAvoidance
import KeyboardGeometry

/// One SwiftUI scroll view's keyboard avoidance, apart from SwiftUI: the
/// modifier hands it what SwiftUI and UIKit report (``SwiftUIReport``), as
/// plain numbers and in the order they arrive, and performs each
/// ``SwiftUISessionStep`` it returns. A state machine with the shape of
/// the UIKit adapter's attachment: reports in, steps out, everything it
/// decides tested on Linux (Tests/KeyboardAvoidanceSwiftUITests).
///
/// Rules, each tested:
/// - **Layout passes.** SwiftUI reports a pass's geometry (the scroll
///   view's, its frame, each field's, the scene) one value at a time, in
///   an order it does not document. A report that changes anything but the
///   offset opens a pass (``SwiftUISessionStep/passBegan``); the modifier
///   reports its end on the main queue's next turn, when every value of
///   the pass is in, and only then is the engine handed the pass, once:
///   so no order of the reports can hand it a field's new frame with an
///   old offset. The UIKit adapter gathers its layout reports the same
///   way.
/// - **The layout is ready** at the end of the first pass that brought the
///   scroll view's geometry, its frame and its window's scene. Before,
///   nothing reaches the engine: the newest keyboard notification is kept
///   and handed on then, followed by the appearance (if the view has
///   appeared) and the focus as it is then (the UIKit adapter keeps a
///   notification that arrives out of a window too). Out of a window
///   (a nil scene) the layout is not ready again until a pass brings one.
/// - **Appearing and disappearing** reach the engine once each, with a
///   ready layout. Leaving the window before `onDisappear` hands the
///   disappearance first, with the layout the view leaves.
/// - **At the end of a pass** the focused field, if its frame in the
///   content moved or resized by half a point or more on any edge since
///   the engine was told of it (the UIKit adapter's rule), is handed on as
///   a new focus with the new layout; otherwise a pass that changed the
///   content size, the container size, the insets, the frame or the scene
///   is a layout change. A new offset alone is the user scrolling: the
///   fields move with it, their frames in the content do not, and the
///   engine hears nothing.
/// - **The margin holds** when SwiftUI reports the bottom inset with our
///   margin in it: a scroll that waited for it goes then, at once.
/// - **Fields** report their frames in the window. The focused field is
///   handed on in the content's coordinates: its frame less the scroll
///   view's origin, plus the offset, as last reported. A tagged field
///   focused before it reported a frame reaches the engine as no field
///   (`focusEnded`), then as a focus at the end of the pass that brings
///   its frame.
/// - **The focus** is handed at once, when it changes, with the layout as
///   the last pass left it.
/// - **The policy** follows the modifier's argument: a new one is handed
///   on as a layout change, so its distance and tall-field rule apply at
///   once.
/// - **No caret**: SwiftUI gives none, so a multi-line field is shown by
///   its frame (``SwiftUIScrollAttachment``).
package struct SwiftUIAvoidanceSession<Field: Hashable> {
    private var attachment: SwiftUIScrollAttachment
    private var geometry: SwiftUIScrollGeometry?
    private var frameInWindow: KBRect?
    private var scene: SwiftUIScene?
    private var fieldFrames: [Field: KBRect] = [:]
    /// The field the app's `@FocusState` names.
    package private(set) var focus: Field?
    /// The view appeared (and has not disappeared since).
    package private(set) var visible = false
    /// Whether the engine has been caught up with a layout that is still
    /// there (``layout`` is not nil).
    package private(set) var ready = false
    /// Whether the engine has been told the view appeared.
    private var engineVisible = false
    /// The keyboard notifications that arrived while the layout was not
    /// ready, kept for the engine (``PendingKeyboard``).
    private var pendingKeyboard = PendingKeyboard()
    /// A pass is open: its end is due.
    private var passOpen = false
    /// The open pass changed more than the offset.
    private var layoutMoved = false
    /// The focused field as the engine was last told of it (nil: none).
    private var toldField: FocusedField?
    /// The last change's animation, for a scroll that waited for its margin.
    private var animation = KeyboardAnimation(duration: 0, curve: 0)

    package init(policy: AvoidancePolicy, frameSpace: KeyboardFrameSpace = .oriented) {
        attachment = SwiftUIScrollAttachment(policy: policy, frameSpace: frameSpace, visible: false)
    }

    /// The policy in force.
    package var policy: AvoidancePolicy { attachment.policy }

    /// What to perform now that `report` arrived.
    package mutating func receive(_ report: SwiftUIReport<Field>) -> SwiftUISessionStep {
        switch report {
        case .appeared: return appeared()
        case .disappeared: return disappeared()
        case .scene(let scene): return sceneReported(scene)
        case .geometry(let geometry): return geometryReported(geometry)
        case .frame(let frame): return frameReported(frame)
        case .field(let id, let frame): return fieldReported(id, at: frame)
        case .focus(let focus): return focusChanged(to: focus)
        case .policy(let policy): return policyChanged(to: policy)
        case .keyboard(let n): return keyboard(n)
        case .passEnded: return passEnded()
        }
    }

    // MARK: Reports handed on at once

    private mutating func appeared() -> SwiftUISessionStep {
        visible = true
        guard ready, !engineVisible else { return SwiftUISessionStep() }
        engineVisible = true
        return hand(.viewAppeared)
    }

    private mutating func disappeared() -> SwiftUISessionStep {
        visible = false
        guard engineVisible else { return SwiftUISessionStep() }
        engineVisible = false
        return hand(.viewDisappeared)
    }

    private mutating func keyboard(_ n: KeyboardNotification) -> SwiftUISessionStep {
        guard ready else {
            pendingKeyboard.arrived(n)
            return SwiftUISessionStep()
        }
        return hand(.keyboard(n))
    }

    private mutating func focusChanged(to focus: Field?) -> SwiftUISessionStep {
        guard focus != self.focus else { return SwiftUISessionStep() }
        self.focus = focus
        guard ready else { return SwiftUISessionStep() }
        return hand(focusedField.map { .focusBegan($0) } ?? .focusEnded)
    }

    private mutating func policyChanged(to policy: AvoidancePolicy) -> SwiftUISessionStep {
        guard policy != attachment.policy else { return SwiftUISessionStep() }
        attachment.policy = policy
        guard ready else { return SwiftUISessionStep() }
        return hand(.layoutChanged)
    }

    // MARK: Reports gathered into a pass

    private mutating func geometryReported(_ new: SwiftUIScrollGeometry) -> SwiftUISessionStep {
        let old = geometry
        guard new != old else { return SwiftUISessionStep() }
        geometry = new
        var step = SwiftUISessionStep()
        if ready, let layout, let offset = attachment.geometryReported(layout) {
            step.scroll = offset
            step.animation = animation
        }
        guard let old, old.contentSize == new.contentSize, old.containerSize == new.containerSize, old.contentInsets == new.contentInsets
        else { return step.then(openPass(layoutMoved: true)) }
        return step
    }

    private mutating func frameReported(_ frame: KBRect) -> SwiftUISessionStep {
        guard frame != frameInWindow else { return SwiftUISessionStep() }
        frameInWindow = frame
        return openPass(layoutMoved: true)
    }

    private mutating func fieldReported(_ id: Field, at frame: KBRect) -> SwiftUISessionStep {
        let old = fieldFrames.updateValue(frame, forKey: id)
        guard id == focus, old != frame else { return SwiftUISessionStep() }
        return openPass(layoutMoved: false)
    }

    private mutating func sceneReported(_ new: SwiftUIScene?) -> SwiftUISessionStep {
        guard new != scene else { return SwiftUISessionStep() }
        guard new != nil else {
            // Out of a window: the engine hears the view go, with the
            // layout it leaves, and nothing more until a pass brings one.
            let step = engineVisible ? hand(.viewDisappeared) : SwiftUISessionStep()
            engineVisible = false
            scene = nil
            ready = false
            return step
        }
        scene = new
        return openPass(layoutMoved: true)
    }

    private mutating func openPass(layoutMoved moved: Bool) -> SwiftUISessionStep {
        layoutMoved = layoutMoved || moved
        guard !passOpen else { return SwiftUISessionStep() }
        passOpen = true
        var step = SwiftUISessionStep()
        step.passBegan = true
        return step
    }

    private mutating func passEnded() -> SwiftUISessionStep {
        guard passOpen else { return SwiftUISessionStep() }
        passOpen = false
        defer { layoutMoved = false }
        guard layout != nil else { return SwiftUISessionStep() }
        guard ready else { return catchUp() }
        if let field = focusedField, toldField.map({ field.moved(from: $0) }) ?? true { return hand(.focusBegan(field)) }
        return layoutMoved ? hand(.layoutChanged) : SwiftUISessionStep()
    }

    /// The layout is ready: the engine hears the keyboard that arrived
    /// before it, the appearance, and the focus.
    private mutating func catchUp() -> SwiftUISessionStep {
        ready = true
        var step = SwiftUISessionStep()
        for n in pendingKeyboard.take() { step = step.then(hand(.keyboard(n))) }
        if visible && !engineVisible {
            engineVisible = true
            step = step.then(hand(.viewAppeared))
        }
        if let field = focusedField { step = step.then(hand(.focusBegan(field))) }
        return step
    }

    // MARK: Reading

    /// The layout as last reported, or nil until the scroll view's
    /// geometry, its frame and its scene have all been.
    package var layout: SwiftUIScrollLayout? {
        guard let geometry, let frameInWindow, let scene else { return nil }
        return SwiftUIScrollLayout(
            screen: scene.screen, orientation: scene.orientation, window: scene.window, frameInWindow: frameInWindow,
            contentOffset: geometry.contentOffset, contentSize: geometry.contentSize, contentInsets: geometry.contentInsets)
    }

    /// The focused field in the content's coordinates, or nil when no
    /// tagged field is focused or its frame (or the layout) is not known.
    package var focusedField: FocusedField? {
        guard let focus, let frame = fieldFrames[focus], let frameInWindow, let geometry else { return nil }
        let origin = KBPoint(
            x: frame.minX - frameInWindow.minX + geometry.contentOffset.x, y: frame.minY - frameInWindow.minY + geometry.contentOffset.y)
        return FocusedField(frame: KBRect(origin: origin, size: frame.size), caret: nil)
    }

    // MARK: Handing on

    /// Hands `event` to the attachment with the layout as it is (nothing
    /// when there is none).
    private mutating func hand(_ event: AvoiderEvent) -> SwiftUISessionStep {
        guard let layout else { return SwiftUISessionStep() }
        switch event {
        case .focusBegan(let field): toldField = field
        case .focusEnded: toldField = nil
        default: break
        }
        var step = SwiftUISessionStep(handed: [HandedEvent(event: event, layout: attachment.snapshot(of: layout))])
        let change: SwiftUIScrollChange
        switch attachment.handle(event, in: layout) {
        case .change(let c): change = c
        case .ignored(let reason):
            step.ignored = reason
            return step
        }
        animation = change.animation
        step.margins = SwiftUISessionStep.Margins(content: change.bottomMargin, indicators: change.indicatorBottomMargin)
        step.scroll = change.scroll
        step.animation = change.animation
        return step
    }
}

/// Sendable when its field ids are (the modifier's `AnyHashable` ids are
/// not: its session stays on the main actor).
extension SwiftUIAvoidanceSession: Sendable where Field: Sendable {}

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
/// - **Chat screens** (a session made with `chat`): the modifier places
///   the composer at the scroll view's bottom, on its bottom safe area
///   (the composer's resting line), lifted onto the line the engine puts it
///   on (``SwiftUISessionStep/composerLift``). The layout is ready once
///   the composer's height is in too. A new bottom safe area opens a pass. A
///   pass of the content alone (its size, the composer's height, the
///   user's scroll) is the app's own event, and a pass with the user's
///   scroll in it never scrolls, as in the UIKit adapter (``LayoutPass``):
///   a new offset while the user drives the scroll
///   (``SwiftUIReport/userScrolling(_:)``), and the end of that, are the
///   user's scroll; any other new offset alone is none.
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
    /// The open pass, as a chat screen reads it.
    private var chatPass = LayoutPass()
    /// A chat screen's composer height as reported; nil on a screen of
    /// fields (and, on a chat screen, until reported).
    private var composerHeight: Double?
    /// Whether this is a chat screen's session.
    package let chat: Bool
    /// Whether the user drives the scroll now.
    private var userScrolling = false
    /// The scroll view's own safe area, as reported.
    private var safeArea = KBEdgeInsets.zero
    /// The composer's lift as last set.
    private var lift: Double?
    /// The app's own insets in the layout last handed to the engine.
    private var handedOwnInsets: KBEdgeInsets?
    /// The open pass moved the frame, the scene or the safe area.
    private var passMovedTheView = false
    /// The focused field as the engine was last told of it (nil: none).
    private var toldField: FocusedField?
    /// The last change's animation, for a scroll that waited for its margin.
    private var animation = KeyboardAnimation(duration: 0, curve: 0)

    /// A session for a screen of fields, or, with `chat`, for a chat
    /// screen's transcript with a composer the modifier places.
    package init(policy: AvoidancePolicy, chat: Bool = false, frameSpace: KeyboardFrameSpace = .oriented) {
        attachment = SwiftUIScrollAttachment(policy: policy, frameSpace: frameSpace, visible: false)
        self.chat = chat
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
        case .composerHeight(let height): return composerReported(height)
        case .userScrolling(let driving): return userScrollingReported(driving)
        case .safeArea(let insets): return safeAreaReported(insets)
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
            scrolled(to: offset)
            step.animation = animation
        }
        guard let old else { return step.then(openPass(layoutMoved: true)) }
        guard old.containerSize == new.containerSize, old.contentInsets == new.contentInsets else {
            return step.then(openPass(layoutMoved: true))
        }
        if old.contentSize != new.contentSize { return step.then(openPass(layoutMoved: true, contentOnly: true)) }
        if chat && userScrolling { return step.then(openPass(layoutMoved: false, userScrolled: true)) }
        return step
    }

    private mutating func composerReported(_ height: Double) -> SwiftUISessionStep {
        guard chat, height != composerHeight else { return SwiftUISessionStep() }
        composerHeight = height
        return openPass(layoutMoved: true, contentOnly: true)
    }

    private mutating func safeAreaReported(_ insets: KBEdgeInsets) -> SwiftUISessionStep {
        guard insets != safeArea else { return SwiftUISessionStep() }
        safeArea = insets
        guard chat else { return SwiftUISessionStep() }
        passMovedTheView = true
        return openPass(layoutMoved: true)
    }

    /// The end of the user's scroll (a drag, its deceleration) is a scroll
    /// of the user's too: where it ended.
    private mutating func userScrollingReported(_ driving: Bool) -> SwiftUISessionStep {
        let ended = userScrolling && !driving
        userScrolling = driving
        guard chat, ended else { return SwiftUISessionStep() }
        return openPass(layoutMoved: false, userScrolled: true)
    }

    private mutating func frameReported(_ frame: KBRect) -> SwiftUISessionStep {
        guard frame != frameInWindow else { return SwiftUISessionStep() }
        frameInWindow = frame
        passMovedTheView = true
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
        passMovedTheView = true
        return openPass(layoutMoved: true)
    }

    /// Opens a pass, or adds to the open one: a report that changed more
    /// than the offset (`layoutMoved`), of the content alone
    /// (`contentOnly`), or the user's scroll (`userScrolled`).
    private mutating func openPass(layoutMoved moved: Bool, contentOnly: Bool = false, userScrolled: Bool = false) -> SwiftUISessionStep {
        layoutMoved = layoutMoved || moved
        chatPass.reported(contentOnly: contentOnly || userScrolled)
        if userScrolled { chatPass.userScrolled = true }
        guard !passOpen else { return SwiftUISessionStep() }
        passOpen = true
        var step = SwiftUISessionStep()
        step.passBegan = true
        return step
    }

    private mutating func passEnded() -> SwiftUISessionStep {
        guard passOpen else { return SwiftUISessionStep() }
        passOpen = false
        let pass = chatPass
        defer {
            layoutMoved = false
            passMovedTheView = false
            chatPass = LayoutPass()
        }
        guard layout != nil else { return SwiftUISessionStep() }
        guard ready else { return catchUp() }
        if chat {
            guard layoutMoved || pass.userScrolled else { return SwiftUISessionStep() }
            return hand(chatEvent(pass), scrolls: pass.scrolls(onChatScreen: true))
        }
        if let field = focusedField, toldField.map({ field.moved(from: $0) }) ?? true { return hand(.focusBegan(field)) }
        return layoutMoved ? hand(.layoutChanged) : SwiftUISessionStep()
    }

    /// The modifier scrolls to `offset` now: on a chat screen the session
    /// takes the scroll as landed, since the engine reads the offset it is
    /// handed against where its answer left it, and SwiftUI reports the
    /// new offset only later (a pass that ends before would hand the old
    /// one, which reads as the user's scroll). A screen of fields keeps the
    /// offset as reported.
    private mutating func scrolled(to offset: KBPoint) {
        guard chat else { return }
        geometry?.contentOffset = offset
    }

    /// A chat screen's pass as the engine hears it: the app setting its own
    /// insets where they changed since the engine was last handed a layout
    /// (SwiftUI's layout can pull the offset back into the range they
    /// leave, which the engine reads as the answer left it only after the
    /// app's own inset), unless the pass moved the view (its frame, its
    /// scene, its safe area, which SwiftUI's insets hold too: a layout
    /// change); else ``LayoutPass``'s event.
    private func chatEvent(_ pass: LayoutPass) -> AvoiderEvent {
        if !passMovedTheView, let layout, let handed = handedOwnInsets, layout.ownInsets(margin: attachment.margin) != handed {
            return .ownInsetSet
        }
        return pass.event(onChatScreen: true)
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
    /// geometry, its frame and its scene have all been (and, on a chat
    /// screen, the composer's height). A chat screen's composer rests on
    /// the scroll view's bottom less its bottom safe area: the modifier
    /// places it there.
    package var layout: SwiftUIScrollLayout? {
        guard let geometry, let frameInWindow, let scene else { return nil }
        var composer: Composer?
        if chat {
            guard let composerHeight else { return nil }
            let resting = SwiftUIScrollLayout.restingInset(
                windowHeight: scene.window.height, frameInWindow: frameInWindow, bottomSafeArea: safeArea.bottom)
            composer = Composer(height: composerHeight, restingInset: resting)
        }
        return SwiftUIScrollLayout(
            screen: scene.screen, orientation: scene.orientation, window: scene.window, frameInWindow: frameInWindow,
            contentOffset: geometry.contentOffset, contentSize: geometry.contentSize, contentInsets: geometry.contentInsets, composer: composer,
            safeArea: chat ? safeArea : .zero)
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
    /// when there is none); without `scrolls`, nothing is scrolled for it.
    /// On a chat screen the step carries the composer's lift when it moved.
    private mutating func hand(_ event: AvoiderEvent, scrolls: Bool = true) -> SwiftUISessionStep {
        guard let layout else { return SwiftUISessionStep() }
        var step = handToEngine(event, layout, scrolls: scrolls)
        if let new = layout.composerLift(keyboard: attachment.keyboard), new != lift {
            lift = new
            step.composerLift = new
        }
        return step
    }

    private mutating func handToEngine(_ event: AvoiderEvent, _ layout: SwiftUIScrollLayout, scrolls: Bool) -> SwiftUISessionStep {
        switch event {
        case .focusBegan(let field): toldField = field
        case .focusEnded: toldField = nil
        default: break
        }
        handedOwnInsets = layout.ownInsets(margin: attachment.margin)
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
        step.animation = change.animation
        if scrolls {
            step.scroll = change.scroll
            if let offset = change.scroll { scrolled(to: offset) }
        } else {
            attachment.dropPendingScroll()
        }
        return step
    }
}

/// Sendable when its field ids are (the modifier's `AnyHashable` ids are
/// not: its session stays on the main actor).
extension SwiftUIAvoidanceSession: Sendable where Field: Sendable {}

#if canImport(SwiftUI) && canImport(UIKit)
import KeyboardAvoidance
import KeyboardAvoidanceFoundation
import KeyboardAvoidanceUIKit
import KeyboardGeometry
import SwiftUI
import UIKit

// Keyboard avoidance for a SwiftUI `ScrollView`, in two modifiers:
//
//     @available(iOS 18.0, *)
//     struct Profile: View {
//         enum Field: Hashable { case name, notes }
//         @FocusState private var focus: Field?
//         …
//         ScrollView {
//             TextField("Name", text: $name).focused($focus, equals: .name).keyboardAvoidanceField(Field.name)
//             TextEditor(text: $notes).focused($focus, equals: .notes).keyboardAvoidanceField(Field.notes)
//         }
//         .keyboardAvoidance(focus: focus)
//     }
//
// This file only reads SwiftUI and UIKit into plain numbers and performs
// what it is told: every decision is SwiftUIScrollAttachment's, compiled and
// tested on every platform. iOS 18 and later: a modifier reads a scroll
// view's geometry (`onScrollGeometryChange`) and scrolls it to an offset
// (`ScrollPosition`) only from there. Apple platforms only; type-checked
// against the SDK shim by the Apple check; not built by Xcode nor run on a
// device by the team (see the README).

@available(iOS 18.0, *)
extension View {
    /// Keyboard avoidance for this `ScrollView` by kbbench's engine, with
    /// `policy`: SwiftUI's own avoidance is switched off for it
    /// (`ignoresSafeArea(.keyboard)`), the engine's inset becomes a bottom
    /// content margin on the content and the indicators, and the focused
    /// field is scrolled to where the engine says once the margin holds.
    ///
    /// `focus` is the app's `@FocusState` value; each field the app wants
    /// shown carries ``keyboardAvoidanceField(_:)`` with the same value. A
    /// field focused without one is not followed. Put it on the
    /// `ScrollView` itself, not on a view around it: the margin and the
    /// position are the scroll view's. It takes the scroll view's position
    /// (`scrollPosition(_:)`): an app that binds its own cannot use it.
    ///
    /// `events`, when given, hears every event handed to the engine with
    /// the layout the engine took, in order, as the UIKit adapter's
    /// `observeEvents(_:)` does: a `KeyboardTraceRecorder`'s
    /// `record(_:in:)` takes them as they are.
    public func keyboardAvoidance<Field: Hashable & Sendable>(
        focus: Field?, policy: AvoidancePolicy = AvoidancePolicy(), events: (@MainActor (AvoiderEvent, LayoutSnapshot) -> Void)? = nil
    ) -> some View {
        modifier(KeyboardAvoidingScrollView(focus: focus, policy: policy, events: events))
    }

    /// Marks this field, inside a scroll view with
    /// ``keyboardAvoidance(focus:policy:)``, as the one `id` names: its
    /// frame is followed, so the engine shows it whole when it is focused
    /// (a multi-line field by its frame: SwiftUI gives no caret).
    public func keyboardAvoidanceField<Field: Hashable & Sendable>(_ id: Field) -> some View {
        modifier(KeyboardAvoidingField(id: id))
    }
}

/// The scroll view's side: reads, hands to the session, performs.
@available(iOS 18.0, *)
struct KeyboardAvoidingScrollView<Field: Hashable & Sendable>: ViewModifier {
    let focus: Field?
    let policy: AvoidancePolicy
    let events: (@MainActor (AvoiderEvent, LayoutSnapshot) -> Void)?
    @State private var session: KeyboardAvoidanceSession
    @State private var margin: CGFloat = 0
    @State private var indicatorMargin: CGFloat = 0
    @State private var position = ScrollPosition()

    init(focus: Field?, policy: AvoidancePolicy, events: (@MainActor (AvoiderEvent, LayoutSnapshot) -> Void)?) {
        self.focus = focus
        self.policy = policy
        self.events = events
        _session = State(initialValue: KeyboardAvoidanceSession(policy: policy))
    }

    func body(content: Content) -> some View {
        content
            .ignoresSafeArea(.keyboard, edges: .bottom)
            .contentMargins(.bottom, margin, for: .scrollContent)
            .contentMargins(.bottom, indicatorMargin, for: .scrollIndicators)
            .scrollPosition($position)
            .environment(\.keyboardAvoidanceSession, session)
            .onScrollGeometryChange(for: ScrollGeometry.self, of: { $0 }) { _, geometry in
                session.geometryChanged(geometry)
            }
            .onGeometryChange(for: CGRect.self, of: { $0.frame(in: .global) }) { frame in
                session.frameChanged(frame)
            }
            .onChange(of: focus, initial: true) { _, focus in
                session.focusChanged(to: focus.map { AnyHashable($0) })
            }
            .background {
                WindowReader { window in session.windowChanged(window) }
            }
            .onAppear {
                session.policy = policy
                session.events = events
                session.perform = { change, scroll, animation in
                    withAnimation(Self.animation(animation)) {
                        if let change {
                            margin = CGFloat(change.bottomMargin)
                            indicatorMargin = CGFloat(change.indicatorBottomMargin)
                        }
                        if let scroll { position.scrollTo(x: CGFloat(scroll.x), y: CGFloat(scroll.y)) }
                    }
                }
                session.appeared()
            }
            .onDisappear {
                session.disappeared()
                // The closures hold this view's state, which holds the
                // session: let go of them until the view is back.
                session.perform = { _, _, _ in }
                session.events = nil
            }
    }

    /// `animation` as SwiftUI draws it (``SwiftUIAnimation``), or none.
    static func animation(_ animation: KeyboardAnimation) -> Animation? {
        guard let a = SwiftUIAnimation(animation) else { return nil }
        switch a.curve {
        case .easeInOut: return .easeInOut(duration: a.duration)
        case .easeIn: return .easeIn(duration: a.duration)
        case .easeOut: return .easeOut(duration: a.duration)
        case .linear: return .linear(duration: a.duration)
        }
    }
}

/// A field's side: reports its frame in the window to the session of the
/// scroll view it is in.
@available(iOS 18.0, *)
struct KeyboardAvoidingField<Field: Hashable & Sendable>: ViewModifier {
    let id: Field
    @Environment(\.keyboardAvoidanceSession) private var session

    func body(content: Content) -> some View {
        content.onGeometryChange(for: CGRect.self, of: { $0.frame(in: .global) }) { frame in
            session?.fieldMoved(AnyHashable(id), to: frame)
        }
    }
}

/// Where a field finds the session of its scroll view.
@available(iOS 18.0, *)
struct KeyboardAvoidanceSessionKey: EnvironmentKey {
    static let defaultValue: KeyboardAvoidanceSession? = nil
}

@available(iOS 18.0, *)
extension EnvironmentValues {
    var keyboardAvoidanceSession: KeyboardAvoidanceSession? {
        get { self[KeyboardAvoidanceSessionKey.self] }
        set { self[KeyboardAvoidanceSessionKey.self] = newValue }
    }
}

/// One scroll view's avoidance: what SwiftUI and UIKit last reported, read
/// into a ``SwiftUIScrollLayout`` at each event and handed with it to the
/// attachment, whose change is passed to `perform`.
///
/// Field frames and the scroll view's frame are in the window
/// (`frame(in: .global)`); a field's frame in the content is its frame less
/// the scroll view's origin, plus the content offset, as they were last
/// reported (SwiftUI reports a scroll's new offset and the fields' new
/// frames in one pass, so the two agree by the next event).
@available(iOS 18.0, *)
@MainActor
final class KeyboardAvoidanceSession {
    private var attachment: SwiftUIScrollAttachment
    private var observation: NotificationObservation?
    private var geometry: ScrollGeometry?
    private var frameInWindow: CGRect?
    private weak var window: UIWindow?
    private var fieldFrames: [AnyHashable: CGRect] = [:]
    private var focus: AnyHashable?
    /// The last change's animation, for a scroll that waited for its margin.
    private var animation = KeyboardAnimation(duration: 0, curve: 0)
    /// Sets the margins (when a change is given) and scrolls (when an
    /// offset is), in the animation: the modifier's state, set on appearing.
    var perform: (_ change: SwiftUIScrollChange?, _ scroll: KBPoint?, _ animation: KeyboardAnimation) -> Void = { _, _, _ in }
    /// Hears each event with the layout the engine takes.
    var events: (@MainActor (AvoiderEvent, LayoutSnapshot) -> Void)?

    init(policy: AvoidancePolicy) {
        attachment = SwiftUIScrollAttachment(policy: policy, visible: false)
    }

    /// The app's policy; a change applies from the next event.
    var policy: AvoidancePolicy {
        get { attachment.policy }
        set { attachment.policy = newValue }
    }

    func appeared() {
        observeKeyboard()
        handle(.viewAppeared)
    }

    func disappeared() {
        handle(.viewDisappeared)
        observation = nil
    }

    func focusChanged(to focus: AnyHashable?) {
        self.focus = focus
        if let field = focusedField {
            handle(.focusBegan(field))
        } else {
            handle(.focusEnded)
        }
    }

    func fieldMoved(_ id: AnyHashable, to frame: CGRect) {
        let old = fieldFrames.updateValue(frame, forKey: id)
        // The focused field grew or shrank (a TextEditor's new line), or
        // reported its first frame: the engine hears it as the caret's move
        // it stands for. A field that only moves in the window moves with
        // the user's scroll, which the engine must not undo.
        if id == focus, old?.size != frame.size, let field = focusedField { handle(.focusBegan(field)) }
    }

    func geometryChanged(_ new: ScrollGeometry) {
        let old = geometry
        geometry = new
        if attachment.pendingScroll != nil, let layout, let offset = attachment.geometryReported(layout) { perform(nil, offset, animation) }
        // Scrolling moves only the offset; anything else is a new layout.
        if old?.contentSize != new.contentSize || old?.containerSize != new.containerSize || old?.contentInsets != new.contentInsets {
            handle(.layoutChanged)
        }
    }

    func frameChanged(_ frame: CGRect) {
        frameInWindow = frame
        handle(.layoutChanged)
    }

    func windowChanged(_ window: UIWindow?) {
        self.window = window
        handle(.layoutChanged)
    }

    // MARK: Reading

    /// What SwiftUI and UIKit last reported, or nil before the scroll view
    /// is in a window and has reported its geometry and frame.
    private var layout: SwiftUIScrollLayout? {
        guard let geometry, let frameInWindow, let window, let scene = window.windowScene else { return nil }
        let screen = KBRect(scene.screen.bounds)
        let insets = geometry.contentInsets
        return SwiftUIScrollLayout(
            screen: screen.size, orientation: InterfaceOrientation(uiKitRawValue: scene.interfaceOrientation.rawValue, screen: screen.size),
            window: KBRect(window.convert(window.bounds, to: scene.screen.coordinateSpace)), frameInWindow: KBRect(frameInWindow),
            contentOffset: KBPoint(geometry.contentOffset), contentSize: KBSize(geometry.contentSize),
            contentInsets: KBEdgeInsets(
                top: Double(insets.top), left: Double(insets.leading), bottom: Double(insets.bottom), right: Double(insets.trailing)))
    }

    /// The focused field in the content's coordinates, or nil when no
    /// tagged field is focused or nothing has been reported yet.
    private var focusedField: FocusedField? {
        guard let focus, let frame = fieldFrames[focus], let frameInWindow, let geometry else { return nil }
        let origin = CGPoint(
            x: frame.minX - frameInWindow.minX + geometry.contentOffset.x, y: frame.minY - frameInWindow.minY + geometry.contentOffset.y)
        return FocusedField(frame: KBRect(CGRect(origin: origin, size: frame.size)), caret: nil)
    }

    // MARK: Events

    private func handle(_ event: AvoiderEvent) {
        guard let layout else { return }
        events?(event, attachment.snapshot(of: layout))
        guard case .change(let change) = attachment.handle(event, in: layout) else { return }
        animation = change.animation
        perform(change, change.scroll, change.animation)
    }

    /// The six keyboard notifications, handled on the main actor.
    private func observeKeyboard() {
        guard observation == nil else { return }
        let center = NotificationCenter.default
        let tokens = center.observeKeyboardOnMainActor { [weak self] n in self?.handle(.keyboard(n)) }
        observation = NotificationObservation(center: center, tokens: tokens)
    }
}

/// Reports the window the modifier's view is in, each time it moves to one.
@available(iOS 18.0, *)
struct WindowReader: UIViewRepresentable {
    let moved: @MainActor (UIWindow?) -> Void

    func makeUIView(context: Context) -> WindowReaderView {
        let view = WindowReaderView(frame: .zero)
        view.moved = moved
        return view
    }

    func updateUIView(_ view: WindowReaderView, context: Context) {
        view.moved = moved
    }
}

/// A zero-size view that says when it moves to a window.
@available(iOS 18.0, *)
final class WindowReaderView: UIView {
    var moved: (@MainActor (UIWindow?) -> Void)?

    override func didMoveToWindow() {
        super.didMoveToWindow()
        moved?(window)
    }
}
#endif

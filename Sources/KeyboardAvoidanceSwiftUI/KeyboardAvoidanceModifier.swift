#if canImport(SwiftUI) && canImport(UIKit)
import KeyboardAvoidance
import KeyboardAvoidanceFoundation
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
// what it is told: every decision is SwiftUIAvoidanceSession's, compiled
// and tested on every platform; the file itself runs in the tests against
// a SwiftUI stand-in (Tests/UIKitStandIn). iOS 18 and later: a modifier reads a scroll
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
        modifier(KeyboardAvoidingScrollView(focus: focus, policy: policy, events: events, composer: EmptyView(), chat: false))
    }

    /// Keyboard avoidance for a chat screen's transcript (this
    /// `ScrollView`) by kbbench's engine, with `composer` (the bar with the
    /// message field) placed by the modifier: over the scroll view's
    /// bottom, resting on the window's bottom safe area (or on the scroll
    /// view's bottom edge where that lies higher), lifted onto a docked
    /// keyboard in the keyboard's own animation. SwiftUI's own avoidance is
    /// off for the transcript; the engine's inset (the keyboard and the
    /// composer above it) becomes a bottom content margin, and the
    /// transcript keeps its newest message right above the composer, or the
    /// rows the user reads in place (docs/contract.md, "Chat screens"). A
    /// message that arrives (the content size), the composer's growth (its
    /// height) and the user's own scroll (`onScrollPhaseChange`) are the
    /// app's events; the user's scroll is never answered with a scroll.
    /// It takes the scroll view's position, as
    /// ``keyboardAvoidance(focus:policy:events:)`` does.
    public func keyboardAvoidance<ComposerBar: View>(
        policy: AvoidancePolicy = AvoidancePolicy(), events: (@MainActor (AvoiderEvent, LayoutSnapshot) -> Void)? = nil,
        @ViewBuilder composer: () -> ComposerBar
    ) -> some View {
        modifier(KeyboardAvoidingScrollView<Never, ComposerBar>(focus: nil, policy: policy, events: events, composer: composer(), chat: true))
    }

    /// Marks this field, inside a scroll view with
    /// ``keyboardAvoidance(focus:policy:)``, as the one `id` names: its
    /// frame is followed, so the engine shows it whole when it is focused
    /// (a multi-line field by its frame: SwiftUI gives no caret).
    public func keyboardAvoidanceField<Field: Hashable & Sendable>(_ id: Field) -> some View {
        modifier(KeyboardAvoidingField(id: id))
    }
}

/// The scroll view's side: reads SwiftUI into reports, hands them to the
/// session, performs its steps. On a chat screen (`chat`) it also places
/// the composer: laid over the scroll view's bottom within its safe area
/// (so it rests on the bottom safe area), SwiftUI's keyboard avoidance off
/// for it, and lifted by the session's exact amount
/// (``SwiftUIScrollLayout/composerLift(keyboard:)``); on a screen of
/// fields the composer is an `EmptyView` the session takes no height from.
@available(iOS 18.0, *)
struct KeyboardAvoidingScrollView<Field: Hashable & Sendable, ComposerBar: View>: ViewModifier {
    let focus: Field?
    let policy: AvoidancePolicy
    let events: (@MainActor (AvoiderEvent, LayoutSnapshot) -> Void)?
    let composer: ComposerBar
    @State private var session: KeyboardAvoidanceSession
    @State private var margin: CGFloat = 0
    @State private var indicatorMargin: CGFloat = 0
    @State private var position = ScrollPosition()
    @State private var composerLift: CGFloat = 0

    init(
        focus: Field?, policy: AvoidancePolicy, events: (@MainActor (AvoiderEvent, LayoutSnapshot) -> Void)?, composer: ComposerBar, chat: Bool
    ) {
        self.focus = focus
        self.policy = policy
        self.events = events
        self.composer = composer
        _session = State(initialValue: KeyboardAvoidanceSession(policy: policy, chat: chat))
    }

    func body(content: Content) -> some View {
        content
            .ignoresSafeArea(.keyboard, edges: .bottom)
            .contentMargins(.bottom, margin, for: .scrollContent)
            .contentMargins(.bottom, indicatorMargin, for: .scrollIndicators)
            .scrollPosition($position)
            .environment(\.keyboardAvoidanceSession, session)
            .onScrollGeometryChange(for: ScrollGeometry.self, of: { $0 }) { _, geometry in
                report(.geometry(SwiftUIScrollGeometry(geometry)))
            }
            .onScrollPhaseChange { _, phase in
                report(.userScrolling(Self.userDrives(phase)))
            }
            .onGeometryChange(for: CGRect.self, of: { $0.frame(in: .global) }) { frame in
                report(.frame(KBRect(frame)))
            }
            .onGeometryChange(for: EdgeInsets.self, of: { $0.safeAreaInsets }) { insets in
                report(.safeArea(KBEdgeInsets(insets)))
            }
            .onChange(of: focus, initial: true) { _, focus in
                report(.focus(focus.map { AnyHashable($0) }))
            }
            .onChange(of: policy, initial: true) { _, policy in
                report(.policy(policy))
            }
            .overlay(alignment: .bottom) {
                composer
                    .onGeometryChange(for: CGFloat.self, of: { $0.size.height }) { height in
                        report(.composerHeight(Double(height)))
                    }
                    .padding(.bottom, composerLift)
                    .ignoresSafeArea(.keyboard, edges: .bottom)
            }
            .background {
                WindowReader { window in
                    session.perform = perform
                    session.windowChanged(window)
                }
            }
            .onAppear { report(.appeared) }
            .onDisappear { report(.disappeared) }
    }

    /// Whether the user drives the scroll in `phase`: a drag, a gesture of
    /// the system's, or the deceleration one started; not a scroll of the
    /// app's (ours) animating, nor rest.
    static func userDrives(_ phase: ScrollPhase) -> Bool {
        switch phase {
        case .tracking, .interacting, .decelerating: true
        case .idle, .animating: false
        @unknown default: false
        }
    }

    /// Hands `report` to the session, which performs with this update's
    /// state and observer.
    private func report(_ report: SwiftUIReport<AnyHashable>) {
        session.perform = perform
        session.receive(report)
    }

    /// Performs a step with this update's bindings and `events`, not the
    /// session, which keeps it (``SwiftUIStepPerformer``).
    private var perform: @MainActor (SwiftUISessionStep) -> Void {
        SwiftUIStepPerformer(
            margin: $margin, indicatorMargin: $indicatorMargin, position: $position, composerLift: $composerLift, events: events
        ).perform
    }
}

/// Performs a session's step: the observer hears what the engine was
/// handed; the margins, the position and a chat screen's composer lift are
/// set in the step's animation (a screen of fields is given no lift).
@available(iOS 18.0, *)
@MainActor
struct SwiftUIStepPerformer {
    let margin: Binding<CGFloat>
    let indicatorMargin: Binding<CGFloat>
    let position: Binding<ScrollPosition>
    let composerLift: Binding<CGFloat>
    let events: (@MainActor (AvoiderEvent, LayoutSnapshot) -> Void)?

    var perform: @MainActor (SwiftUISessionStep) -> Void {
        let performer = self
        return { step in performer.apply(step) }
    }

    /// Sets what `step` asks for.
    func apply(_ step: SwiftUISessionStep) {
        if let events { for handed in step.handed { events(handed.event, handed.layout) } }
        guard !step.isEmpty else { return }
        withAnimation(Self.animation(step.animation)) {
            if let margins = step.margins {
                margin.wrappedValue = CGFloat(margins.content)
                indicatorMargin.wrappedValue = CGFloat(margins.indicators)
            }
            if let scroll = step.scroll { position.wrappedValue.scrollTo(x: CGFloat(scroll.x), y: CGFloat(scroll.y)) }
            if let lift = step.composerLift { composerLift.wrappedValue = CGFloat(lift) }
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
            session?.receive(.field(AnyHashable(id), KBRect(frame)))
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

/// One scroll view's session (``SwiftUIAvoidanceSession``, which decides
/// everything) with what only an app has: the keyboard notifications, the
/// window, the main queue, and the modifier's way to perform.
@available(iOS 18.0, *)
@MainActor
final class KeyboardAvoidanceSession {
    private var core: SwiftUIAvoidanceSession<AnyHashable>
    private var observation: NotificationObservation?
    private weak var window: UIWindow?
    /// The observation of the window scene's geometry.
    private var sceneObservation: NSKeyValueObservation?
    /// Performs a step: the modifier sets it with each report, so that its
    /// newest update's state and observer are the ones used.
    var perform: @MainActor (SwiftUISessionStep) -> Void = { _ in }

    init(policy: AvoidancePolicy, chat: Bool) {
        core = SwiftUIAvoidanceSession(policy: policy, chat: chat)
    }

    /// Hands `report` to the session, the window's scene read again first
    /// (a rotation changes it under the same window), and performs what it
    /// answers; a pass it opens ends on the main queue's next turn. The
    /// first report starts the keyboard's observation, which lasts as
    /// long as the session.
    func receive(_ report: SwiftUIReport<AnyHashable>) {
        observeKeyboard()
        let step = core.receive(.scene(scene)).then(core.receive(report))
        if step.passBegan {
            GlueScheduler.current.nextTurn { [weak self] in self?.receive(.passEnded) }
        }
        perform(step)
    }

    /// The window reader moved to `window` (nil: out of one).
    func windowChanged(_ window: UIWindow?) {
        self.window = window
        observeScene()
        receive(.scene(scene))
    }

    /// The window scene's `effectiveGeometry` changes when the user moves,
    /// resizes or tiles the window (Stage Manager, iPadOS 26's windows,
    /// Split View): SwiftUI's frames are in the window's space, so a move
    /// that keeps the window's size reaches the modifier only here, as a
    /// new scene.
    private func observeScene() {
        guard let windowScene = window?.windowScene else {
            sceneObservation = nil
            return
        }
        sceneObservation = windowScene.observe(\.effectiveGeometry, options: [.new]) { [weak self] _, _ in
            let session = self
            MainActorHop.run { session?.sceneMayHaveMoved() }
        }
    }

    private func sceneMayHaveMoved() {
        receive(.scene(scene))
    }

    /// The window's scene as plain numbers, or nil out of a window.
    private var scene: SwiftUIScene? {
        guard let window, let scene = window.windowScene else { return nil }
        let screen = KBRect(scene.screen.bounds)
        return SwiftUIScene(
            screen: screen.size, orientation: InterfaceOrientation(uiKitRawValue: scene.interfaceOrientation.rawValue, screen: screen.size),
            window: KBRect(window.convert(window.bounds, to: scene.screen.coordinateSpace)))
    }

    /// The six keyboard notifications, handled on the main actor.
    private func observeKeyboard() {
        guard observation == nil else { return }
        let center = NotificationCenter.default
        let tokens = center.observeKeyboardOnMainActor { [weak self] n in self?.receive(.keyboard(n)) }
        observation = NotificationObservation(center: center, tokens: tokens)
    }
}

@available(iOS 18.0, *)
extension SwiftUIScrollGeometry {
    /// What `geometry` says, as plain numbers (leading and trailing read as
    /// left and right).
    init(_ geometry: ScrollGeometry) {
        self.init(
            contentOffset: KBPoint(geometry.contentOffset), contentSize: KBSize(geometry.contentSize), containerSize: KBSize(geometry.containerSize),
            contentInsets: KBEdgeInsets(geometry.contentInsets))
    }
}

@available(iOS 18.0, *)
extension KBEdgeInsets {
    /// `insets` as plain numbers, leading and trailing read as left and
    /// right (in a right-to-left layout they are the other way round; the
    /// engine reads no side edge of a vertical scroll, and only compares
    /// the safe area).
    init(_ insets: EdgeInsets) {
        self.init(top: Double(insets.top), left: Double(insets.leading), bottom: Double(insets.bottom), right: Double(insets.trailing))
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

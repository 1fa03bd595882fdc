import UIKit

/// Evaluates a view tree as SwiftUI's update would, into what a driver
/// fires and reads (the stand-in's own; no such type in SwiftUI):
/// - `@State` kept by its place in the tree across the structs an update
///   makes again, `@Environment` resolved from the modifiers above;
/// - `onChange(of:initial:)` fired after the update that changed its value
///   (and after the first, with `initial`), `onAppear` after the first
///   update that reached it, `onDisappear` on ``remove()``;
/// - the geometry callbacks kept for the driver to fire
///   (``scrollGeometryChanged(_:)``, ``geometryChanged(leaf:)``);
/// - the content margins, the scroll position and the regions whose safe
///   area is ignored, as the last update left them;
/// - a `UIViewRepresentable` made once and added to ``host``.
///
/// A state change marks the tree for another update (``needsUpdate``); the
/// driver renders again, as SwiftUI would before its next frame.
@MainActor
public final class StandInRenderer {
    /// Where an evaluation is: its place in the tree, the environment, and
    /// the driver-named leaf below it.
    struct Context {
        var path: String
        var environment: EnvironmentValues
        var leaf: String?

        func child(_ name: String, leaf: String?) -> Context {
            Context(path: path + "/" + name, environment: environment, leaf: leaf ?? self.leaf)
        }
    }

    /// The view the representables' views are added to.
    public let host: UIView
    /// Each driver-named leaf's frame in the window.
    public var frames: [String: CGRect] = [:]
    /// Each driver-named leaf's own safe-area insets (none where not set).
    public var safeAreas: [String: EdgeInsets] = [:]
    /// The bottom content margins by placement, as the last update set
    /// them.
    public internal(set) var bottomMargins: [ContentMarginPlacement: CGFloat?] = [:]
    /// The scroll position binding of the last update.
    var position: Binding<ScrollPosition>?
    /// Every `ignoresSafeArea` of the last update.
    public internal(set) var ignoredSafeArea: [(SafeAreaRegions, Edge.Set)] = []
    /// The bottom `padding` of the last update (nil: none, or its default).
    public internal(set) var bottomPadding: CGFloat?

    var scrollGeometryActions: [String: (ScrollGeometry?, ScrollGeometry) -> Void] = [:]
    var scrollPhaseActions: [String: (ScrollPhase, ScrollPhase) -> Void] = [:]
    private var scrollPhase = ScrollPhase.idle
    var geometryActions: [String: [String: (GeometryProxy) -> Void]] = [:]
    var disappearActions: [String: (() -> Void)?] = [:]
    var representedViews: [String: UIView] = [:]
    private var states: [String: AnyObject] = [:]
    private var changeValues: [String: Any] = [:]
    private var appeared: Set<String> = []
    private var afterUpdate: [() -> Void] = []
    private var lastGeometry: ScrollGeometry?

    /// Whether a state changed since the last update.
    nonisolated(unsafe) public internal(set) static var needsUpdate = false
    /// The animation of each `withAnimation` call, in order (the driver
    /// empties it).
    public static var animations: [Animation?] = []

    public init(host: UIView) {
        self.host = host
    }

    /// The scroll position as the modifier last set it.
    public var scrollPosition: ScrollPosition? { position?.wrappedValue }

    /// One update: `root` evaluated, then the `onChange` and `onAppear`
    /// actions it gave, in the order they were met.
    public func update(_ root: some View) {
        Self.needsUpdate = false
        scrollGeometryActions = [:]
        scrollPhaseActions = [:]
        geometryActions = [:]
        ignoredSafeArea = []
        bottomPadding = nil
        evaluate(root, Context(path: "", environment: EnvironmentValues(), leaf: nil))
        let actions = afterUpdate
        afterUpdate = []
        for action in actions { action() }
    }

    /// The view goes: every `onDisappear` met, and the representables'
    /// views leave the host.
    public func remove() {
        for (_, action) in disappearActions.sorted(by: { $0.key < $1.key }) { action?() }
        disappearActions = [:]
        appeared = []
        for view in representedViews.values { view.removeFromSuperview() }
        representedViews = [:]
    }

    /// The view disappears but stays in its window (a screen pushed over
    /// it): every `onDisappear` met; the next update's `onAppear`s fire
    /// again.
    public func disappear() {
        onScreen = false
        for (_, action) in disappearActions.sorted(by: { $0.key < $1.key }) { action?() }
        disappearActions = [:]
        appeared = []
    }

    /// Whether the view is on screen: updates made while it is not (its
    /// state changed meanwhile) fire no `onAppear`; the first update after
    /// it is set again does.
    public var onScreen = true

    /// SwiftUI reports the scroll view's geometry: every
    /// `onScrollGeometryChange` whose transformed value changed.
    public func scrollGeometryChanged(_ geometry: ScrollGeometry) {
        let old = lastGeometry
        lastGeometry = geometry
        for (_, action) in scrollGeometryActions.sorted(by: { $0.key < $1.key }) { action(old, geometry) }
    }

    /// The scroll view's phase changes to `phase`: every
    /// `onScrollPhaseChange`, with the old phase and the new.
    public func scrollPhaseChanged(to phase: ScrollPhase) {
        let old = scrollPhase
        scrollPhase = phase
        guard old != phase else { return }
        for (_, action) in scrollPhaseActions.sorted(by: { $0.key < $1.key }) { action(old, phase) }
    }

    /// SwiftUI reports a leaf's new frame (``frames``): every
    /// `onGeometryChange` on it.
    public func geometryChanged(leaf: String) {
        guard let frame = frames[leaf] else { return }
        let proxy = GeometryProxy(frameInWindow: frame, safeAreaInsets: safeAreas[leaf] ?? EdgeInsets())
        for (_, action) in (geometryActions[leaf] ?? [:]).sorted(by: { $0.key < $1.key }) { action(proxy) }
    }

    // MARK: Evaluation

    func evaluate(_ view: any View, _ e: Context) {
        if let node = view as? any StandInNode {
            node.evaluate(in: self, e)
        } else if let representable = view as? any UIViewRepresentable {
            representable.evaluateRepresentable(in: self, e)
        } else {
            evaluateBody(of: view, e)
        }
    }

    private func evaluateBody<V: View>(of view: V, _ e: Context) {
        link(view, at: e)
        evaluate(view.body, e.child(String(describing: V.self), leaf: nil))
    }

    /// Links `value`'s `@State`s to their places and resolves its
    /// `@Environment`s.
    func link(_ value: Any, at e: Context) {
        for child in Mirror(reflecting: value).children {
            let key = e.path + "." + (child.label ?? "?")
            if let state = child.value as? any StandInState {
                states[key] = state.link(to: states[key])
            } else if let environment = child.value as? any StandInEnvironment {
                environment.resolve(in: e.environment)
            }
        }
    }

    func onChange<V: Equatable>(at path: String, value: V, initial: Bool, action: @escaping (V, V) -> Void) {
        let old = changeValues[path] as? V
        changeValues[path] = value
        if let old {
            if old != value { afterUpdate.append { action(old, value) } }
        } else if initial {
            afterUpdate.append { action(value, value) }
        }
    }

    func onAppear(at path: String, _ action: (() -> Void)?) {
        guard onScreen, !appeared.contains(path) else { return }
        appeared.insert(path)
        if let action { afterUpdate.append(action) }
    }

    /// The driver-named leaf `view` stands on.
    static func leafID(of view: any View) -> String? {
        (view as? any StandInNode)?.leafID
    }
}

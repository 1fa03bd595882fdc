/// One of SwiftUI's own modifiers on `content`: what it does at an
/// evaluation (`apply`), then the content evaluated.
public struct StandInModified<Content: View>: View, StandInNode {
    let content: Content
    let name: String
    let apply: @MainActor (StandInRenderer, inout StandInRenderer.Context) -> Void

    init(content: Content, name: String, apply: @escaping @MainActor (StandInRenderer, inout StandInRenderer.Context) -> Void) {
        self.content = content
        self.name = name
        self.apply = apply
    }

    public var body: Never { fatalError("a modifier has no body") }
    var leafID: String? { StandInRenderer.leafID(of: content) }

    func evaluate(in r: StandInRenderer, _ e: StandInRenderer.Context) {
        var here = e.child(name, leaf: leafID)
        apply(r, &here)
        r.evaluate(content, here)
    }
}

// SwiftUI declares these nonisolated; here they are the main actor's, as
// the views that call them are: the same calls compile, and the closures
// they keep are made and run on the main actor.
extension View {
    func standIn(_ name: String, _ apply: @escaping @MainActor (StandInRenderer, inout StandInRenderer.Context) -> Void)
        -> StandInModified<Self>
    {
        StandInModified(content: self, name: name, apply: apply)
    }

    public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> some View {
        standIn("ignoresSafeArea") { r, _ in r.ignoredSafeArea.append((regions, edges)) }
    }

    public func contentMargins(_ edges: Edge.Set = .all, _ length: CGFloat?, for placement: ContentMarginPlacement = .automatic)
        -> some View
    {
        standIn("contentMargins") { r, _ in
            if edges.contains(.bottom) { r.bottomMargins[placement] = length }
        }
    }

    public func scrollPosition(_ position: Binding<ScrollPosition>, anchor: UnitPoint? = nil) -> some View {
        standIn("scrollPosition") { r, _ in r.position = position }
    }

    public func onScrollGeometryChange<T: Equatable>(
        for type: T.Type, of transform: @escaping (ScrollGeometry) -> T, action: @escaping (T, T) -> Void
    ) -> some View {
        standIn("onScrollGeometryChange") { r, e in
            r.scrollGeometryActions[e.path] = { old, new in
                let (o, n) = (transform(old ?? new), transform(new))
                if old == nil || o != n { action(o, n) }
            }
        }
    }

    @preconcurrency public func onGeometryChange<T: Equatable & Sendable>(
        for type: T.Type, of transform: @escaping @Sendable (GeometryProxy) -> T, action: @escaping (T) -> Void
    ) -> some View {
        standIn("onGeometryChange") { r, e in
            guard let leaf = e.leaf else { return }
            r.geometryActions[leaf, default: [:]][e.path] = { proxy in action(transform(proxy)) }
        }
    }

    public func onScrollPhaseChange(_ action: @escaping (_ oldPhase: ScrollPhase, _ newPhase: ScrollPhase) -> Void) -> some View {
        standIn("onScrollPhaseChange") { r, e in r.scrollPhaseActions[e.path] = action }
    }

    /// Evaluated as a background is; the driver reads its padding.
    public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        let overlay = content()
        return standIn("overlay") { r, e in r.evaluate(overlay, e.child("overlay", leaf: nil)) }
    }

    /// Its bottom length, as the last update set it, is the renderer's
    /// ``StandInRenderer/bottomPadding``.
    public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View {
        standIn("padding") { r, _ in
            if edges.contains(.bottom) { r.bottomPadding = length }
        }
    }

    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping (V, V) -> Void) -> some View {
        standIn("onChange") { r, e in r.onChange(at: e.path, value: value, initial: initial, action: action) }
    }

    public func onAppear(perform action: (() -> Void)? = nil) -> some View {
        standIn("onAppear") { r, e in r.onAppear(at: e.path, action) }
    }

    public func onDisappear(perform action: (() -> Void)? = nil) -> some View {
        standIn("onDisappear") { r, e in r.disappearActions[e.path] = action }
    }

    public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        let background = content()
        return standIn("background") { r, e in r.evaluate(background, e.child("background", leaf: nil)) }
    }

    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
        standIn("environment") { _, e in e.environment[keyPath: keyPath] = value }
    }
}

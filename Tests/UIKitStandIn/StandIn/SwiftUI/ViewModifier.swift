/// `ViewModifier`: a body over its content.
@preconcurrency @MainActor public protocol ViewModifier {
    associatedtype Body: View
    @ViewBuilder @preconcurrency @MainActor func body(content: Content) -> Body
    typealias Content = _ViewModifier_Content<Self>
}

/// The content a modifier's body wraps: evaluates to the view the modifier
/// was applied to.
public struct _ViewModifier_Content<Modifier: ViewModifier>: View, StandInNode {
    let content: any View
    let leafID: String?
    public var body: Never { fatalError("content has no body") }

    func evaluate(in r: StandInRenderer, _ e: StandInRenderer.Context) {
        r.evaluate(content, e.child("content", leaf: leafID))
    }
}

/// `ModifiedContent`.
public struct ModifiedContent<Content, Modifier> {
    public var content: Content
    public var modifier: Modifier

    nonisolated public init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }
}

extension ModifiedContent: View, StandInNode where Content: View, Modifier: ViewModifier {
    public var body: Never { fatalError("modified content has no body") }
    var leafID: String? { StandInRenderer.leafID(of: content) }

    func evaluate(in r: StandInRenderer, _ e: StandInRenderer.Context) {
        let inner = e.child(String(describing: Modifier.self), leaf: nil)
        r.link(modifier, at: inner)
        let wrapped = _ViewModifier_Content<Modifier>(content: content, leafID: leafID)
        r.evaluate(modifier.body(content: wrapped), inner)
    }
}

extension View {
    nonisolated public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> {
        ModifiedContent(content: self, modifier: modifier)
    }
}

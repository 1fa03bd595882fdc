import UIKit

/// `UIViewRepresentable`: made once at its place, updated at each
/// evaluation, its view added to the renderer's host view (so that it
/// moves to the host's window).
@preconcurrency @MainActor public protocol UIViewRepresentable: View where Body == Never {
    associatedtype UIViewType: UIView
    @MainActor @preconcurrency func makeUIView(context: Context) -> UIViewType
    @MainActor @preconcurrency func updateUIView(_ uiView: UIViewType, context: Context)
    typealias Context = UIViewRepresentableContext<Self>
}

extension UIViewRepresentable where Body == Never {
    public var body: Never { fatalError("a representable has no body") }
}

/// `UIViewRepresentableContext`.
@preconcurrency @MainActor public struct UIViewRepresentableContext<Representable: UIViewRepresentable> {}

extension UIViewRepresentable {
    func evaluateRepresentable(in r: StandInRenderer, _ e: StandInRenderer.Context) {
        let context = Context()
        if let view = r.representedViews[e.path] as? UIViewType {
            updateUIView(view, context: context)
        } else {
            let view = makeUIView(context: context)
            r.representedViews[e.path] = view
            r.host.addSubview(view)
            updateUIView(view, context: context)
        }
    }
}

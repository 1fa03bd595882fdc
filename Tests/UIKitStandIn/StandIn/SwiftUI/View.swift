// The slice of SwiftUI the kbbench modifier file calls, as a behavioural
// stand-in: the declarations have the SDK's shapes (Tests/AppleSDK's shim),
// and a body evaluates into the callbacks and state a driver fires and
// reads (``StandInRenderer``). A test double, not SwiftUI: no layout, no
// animation, no diffing beyond what the modifier relies on.
@_exported import Foundation
import UIKit

/// `View`: a body, evaluated by the renderer.
@preconcurrency @MainActor public protocol View {
    associatedtype Body: View
    @ViewBuilder @preconcurrency @MainActor var body: Body { get }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError("Never has no body") }
}

/// `ViewBuilder`: the one- and no-view blocks.
@resultBuilder public struct ViewBuilder {
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
}

/// `EmptyView`.
public struct EmptyView: View, StandInNode {
    nonisolated public init() {}
    public var body: Never { fatalError("EmptyView has no body") }
    func evaluate(in r: StandInRenderer, _ e: StandInRenderer.Context) {}
}

/// The stand-in's own leaf (no such type in SwiftUI): a view the driver
/// names, whose frame in the window it gives (``StandInRenderer/frames``),
/// with children (a scroll view's fields).
public struct StandInLeaf: View, StandInNode {
    public let id: String
    let children: [any View]

    public init(id: String, children: [any View] = []) {
        self.id = id
        self.children = children
    }

    public var body: Never { fatalError("a leaf has no body") }
    var leafID: String? { id }

    func evaluate(in r: StandInRenderer, _ e: StandInRenderer.Context) {
        for (i, child) in children.enumerated() { r.evaluate(child, e.child("\(id)[\(i)]", leaf: nil)) }
    }
}

/// What the renderer evaluates itself rather than through a body.
@MainActor
protocol StandInNode {
    /// The driver-named leaf this view stands on, if any: where its
    /// geometry is read.
    var leafID: String? { get }
    func evaluate(in r: StandInRenderer, _ e: StandInRenderer.Context)
}

extension StandInNode {
    var leafID: String? { nil }
}

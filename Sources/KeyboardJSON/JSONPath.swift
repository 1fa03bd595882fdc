/// Where a value sits inside a JSON document: the keys and array indices
/// from the root, written `scrollView.frame[2]` in messages.
package struct JSONPath: Hashable, Sendable, CustomStringConvertible {
    package enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    package var components: [Component]

    package init(_ components: [Component] = []) { self.components = components }

    /// The root of a document.
    package static let root = JSONPath()

    package func appending(_ key: String) -> JSONPath { JSONPath(components + [.key(key)]) }
    package func appending(index: Int) -> JSONPath { JSONPath(components + [.index(index)]) }

    package var isRoot: Bool { components.isEmpty }

    package var description: String {
        var s = ""
        for c in components {
            switch c {
            case .key(let k): s += s.isEmpty ? k : "." + k
            case .index(let i): s += "[\(i)]"
            }
        }
        return s
    }
}

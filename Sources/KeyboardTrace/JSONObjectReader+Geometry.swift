import KeyboardGeometry
import KeyboardJSON

/// The geometry values traces and protocol replies hold, read strictly:
/// `[x, y, width, height]`, `[width, height]`, `[x, y]`,
/// `[top, left, bottom, right]`, each number finite unless `finite` is
/// false, the error naming the key's path.
extension JSONObjectReader {
    func rect(_ v: JSONValue, at p: JSONPath, finite: Bool = true) throws(MalformedInput) -> KBRect {
        let n = try numbers(v, at: p, count: 4, finite: finite)
        return KBRect(x: n[0], y: n[1], width: n[2], height: n[3])
    }

    package func rect(_ v: JSONValue, _ key: String, finite: Bool = true) throws(MalformedInput) -> KBRect {
        try rect(v, at: path.appending(key), finite: finite)
    }

    /// A finite rect whose width and height are not negative: the frame of
    /// a view as UIKit reports it.
    func sizedRect(_ v: JSONValue, _ key: String) throws(MalformedInput) -> KBRect {
        let r = try rect(v, key)
        if r.size.width < 0 { throw fail(at: path.appending(key).appending(index: 2), .outOfRange(r.size.width, allowed: "at least 0")) }
        if r.size.height < 0 { throw fail(at: path.appending(key).appending(index: 3), .outOfRange(r.size.height, allowed: "at least 0")) }
        return r
    }

    package func size(_ v: JSONValue, _ key: String, finite: Bool = true) throws(MalformedInput) -> KBSize {
        let n = try numbers(v, at: path.appending(key), count: 2, finite: finite)
        return KBSize(width: n[0], height: n[1])
    }

    package func point(_ v: JSONValue, _ key: String, finite: Bool = true) throws(MalformedInput) -> KBPoint {
        let n = try numbers(v, at: path.appending(key), count: 2, finite: finite)
        return KBPoint(x: n[0], y: n[1])
    }

    package func insets(_ v: JSONValue, _ key: String) throws(MalformedInput) -> KBEdgeInsets {
        let n = try numbers(v, at: path.appending(key), count: 4, finite: true)
        return KBEdgeInsets(top: n[0], left: n[1], bottom: n[2], right: n[3])
    }

    package func rects(_ v: JSONValue, _ key: String) throws(MalformedInput) -> [KBRect] {
        let p = path.appending(key)
        guard case .array(let items) = v else { throw fail(at: p, .wrongType(expected: "an array of rects", found: v.kindName)) }
        var result: [KBRect] = []
        result.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            result.append(try rect(item, at: p.appending(index: i)))
        }
        return result
    }
}

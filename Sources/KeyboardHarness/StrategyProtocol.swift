import KeyboardGeometry
import KeyboardJSON
import KeyboardOracle
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld

/// Protocol v1 between kbbench and an external strategy (docs/strategy-protocol.md):
/// the messages kbbench sends, and the strict reading of the replies.
///
/// Messages are JSON Lines. kbbench sends `start` (the trace header) at
/// each scenario, `event` (the trace event and the world an app sees) for
/// each event, and `end` once; the process answers `start` with `ready`
/// and each `event` with `ops`. A reply may carry keys this version does not
/// know (later versions add only such keys); everything this version reads
/// is checked: the type, each op's name and arguments, every number finite.
package enum StrategyProtocol {
    package static let version = 1

    /// `{"kbstrategy":1,"type":"start","header":H}`.
    package static func start(_ header: TraceHeader) -> String {
        JSONWriter.string(.object([("kbstrategy", .integer(version)), ("type", .string("start")), ("header", TraceWriter.header(header))]))
    }

    /// `{"type":"event","line":N,"event":E,"world":W}`.
    package static func event(_ event: TraceEvent, line: Int, in trace: Trace, world: SimulatedWorld, scrollView: ScrollViewModel) -> String {
        JSONWriter.string(
            .object([
                ("type", .string("event")), ("line", .integer(line)),
                ("event", TraceWriter.event(event, in: trace)),
                ("world", self.world(world, scrollView)),
            ]))
    }

    /// What an app sees now: W in the protocol. On a chat screen, the
    /// composer as the app has it now (its height and resting inset, as
    /// in the trace).
    package static func world(_ w: SimulatedWorld, _ s: ScrollViewModel) -> JSONWriter.Value {
        var members: [(String, JSONWriter.Value)] = [
            ("screen", TraceWriter.sizeValue(w.screen)),
            ("orientation", .string(w.orientation.rawValue)),
            ("window", TraceWriter.jsonRect(w.window)),
            ("visible", .bool(w.isVisible)),
            ("rootView", TraceWriter.jsonRect(w.viewFrame)),
            ("focusedField", w.focusedField.map { TraceWriter.jsonRect($0.frame) } ?? .null),
            (
                "scrollView",
                .object(
                    TraceWriter.scrollViewMembers(s.state, writingDefaults: true)
                        + [("adjustedContentInset", TraceWriter.jsonInsets(s.adjustedContentInset))]
                )
            ),
        ]
        if let c = w.composer { members.append(("composer", TraceWriter.composer(c))) }
        return .object(members)
    }

    /// One change a reply asks for, applied in order to the scroll view.
    package enum Operation: Hashable {
        case setContentInset(KBEdgeInsets)
        case setScrollIndicatorInsets(KBEdgeInsets)
        case setContentOffset(KBPoint)
        case scrollRectToVisible(KBRect)
        case setFrame(KBRect)

        /// Applies the change as UIKit would (see ``ScrollViewModel``).
        package func apply(to s: inout ScrollViewModel) {
            switch self {
            case .setContentInset(let e): s.contentInset = e
            case .setScrollIndicatorInsets(let e): s.indicatorInsets = e
            case .setContentOffset(let p): s.contentOffset = p
            case .scrollRectToVisible(let r): s.scrollRectToVisible(r)
            case .setFrame(let r): s.frame = r
            }
        }
    }

    /// A reply to an event.
    package struct Ops: Hashable {
        package var operations: [Operation]
        package var animation: StrategyAnimation?

        package init(operations: [Operation], animation: StrategyAnimation?) {
            self.operations = operations
            self.animation = animation
        }
    }

    /// Reads `{"type":"ready"}`.
    package static func readReady(_ bytes: [UInt8]) throws(ReplyProblem) {
        let o = try object(bytes)
        try expectType("ready", in: o)
    }

    /// Reads `{"type":"ops","ops":[…],"animation":null|{"duration":D,"curve":C}}`.
    package static func readOps(_ bytes: [UInt8]) throws(ReplyProblem) -> Ops {
        let o = try object(bytes)
        try expectType("ops", in: o)
        guard case .array(let items)? = o["ops"] else { throw ReplyProblem("\"ops\" must be an array of operations") }
        var operations: [Operation] = []
        for (i, item) in items.enumerated() {
            guard case .object(let op) = item, case .string(let name)? = op["op"] else {
                throw ReplyProblem("ops[\(i)] must be an object with a string \"op\"")
            }
            let at = "ops[\(i)] (\(name))"
            switch name {
            case "setContentInset": operations.append(.setContentInset(try insets(op["insets"], at + ".insets")))
            case "setScrollIndicatorInsets": operations.append(.setScrollIndicatorInsets(try insets(op["insets"], at + ".insets")))
            case "setContentOffset":
                let v = try numbers(op["offset"], count: 2, at + ".offset")
                operations.append(.setContentOffset(KBPoint(x: v[0], y: v[1])))
            case "scrollRectToVisible": operations.append(.scrollRectToVisible(try rect(op["rect"], at + ".rect")))
            case "setFrame": operations.append(.setFrame(try rect(op["frame"], at + ".frame")))
            default:
                throw ReplyProblem(
                    "ops[\(i)]: unknown op '\(name)' (protocol v1 has setContentInset, setScrollIndicatorInsets, "
                        + "setContentOffset, scrollRectToVisible, setFrame)")
            }
        }
        var animation: StrategyAnimation?
        switch o["animation"] {
        case nil, .null?: animation = nil
        case .object(let a)?:
            let duration = try number(a["duration"], "animation.duration")
            guard duration >= 0 else { throw ReplyProblem("animation.duration must be at least 0, got \(duration)") }
            let curve = try number(a["curve"], "animation.curve")
            guard curve == curve.rounded(), abs(curve) < 2_147_483_648 else {
                throw ReplyProblem("animation.curve must be an integer (UIKit's raw curve), got \(curve)")
            }
            animation = StrategyAnimation(duration: duration, curve: AnimationCurve(rawCurve: Int(curve)))
        case let other?:
            throw ReplyProblem("\"animation\" must be null or {\"duration\":D,\"curve\":C}, got \(other.kindName)")
        }
        return Ops(operations: operations, animation: animation)
    }

    /// What is wrong with a reply, in words.
    package struct ReplyProblem: Error {
        package var message: String
        package init(_ message: String) { self.message = message }
    }

    private static func object(_ bytes: [UInt8]) throws(ReplyProblem) -> [String: JSONValue] {
        let value: JSONValue
        do { value = try JSONParser.parse(bytes: bytes) } catch {
            throw ReplyProblem("not JSON (\(error.message) at byte \(error.offset)): \(excerpt(bytes))")
        }
        guard case .object(let o) = value else { throw ReplyProblem("a reply must be a JSON object, got \(value.kindName): \(excerpt(bytes))") }
        return o
    }

    private static func expectType(_ type: String, in o: [String: JSONValue]) throws(ReplyProblem) {
        guard case .string(let t)? = o["type"] else { throw ReplyProblem("the reply has no string \"type\" (expected \"\(type)\")") }
        guard t == type else { throw ReplyProblem("expected a reply of type \"\(type)\", got \"\(t)\"") }
    }

    private static func number(_ v: JSONValue?, _ key: String) throws(ReplyProblem) -> Double {
        guard let v else { throw ReplyProblem("\(key) is missing") }
        guard case .number(let d) = v else { throw ReplyProblem("\(key) must be a number, got \(v.kindName)") }
        guard d.isFinite else { throw ReplyProblem("\(key) is a non-finite number") }
        return d
    }

    private static func numbers(_ v: JSONValue?, count: Int, _ key: String) throws(ReplyProblem) -> [Double] {
        guard let v else { throw ReplyProblem("\(key) is missing") }
        guard case .array(let items) = v, items.count == count else {
            throw ReplyProblem("\(key) must be an array of \(count) numbers, got \(v.kindName)")
        }
        var out: [Double] = []
        for (i, item) in items.enumerated() { out.append(try number(item, "\(key)[\(i)]")) }
        return out
    }

    private static func insets(_ v: JSONValue?, _ key: String) throws(ReplyProblem) -> KBEdgeInsets {
        let n = try numbers(v, count: 4, key)
        return KBEdgeInsets(top: n[0], left: n[1], bottom: n[2], right: n[3])
    }

    private static func rect(_ v: JSONValue?, _ key: String) throws(ReplyProblem) -> KBRect {
        let n = try numbers(v, count: 4, key)
        return KBRect(x: n[0], y: n[1], width: n[2], height: n[3])
    }

    /// The start of a reply, for messages.
    private static func excerpt(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes.prefix(80), as: UTF8.self)
        return "'" + text + (bytes.count > 80 ? "…" : "") + "'"
    }
}

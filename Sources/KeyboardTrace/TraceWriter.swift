import KeyboardAvoidance
import KeyboardGeometry
import KeyboardJSON

/// Writes trace format v1: the header line, then one line per event, keys in
/// the order docs/trace-format.md gives them, optional values left out.
///
/// Property: `TraceReader.read(TraceWriter.text(t)) == t.renumbered` for
/// every trace the reader accepts: the header, every event and the field
/// lists come back exactly (payload infinities are written `1e999`, which
/// reads back as infinity); the events are renumbered 2, 3, … because the
/// writer leaves out the blank lines a file may have had. The text is a
/// fixed point: writing the trace read back gives the same text. Traces built
/// in code keep the property when their numbers are not NaN (NaN has no
/// JSON spelling) and their layout events name the field lists in order,
/// each once (as the reader builds them).
public enum TraceWriter {
    /// The whole trace as JSON Lines, ending with a newline.
    public static func text(_ trace: Trace) -> String {
        var out = JSONWriter.string(header(trace.header)) + "\n"
        for line in trace.events {
            out += JSONWriter.string(event(line, in: trace)) + "\n"
        }
        return out
    }

    // MARK: Values

    static func rect(_ r: KBRect) -> JSONWriter.Value {
        .array([.number(r.origin.x), .number(r.origin.y), .number(r.size.width), .number(r.size.height)])
    }

    package static func sizeValue(_ s: KBSize) -> JSONWriter.Value { size(s) }
    static func size(_ s: KBSize) -> JSONWriter.Value { .array([.number(s.width), .number(s.height)]) }

    /// `[top, left, bottom, right]`, as traces and reports write insets.
    package static func jsonInsets(_ e: KBEdgeInsets) -> JSONWriter.Value { insets(e) }

    /// `[x, y]`, as traces and reports write points.
    package static func jsonPoint(_ p: KBPoint) -> JSONWriter.Value { point(p) }

    /// `[x, y, width, height]`, as traces and reports write rects.
    package static func jsonRect(_ r: KBRect) -> JSONWriter.Value { rect(r) }
    static func point(_ p: KBPoint) -> JSONWriter.Value { .array([.number(p.x), .number(p.y)]) }
    static func insets(_ e: KBEdgeInsets) -> JSONWriter.Value {
        .array([.number(e.top), .number(e.left), .number(e.bottom), .number(e.right)])
    }

    /// The keys of a scroll view, in the order traces write them: `frame`,
    /// `safeArea`, `contentInset`, `insetAdjustment`, the two always-bounce
    /// flags, `contentSize`, `contentOffset`. A trace's header leaves out the
    /// insets, behaviour and flags that have their default values
    /// (`writingDefaults` false); protocol v1 writes every key.
    package static func scrollViewMembers(_ s: ScrollViewState, writingDefaults: Bool) -> [(String, JSONWriter.Value)] {
        var sv: [(String, JSONWriter.Value)] = [("frame", rect(s.frame))]
        if writingDefaults || s.safeArea != .zero { sv.append(("safeArea", insets(s.safeArea))) }
        if writingDefaults || s.contentInset != .zero { sv.append(("contentInset", insets(s.contentInset))) }
        if writingDefaults || s.insetAdjustment != .automatic { sv.append(("insetAdjustment", .string(s.insetAdjustment.rawValue))) }
        if writingDefaults || s.alwaysBounceVertical { sv.append(("alwaysBounceVertical", .bool(s.alwaysBounceVertical))) }
        if writingDefaults || s.alwaysBounceHorizontal { sv.append(("alwaysBounceHorizontal", .bool(s.alwaysBounceHorizontal))) }
        sv.append(("contentSize", size(s.contentSize)))
        sv.append(("contentOffset", point(s.contentOffset)))
        return sv
    }

    package static func header(_ h: TraceHeader) -> JSONWriter.Value {
        let sv = scrollViewMembers(h.scrollView, writingDefaults: false)
        var policy: [(String, JSONWriter.Value)] = [("distance", .number(h.policy.distance))]
        if h.policy.tallField != .top { policy.append(("tallField", .string(h.policy.tallField.rawValue))) }
        var pairs: [(String, JSONWriter.Value)] = [
            ("schemaVersion", .integer(Trace.schemaVersion)),
            ("kind", .string("kbtrace")),
            ("profile", .string(h.profile.rawValue)),
        ]
        if let v = h.systemVersion { pairs.append(("systemVersion", .integer(v))) }
        pairs += [
            ("screen", size(h.screen)),
            ("orientation", .string(h.orientation.rawValue)),
            ("window", rect(h.window)),
            ("scrollView", .object(sv)),
            ("fields", .array(h.fields.map(rect))),
            ("policy", .object(policy)),
        ]
        if let p = h.promise {
            pairs.append(("promise", .object([("distance", .number(p.distance)), ("tallField", .string(p.tallField.rawValue))])))
        }
        if let c = h.composer { pairs.append(("composer", composer(c))) }
        return .object(pairs)
    }

    /// `{"height":h,"restingInset":r}`, the resting inset left out at 0.
    package static func composer(_ c: Composer) -> JSONWriter.Value {
        var pairs: [(String, JSONWriter.Value)] = [("height", .number(c.height))]
        if c.restingInset != 0 { pairs.append(("restingInset", .number(c.restingInset))) }
        return .object(pairs)
    }

    /// One event line, then its truth and its observed scroll view; `trace`
    /// supplies the field lists layout events name.
    static func event(_ line: TraceLine, in trace: Trace) -> JSONWriter.Value {
        guard case .object(var pairs) = event(line.event, in: trace) else { return .null }
        switch line.truth {
        case nil: break
        case .hidden?: pairs.append(("truth", .object([("keyboard", .string("hidden"))])))
        case .shown(let r)?: pairs.append(("truth", .object([("keyboard", rect(r))])))
        }
        if let o = trace.observed(line) { pairs.append(("observed", observed(o, samples: trace.motion(of: o)))) }
        return .object(pairs)
    }

    /// An ``ObservedScrollView``, keys in the documented order, the content
    /// view only when the app moved it, the safe area only when it is not
    /// the layout's, the samples of its motion when it
    /// has some.
    static func observed(_ o: ObservedScrollView, samples: [ObservedSample]?) -> JSONWriter.Value {
        var pairs: [(String, JSONWriter.Value)] = [
            ("frame", rect(o.frame)), ("contentInset", insets(o.contentInset)), ("indicatorInsets", insets(o.indicatorInsets)),
            ("contentOffset", point(o.contentOffset)),
        ]
        if let v = o.contentViewFrame { pairs.append(("contentView", rect(v))) }
        if let v = o.safeArea { pairs.append(("safeArea", insets(v))) }
        if let samples {
            pairs.append(
                (
                    "samples",
                    .array(samples.map { .object([("t", .number($0.time)), ("frame", rect($0.frame)), ("contentOffset", point($0.contentOffset))]) })
                )
            )
        }
        return .object(pairs)
    }

    package static func event(_ e: TraceEvent, in trace: Trace) -> JSONWriter.Value {
        switch e {
        case .keyboard(let n):
            var pairs: [(String, JSONWriter.Value)] = [("event", .string("keyboard")), ("name", .string(n.name.rawValue))]
            if let r = n.frameBegin { pairs.append(("frameBegin", rect(r))) }
            if let r = n.frameEnd { pairs.append(("frameEnd", rect(r))) }
            if let s = n.bounds { pairs.append(("bounds", size(s))) }
            if let p = n.centerBegin { pairs.append(("centerBegin", point(p))) }
            if let p = n.centerEnd { pairs.append(("centerEnd", point(p))) }
            if let d = n.duration { pairs.append(("duration", .number(d))) }
            if let c = n.curve { pairs.append(("curve", .integer(c))) }
            if let l = n.isLocal { pairs.append(("isLocal", .bool(l))) }
            return .object(pairs)
        case .focus(let field, let caret):
            var pairs: [(String, JSONWriter.Value)] = [("event", .string("focus")), ("field", .integer(field))]
            if let caret { pairs.append(("caret", rect(caret))) }
            return .object(pairs)
        case .blur: return .object([("event", .string("blur"))])
        case .appear: return .object([("event", .string("appear"))])
        case .disappear: return .object([("event", .string("disappear"))])
        case .layout(let c):
            var pairs: [(String, JSONWriter.Value)] = [("event", .string("layout"))]
            if let s = c.screen { pairs.append(("screen", size(s))) }
            if let o = c.orientation { pairs.append(("orientation", .string(o.rawValue))) }
            if let w = c.window { pairs.append(("window", rect(w))) }
            var sv: [(String, JSONWriter.Value)] = []
            if let f = c.frame { sv.append(("frame", rect(f))) }
            if let s = c.safeArea { sv.append(("safeArea", insets(s))) }
            if let s = c.contentInset { sv.append(("contentInset", insets(s))) }
            if let a = c.insetAdjustment { sv.append(("insetAdjustment", .string(a.rawValue))) }
            if let b = c.alwaysBounceVertical { sv.append(("alwaysBounceVertical", .bool(b))) }
            if let b = c.alwaysBounceHorizontal { sv.append(("alwaysBounceHorizontal", .bool(b))) }
            if let s = c.contentSize { sv.append(("contentSize", size(s))) }
            if let p = c.contentOffset { sv.append(("contentOffset", point(p))) }
            if !sv.isEmpty { pairs.append(("scrollView", .object(sv))) }
            if let f = trace.fields(after: c) { pairs.append(("fields", .array(f.map(rect)))) }
            if let v = c.composer { pairs.append(("composer", composer(v))) }
            return .object(pairs)
        }
    }
}

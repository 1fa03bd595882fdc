import KeyboardAvoidance
import KeyboardGeometry
import KeyboardJSON

/// Reads trace format v1 (docs/trace-format.md) from text.
///
/// Rules: lines end with LF or CRLF, and the last may have no line end; a
/// line holding only JSON white space (spaces, tabs, CRs) is blank and
/// skipped, but still counted, so messages and ``TraceLine/line`` give the
/// file's own line numbers. The first non-blank line is the header
/// (`schemaVersion` 1, `kind` `"kbtrace"`); each further non-blank line is
/// one event. Unknown keys,
/// wrong types, missing required keys, an unknown event or notification
/// name, a focus on a field index the header lacks, and non-finite numbers
/// outside keyboard payloads are all errors naming file, line and key.
/// Keyboard payload numbers may be non-finite (`1e999`): rejecting those is
/// the engine's job, and replay shows its reason.
public enum TraceReader {
    /// Parses a whole trace. `file` names it in errors.
    public static func read(_ text: String, file: String) throws(MalformedInput) -> Trace {
        try read(bytes: Array(text.utf8), file: file)
    }

    /// Parses a whole trace from raw bytes, line by line, so that bytes that
    /// are not UTF-8 (binary garbage, a truncated multi-byte character) are
    /// reported with their line like any other syntax error.
    public static func read(bytes: [UInt8], file: String) throws(MalformedInput) -> Trace {
        var header: TraceHeader?
        var events: [TraceLine] = []
        var fieldLists: [[KBRect]] = []
        var motions: [[ObservedSample]] = []
        var observations: [ObservedScrollView] = []
        var fieldCount = 0
        var hasComposer = false
        var lineNumber = 0
        var start = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            defer { start = end + 1 }
            lineNumber += 1
            var stop = end
            if stop > start && bytes[stop - 1] == 0x0D { stop -= 1 }
            let line = bytes[start..<stop]
            // Blank: nothing but JSON white space (a stray CR included).
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
                if end >= bytes.count { break }
                continue
            }
            let value: JSONValue
            do {
                value = try JSONParser.parse(bytes: Array(line))
            } catch {
                throw MalformedInput(file: file, line: lineNumber, problem: .invalidJSON(column: error.offset + 1, message: error.message))
            }
            if let h = header {
                let read = try readEvent(
                    value, file: file, line: lineNumber, fieldCount: fieldCount, hasComposer: hasComposer, fieldLists: &fieldLists,
                    motions: &motions, observations: &observations)
                if case .layout(let change) = read.event, let fields = change.fields(in: fieldLists) { fieldCount = fields.count }
                events.append(read)
                header = h
            } else {
                let h = try readHeader(value, file: file, line: lineNumber)
                fieldCount = h.fields.count
                hasComposer = h.composer != nil
                header = h
            }
            if end >= bytes.count { break }
        }
        guard let header else { throw MalformedInput(file: file, line: 0, problem: .empty(what: "header line")) }
        return Trace(header: header, lines: events, fieldLists: fieldLists, motions: motions, observations: observations)
    }

    // MARK: Header

    static func readHeader(_ value: JSONValue, file: String, line: Int) throws(MalformedInput) -> TraceHeader {
        var o = try JSONObjectReader(value, file: file, source: .line(line))
        try o.header(kind: "kbtrace", version: Trace.schemaVersion)
        let profile = try o.optional("profile").map { v throws(MalformedInput) in try o.enumeration(v, "profile", as: TraceProfile.self) } ?? .ios8
        let systemVersion = try o.optional("systemVersion").map { v throws(MalformedInput) in
            try o.integer(v, "systemVersion", in: profile.recordableSystemVersions)
        }
        let screen = try o.size(try o.required("screen"), "screen")
        let orientation =
            try o.optional("orientation").map { v throws(MalformedInput) in
                try o.enumeration(v, "orientation", as: InterfaceOrientation.self)
            } ?? .portrait
        let window = try o.optional("window").map { v throws(MalformedInput) in try o.rect(v, "window") }
        var sv = try o.object("scrollView")
        let scrollView = ScrollViewState(
            frame: try sv.rect(try sv.required("frame"), "frame"),
            safeArea: try sv.optional("safeArea").map { v throws(MalformedInput) in try sv.insets(v, "safeArea") } ?? .zero,
            contentInset: try sv.optional("contentInset").map { v throws(MalformedInput) in try sv.insets(v, "contentInset") } ?? .zero,
            insetAdjustment: try sv.optional("insetAdjustment").map { v throws(MalformedInput) in
                try sv.enumeration(v, "insetAdjustment", as: InsetAdjustment.self)
            } ?? .automatic,
            alwaysBounceVertical: try sv.optional("alwaysBounceVertical").map { v throws(MalformedInput) in try sv.bool(v, "alwaysBounceVertical") }
                ?? false,
            alwaysBounceHorizontal: try sv.optional("alwaysBounceHorizontal").map { v throws(MalformedInput) in
                try sv.bool(v, "alwaysBounceHorizontal")
            } ?? false,
            contentSize: try sv.size(try sv.required("contentSize"), "contentSize"),
            contentOffset: try sv.optional("contentOffset").map { v throws(MalformedInput) in try sv.point(v, "contentOffset") } ?? .zero
        )
        try sv.rejectUnknownKeys()
        let fields = try o.rects(try o.required("fields"), "fields")
        var policy = AvoidancePolicy()
        if var po = try o.optionalObject("policy") {
            if let d = po.optional("distance") {
                policy.distance = try po.number(d, "distance", in: 0...InputLimits.maximumMagnitude)
            }
            if let t = po.optional("tallField") { policy.tallField = try po.enumeration(t, "tallField", as: TallFieldPolicy.self) }
            try po.rejectUnknownKeys()
        }
        var promise: VisibilityPromise?
        if var pr = try o.optionalObject("promise") {
            promise = VisibilityPromise(
                distance: try pr.optional("distance").map { v throws(MalformedInput) in
                    try pr.number(v, "distance", in: 0...InputLimits.maximumMagnitude)
                } ?? 0,
                tallField: try pr.optional("tallField").map { v throws(MalformedInput) in try pr.enumeration(v, "tallField", as: TallFieldRule.self) }
                    ?? .fillsBand)
            try pr.rejectUnknownKeys()
        }
        let composer = try readComposer(&o)
        try o.rejectUnknownKeys()
        return TraceHeader(
            profile: profile, screen: screen, orientation: orientation, window: window,
            scrollView: scrollView, fields: fields, policy: policy, systemVersion: systemVersion, promise: promise,
            composer: composer
        )
    }

    /// `"composer":{"height":h,"restingInset":r}`: both numbers within
    /// 0…``InputLimits/maximumMagnitude``, `restingInset` 0 when left out;
    /// nil when the key is absent.
    static func readComposer(_ o: inout JSONObjectReader) throws(MalformedInput) -> Composer? {
        guard var c = try o.optionalObject("composer") else { return nil }
        let composer = Composer(
            height: try c.number(try c.required("height"), "height", in: 0...InputLimits.maximumMagnitude),
            restingInset: try c.optional("restingInset").map { v throws(MalformedInput) in
                try c.number(v, "restingInset", in: 0...InputLimits.maximumMagnitude)
            } ?? 0)
        try c.rejectUnknownKeys()
        return composer
    }

    // MARK: Events

    /// Reads one event line with its truth and observed scroll view, if
    /// any; a layout event's `fields` are appended to `fieldLists` and the
    /// change names them by index, as the line names its observed state
    /// appended to `observations`, and that state its `samples` appended to
    /// `motions`. A layout event may change the composer only in a trace
    /// whose header has one (`hasComposer`).
    static func readEvent(
        _ value: JSONValue, file: String, line: Int, fieldCount: Int, hasComposer: Bool, fieldLists: inout [[KBRect]],
        motions: inout [[ObservedSample]], observations: inout [ObservedScrollView]
    ) throws(MalformedInput) -> TraceLine {
        var o = try JSONObjectReader(value, file: file, source: .line(line))
        let name = try o.string(try o.required("event"), "event")
        let event: TraceEvent
        switch name {
        case "keyboard":
            event = .keyboard(try readKeyboard(&o))
        case "focus":
            let index = try o.integer(try o.required("field"), "field")
            guard index >= 0 && index < fieldCount else { throw o.fail("field", .noSuchField(index: index, fieldCount: fieldCount)) }
            let caret = try o.optional("caret").map { v throws(MalformedInput) in try o.rect(v, "caret") }
            event = .focus(field: index, caret: caret)
        case "blur": event = .blur
        case "appear": event = .appear
        case "disappear": event = .disappear
        case "layout": event = .layout(try readLayout(&o, hasComposer: hasComposer, fieldLists: &fieldLists))
        default:
            throw o.fail("event", .notOneOf(name, allowed: ["keyboard", "focus", "blur", "layout", "appear", "disappear"]))
        }
        let truth = try readTruth(&o)
        var observation: Int?
        if let observed = try readObserved(&o, motions: &motions) {
            observations.append(observed)
            observation = observations.count - 1
        }
        try o.rejectUnknownKeys()
        return TraceLine(line: line, event: event, truth: truth, observation: observation)
    }

    /// `"observed":{"frame":[x,y,w,h],"contentInset":[t,l,b,r],
    /// "indicatorInsets":[t,l,b,r],"contentOffset":[x,y]}`, with an optional
    /// `"contentView":[x,y,w,h]`, an optional `"safeArea":[t,l,b,r]` and optional `"samples":[{"t":…,"frame":…,
    /// "contentOffset":…},…]`: every number finite, no negative width or
    /// height, sample times within 0…60 s and increasing.
    static func readObserved(_ o: inout JSONObjectReader, motions: inout [[ObservedSample]]) throws(MalformedInput) -> ObservedScrollView? {
        guard var s = try o.optionalObject("observed") else { return nil }
        var observed = ObservedScrollView(
            frame: try s.sizedRect(try s.required("frame"), "frame"),
            contentInset: try s.insets(try s.required("contentInset"), "contentInset"),
            indicatorInsets: try s.insets(try s.required("indicatorInsets"), "indicatorInsets"),
            contentOffset: try s.point(try s.required("contentOffset"), "contentOffset"),
            contentViewFrame: try s.optional("contentView").map { v throws(MalformedInput) in try s.sizedRect(v, "contentView") },
            safeArea: try s.optional("safeArea").map { v throws(MalformedInput) in try s.insets(v, "safeArea") }
        )
        if let v = s.optional("samples") {
            var samples: [ObservedSample] = []
            for (item, path) in try s.array(v, "samples") {
                var sample = try s.object(item, at: path)
                let time = try sample.number(try sample.required("t"), "t", in: 0...InputLimits.maximumDuration)
                if let last = samples.last, time <= last.time {
                    throw sample.fail(
                        "t", .inconsistent("\(JSONWriter.format(time)) s is not after the sample before it (\(JSONWriter.format(last.time)) s)"))
                }
                samples.append(
                    ObservedSample(
                        time: time, frame: try sample.sizedRect(try sample.required("frame"), "frame"),
                        contentOffset: try sample.point(try sample.required("contentOffset"), "contentOffset")))
                try sample.rejectUnknownKeys()
            }
            motions.append(samples)
            observed.motion = motions.count - 1
        }
        try s.rejectUnknownKeys()
        return observed
    }

    /// `"truth":{"keyboard":[x,y,w,h]}` or `{"keyboard":"hidden"}`.
    static func readTruth(_ o: inout JSONObjectReader) throws(MalformedInput) -> KeyboardTruth? {
        guard var t = try o.optionalObject("truth") else { return nil }
        let v = try t.required("keyboard")
        let truth: KeyboardTruth
        if case .string(let s) = v {
            guard s == "hidden" else { throw t.fail("keyboard", .notOneOf(s, allowed: ["hidden"])) }
            truth = .hidden
        } else {
            truth = .shown(try t.rect(v, "keyboard"))
        }
        try t.rejectUnknownKeys()
        return truth
    }

    static func readKeyboard(_ o: inout JSONObjectReader) throws(MalformedInput) -> KeyboardNotification {
        let nameValue = try o.string(try o.required("name"), "name")
        guard let name = KeyboardNotification.Name(rawValue: nameValue) else {
            throw o.fail("name", .notOneOf(nameValue, allowed: KeyboardNotification.Name.allCases.map(\.rawValue)))
        }
        var n = KeyboardNotification(name: name)
        n.frameBegin = try o.optional("frameBegin").map { v throws(MalformedInput) in try o.rect(v, "frameBegin", finite: false) }
        n.frameEnd = try o.optional("frameEnd").map { v throws(MalformedInput) in try o.rect(v, "frameEnd", finite: false) }
        n.bounds = try o.optional("bounds").map { v throws(MalformedInput) in try o.size(v, "bounds", finite: false) }
        n.centerBegin = try o.optional("centerBegin").map { v throws(MalformedInput) in try o.point(v, "centerBegin", finite: false) }
        n.centerEnd = try o.optional("centerEnd").map { v throws(MalformedInput) in try o.point(v, "centerEnd", finite: false) }
        n.duration = try o.optional("duration").map { v throws(MalformedInput) in try o.number(v, "duration", finite: false) }
        n.curve = try o.optional("curve").map { v throws(MalformedInput) in try o.integer(v, "curve") }
        n.isLocal = try o.optional("isLocal").map { v throws(MalformedInput) in try o.bool(v, "isLocal") }
        return n
    }

    static func readLayout(_ o: inout JSONObjectReader, hasComposer: Bool, fieldLists: inout [[KBRect]]) throws(MalformedInput) -> LayoutChange {
        var change = LayoutChange()
        change.composer = try readComposer(&o)
        if change.composer != nil && !hasComposer {
            throw o.fail("composer", .inconsistent("the header has no composer: a layout event changes a chat screen's composer, never adds one"))
        }
        change.screen = try o.optional("screen").map { v throws(MalformedInput) in try o.size(v, "screen") }
        change.orientation = try o.optional("orientation").map { v throws(MalformedInput) in
            try o.enumeration(v, "orientation", as: InterfaceOrientation.self)
        }
        change.window = try o.optional("window").map { v throws(MalformedInput) in try o.rect(v, "window") }
        if let v = o.optional("fields") {
            fieldLists.append(try o.rects(v, "fields"))
            change.fieldList = fieldLists.count - 1
        }
        if var sv = try o.optionalObject("scrollView") {
            change.frame = try sv.optional("frame").map { v throws(MalformedInput) in try sv.rect(v, "frame") }
            change.safeArea = try sv.optional("safeArea").map { v throws(MalformedInput) in try sv.insets(v, "safeArea") }
            change.contentInset = try sv.optional("contentInset").map { v throws(MalformedInput) in try sv.insets(v, "contentInset") }
            change.insetAdjustment = try sv.optional("insetAdjustment").map { v throws(MalformedInput) in
                try sv.enumeration(v, "insetAdjustment", as: InsetAdjustment.self)
            }
            change.alwaysBounceVertical = try sv.optional("alwaysBounceVertical").map { v throws(MalformedInput) in
                try sv.bool(v, "alwaysBounceVertical")
            }
            change.alwaysBounceHorizontal = try sv.optional("alwaysBounceHorizontal").map { v throws(MalformedInput) in
                try sv.bool(v, "alwaysBounceHorizontal")
            }
            change.contentSize = try sv.optional("contentSize").map { v throws(MalformedInput) in try sv.size(v, "contentSize") }
            change.contentOffset = try sv.optional("contentOffset").map { v throws(MalformedInput) in try sv.point(v, "contentOffset") }
            try sv.rejectUnknownKeys()
        }
        return change
    }
}

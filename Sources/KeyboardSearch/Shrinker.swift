import KeyboardAvoidance
import KeyboardGeneration
import KeyboardGeometry
import KeyboardOracle
import KeyboardReplay
import KeyboardScenarios
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld

/// Shrinks a failing scenario to a minimal trace that still violates the
/// same invariant with the same strategy.
///
/// By structure, in this order, each step kept only if the failure remains:
/// 1. drop actions (one at a time, from the end, repeated until no single
///    drop keeps the failure);
/// 2. simplify each action (a focus burst to its last two fields, a focus
///    during rotation to a plain focus);
/// 3. simplify the geometry: fewer fields (each dropped, indices remapped),
///    no bars, no gap, no own inset, rounded field positions, one line of
///    text in every field, the first reading of the keyboard's hand-over,
///    the smallest device of the same family and profile;
/// 4. drop trace events, runs of four, three and two adjacent events first
///    (a show or a hide iOS sends as a group goes only whole), then one at
///    a time, so that what remains is only what the failure needs.
/// Every candidate is judged by a full replay, so shrinking cannot invent a
/// failure the strategy does not have; and a candidate of step 4 must still
/// be a trace iOS could send (``Trace/isPossible``): dropping the
/// notification that announced a keyboard, the WillShow beside a
/// WillChangeFrame, or the DidShow that completes an iPhone OS 3 focus
/// change cannot leave a sequence no device sends. What remains is
/// 1-minimal: no single event can go while the trace stays possible and
/// the invariant stays violated.
package enum Shrinker {
    package static func shrink<S: AvoidanceStrategy>(_ scenario: Scenario, strategy: S.Type, invariant: Invariant) -> Trace {
        shrink(scenario, invariant: invariant) { TraceReplayer.replay($0, with: strategy) }
    }

    /// Shrinks with any strategy's replay; a replay that throws (an
    /// external strategy's process failed) ends the shrinking with its error.
    /// A candidate `admits` refuses (a strategy's scope, for
    /// the shootout) never counts as failing, so the result stays where the
    /// failure was found.
    package static func shrink(
        _ scenario: Scenario, invariant: Invariant, admits: (Trace) -> Bool = { _ in true }, replay: (Trace) throws -> ReplayReport
    ) rethrows -> Trace {
        try shrink(scenario) { t in try admits(t) && replay(t).steps.contains { $0.violations.contains(invariant) } }
    }

    /// Shrinks while `failing` holds of the trace: any failure, not only an
    /// invariant's (the audit's round trip disagreeing, say). Each
    /// scenario's trace goes through `prepare` first (a variation of it, see
    /// `AuditScenarios`), and step 4 drops events from the prepared trace.
    /// The scenario's own trace, prepared, when `failing` does not hold of it.
    package static func shrink(
        _ scenario: Scenario, prepare: (Trace) -> Trace = { $0 }, failing: (Trace) throws -> Bool
    ) rethrows -> Trace {
        func fails(_ t: Trace) throws -> Bool { try failing(t) }
        func fails(_ s: Scenario) throws -> Bool { try failing(prepare(ScenarioSimulator.trace(s))) }
        var s = scenario
        guard try fails(s) else { return prepare(ScenarioSimulator.trace(s)) }

        // 1. Drop actions.
        var progress = true
        while progress {
            progress = false
            for i in s.actions.indices.reversed() {
                var candidate = s
                candidate.actions.remove(at: i)
                if try fails(candidate) {
                    s = candidate
                    progress = true
                }
            }
        }
        // 2. Simplify actions.
        for i in s.actions.indices {
            var candidate = s
            switch s.actions[i] {
            case .focusBurst(let fields) where fields.count > 2:
                candidate.actions[i] = .focusBurst(Array(fields.suffix(2)))
            case .focusDuringRotation(let f, _):
                candidate.actions[i] = .focus(f)
            default:
                continue
            }
            if try fails(candidate) { s = candidate }
        }
        // 3. Simplify geometry.
        s = try dropFields(s, fails: fails)
        for simplify in geometrySimplifications {
            let candidate = simplify(s)
            if candidate != s, try fails(candidate) { s = candidate }
        }
        // 4. Drop events: runs of them, then single ones.
        var trace = prepare(ScenarioSimulator.trace(s))
        progress = true
        while progress {
            progress = false
            for length in eventRunLengths {
                var start = trace.events.count - length
                while start >= 0 {
                    var candidate = trace
                    candidate.events.removeSubrange(start..<(start + length))
                    candidate = candidate.renumbered
                    if candidate.isPossible, try fails(candidate) {
                        trace = candidate
                        progress = true
                    }
                    start = Swift.min(start - 1, trace.events.count - length)
                }
            }
        }
        return trace.renumbered
    }

    /// The lengths of the runs of adjacent events step 4 tries to drop, in
    /// order. A show or hide iOS sends as a pair or a four (WillChangeFrame
    /// and WillShow, then DidChangeFrame and DidShow) can only go whole: any
    /// one of its notifications alone leaves the trace impossible. Length 1
    /// comes last, so the result is 1-minimal.
    static let eventRunLengths = [4, 3, 2, 1]

    /// Drops every field the failure does not need, remapping the actions'
    /// field indices.
    static func dropFields(_ scenario: Scenario, fails: (Scenario) throws -> Bool) rethrows -> Scenario {
        var s = scenario
        var i = s.fields.count - 1
        while i >= 0, s.fields.count > 1 {
            if let candidate = removing(field: i, from: s), try fails(candidate) { s = candidate }
            i -= 1
        }
        return s
    }

    static func removing(field f: Int, from s: Scenario) -> Scenario? {
        func map(_ i: Int) -> Int? { i == f ? nil : (i > f ? i - 1 : i) }
        var actions: [UserAction] = []
        for a in s.actions {
            switch a {
            case .focus(let i):
                guard let j = map(i) else { return nil }
                actions.append(.focus(j))
            case .focusBurst(let fields):
                let mapped = fields.compactMap(map)
                guard mapped.count == fields.count else { return nil }
                actions.append(.focusBurst(mapped))
            case .focusDuringRotation(let i, let o):
                guard let j = map(i) else { return nil }
                actions.append(.focusDuringRotation(j, o))
            default:
                actions.append(a)
            }
        }
        var result = s
        result.fields.remove(at: f)
        if result.fieldKeyboards.indices.contains(f) { result.fieldKeyboards.remove(at: f) }
        if result.texts.indices.contains(f) { result.texts.remove(at: f) }
        result.actions = actions
        return result
    }

    /// The fields at x 16 and 280 wide, each top on the nearest multiple of
    /// 10 points and each height on the nearest even number of points
    /// (halves rounded away from zero): numbers a reader takes in at a glance.
    static func roundedFields(_ scenario: Scenario) -> Scenario {
        var s = scenario
        s.fields = s.fields.map { KBRect(x: 16, y: ($0.minY / 10).rounded() * 10, width: 280, height: ($0.height / 2).rounded() * 2) }
        return s
    }

    /// The content height raised to the next multiple of 100 points (one
    /// already there is kept): never shorter, so every field still fits.
    static func roundedContentHeight(_ scenario: Scenario) -> Scenario {
        var s = scenario
        s.contentHeight = (s.contentHeight / 100).rounded(.up) * 100
        return s
    }

    static let geometrySimplifications: [@Sendable (Scenario) -> Scenario] = [
        {
            var s = $0; s.topBar = 0; return s
        },
        {
            var s = $0; s.bottomGap = 0; return s
        },
        {
            var s = $0; s.contentInset = .zero; return s
        },
        {
            var s = $0; s.placement = .fullScreen; return s
        },
        {
            var s = $0; s.insetAdjustment = .automatic; return s
        },
        {
            var s = $0; s.alwaysBounceVertical = false; return s
        },
        {
            var s = $0; s.policy = AvoidancePolicy(); return s
        },
        {
            var s = $0; s.orientation = .portrait; return s
        },
        roundedFields,
        roundedContentHeight,
        {
            var s = $0; s.fieldKeyboards = []; return s
        },
        {
            var s = $0; s.keepsKeyboardAfterResign = false; return s
        },
        {
            var s = $0; s.texts = []; return s
        },
        {
            var s = $0; s.keyboardHandOver = KeyboardHandOver(); return s
        },
        { s in
            let smaller = DeviceCatalog.all.filter {
                $0.family == s.device.family && ScenarioGenerator.canRun(s.profile, on: $0) && $0.systemVersions.contains(s.systemVersion)
            }
            guard let first = smaller.min(by: { $0.portraitSize.height < $1.portraitSize.height }) else { return s }
            var c = s
            c.device = first
            return c
        },
    ]
}

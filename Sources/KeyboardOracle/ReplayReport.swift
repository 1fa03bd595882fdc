import KeyboardGeometry
import KeyboardJSON
import KeyboardTrace
import KeyboardWorld

/// What replaying one trace with one strategy produced, step by step.
public struct ReplayReport: Hashable, Sendable {
    /// One step: the event's line and the scroll view after it.
    public struct Step: Hashable, Sendable {
        public var line: Int
        public var outcome: StepOutcome
        /// The scroll view after the step, as an app observing it would
        /// record it (what `replay --write-observed` writes).
        public var after: ObservedScrollView
        /// `after`'s content inset.
        public var contentInset: KBEdgeInsets { after.contentInset }
        /// `after`'s indicator insets.
        public var indicatorInsets: KBEdgeInsets { after.indicatorInsets }
        /// `after`'s content offset.
        public var contentOffset: KBPoint { after.contentOffset }
        /// `after`'s frame in the window.
        public var frame: KBRect { after.frame }
        public var violations: [Invariant]
        public var unsatisfiable: Bool
        /// The field was not even visible (no distance asked) where some
        /// strategy could show it; see ``Oracle/Judgement/fieldHidden``.
        public var fieldHidden: Bool
        /// The field was focused with a keyboard already up; see
        /// ``Oracle/Judgement/afterFocusSwitch``.
        public var afterFocusSwitch: Bool
        /// A floating keyboard was on screen; see
        /// ``Oracle/Judgement/keyboardFloating``.
        public var keyboardFloating: Bool
        /// An undocked, split or floating keyboard was on screen; see
        /// ``Oracle/Judgement/keyboardUndocked``.
        public var keyboardUndocked: Bool
        /// A field was focused; see ``Oracle/Judgement/fieldFocused``.
        public var fieldFocused: Bool

        package init(line: Int, outcome: StepOutcome, after s: ScrollViewModel, judgement: Oracle.Judgement) {
            self.line = line
            self.outcome = outcome
            after = s.observed(layoutSafeArea: judgement.layoutSafeArea)
            violations = judgement.violations
            unsatisfiable = judgement.unsatisfiable
            fieldHidden = judgement.fieldHidden
            afterFocusSwitch = judgement.afterFocusSwitch
            keyboardFloating = judgement.keyboardFloating
            keyboardUndocked = judgement.keyboardUndocked
            fieldFocused = judgement.fieldFocused
        }
    }

    public var strategy: String
    public var steps: [Step]
    /// Display frames at 60 Hz, during keyboard animations, in which the
    /// keyboard covered the focused field (see `TransitionJudge`).
    public var coveredFrames60: Int
    /// The same at 120 Hz.
    public var coveredFrames120: Int
    /// Animations not counted in the covered frames because a change in
    /// them moved the field by a motion nobody knows: an audited change
    /// with no samples. Always 0 for a strategy, whose every change says
    /// how it animates.
    public var unjudgedBursts: Int

    package init(strategy: String, steps: [Step], coveredFrames60: Int = 0, coveredFrames120: Int = 0, unjudgedBursts: Int = 0) {
        self.strategy = strategy
        self.steps = steps
        self.coveredFrames60 = coveredFrames60
        self.coveredFrames120 = coveredFrames120
        self.unjudgedBursts = unjudgedBursts
    }

    /// The number of invariant violations over all steps.
    public var violationCount: Int { steps.reduce(0) { $0 + $1.violations.count } }
    /// The number of steps judged unsatisfiable.
    public var unsatisfiableCount: Int { steps.reduce(0) { $0 + ($1.unsatisfiable ? 1 : 0) } }

    /// Violations per invariant, every invariant present (zero counts
    /// included), in I1…I10, T1…T4 order.
    public var violationsByInvariant: [(Invariant, Int)] {
        Invariant.allCases.map { inv in (inv, steps.reduce(0) { $0 + $1.violations.filter { $0 == inv }.count }) }
    }
}

extension ReplayReport {
    /// The `kbbench replay --json` object of docs/result-record.md, field for
    /// field, for a replay of `trace`: the steps and totals, then whether
    /// iOS could have sent the trace (``Trace/impossibilities``).
    package func json(of trace: Trace) -> JSONWriter.Value {
        let problems = trace.impossibilities
        return .object([
            ("schemaVersion", .integer(2)),
            ("strategy", .string(strategy)),
            ("steps", .array(steps.map(\.json))),
            ("violations", .integer(violationCount)),
            ("unsatisfiable", .integer(unsatisfiableCount)),
            ("coveredFrames60", .integer(coveredFrames60)),
            ("coveredFrames120", .integer(coveredFrames120)),
            ("unjudgedBursts", .integer(unjudgedBursts)),
            ("possible", .bool(problems.isEmpty)),
            ("impossibilities", .array(problems.map(\.json))),
        ])
    }
}

extension ReplayReport.Step {
    package var json: JSONWriter.Value {
        .object([
            ("line", .integer(line)),
            ("action", .string(outcome.action.rawValue)),
            ("reason", outcome.reason.map { .string($0.description) } ?? .null),
            ("contentInset", TraceWriter.jsonInsets(contentInset)),
            ("indicatorInsets", TraceWriter.jsonInsets(indicatorInsets)),
            ("contentOffset", TraceWriter.jsonPoint(contentOffset)),
            ("violations", .array(violations.map { .string($0.rawValue) })),
        ])
    }
}

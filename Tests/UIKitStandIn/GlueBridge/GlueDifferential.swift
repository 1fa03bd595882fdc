import Foundation
import KeyboardAvoidance
import KeyboardGeometry
import KeyboardOracle
import KeyboardReplay
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld
import ToolSupport
import UIKit

/// The glue held to the engine, on one trace.
///
/// The trace is played into the stand-in with the glue attached
/// (``GlueStage``), and in lockstep the reference (``AdapterReference``)
/// replays it against the simulated world, which reads the scroll view's
/// unsettled rule as the stand-in does. After every event the scroll
/// view's content inset, indicator insets and offset must agree with the
/// reference's, except where a ``ComparisonRule`` says otherwise. Then:
/// - the oracle judges the glue's states as an audit judges a recording,
///   and must find what it finds in the reference's (I7 aside, which one
///   run cannot show);
/// - detaching must put back the app's own insets and leave nothing
///   behind;
/// - with a recorder, its trace of the session must audit as it replays
///   (its states, read off the views, within a millionth of a point).
///
/// Runs on the main actor, with the main queue turned by hand
/// (``HandTurnedMainQueue``: a fresh one for each trace, unless the caller
/// installed one).
@MainActor
package struct GlueDifferential {
    package var readings: UIKitReadings
    /// Where recorders write their traces; nil records nothing.
    package var recordings: String?

    package init(readings: UIKitReadings = .standard, recordings: String? = nil) {
        self.readings = readings
        self.recordings = recordings
    }

    /// The first disagreement on `trace` staged as `staging`, or nil.
    package func check(_ trace: Trace, staging: GlueStaging) -> GlueDisagreement? {
        var rules = ComparisonRuleCounts()
        return check(trace, staging: staging, rules: &rules)
    }

    /// The first disagreement on `trace` staged as `staging`, or nil; each
    /// step a ``ComparisonRule`` decided is counted in `rules`.
    package func check(
        _ trace: Trace, staging: GlueStaging, recordingAs name: String = "session", rules: inout ComparisonRuleCounts
    ) -> GlueDisagreement? {
        HandTurnedMainQueue.run { _ in check(trace, staging: staging, recordingAs: name, turnedByHand: &rules) }
    }

    private func check(
        _ trace: Trace, staging: GlueStaging, recordingAs name: String, turnedByHand rules: inout ComparisonRuleCounts
    ) -> GlueDisagreement? {
        let before = UIKitStandIn.readings
        UIKitStandIn.readings = readings
        defer { UIKitStandIn.readings = before }
        let stage = GlueStage(trace: trace, staging: staging)
        // The recordings' folder is made when first needed, as a campaign's
        // failures folder is.
        if let recordings { try? FileManager.default.createDirectory(atPath: recordings, withIntermediateDirectories: true) }
        let recording = recordings.map { FilePaths.file(name + ".kbtrace", in: $0) }
        let attachAfter = Self.attachmentPoint(of: trace, staging: staging)
        if attachAfter == nil { stage.attach(recording: recording) }
        var replay = WorldReplay(trace, readings: readings.world)
        var reference = AdapterReference(world: replay.world)
        reference.insetHeardInsideItsSetter = readings.observersNotifiedInsideTheSetter
        var glue = trace, expected = trace
        for (i, line) in trace.events.enumerated() {
            replay.applyNext()
            stage.play(i)
            if i == attachAfter { stage.attach(recording: recording) }
            var state = stage.observed
            if case .appear = line.event, stage.inWindow {
                rules[.offsetOnReturn] += 1
                replay.scrollView.contentOffset = state.contentOffset
            }
            _ = reference.handle(line.event, world: replay.world, scrollView: &replay.scrollView)
            let after = replay.scrollView.observed(layoutSafeArea: replay.world.ownScrollView.safeArea)
            if !stage.inWindow {
                rules[.offsetOutOfAWindow] += 1
                state.contentOffset = after.contentOffset
            }
            glue.setObserved(state, atEvent: i)
            expected.setObserved(after, atEvent: i)
            if !GlueDisagreement.agree(after, state) { return .state(line: line.line, reference: after, glue: state) }
        }
        let leftovers = stage.detach()
        if let problem = Self.problem(with: leftovers, own: replay.world.ownScrollView.contentInset) { return .detach(problem) }
        if let judged = judgement(glue: glue, reference: expected) { return judged }
        if let recording { return Self.recordingDifference(at: recording, rules: &rules) }
        return nil
    }

    /// The index of the event after which the glue is attached: the first
    /// focus, when the staging says so and no keyboard notification comes
    /// before it; nil attaches it at the start.
    static func attachmentPoint(of trace: Trace, staging: GlueStaging) -> Int? {
        guard staging.attach == .afterFirstFocus,
            let first = trace.events.firstIndex(where: { if case .focus = $0.event { true } else { false } }),
            !trace.events[..<first].contains(where: { if case .keyboard = $0.event { true } else { false } })
        else { return nil }
        return first
    }

    /// The oracle's judgement of the glue's states against its judgement of
    /// the reference's, both as audits (a trace of no event has none). The
    /// states already agree within a millionth of a point, so the
    /// reference's are judged only where the glue's show a violation.
    func judgement(glue: Trace, reference: Trace) -> GlueDisagreement? {
        guard !glue.events.isEmpty else { return nil }
        let promise = AdapterReference.promise(for: glue.header)
        // Every event holds a state, so the audit cannot refuse either.
        let g = try! TraceAudit.audit(glue, file: "glue", promise: promise)
        guard g.violationCount > 0 else { return nil }
        let r = try! TraceAudit.audit(reference, file: "reference", promise: promise)
        for (a, b) in zip(r.steps, g.steps) where a.violations != b.violations {
            return .judgement(line: a.line, reference: a.violations, glue: b.violations)
        }
        return nil
    }

    /// What is wrong with what detaching left, or nil: the content and
    /// indicator insets must be the app's own (`own`; its indicator insets
    /// are its content inset's copy), and nothing of the glue's may stay.
    static func problem(with l: GlueStage.Leftovers, own: KBEdgeInsets) -> String? {
        if l.contentInset != own { return "the content inset is \(l.contentInset), not the app's own \(own)" }
        if l.indicatorInsets != own { return "the indicator insets are \(l.indicatorInsets), not the app's own \(own)" }
        if l.observations != 0 { return "\(l.observations) key-value observations of the scroll view are left" }
        if l.extraSubviews != 0 { return "\(l.extraSubviews) views of the glue are left in the scroll view" }
        if l.movedAfterDetach { return "a keyboard notification posted after detaching moved the scroll view" }
        return nil
    }

    /// The index of the first keyboard notification a recording holds
    /// between a disappearance and a rotation (or window change) written on
    /// the view's return (``ComparisonRule/keyboardBeforeARotationLearnedOnReturn``),
    /// or nil.
    package static func firstKeyboardBeforeARotationLearnedOnReturn(in recorded: Trace) -> Int? {
        let events = recorded.events.map(\.event)
        var away: Int?
        for (i, event) in events.enumerated() {
            switch event {
            case .disappear: away = i
            case .appear:
                defer { away = nil }
                guard let d = away, i - 1 > d, case .layout(let change) = events[i - 1],
                    change.screen != nil || change.orientation != nil || change.window != nil
                else { continue }
                if let k = events[(d + 1)..<(i - 1)].firstIndex(where: { if case .keyboard = $0 { true } else { false } }) { return k }
            default: continue
            }
        }
        return nil
    }

    /// Where the recorder's trace at `path`, audited, parts from its replay
    /// by the reference, or nil; a layout line that shares the next line's
    /// observed state is left out (``ComparisonRule/layoutWithItsEvent``),
    /// counted in `rules`.
    package static func recordingDifference(at path: String, rules: inout ComparisonRuleCounts) -> GlueDisagreement? {
        do {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let recorded = try TraceReader.read(text, file: path)
            guard !recorded.events.isEmpty else { return nil }
            var replay = TraceReplayer.replay(recorded, with: AdapterReference.self)
            var audit = try TraceAudit.audit(recorded, file: path, promise: TraceAudit.promise(of: recorded).promise)
            // A recording carries no motion samples: covered frames are not
            // compared.
            (replay.coveredFrames60, replay.coveredFrames120) = (0, 0)
            (audit.coveredFrames60, audit.coveredFrames120, audit.unjudgedBursts) = (0, 0, 0)
            let events = recorded.events
            if let cut = Self.firstKeyboardBeforeARotationLearnedOnReturn(in: recorded) {
                rules[.keyboardBeforeARotationLearnedOnReturn] += replay.steps.count - cut
                replay.steps.removeSubrange(cut...)
                audit.steps.removeSubrange(cut...)
            }
            let shared = events.indices.dropLast().filter { i in
                guard i < replay.steps.count, case .layout = events[i].event, let observed = recorded.observed(events[i]) else { return false }
                return observed == recorded.observed(events[i + 1])
            }
            rules[.layoutWithItsEvent] += shared.count
            for i in shared.reversed() {
                replay.steps.remove(at: i)
                audit.steps.remove(at: i)
            }
            // The recorder read its states off the stand-in's views, through
            // conversions; the replay computes them from the recorded inputs.
            return AuditRoundTrip.difference(replay: replay, audit: audit, sameState: GlueDisagreement.agree).map { .recording($0) }
        } catch let error as MalformedInput {
            return .recording(.unreadable(error))
        } catch {
            return .recording(.unreadable(MalformedInput(file: path, line: 0, problem: .inconsistent("\(error)"))))
        }
    }
}

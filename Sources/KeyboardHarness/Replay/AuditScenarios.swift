import KeyboardAvoidance
import KeyboardGeneration
import KeyboardGeometry
import KeyboardTrace
import KeyboardWorld

/// The scenarios the audit's round trip (``AuditRoundTrip``) is held to:
/// the fuzzer's scenarios of a seed (every other one adversarial), each
/// varied the way recorded sessions vary and generated ones do not:
///
/// - **The policy** the header states: a distance of 0, 8, 10 or 20 points,
///   tall fields at the top, by the caret or centred (the engine is judged
///   by it, and an audit without a stated promise too).
/// - **Carets.** A focus on a text view (``FieldKind``) carries a caret, a
///   line of 20 points somewhere in the view.
/// - **Typing.** After a Did notification that leaves the keyboard up on a
///   focused text view, one time in two, one to three lines are typed: the
///   caret moves down a line each time, and a text view that grows (one in
///   two, by its index) grows by that line with everything below it and the
///   content; recorded as `KeyboardTraceRecorder` records them, a layout
///   event with the new field list and content size, then the same field
///   focused again with its new caret. iOS sends nothing for either.
///
/// Scenario `index` of `seed` is the same on every run: the variation draws
/// from its own stream of the seed, and depends on nothing else but the
/// scenario's trace, so a shrunk scenario is varied again the same way.
package enum AuditScenarios {
    /// The height of a line of text, in points.
    package static let lineHeight = 20.0

    /// Scenario `index` of `seed` (adversarial for odd indices), before its
    /// variation, and its varied trace.
    package static func scenario(seed: UInt64, index: Int) -> (Scenario, Trace) {
        let (scenario, trace) = ScenarioGenerator.scenarioAndTrace(seed: seed, index: index, adversarial: index % 2 == 1)
        return (scenario, varied(trace, seed: seed, index: index))
    }

    /// `trace` varied as the type's comment says, by scenario `index` of
    /// `seed`'s own stream.
    package static func varied(_ trace: Trace, seed: UInt64, index: Int) -> Trace {
        var r = SeededRandom(seed: seed ^ 0xA0D1_7000_0000_0001, index: UInt64(index))
        var header = trace.header
        header.policy = AvoidancePolicy(distance: r.pick([0.0, 8, 10, 20]), tallField: r.pick([.top, .caret, .centre]))
        var fieldLists = trace.fieldLists
        var lines: [TraceLine] = []
        var replay = WorldReplay(Trace(header: header, lines: trace.events, fieldLists: trace.fieldLists))
        // The fields and content as typing left them, until the trace's own
        // layout lays them out anew.
        var typed: (fields: [KBRect], contentSize: KBSize)?
        while let line = replay.advance() {
            var event = line.event
            let world = replay.world
            if case .layout(let c) = event, c.fieldList != nil || c.contentSize != nil { typed = nil }
            let fieldsNow = typed?.fields ?? world.fields
            if case .focus(let f, nil) = event, fieldsNow.indices.contains(f), FieldKind(frame: fieldsNow[f]) == .textView {
                let field = fieldsNow[f]
                let rows = Swift.max(1, Int(field.height / lineHeight))
                event = .focus(
                    field: f, caret: KBRect(x: field.minX + 4, y: field.minY + Double(r.below(rows)) * lineHeight, width: 2, height: lineHeight))
            }
            lines.append(TraceLine(line: line.line, event: event, truth: line.truth))
            guard case .keyboard(let n) = line.event, !n.name.isWill, world.keyboard != nil, world.isVisible,
                let f = world.focused, fieldsNow.indices.contains(f), FieldKind(frame: fieldsNow[f]) == .textView, r.chance(0.5)
            else { continue }
            // Typing: the caret a line down each time; a growing view (and
            // all below it, and the content) a line taller.
            var fields = fieldsNow
            var contentSize = typed?.contentSize ?? world.ownScrollView.contentSize
            let grows = f % 2 == 0
            var caret = focusedCaret(in: lines, field: f) ?? KBRect(x: fields[f].minX + 4, y: fields[f].minY, width: 2, height: lineHeight)
            for _ in 0..<r.int(in: 1...3) {
                caret.origin.y += lineHeight
                if caret.maxY > fields[f].maxY {
                    guard grows else {
                        caret.origin.y = fields[f].maxY - lineHeight
                        continue
                    }
                    let below = fields[f].maxY
                    fields[f].size.height += lineHeight
                    for i in fields.indices where i != f && fields[i].minY >= below { fields[i].origin.y += lineHeight }
                    contentSize.height += lineHeight
                    fieldLists.append(fields)
                    lines.append(
                        TraceLine(
                            line: 0, event: .layout(LayoutChange(contentSize: contentSize, fieldList: fieldLists.count - 1)), truth: line.truth))
                }
                lines.append(TraceLine(line: 0, event: .focus(field: f, caret: caret), truth: line.truth))
            }
            if fields != fieldsNow { typed = (fields, contentSize) }
        }
        return Trace(header: header, lines: lines, fieldLists: fieldLists).renumbered
    }

    /// The caret of the last focus on `field` among `lines`.
    private static func focusedCaret(in lines: [TraceLine], field: Int) -> KBRect? {
        for line in lines.reversed() {
            if case .focus(let f, let caret) = line.event { return f == field ? caret : nil }
        }
        return nil
    }
}

/// What a campaign prints.
@MainActor
package enum GlueReport {
    package static func summary(_ r: GlueCampaign.Result, campaign c: GlueCampaign, seconds: Double) -> String {
        var lines = [
            "glue differential, seed \(c.seed): \(r.scenarios) \(c.adversarial ? "adversarial " : "")\(c.screens == .chat ? "chat screens" : "scenarios") (\(r.passedOver) of earlier systems passed over), \(r.events) events, "
                + "\(r.recorded) recorded, \(r.disagreeing) disagreeing, in \(Int(seconds.rounded())) s",
            "coverage: \(r.coverage.devices.count) devices, systems \(r.coverage.systemVersions.sorted().map(String.init).joined(separator: ",")), "
                + "keyboard modes \(r.coverage.keyboardModes.map(\.rawValue).sorted().joined(separator: ","))"
                + (c.screens == .chat
                    ? "; chat: \(r.coverage.userScrolls) user scrolls, \(r.coverage.messages) messages, \(r.coverage.composerHeights) composer heights"
                    : ""),
        ]
        for rule in ComparisonRule.allCases { lines.append("\(rule.rawValue): \(r.rules[rule]) steps (\(rule.summary))") }
        if !r.disagreeingScenarios.isEmpty {
            let kinds = Dictionary(grouping: r.disagreeingScenarios, by: \.kind).sorted { $0.key < $1.key }
            for (kind, found) in kinds {
                lines.append(
                    "disagreeing, \(kind): \(found.count) (scenarios \(found.prefix(20).map { String($0.index) }.joined(separator: ", "))\(found.count > 20 ? ", …" : ""))"
                )
            }
        }
        if let f = r.first {
            lines.append("first: scenario \(f.index) (\(f.staging)): \(f.disagreement)")
            lines.append("shrunk to \(f.shrunk.events.count) events: \(f.shrunkDisagreement.map { "\($0)" } ?? "(no longer disagrees)")")
            if let path = f.path {
                let recording = f.recorded ? " --recordings \(c.recordings ?? ".")" : ""
                lines.append("replay: uikit-stand-in replay \(path) --seed \(c.seed) --index \(f.index)\(recording)")
            } else if let failures = c.failures {
                lines.append("not saved: the shrunk trace could not be written into \(failures)")
            }
        }
        return lines.joined(separator: "\n")
    }
}

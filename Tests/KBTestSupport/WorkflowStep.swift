import Foundation
import Testing

/// A step of one of the repository's GitHub workflows, taken from its YAML
/// and run as GitHub runs a `shell: bash` step
/// (`bash --noprofile --norc -eo pipefail`): the workflows' own command
/// lines, checked where they can be, rather than a copy of them.
package struct WorkflowStep: Sendable {
    /// The step's `run: |` block, dedented.
    package var script: String
    /// Its `shell:`, when it names one.
    package var shell: String?

    /// The step named `name` (its `- name:` line) in `workflow`'s text.
    /// A step that is missing, or has no `run: |` block, fails the calling
    /// test: a run of nothing would pass.
    package init(named name: String, in workflow: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let lines = workflow.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(
            lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "- name: \(name)" }, "no step \(name)",
            sourceLocation: sourceLocation)
        let stepIndent = lines[start].prefix { $0 == " " }.count
        var shell: String?
        var script: [String] = []
        var i = start + 1
        while i < lines.count {
            let line = lines[i]
            let indent = line.prefix { $0 == " " }.count
            if !line.trimmingCharacters(in: .whitespaces).isEmpty && indent <= stepIndent { break }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("shell: ") { shell = String(trimmed.dropFirst(7)) }
            if trimmed == "run: |" {
                i += 1
                let blockIndent = lines[i].prefix { $0 == " " }.count
                while i < lines.count,
                    lines[i].trimmingCharacters(in: .whitespaces).isEmpty || lines[i].prefix(while: { $0 == " " }).count >= blockIndent
                {
                    script.append(String(lines[i].dropFirst(Swift.min(blockIndent, lines[i].count))))
                    i += 1
                }
                break
            }
            i += 1
        }
        try #require(!script.isEmpty, "step \(name) has no run: | block", sourceLocation: sourceLocation)
        self.script = script.joined(separator: "\n")
        self.shell = shell
    }

    /// Runs `script` (the step's own, or one made from it) as GitHub runs a
    /// `shell: bash` step, in `workspace`, with `environment` added.
    package static func bash(_ script: String, in workspace: String, environment: [String: String] = [:]) -> ChildProcess.Result {
        ChildProcess.run("/bin/bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", script], in: workspace, environment: environment)
    }
}

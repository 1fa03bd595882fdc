import Foundation
import KBTestSupport
import Testing

/// The nightly engine campaign's own command lines, taken from
/// `.github/workflows/nightly-fuzz.yml` and run as GitHub runs a step with
/// `shell: bash` (`bash --noprofile --norc -eo pipefail`): a strategy that
/// violates fails the step, the engine passes it. Only the strategy, the
/// seed, the duration and the binary's path are swapped in.
@Suite("The nightly fuzz workflow")
struct NightlyWorkflowTests {
    typealias K = KbbenchProcess

    /// The `run: |` block of the step named `name`, dedented.
    static func runBlock(ofStep name: String, in workflow: String) throws -> (script: String, shell: String?) {
        let lines = workflow.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "- name: \(name)" }, "no step \(name)")
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
        return (script.joined(separator: "\n"), shell)
    }

    @Test(arguments: [("cookbook", Int32(1)), ("engine", Int32(0))])
    func theCampaignStepFailsOnAViolation(strategy: String, status: Int32) throws {
        let workflow = try Repository.text(".github/workflows/nightly-fuzz.yml")
        let (script, shell) = try Self.runBlock(ofStep: "Fuzz the engine for an hour", in: workflow)
        #expect(shell == "bash", "GitHub's bash shell sets -eo pipefail")
        #expect(script.contains("--strategy engine") && script.contains("--duration 3600") && script.contains(".build/release/kbbench"))
        let local = script.replacingOccurrences(of: "${{ steps.seed.outputs.seed }}", with: "7")
            .replacingOccurrences(of: "--strategy engine", with: "--strategy \(strategy)")
            .replacingOccurrences(of: "--duration 3600", with: "--duration 3")
            .replacingOccurrences(of: ".build/release/kbbench", with: K.binary)
        let workspace = try K.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: workspace + "/corpora", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: workspace + "/corpora/regressions", withDestinationPath: Repository.path("corpora/regressions"))
        let r = K.run("/bin/bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", local], in: workspace)
        #expect(r.status == status, "\(strategy): \(r.output)")
        let summary = try #require(FileManager.default.contents(atPath: workspace + "/campaign/summary.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: summary) as? [String: Any])
        #expect(json["strategy"] as? String == strategy && json["interrupted"] as? Bool == false)
    }
}

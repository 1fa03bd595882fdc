import Foundation
import KBTestSupport
import Testing

/// The nightly sharded campaigns' own command lines, taken from
/// `.github/workflows/nightly-fuzz.yml` and run as GitHub runs a step with
/// `shell: bash` (`bash --noprofile --norc -eo pipefail`), for N = 3: each
/// shard job's step, then its merge job's. A strategy that violates fails
/// its shards and the merge, the engine passes them; a missing shard fails
/// the merge. Only the strategy, the seed, the shard, the bounds and the
/// binary's path are swapped in.
@Suite("The nightly fuzz workflow", .processTimeLimit)
struct NightlyWorkflowTests {
    typealias K = KbbenchProcess

    /// The workflow's own lines with this machine's binary, `count`
    /// shards, a seed and small bounds swapped in.
    static func local(_ script: String, shard: Int? = nil, screens: String = "fields", count: Int = 3) -> String {
        var s = script.replacingOccurrences(of: "${{ needs.plan.outputs.seed }}", with: "7")
            .replacingOccurrences(of: "${{ needs.plan.outputs.count }}", with: String(count))
            .replacingOccurrences(of: ".build/release/kbbench", with: K.binary)
            .replacingOccurrences(of: "--duration 3600", with: "--duration 0.5")
            .replacingOccurrences(of: "50000", with: "30")
            .replacingOccurrences(of: "${{ matrix.screens }}", with: screens)
        if let shard { s = s.replacingOccurrences(of: "${{ matrix.shard }}", with: String(shard)) }
        return s
    }

    /// A workspace with the corpus the campaign replays and the example
    /// strategy the round trip runs.
    static func workspace() throws -> String {
        let workspace = try K.temporaryDirectory()
        for folder in ["corpora", "Examples"] {
            try FileManager.default.createDirectory(atPath: workspace + "/" + folder, withIntermediateDirectories: true)
        }
        try FileManager.default.createSymbolicLink(
            atPath: workspace + "/corpora/regressions", withDestinationPath: Repository.path("corpora/regressions"))
        try FileManager.default.createSymbolicLink(
            atPath: workspace + "/Examples/exec-strategy", withDestinationPath: Repository.path("Examples/exec-strategy"))
        return workspace
    }

    /// Each shard job's step, then the merge job's, for N = 3 on each
    /// screens of the matrix (the download step's pattern puts every shard
    /// of one screens' campaign in `shards/`): a strategy that violates
    /// fails its shards and the merge, the engine passes all four; a shard
    /// whose job died fails the merge with the shard named. Chat screens
    /// are a campaign of their own: their summaries say so.
    @Test(arguments: [
        ("cookbook", "fields", Int32(1)), ("engine", "fields", Int32(0)), ("messageKit", "chat", Int32(1)), ("engine", "chat", Int32(0)),
    ])
    func theCampaignShardsAndTheirMergeFailOnAViolation(strategy: String, screens: String, status: Int32) throws {
        let workflow = try Repository.text(".github/workflows/nightly-fuzz.yml")
        let shard = try WorkflowStep(named: "Fuzz the engine for an hour, one shard", in: workflow)
        let merge = try WorkflowStep(named: "Merge the shards", in: workflow)
        let (shardStep, mergeStep) = (shard.script, merge.script)
        #expect(shard.shell == "bash" && merge.shell == "bash", "GitHub's bash shell sets -eo pipefail")
        #expect(shardStep.contains("--strategy engine") && shardStep.contains("--duration 3600") && shardStep.contains("--shard"))
        #expect(workflow.components(separatedBy: "screens: [fields, chat]").count == 3, "the campaign's matrix and its merge's")
        let workspace = try Self.workspace()
        for i in 0..<3 {
            let r = WorkflowStep.bash(
                Self.local(shardStep, shard: i, screens: screens).replacingOccurrences(of: "--strategy engine", with: "--strategy \(strategy)"),
                in: workspace)
            #expect(r.status == status, "\(strategy) on \(screens), shard \(i): \(r.output)")
            let summary = try #require(FileManager.default.contents(atPath: workspace + "/campaign/\(screens)-shard-\(i).json"))
            let json = try #require(try JSONSerialization.jsonObject(with: summary) as? [String: Any])
            #expect(json["strategy"] as? String == strategy && json["shard"] as? String == "\(i)/3")
            #expect((json["screens"] as? String ?? "fields") == screens, "\(json)")
        }
        try FileManager.default.moveItem(atPath: workspace + "/campaign", toPath: workspace + "/shards")
        let merged = WorkflowStep.bash(Self.local(mergeStep, screens: screens), in: workspace)
        #expect(merged.status == (status == 0 ? 0 : 1), "\(strategy) on \(screens): \(merged.output)")
        let text = try #require(FileManager.default.contents(atPath: workspace + "/merged/summary.json"))
        let one = try #require(try JSONSerialization.jsonObject(with: text) as? [String: Any])
        #expect(one["shard"] is NSNull && one["strategy"] as? String == strategy)
        if strategy == "engine" {
            try FileManager.default.removeItem(atPath: workspace + "/shards/\(screens)-shard-1.json")
            let missing = WorkflowStep.bash(Self.local(mergeStep, screens: screens), in: workspace)
            #expect(missing.status != 0 && missing.output.contains("missing: shard 1/3 of 3"), "\(missing.output)")
        }
    }

    @Test(.enabled(if: Repository.hasPython, "needs python3 (.ci/run requires it)"))
    func theRoundTripShardsAndTheirMergePass() throws {
        let workflow = try Repository.text(".github/workflows/nightly-fuzz.yml")
        let shardStep = try WorkflowStep(named: "Audit against replay, one shard of 50,000 scenarios", in: workflow).script
        let workspace = try Self.workspace()
        for i in 0..<3 {
            let r = WorkflowStep.bash(Self.local(shardStep, shard: i), in: workspace)
            #expect(r.status == 0, "shard \(i): \(r.output)")
        }
        try FileManager.default.moveItem(atPath: workspace + "/round-trip", toPath: workspace + "/shards")
        let jobs = workflow.components(separatedBy: "audit-round-trip-merge:")[1]
        let mergeStep = try WorkflowStep(named: "Merge the shards", in: jobs).script
        let merged = WorkflowStep.bash(Self.local(mergeStep), in: workspace)
        #expect(merged.status == 0, "\(merged.output)")
        let text = try #require(FileManager.default.contents(atPath: workspace + "/merged/summary.json"))
        let one = try #require(try JSONSerialization.jsonObject(with: text) as? [String: Any])
        #expect(one["scenarios"] as? Int == 30 && one["kind"] as? String == "kbbench-audit-round-trip", "\(one)")
    }
}

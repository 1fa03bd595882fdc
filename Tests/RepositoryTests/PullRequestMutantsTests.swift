import Foundation
import KBTestSupport
import Testing

/// The pull-request job that runs the generated mutants on a change's own
/// lines (`mutants-on-the-diff` in .github/workflows/ci.yml), its step run
/// as written in a repository made into a pull request's merge commit: the
/// working tree's manifest, runner, README and one library file committed
/// as the base, a branch with one change merged into it. (A repository of
/// its own rather than a clone: the mutation runs' copy of the tree has no
/// history.) A change to no library line passes in seconds and says there
/// is nothing to mutate; a change to a library line goes on to generate
/// its mutants: with no generator's package there, the step fails at it,
/// so it never passes on nothing.
@Suite("The pull request's mutants job", .processTimeLimit)
struct PullRequestMutantsTests {
    static let step = "scripts/mutants --generated --diff on the merge commit's first parent"
    /// The files the base commit holds, from the working tree.
    static let files = ["Package.swift", "README.md", "scripts/mutants", "Sources/KeyboardAvoidance/LayoutBasis.swift"]

    /// A repository whose HEAD merges a branch that appended `line` to
    /// `file`, and the environment the step and git run with: a home of
    /// its own (the step writes git's global configuration) and an author.
    static func pullRequest(appending line: String, to file: String) throws -> (workspace: String, environment: [String: String]) {
        let dir = try Repository.temporaryDirectory("pull-request")
        let workspace = dir + "/workspace"
        let environment = [
            "HOME": dir, "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "kbbench", "GIT_AUTHOR_EMAIL": "kbbench@example.com",
            "GIT_COMMITTER_NAME": "kbbench", "GIT_COMMITTER_EMAIL": "kbbench@example.com", "GITHUB_WORKSPACE": workspace,
        ]
        for relative in Self.files {
            let path = workspace + "/" + relative
            try FileManager.default.createDirectory(at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: Repository.path(relative), toPath: path)
        }
        func git(_ arguments: String...) throws {
            let r = ChildProcess.run("/usr/bin/env", ["git"] + arguments, in: workspace, environment: environment)
            try #require(r.status == 0, "git \(arguments.joined(separator: " ")): \(r.output)")
        }
        try git("init", "-q")
        try git("add", "-A")
        try git("commit", "-q", "-m", "base")
        try git("checkout", "-q", "-b", "pull-request")
        let handle = try #require(FileHandle(forWritingAtPath: workspace + "/" + file))
        handle.seekToEndOfFile()
        handle.write(Data((line + "\n").utf8))
        try handle.close()
        try git("commit", "-q", "-am", "the pull request's change")
        try git("checkout", "-q", "-")
        try git("merge", "-q", "--no-ff", "pull-request", "-m", "merge")
        return (workspace, environment)
    }

    @Test(.enabled(if: Repository.hasPython, "needs python3 (.ci/run requires it)"))
    func aChangeToNoLibraryLinePassesSayingSo() throws {
        let step = try WorkflowStep(named: Self.step, in: Repository.text(".github/workflows/ci.yml"))
        #expect(step.script.contains("--if-changed") && step.script.contains("HEAD^1"), "\(step.script)")
        let (workspace, environment) = try Self.pullRequest(appending: "A line of prose.", to: "README.md")
        let r = WorkflowStep.bash(step.script, in: workspace, environment: environment)
        #expect(r.status == 0 && r.stderr.contains("nothing to mutate"), "\(r.output)")
        #expect(!FileManager.default.fileExists(atPath: workspace + "/.build-mutagen"), "nothing to mutate builds no generator")
    }

    @Test(.enabled(if: Repository.hasPython, "needs python3 (.ci/run requires it)"))
    func aChangeToALibraryLineGoesOnToItsMutants() throws {
        let step = try WorkflowStep(named: Self.step, in: Repository.text(".github/workflows/ci.yml"))
        let (workspace, environment) = try Self.pullRequest(
            appending: "// A comment: a changed line, if no mutant's.", to: "Sources/KeyboardAvoidance/LayoutBasis.swift")
        let r = WorkflowStep.bash(step.script, in: workspace, environment: environment)
        #expect(r.status != 0 && !r.output.contains("nothing to mutate"), "\(r.output)")
        #expect(r.output.contains("scripts/mutagen does not build"), "\(r.output)")
    }
}

import Foundation
import KBTestSupport

/// The `kbbench` executable run as a user runs it: a separate process, its
/// exit status, standard output and standard error. The binary is the one
/// `swift test` built beside the test bundle; when it is not there (a test
/// run filtered to this target alone on a fresh checkout), it is built once.
enum KbbenchProcess {
    typealias Result = ChildProcess.Result

    static let binary: String = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("kbbench").path
        if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        _ = ChildProcess.swift(["build", "--product", "kbbench"])
        return ChildProcess.swift(["build", "--show-bin-path"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines) + "/kbbench"
    }()

    /// `kbbench ARGUMENTS`, from the repository's root.
    static func kbbench(_ arguments: String...) -> Result { kbbench(arguments) }

    static func kbbench(_ arguments: [String]) -> Result { run(binary, arguments, in: Repository.root) }

    static func run(_ executable: String, _ arguments: [String], in directory: String, environment: [String: String] = [:]) -> Result {
        ChildProcess.run(executable, arguments, in: directory, environment: environment)
    }

    /// `kbbench ARGUMENTS` started, not waited for: the caller signals it,
    /// then `finish` collects it.
    static func start(_ arguments: [String]) throws -> (Process, finish: () -> Result) {
        try ChildProcess.start(binary, arguments, in: Repository.root)
    }

    /// A fresh temporary directory.
    static func temporaryDirectory() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("kbbench-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }
}

import Foundation
import KBTestSupport

/// The `kbbench` executable run as a user runs it: a separate process, its
/// exit status, standard output and standard error. The binary is the one
/// `swift test` built beside the test bundle; when it is not there (a test
/// run filtered to this target alone on a fresh checkout), it is built once.
enum KbbenchProcess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Both streams, for messages.
        var output: String { stdout + stderr }
    }

    static let binary: String = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("kbbench").path
        if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        _ = run("/usr/bin/env", ["swift", "build", "--product", "kbbench"], in: Repository.root)
        let path = run("/usr/bin/env", ["swift", "build", "--show-bin-path"], in: Repository.root).stdout.trimmingCharacters(
            in: .whitespacesAndNewlines)
        return path + "/kbbench"
    }()

    /// `kbbench ARGUMENTS`, from the repository's root.
    static func kbbench(_ arguments: String...) -> Result { kbbench(arguments) }

    static func kbbench(_ arguments: [String]) -> Result { run(binary, arguments, in: Repository.root) }

    static func run(_ executable: String, _ arguments: [String], in directory: String, environment: [String: String] = [:]) -> Result {
        // The streams go to files, not pipes: nothing can block on a full
        // pipe, whatever the process prints.
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("kbbench-cli-\(UUID().uuidString)")
        let outURL = base.appendingPathExtension("out"), errURL = base.appendingPathExtension("err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = arguments
        p.currentDirectoryURL = URL(fileURLWithPath: directory)
        guard let out = try? FileHandle(forWritingTo: outURL), let err = try? FileHandle(forWritingTo: errURL) else {
            return Result(status: -1, stdout: "", stderr: "could not open the output files")
        }
        p.standardOutput = out
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        if !environment.isEmpty { p.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        do { try p.run() } catch { return Result(status: -1, stdout: "", stderr: "could not run \(executable): \(error)") }
        let hung = Hang(p)
        p.waitUntilExit()
        try? out.close()
        try? err.close()
        let text = { (url: URL) in (try? String(contentsOf: url, encoding: .utf8)) ?? "" }
        let stderr = text(errURL) + (hung.killed ? "\n[killed: still running after \(Int(Hang.limit)) s]" : "")
        return Result(status: p.terminationStatus, stdout: text(outURL), stderr: stderr)
    }

    /// Kills a process still running after ``limit`` seconds, so that a
    /// command that hangs fails its test (its status is SIGKILL's, its
    /// standard error says so) instead of holding the whole run. SIGKILL,
    /// since a child of the test runner inherits its blocked SIGTERM.
    final class Hang: @unchecked Sendable {
        /// Far above any command's time here, under sanitizers included.
        static let limit = 600.0
        private let lock = NSLock()
        private var fired = false
        var killed: Bool { lock.withLock { fired } }

        init(_ process: Process) {
            let pid = process.processIdentifier
            DispatchQueue.global().asyncAfter(deadline: .now() + Self.limit) { [self] in
                guard process.isRunning else { return }
                lock.withLock { fired = true }
                kill(pid, SIGKILL)
            }
        }
    }

    /// `kbbench ARGUMENTS` started, not waited for: the caller signals it,
    /// then `finish` collects it.
    static func start(_ arguments: [String]) throws -> (Process, finish: () -> Result) {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("kbbench-cli-\(UUID().uuidString)")
        let outURL = base.appendingPathExtension("out"), errURL = base.appendingPathExtension("err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: binary)
        p.arguments = arguments
        p.currentDirectoryURL = URL(fileURLWithPath: Repository.root)
        p.standardOutput = out
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        try p.run()
        return (
            p,
            {
                p.waitUntilExit()
                try? out.close()
                try? err.close()
                let text = { (url: URL) in (try? String(contentsOf: url, encoding: .utf8)) ?? "" }
                defer {
                    try? FileManager.default.removeItem(at: outURL)
                    try? FileManager.default.removeItem(at: errURL)
                }
                return Result(status: p.terminationStatus, stdout: text(outURL), stderr: text(errURL))
            }
        )
    }

    /// A fresh temporary directory.
    static func temporaryDirectory() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("kbbench-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }
}

import Foundation

/// A program run by a test as a user runs it: a separate process, its exit
/// status, standard output and standard error. The streams go to files, not
/// pipes, so nothing blocks on a full pipe whatever the process prints, and
/// a process still running after ``Hang/limit`` is killed, so a hang fails
/// its test instead of holding the whole run.
package enum ChildProcess {
    package struct Result: Sendable {
        package var status: Int32
        package var stdout: String
        package var stderr: String
        /// Both streams, for messages.
        package var output: String { stdout + stderr }

        package init(status: Int32, stdout: String, stderr: String) {
            self.status = status
            self.stdout = stdout
            self.stderr = stderr
        }
    }

    /// `executable ARGUMENTS` in `directory`, waited for. `environment`
    /// adds to (or replaces entries of) the test's own.
    package static func run(_ executable: String, _ arguments: [String], in directory: String, environment: [String: String] = [:]) -> Result {
        do {
            let (_, finish) = try start(executable, arguments, in: directory, environment: environment)
            return finish()
        } catch {
            return Result(status: -1, stdout: "", stderr: "could not run \(executable): \(error)")
        }
    }

    /// `executable ARGUMENTS` started, not waited for: the caller may signal
    /// it, then `finish` waits and collects it. Killed, as `run`'s are, if
    /// still running after ``Hang/limit``, whatever the caller does.
    package static func start(
        _ executable: String, _ arguments: [String], in directory: String, environment: [String: String] = [:]
    ) throws -> (Process, finish: () -> Result) {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("kbbench-child-\(UUID().uuidString)")
        let outURL = base.appendingPathExtension("out"), errURL = base.appendingPathExtension("err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = arguments
        p.currentDirectoryURL = URL(fileURLWithPath: directory)
        p.standardOutput = out
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        if !environment.isEmpty { p.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        do { try p.run() } catch {
            try? out.close()
            try? err.close()
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
            throw error
        }
        let hung = Hang(p)
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
                let killed = hung.killed ? "\n[killed: still running after \(Int(Hang.limit)) s]" : ""
                return Result(status: p.terminationStatus, stdout: text(outURL), stderr: text(errURL) + killed)
            }
        )
    }

    /// `swift ARGUMENTS` from the repository's root, through `env`, as a
    /// user types it.
    package static func swift(_ arguments: [String]) -> Result { run("/usr/bin/env", ["swift"] + arguments, in: Repository.root) }

    /// Kills a process still running after ``limit`` seconds. SIGKILL, since
    /// a child of the test runner inherits its blocked SIGTERM.
    package final class Hang: @unchecked Sendable {
        /// Far above any command's time here, under sanitizers included.
        package static let limit = 600.0
        private let lock = NSLock()
        private var fired = false
        package var killed: Bool { lock.withLock { fired } }

        package init(_ process: Process) {
            let pid = process.processIdentifier
            DispatchQueue.global().asyncAfter(deadline: .now() + Self.limit) { [self] in
                guard process.isRunning else { return }
                lock.withLock { fired = true }
                kill(pid, SIGKILL)
            }
        }
    }
}

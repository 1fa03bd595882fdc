import Foundation
import KBTestSupport

/// `kbbench` started and left running, for what a test does to it while it
/// runs: read its standard error as it grows, signal it, then collect it.
/// Its streams go to files (nothing blocks on a full pipe).
final class RunningKbbench {
    let process = Process()
    private let out: URL, err: URL
    private let outHandle: FileHandle, errHandle: FileHandle
    private var signalled: ContinuousClock.Instant?

    /// Starts `kbbench ARGUMENTS` in `directory` with `environment` added to
    /// this process's.
    init(_ arguments: [String], in directory: String = Repository.root, environment: [String: String] = [:]) throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("kbbench-running-\(UUID().uuidString)")
        out = base.appendingPathExtension("out")
        err = base.appendingPathExtension("err")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        outHandle = try FileHandle(forWritingTo: out)
        errHandle = try FileHandle(forWritingTo: err)
        process.executableURL = URL(fileURLWithPath: KbbenchProcess.binary)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = outHandle
        process.standardError = errHandle
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    /// Standard error so far.
    var standardError: String { (try? String(contentsOf: err, encoding: .utf8)) ?? "" }

    /// Waits until standard error holds `text` (true), or the process ended
    /// or `seconds` passed first (false).
    func waitForStandardError(containing text: String, seconds: Double = 120) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if standardError.contains(text) { return true }
            if !process.isRunning { return standardError.contains(text) }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return false
    }

    /// Sends `signal`, noting when.
    func send(_ signal: Int32) {
        signalled = ContinuousClock.now
        kill(process.processIdentifier, signal)
    }

    /// What the process left once it ended (killed with SIGKILL after
    /// `limit` seconds), and the seconds from ``send(_:)`` to its end.
    func finish(limit: Double = 600) -> (result: KbbenchProcess.Result, secondsAfterSignal: Double?) {
        let deadline = Date().addingTimeInterval(limit)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        let ended = ContinuousClock.now
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        try? outHandle.close()
        try? errHandle.close()
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
        let text = { (url: URL) in (try? String(contentsOf: url, encoding: .utf8)) ?? "" }
        let seconds = signalled.map { s in
            let d = ended - s
            return Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
        }
        return (KbbenchProcess.Result(status: process.terminationStatus, stdout: text(out), stderr: text(err)), seconds)
    }
}

import Foundation
import SystemPackage
import ToolSupport

/// Counts each benchmark's instructions per notification with callgrind:
/// unlike time, the same on every run of one binary, whatever the
/// machine's load, so two builds compare exactly (``RegressionRule``).
///
/// Method: for each benchmark, this kbbench runs under callgrind twice,
/// `bench --suite NAME --count-passes 2` (two whole passes over the
/// benchmark's notifications, untimed) and `--count-passes 1`; the
/// difference divided by the notifications in a pass is the count per
/// notification. Start-up and setup cancel, and so do first-use costs (the
/// runtime's cast and conformance caches, lazily built tables). A whole
/// pass is counted because notifications differ in cost. Hashing is made
/// deterministic (`SWIFT_DETERMINISTIC_HASHING`): with the per-process
/// random seed, the Foundation benchmarks' dictionary probes, and so their
/// counts, changed from run to run by up to 2×. valgrind cannot read
/// Swift's debug info, so it runs a copy of this executable stripped of it
/// (`objcopy --strip-debug`).
struct InstructionCounter {
    let valgrind: FilePath
    let objcopy: FilePath

    /// The counter, when valgrind and objcopy are both on `PATH`; nil
    /// otherwise (a machine without them records times only).
    static func find() -> InstructionCounter? {
        guard let v = Self.onPath("valgrind"), let o = Self.onPath("objcopy") else { return nil }
        return InstructionCounter(valgrind: v, objcopy: o)
    }

    /// What is missing for counting, in words, for a message.
    static var missingTools: String {
        ["valgrind", "objcopy"].filter { onPath($0) == nil }.joined(separator: " and ")
    }

    /// Counts `benchmarks` one by one (`progress` is told each one as it
    /// starts); nil when interrupted. A run of callgrind that fails, or
    /// prints no count, fails with the benchmark named.
    ///
    /// A benchmark `planted` names is counted with its slowdown planted
    /// (`--plant-slowdown`).
    func count(_ benchmarks: [String], planted: [String: Int] = [:], progress: (Int, String) -> Void) throws(KbbenchError) -> [String: Double]? {
        // The stripped copy's path and the environment are of one length on
        // every run: they lie on the new process's stack, whose alignment
        // moves `memcpy`'s path, and a count with it (by up to 2 % for the
        // engine, whose benchmark copies its state for every notification).
        let scratch = FileManager.default.fileExists(atPath: "/tmp") ? "/tmp" : NSTemporaryDirectory()
        let work = FilePath(scratch).appending(String(format: "kbbench-count-%08x", UInt32.random(in: 0...UInt32.max)))
        do {
            try FileManager.default.createDirectory(atPath: work.string, withIntermediateDirectories: true)
        } catch {
            throw .toolFailed("cannot make a scratch folder \(work): \(error.localizedDescription)")
        }
        defer { try? FileManager.default.removeItem(atPath: work.string) }
        let stripped = work.appending("kbbench")
        let strip = run([objcopy.string, "--strip-debug", try Self.executable(), stripped.string], in: work)
        guard strip.status == 0 else { throw .toolFailed("objcopy --strip-debug failed (exit \(strip.status)): \(strip.standardError)") }
        var counts: [String: Double] = [:]
        for (i, name) in benchmarks.enumerated() {
            if Interrupt.isPending { return nil }
            progress(i, name)
            // Always the same argument, of one length (a plant of 0 %
            // when none): arguments lie on the stack too, and a count with
            // a plant and one without must differ by the plant alone.
            let plant = ["--plant-slowdown", name + ":" + String(format: "%03d", planted[name] ?? 0)]
            guard let two = try passes(2, of: name, plant: plant, with: stripped, in: work),
                let one = try passes(1, of: name, plant: plant, with: stripped, in: work)
            else { return nil }
            counts[name] = ((two.instructions - one.instructions) / Double(Swift.max(two.notifications, 1)) * 10).rounded() / 10
        }
        return counts
    }

    /// The instructions of a whole process that runs `passes` passes over
    /// `name`'s notifications, and the notifications in a pass; nil when
    /// interrupted.
    private func passes(_ passes: Int, of name: String, plant: [String], with binary: FilePath, in work: FilePath) throws(KbbenchError) -> (
        instructions: Double, notifications: Int
    )? {
        let r = run(
            [
                valgrind.string, "--tool=callgrind", "--callgrind-out-file=/dev/null", binary.string, "bench", "--suite", name,
                "--count-passes", String(passes),
            ] + plant, in: work, environment: ["SWIFT_DETERMINISTIC_HASHING": "1"])
        if r.status == 130 || r.status == 143 || Interrupt.isPending { return nil }
        let refs = r.standardError.split(separator: "\n").last { $0.contains("refs:") }
        let digits = refs.map { $0.split(separator: " ").last.map { $0.filter(\.isNumber) } ?? "" } ?? ""
        let perPass = r.standardOutput.split(separator: "\n").first { $0.hasPrefix("notifications per pass:") }
        guard r.status == 0, let instructions = Double(digits), let n = perPass.flatMap({ Int($0.split(separator: " ").last ?? "") }) else {
            throw .toolFailed("callgrind counted nothing for \(name) (exit \(r.status)): \(r.standardError.suffix(400))")
        }
        return (instructions, n)
    }

    /// Runs `arguments`, its output to files in `work`; its status (128 +
    /// the signal when killed) and what it printed.
    private func run(_ arguments: [String], in work: FilePath, environment: [String: String] = [:]) -> (
        status: Int32, standardOutput: String, standardError: String
    ) {
        let out = work.appending("out"), err = work.appending("err")
        // A fixed environment, whatever the caller's (see `count`).
        var env = ["PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C"]
        for (k, v) in environment { env[k] = v }
        let pid: pid_t
        do {
            pid = try ProcessGroupSpawn.spawn(
                arguments, environment: env, streams: [(.standardOutput, .writing(out)), (.standardError, .writing(err))],
                defaultSignals: [SIGINT, SIGTERM, SIGPIPE])
        } catch {
            return (127, "", "cannot start \(arguments[0]): \(error)")
        }
        var status: Int32 = 0
        var signalled = false
        while true {
            if case .ended(let s) = SystemCall.wait(forChild: pid) {
                status = s
                break
            }
            // Ctrl-C reaches kbbench alone (the child has a group of its
            // own): pass it on, once.
            if Interrupt.isPending && !signalled {
                SystemCall.signal(group: pid, SIGTERM)
                signalled = true
            }
            usleep(20_000)
        }
        let code: Int32 = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        let text: (FilePath) -> String = { (try? String(contentsOfFile: $0.string, encoding: .utf8)) ?? "" }
        return (code, text(out), text(err))
    }

    /// This process's executable.
    private static func executable() throws(KbbenchError) -> String {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        guard let first = CommandLine.arguments.first, FileManager.default.isExecutableFile(atPath: first) else {
            throw .toolFailed("cannot find kbbench's own executable to count its instructions")
        }
        return first
    }

    private static func onPath(_ tool: String) -> FilePath? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let path = FilePath(String(dir)).appending(tool)
            if FileManager.default.isExecutableFile(atPath: path.string) { return path }
        }
        return nil
    }
}

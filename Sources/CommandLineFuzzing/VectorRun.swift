import Foundation
import SystemPackage
import ToolSupport

/// One run of the tool on one vector, as a user runs it in a terminal: in
/// the sandbox as its working folder, in a process group of its own (what a
/// shell gives a job), standard input empty, `HOME` and `TMPDIR` inside the
/// run's own folder. A run still going after ``Bounds/run`` is interrupted
/// as Ctrl-C interrupts it (SIGINT to its group); one still going
/// ``Bounds/stop`` later is killed, and so is anything it left running.
package struct VectorRun: Sendable {
    /// How long a run may take.
    package struct Bounds: Hashable, Sendable {
        /// Until SIGINT.
        package var run: Double
        /// From SIGINT until SIGKILL.
        package var stop: Double

        package init(run: Double = 3, stop: Double = 5) {
            self.run = run
            self.stop = stop
        }
    }

    /// How a run ended.
    package enum Ending: Hashable, Sendable {
        /// It exited with this status, `interrupted` when after SIGINT.
        case exited(Int32, interrupted: Bool)
        /// A signal ended it, `interrupted` when after SIGINT.
        case signalled(Int32, interrupted: Bool)
        /// It was still running after SIGINT and was killed.
        case hung
        /// The fuzzer itself was stopped while it ran, and killed it: no
        /// verdict.
        case abandoned
    }

    package var ending: Ending
    package var seconds: Double
    /// What it printed on standard error (the end of it).
    package var stderr: String

    /// Runs `binary` with `arguments` in `sandbox` (`folder`, outside the
    /// sandbox, holds the run's streams, home and temporary files). When
    /// `abandon` turns true while it runs, the run and its group are
    /// killed at once (``Ending/abandoned``).
    package static func run(
        _ binary: FilePath, _ arguments: [String], in sandbox: Sandbox, folder: FilePath, bounds: Bounds, abandon: () -> Bool = { false }
    ) throws -> VectorRun {
        let out = folder.appending("stdout"), err = folder.appending("stderr")
        let temporary = folder.appending("tmp")
        try FileManager.default.createDirectory(atPath: temporary.string, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = folder.string
        environment["TMPDIR"] = temporary.string
        environment["CI"] = "true"
        environment["SWIFT_BACKTRACE"] = "enable=no"
        let clock = ContinuousClock(), started = clock.now
        func elapsed() -> Double {
            let d = clock.now - started
            return Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
        }
        let pid = try spawn(binary, arguments, in: sandbox.path, environment: environment, stdout: out, stderr: err)
        var status: Int32 = 0
        var interrupted = false, killed = false, abandoned = false
        waiting: while true {
            switch SystemCall.wait(forChild: pid) {
            case .ended(let s):
                status = s
                break waiting
            case .unknown: break waiting
            case .running: break
            }
            if !abandoned && abandon() {
                kill(-pid, SIGKILL)
                abandoned = true
            }
            let elapsed = elapsed()
            if !interrupted && elapsed > bounds.run {
                kill(-pid, SIGINT)
                interrupted = true
            } else if interrupted && !killed && elapsed > bounds.run + bounds.stop {
                kill(-pid, SIGKILL)
                killed = true
            }
            usleep(5_000)
        }
        // Whatever the run left behind in its group goes too.
        kill(-pid, SIGKILL)
        let seconds = elapsed()
        let text = (try? FileBytes.read(err)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let ending: Ending
        if abandoned {
            ending = .abandoned
        } else if killed {
            ending = .hung
        } else if status & 0x7F == 0 {
            ending = .exited((status >> 8) & 0xFF, interrupted: interrupted)
        } else {
            ending = .signalled(status & 0x7F, interrupted: interrupted)
        }
        return VectorRun(ending: ending, seconds: seconds, stderr: String(text.suffix(2_000)))
    }

    /// Starts `binary` in a process group of its own, in `directory`, with
    /// the default action for the signals a job could have inherited as
    /// ignored (`nohup`, a runner). `/bin/sh` enters the folder and then
    /// becomes the tool (`exec` keeps the process, so its group and its pid
    /// are the tool's): portable where `posix_spawn_file_actions_addchdir_np`
    /// is not declared. Exit status 125 means the folder could not be
    /// entered.
    private static func spawn(
        _ binary: FilePath, _ arguments: [String], in directory: FilePath, environment: [String: String], stdout: FilePath, stderr: FilePath
    ) throws -> pid_t {
        let script = #"cd -- "$1" || exit 125; shift; exec "$@""#
        do {
            return try ProcessGroupSpawn.spawn(
                ["/bin/sh", "-c", script, "sh", directory.string, binary.string] + arguments, environment: environment,
                streams: [
                    (.standardInput, .reading("/dev/null")), (.standardOutput, .writing(stdout)),
                    (.standardError, .writing(stderr)),
                ],
                defaultSignals: [SIGHUP, SIGINT, SIGQUIT, SIGPIPE, SIGTERM])
        } catch {
            throw SetupFailure(path: binary, reason: error.description)
        }
    }
}

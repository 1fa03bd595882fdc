import ArgumentParser
import CommandLineFuzzing
import Foundation
import KeyboardJSON
import SystemPackage
import ToolSupport

/// `kbbench-cli-fuzz`: kbbench's command line fuzzed from its own command
/// tree. The work is CommandLineFuzzing's; this parses, prints and exits.
@main
struct CommandLineFuzz: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kbbench-cli-fuzz",
        abstract: "Fuzz kbbench's command line: argument vectors drawn from its own commands, with hostile values.",
        discussion: """
            Reads the commands and options of the kbbench at --binary from its own description (kbbench \
            --experimental-dump-help), so a new option is fuzzed without editing this tool. Each vector runs in a \
            fresh sandbox (a copy of a few corpus files, a folder, a file, FIFOs) as its working folder, and must: end \
            within --bound seconds (or stop on the SIGINT sent then, as Ctrl-C stops it), exit with a status its \
            command's --help documents, never die on a signal it was not sent, and write nothing but the paths it was \
            given and .kbbench/.

            Every failing vector is saved in --failures, as soon as it is found, as the command line that reproduces \
            it; --replay INDEX runs one vector again, in a fresh sandbox, and prints what it printed. Ctrl-C or \
            SIGTERM kills the vectors under way and prints what was judged.

            \(ExitStatusCode.help(
                [
                    ExitStatusCode.success, ExitStatusCode.violation, ExitStatusCode.usage, ExitStatusCode.noInput, ExitStatusCode.ioError,
                    ExitStatusCode.interrupted, ExitStatusCode.terminated,
                ],
                [
                    ExitStatusCode.success: "no vector failed", ExitStatusCode.violation: "a vector failed (each named, and saved in --failures)",
                    ExitStatusCode.noInput: "the binary or the repository's corpus is missing", ExitStatusCode.ioError: "a file could not be written",
                    ExitStatusCode.interrupted: "stopped by SIGINT: what was judged is printed",
                    ExitStatusCode.terminated: "stopped by SIGTERM, as by SIGINT",
                ]))
            """)

    @Option(help: "The kbbench to fuzz.") var binary = ".build/release/kbbench"
    @Option(help: "The repository the sandboxes' files are copied from.") var repository = "."
    @Option(help: "The seed (default: a random one, printed).") var seed: UInt64?
    @Option(help: "How many vectors.") var vectors = 300
    @Option(help: "The first vector's index.") var first = 0
    @Option(help: "Vectors run at once.") var jobs = ProcessInfo.processInfo.activeProcessorCount
    @Option(help: "Seconds a vector may run before SIGINT (it then has 5 more to stop).") var bound = 3.0
    @Option(help: "Where failing vectors are saved.") var failures: String?
    @Option(help: "Run this one vector again, in a fresh sandbox, and print what it printed.") var replay: Int?
    @Flag(help: "Print the commands read from the binary, each argument with the values it draws from, and stop.") var showTree = false

    func validate() throws {
        guard vectors >= 0, first >= 0, jobs >= 1, bound > 0, bound.isFinite else {
            throw ValidationError("--vectors and --first take a count, --jobs at least 1, --bound a positive number of seconds")
        }
    }

    func run() throws {
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw Failure(status: ExitStatusCode.noInput, message: "\(binary): no such program")
        }
        let dump = Self.capture(binary, ["--experimental-dump-help"])
        let tree: CommandTree, template: Sandbox.Template
        do {
            tree = try CommandTree(dump: dump, file: "\(binary) --experimental-dump-help")
            template = try Sandbox.Template.from(repository: FilePath(repository))
        } catch {
            throw Failure(status: ExitStatusCode.noInput, message: "\(error)")
        }
        if showTree {
            for command in tree.root.all {
                let statuses = command.documentedStatuses.sorted().map(String.init).joined(separator: " ")
                print("\(command.path.joined(separator: " "))  (exit status: \(statuses))")
                for a in command.arguments where !a.isHelpOrVersion && a.kind == .flag {
                    print("  \(a.spelling ?? "")  flag")
                }
                for a in command.arguments where a.kind != .flag {
                    let shape = a.allValues.isEmpty ? "\(HostileValue.Shape(a))" : a.allValues.joined(separator: "|")
                    print(
                        "  \(a.spelling ?? a.valueName)  \(a.kind.rawValue)\(a.isOptional ? "" : ", required")\(a.isRepeating ? ", repeating" : ""): \(shape)"
                    )
                }
            }
            return
        }
        let seed = self.seed ?? UInt64.random(in: 1...UInt64(UInt32.max))
        let work = FilePath(NSTemporaryDirectory()).appending("kbbench-cli-fuzz-\(ProcessInfo.processInfo.processIdentifier)")
        defer { try? FileManager.default.removeItem(atPath: work.string) }
        // Absolute: each vector runs in its own sandbox as working folder.
        var campaign = ArgumentFuzzCampaign(
            binary: FilePaths.absolute(FilePath(binary)), tree: tree, template: template, seed: seed, vectors: vectors, workFolder: work)
        campaign.first = replay ?? first
        campaign.vectors = replay == nil ? vectors : 1
        campaign.jobs = jobs
        campaign.bounds = VectorRun.Bounds(run: bound)
        campaign.failures = failures.map { FilePath($0) }
        if let replay {
            let o = campaign.outcome(replay)
            print("kbbench \(o.vector)")
            print(o.run.map { "\($0.ending) after \(String(format: "%.2f", $0.seconds)) s\n\($0.stderr)" } ?? o.setupError ?? "")
            for f in o.findings { print("finding: \(f)") }
            if !o.findings.isEmpty { throw ExitCode(ExitStatusCode.violation) }
            return
        }
        FileHandle.standardError.write(Data("kbbench-cli-fuzz: seed \(seed), \(vectors) vectors of \(binary)\n".utf8))
        let total = vectors
        let result: ArgumentFuzzCampaign.Result
        do {
            result = try campaign.run { done in
                if done % 50 == 0 || done == total { FileHandle.standardError.write(Data("  \(done) of \(total) vectors\n".utf8)) }
            }
        } catch {
            throw Failure(status: ExitStatusCode.ioError, message: "\(error)")
        }
        for o in result.failing {
            print("vector \(o.index): kbbench \(o.vector)")
            for f in o.findings { print("  \(f)") }
            if let e = o.setupError { print("  not run: \(e)") }
            if let failures { print("  saved: \(FilePaths.file(campaign.fileName(o.index), in: failures))") }
        }
        let endings = result.endings.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
        let stopped = result.interrupted ? " (\(Interrupt.receivedDescription): the vectors under way were killed)" : ""
        print("seed \(seed): \(result.outcomes.count) vectors\(stopped), \(result.failing.count) failing (endings: \(endings))")
        if result.interrupted { throw ExitCode(ExitStatusCode.stopped(by: Interrupt.received)) }
        if !result.failing.isEmpty { throw ExitCode(ExitStatusCode.violation) }
    }

    /// What `binary ARGUMENTS` prints on standard output.
    static func capture(_ binary: String, _ arguments: [String]) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return "" }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    struct Failure: Error, CustomStringConvertible {
        var status: Int32
        var message: String
        var description: String { message }
    }

    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let failure as Failure {
            FileHandle.standardError.write(Data("kbbench-cli-fuzz: \(failure.message)\n".utf8))
            Foundation.exit(failure.status)
        } catch {
            exit(withError: error)
        }
    }
}

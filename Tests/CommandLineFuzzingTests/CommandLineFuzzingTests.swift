import CommandLineFuzzing
import Foundation
import KBTestSupport
import SystemPackage
import Testing

/// The command-line fuzzer: its reading of a tool's description, its
/// vectors, its verdicts, and, against a tool broken on purpose, that each
/// verdict has teeth.
@Suite("The command-line fuzzer", .processTimeLimit)
struct CommandLineFuzzingTests {
    static let tree = try! CommandTree(dump: BrokenTool.dump, file: "dump.json")

    @Test func theTreeIsReadFromTheDescription() throws {
        let tree = Self.tree
        #expect(tree.root.path == ["broken"])
        #expect(tree.root.all.map { $0.path.joined(separator: " ") }.sorted().first == "broken")
        #expect(tree.root.subcommands.map { $0.path.last! } == ["crash", "status", "deaf", "fragile", "patient", "stray", "litter", "ok", "write"])
        let ok = try #require(tree.root.subcommands.first { $0.path.last == "ok" })
        let mode = try #require(ok.arguments.first)
        #expect(ok.arguments.count == 1 && mode.kind == .option && mode.spelling == "--mode" && mode.valueName == "mode")
        #expect(mode.isOptional && !mode.isRepeating && mode.allValues == ["fast", "slow"])
        #expect(ok.documentedStatuses == [0, 64], "a command without its own sentence is held to its parent's")
        #expect(tree.root.arguments.first?.isHelpOrVersion == true)
    }

    @Test func aDescriptionThatIsNotJSONIsNamed() {
        do {
            _ = try CommandTree(dump: "Error: unknown option", file: "kbbench --experimental-dump-help")
            Issue.record("read")
        } catch {
            #expect(error.description.hasPrefix("kbbench --experimental-dump-help:1:"), "\(error)")
        }
    }

    /// The statuses a help text documents: the number that begins each
    /// item of its "Exit status:" sentence, and nothing after the sentence.
    @Test(
        arguments: [
            ("Exit status: 0 success; 1 a violation; 64 bad usage.", [0, 1, 64]),
            ("Runs.\n\nExit status: 0 all pass;\n 2 slower; 130 or 143 stopped.\nSee 3 more.", [0, 2, 130]),
            ("No sentence here; 5 things.", []),
            ("Exit status: 0 success. Then 7; 8.", [0]),
        ] as [(String, Set<Int32>)])
    func statusesAreReadFromTheSentence(text: String, statuses: Set<Int32>) {
        #expect(CommandTree.documentedStatuses(in: text) == statuses)
    }

    /// Vector `i` of seed `s` is the same on every run and machine; other
    /// indexes and seeds give other vectors.
    /// Run from outside a checkout, the fuzzer names the file it missed and
    /// the option that says where the checkout is.
    @Test func aTemplateFromAFolderThatIsNoCheckoutNamesTheFileAndTheOption() throws {
        let empty = try Repository.temporaryDirectory("not-a-checkout")
        defer { try? FileManager.default.removeItem(atPath: empty) }
        #expect {
            try Sandbox.Template.from(repository: FilePath(empty))
        } throws: { error in
            let text = "\(error)"
            return error is SetupFailure && text.hasPrefix(empty + "/corpora/traces/") && text.contains("no such file")
                && text.contains("--repository")
        }
        #expect(try Sandbox.Template.from(repository: FilePath(Repository.root)).files.count == 8)
    }

    /// What a campaign's workers report, in the order they report it.
    final class Reported: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [Int] = []
        func add(_ n: Int) { lock.withLock { list.append(n) } }
        var values: [Int] { lock.withLock { list } }
    }

    /// A sandbox is the template's files, an empty folder and the two
    /// FIFOs, made only where nothing is yet, in a folder that exists.
    @Test func aSandboxIsTheTemplateMadeWhereNothingIs() throws {
        let root = FilePath(try Repository.temporaryDirectory("sandbox"))
        defer { try? FileManager.default.removeItem(atPath: root.string) }
        let template = try Sandbox.Template.from(repository: FilePath(Repository.root))
        let sandbox = try Sandbox(at: root.appending("s"), template: template)
        for (relative, contents) in template.files {
            #expect(try String(contentsOfFile: sandbox.path.appending(relative).string, encoding: .utf8) == contents, "\(relative)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.path.appending("dir").string).isEmpty)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: sandbox.path.string).sorted()
                == ["console.log", "corpora", "dir", "fifo", "fifo-read", "file", "malformed.kbtrace", "record.json", "results", "trace.kbtrace"])
        #expect(throws: (any Error).self, "a sandbox where one is") { try Sandbox(at: root.appending("s"), template: template) }
        #expect(throws: (any Error).self, "a sandbox in a folder that does not exist") {
            try Sandbox(at: root.appending("missing/s"), template: template)
        }
    }

    /// A vector's run makes its own folder for its streams, and runs to
    /// its end unless told to abandon it.
    @Test func aRunMakesItsFolderAndRunsToItsEnd() throws {
        let binary = try BrokenTool.install()
        let root = FilePath(try Repository.temporaryDirectory("vector-run"))
        defer { try? FileManager.default.removeItem(atPath: root.string) }
        let sandbox = try Sandbox(at: root.appending("sandbox"), template: try Sandbox.Template.from(repository: FilePath(Repository.root)))
        let run = try VectorRun.run(
            FilePath(binary), ["ok"], in: sandbox, folder: root.appending("streams/0"), bounds: VectorRun.Bounds(run: 5, stop: 1))
        #expect(run.ending == .exited(0, interrupted: false), "\(run.ending): \(run.stderr)")
    }

    @Test func vectorsDependOnlyOnTheSeedAndIndex() {
        let a = (0..<200).map { ArgumentVector.draw(seed: 7, index: $0, tree: Self.tree) }
        let b = (0..<200).map { ArgumentVector.draw(seed: 7, index: $0, tree: Self.tree) }
        let c = (0..<200).map { ArgumentVector.draw(seed: 8, index: $0, tree: Self.tree) }
        #expect(a == b)
        #expect(a != c)
        #expect(Set(a.map(\.arguments)).count > 50, "vectors vary")
        #expect(Set(a.map(\.command)).count == Self.tree.root.all.count, "every command is drawn")
    }

    /// An option added to the tool is fuzzed without editing the fuzzer:
    /// it is drawn, with values from its own list and outside it.
    @Test func aNewOptionIsDrawn() throws {
        let dump = BrokenTool.dump.replacingOccurrences(
            of: #""allValues":["fast","slow"]}"#,
            with:
                #""allValues":["fast","slow"]},{"kind":"option","names":[{"kind":"long","name":"linger"}],"valueName":"seconds","isOptional":true,"isRepeating":false}"#
        )
        let tree = try CommandTree(dump: dump, file: "dump.json")
        let words = (0..<500).map { ArgumentVector.draw(seed: 1, index: $0, tree: tree).arguments }
        let given = words.compactMap { w in w.firstIndex(of: "--linger").flatMap { $0 + 1 < w.count ? w[$0 + 1] : nil } }
        #expect(given.count > 20, "drawn often: \(given.count) of 500")
        #expect(Set(given).isSuperset(of: ["0", "-1"]), "with the numbers its name suggests: \(Set(given))")
    }

    /// A vector printed for a shell is the same words when the shell reads
    /// it back, whatever the words hold.
    @Test func aPrintedVectorIsTheSameWordsInAShell() throws {
        let words = ["plain", "", " ", "a b", "it's", "'", "\"", "$(echo hi)", "é", "*", "--x=1", "\\", "\n", "-"]
        let line = ArgumentVector(arguments: words, command: ["t"]).description
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", "for w in \(line); do printf '%s\\0' \"$w\"; done"]
        let pipe = Pipe()
        p.standardOutput = pipe
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let back = String(decoding: data, as: UTF8.self).split(separator: "\0", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(back == words)
    }

    @Test func onlyGivenPathsAndItsOwnFolderMayChange() {
        #expect(Finding.isAllowed(".kbbench/results/x.json", given: []))
        #expect(Finding.isAllowed("out/a.svg", given: ["--failures", "out"]))
        #expect(Finding.isAllowed("out", given: ["./out/"]))
        #expect(!Finding.isAllowed("stray", given: ["--output", "out"]))
        #expect(!Finding.isAllowed("trace.kbtrace", given: ["/abs/trace.kbtrace"]), "an absolute path names nothing in the sandbox")
    }

    /// The broken tool's every fault is found, each as its own finding, and
    /// its good commands pass: no verdict is one that cannot fail.
    @Test func everyFaultOfABrokenToolIsFound() throws {
        let binary = try BrokenTool.install()
        let work = NSTemporaryDirectory() + "cli-fuzz-test-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: work) }
        // The failures folder is made with its parents.
        let failures = work + "-failures/of-this-test"
        defer { try? FileManager.default.removeItem(atPath: work + "-failures") }
        var campaign = ArgumentFuzzCampaign(
            binary: FilePath(binary), tree: Self.tree, template: try Sandbox.Template.from(repository: FilePath(Repository.root)), seed: 20261127,
            vectors: 48, workFolder: FilePath(work))
        campaign.jobs = 4
        campaign.bounds = VectorRun.Bounds(run: 0.5, stop: 1)
        campaign.failures = FilePath(failures)
        let reported = Reported()
        let result = try campaign.run { done in reported.add(done) }
        #expect(reported.values.sorted() == Array(1...48), "progress counts each vector once, from 1")
        var found: [String: Set<String>] = [:]
        for o in result.outcomes {
            #expect(o.setupError == nil, "\(o.setupError ?? "")")
            let name = o.vector.command.last!
            for f in o.findings {
                switch f {
                case .diedOnSignal(let s): found[name, default: []].insert("signal \(s)")
                case .undocumentedStatus(let c, _): found[name, default: []].insert("status \(c)")
                case .keptRunning: found[name, default: []].insert("kept running")
                case .strayWrites(let paths): found[name, default: []].insert("stray \(paths.joined(separator: ","))")
                }
            }
        }
        #expect(found["crash"] == ["signal \(SIGSEGV)"], "\(found)")
        #expect(found["status"] == ["status 99"], "\(found)")
        #expect(found["deaf"] == ["kept running"], "\(found)")
        #expect(found["fragile"] == ["signal \(SIGSEGV)"], "a crash while handling the fuzzer's SIGINT is a crash: \(found)")
        #expect(found["patient"] == nil, "a death by the fuzzer's own SIGINT is no fault: \(found)")
        #expect(found["stray"] == ["stray stray"], "\(found)")
        #expect(found["litter"] == ["stray $TMPDIR/litter"], "\(found)")
        #expect(found["ok"] == nil && found["write"] == nil && found["broken"] == nil, "\(found)")
        let drawn = Set(result.outcomes.map { $0.vector.command.last! })
        #expect(drawn.isSuperset(of: ["fragile", "patient"]), "the interrupt paths were run: \(drawn)")
        let saved = try FileManager.default.contentsOfDirectory(atPath: failures)
        #expect(saved.count == result.failing.count && !saved.isEmpty)
        let first = try #require(result.failing.first)
        let text = try String(contentsOfFile: failures + "/" + campaign.fileName(first.index), encoding: .utf8)
        #expect(text.contains("--seed 20261127 --replay \(first.index)"), "\(text)")
    }

    /// Ctrl-C on the fuzzer kills the vectors under way, with everything
    /// they started (here the broken tool's long commands: `deaf`, which
    /// ignores SIGINT and sleeps, `fragile` and `patient`), and ends with
    /// 130 and what was judged.
    @Test func ctrlCLeavesNothingRunning() throws {
        let binary = try BrokenTool.install()
        let folder = URL(fileURLWithPath: binary).deletingLastPathComponent().path
        let fuzzer = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("kbbench-cli-fuzz").path
        let p = Process()
        p.executableURL = URL(fileURLWithPath: fuzzer)
        p.arguments = ["--binary", binary, "--repository", Repository.root, "--seed", "3", "--vectors", "1000", "--jobs", "2", "--bound", "60"]
        let out = Pipe(), errors = FileManager.default.temporaryDirectory.appendingPathComponent("cli-fuzz-\(UUID().uuidString).err")
        #expect(FileManager.default.createFile(atPath: errors.path, contents: nil))
        defer { try? FileManager.default.removeItem(at: errors) }
        p.standardOutput = out
        p.standardError = try FileHandle(forWritingTo: errors)
        try p.run()
        // Both workers are soon held by a long vector: three in ten are.
        func long() -> Int { ["deaf", "fragile", "patient"].map { Repository.processes(containing: folder + "/broken \($0)").count }.reduce(0, +) }
        let deadline = Date().addingTimeInterval(30)
        while long() < 2 && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        // What the fuzzer printed on standard error, for a failure's message.
        func said() -> String { (try? String(contentsOf: errors, encoding: .utf8)) ?? "" }
        #expect(long() >= 2, "two long vectors under way; the fuzzer said: \(said())")
        kill(p.processIdentifier, SIGINT)
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 130, "\(text)\n\(said())")
        #expect(text.contains("interrupted (SIGINT): the vectors under way were killed"), "\(text)")
        #expect(Repository.processes(containing: folder).isEmpty, "nothing of the broken tool is left running")
    }
}

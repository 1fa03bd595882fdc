import Foundation
import SystemPackage
import ToolSupport

/// The command-line fuzzer's campaign: vectors `0..<vectors` of a seed
/// (``ArgumentVector``), each run in a fresh sandbox (``Sandbox``,
/// ``VectorRun``) and judged (``Finding``), `jobs` at a time. Every vector
/// that fails is saved in `failures` as the command line that reproduces
/// it (`argv-seedS-I.txt`): `kbbench-cli-fuzz --seed S --replay I` runs it
/// again in a fresh sandbox.
package struct ArgumentFuzzCampaign: Sendable {
    package var binary: FilePath
    package var tree: CommandTree
    package var template: Sandbox.Template
    package var seed: UInt64
    package var vectors: Int
    package var first = 0
    package var jobs = 1
    package var bounds = VectorRun.Bounds()
    /// Where sandboxes are made (a fresh folder of one's own).
    package var workFolder: FilePath
    /// Where failing vectors are saved; nil saves nothing.
    package var failures: FilePath?

    package init(binary: FilePath, tree: CommandTree, template: Sandbox.Template, seed: UInt64, vectors: Int, workFolder: FilePath) {
        self.binary = binary
        self.tree = tree
        self.template = template
        self.seed = seed
        self.vectors = vectors
        self.workFolder = workFolder
    }

    /// One vector's run and verdict.
    package struct Outcome: Sendable {
        package var index: Int
        package var vector: ArgumentVector
        package var run: VectorRun?
        package var findings: [Finding]
        /// Why the run could not be made (the sandbox, the spawn), if so.
        package var setupError: String?
    }

    /// What a campaign found.
    package struct Result: Sendable {
        /// The vectors judged, by index; a stopped campaign's vectors in
        /// flight are left out.
        package var outcomes: [Outcome] = []
        /// SIGINT or SIGTERM stopped the campaign.
        package var interrupted = false
        package var failing: [Outcome] { outcomes.filter { !$0.findings.isEmpty || $0.setupError != nil } }
        /// How many runs ended with each status, `signal N`, `interrupted`
        /// or `hung`.
        package var endings: [String: Int] {
            var counts: [String: Int] = [:]
            for o in outcomes {
                let key: String
                switch o.run?.ending {
                case .exited(let c, let i)?: key = i ? "\(c) after SIGINT" : "\(c)"
                case .signalled(let s, let i)?: key = i ? "signal \(s) after SIGINT" : "signal \(s)"
                case .hung?: key = "hung"
                case .abandoned?, nil: key = "not run"
                }
                counts[key, default: 0] += 1
            }
            return counts
        }
    }

    /// Runs vector `index` and judges it.
    package func outcome(_ index: Int) -> Outcome {
        let vector = ArgumentVector.draw(seed: seed, index: index, tree: tree)
        let documented = tree.root.all.first { $0.path == vector.command }?.documentedStatuses ?? tree.root.documentedStatuses
        let folder = workFolder.appending("vector-\(index)")
        defer { try? FileManager.default.removeItem(atPath: folder.string) }
        do {
            try FileManager.default.createDirectory(atPath: folder.string, withIntermediateDirectories: true)
            let sandbox = try Sandbox(at: folder.appending("work"), template: template)
            let before = sandbox.entries()
            let run = try sandbox.withReader {
                try VectorRun.run(binary, vector.arguments, in: sandbox, folder: folder, bounds: bounds, abandon: { Interrupt.isPending })
            }
            let changed = sandbox.changes(since: before)
            let leftovers = run.ending == .hung ? [] : (try? FileManager.default.contentsOfDirectory(atPath: folder.appending("tmp").string)) ?? []
            let findings = Finding.judge(run, documented: documented, arguments: vector.values, changed: changed, temporaryFiles: leftovers)
            return Outcome(index: index, vector: vector, run: run, findings: findings)
        } catch {
            return Outcome(index: index, vector: vector, run: nil, findings: [], setupError: "\(error)")
        }
    }

    /// Runs the campaign; `progress` is called after each vector with the
    /// number done. SIGINT or SIGTERM stops it: the runs under way are
    /// killed with their groups (nothing is left running), no vector is
    /// started, and the result says it was interrupted.
    package func run(progress: @escaping @Sendable (Int) -> Void = { _ in }) throws -> Result {
        let done = Counter(1)
        if let failures { try FileManager.default.createDirectory(atPath: failures.string, withIntermediateDirectories: true) }
        // The handler is installed, and the signals unblocked on this
        // thread, before the workers start: they inherit both. A worker
        // mostly waits for its process, so `jobs` may exceed the cores.
        let batch = try Interrupt.catching { () throws(any Error) -> StridedBatch.Batch<Outcome> in
            try StridedBatch.run(count: vectors, jobs: jobs) { (k, _) throws(any Error) -> Outcome? in
                if Interrupt.isPending { return nil }
                let o = outcome(first + k)
                if o.run?.ending == .abandoned { return nil }
                // Saved as found: a campaign killed part way keeps every
                // failure it had found (a failure to save ends the campaign).
                if let failures, !o.findings.isEmpty || o.setupError != nil { try save(o, in: failures) }
                progress(done.take())
                return o
            }
        }
        return Result(outcomes: batch.results, interrupted: batch.stopped)
    }

    /// The file a failing vector is saved in.
    package func fileName(_ index: Int) -> String { "argv-seed\(seed)-\(index).txt" }

    private func save(_ o: Outcome, in folder: FilePath) throws {
        let what = o.setupError ?? o.findings.map(\.description).joined(separator: "; ")
        let text = """
            # \(what)
            # in a fresh sandbox: kbbench-cli-fuzz --seed \(seed) --replay \(o.index)
            kbbench \(o.vector)

            """
        try AtomicFile.write(text, to: folder.appending(fileName(o.index)))
    }
}

/// A count threads take numbers from.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var n: Int
    init(_ start: Int) { n = start }
    func take() -> Int {
        lock.withLock {
            defer { n += 1 }; return n
        }
    }
}

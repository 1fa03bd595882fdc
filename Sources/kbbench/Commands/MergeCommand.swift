import SystemPackage
import ArgumentParser
import KeyboardHarness
import KeyboardJSON
import ToolSupport

/// `kbbench merge`: the `--json` summaries of a campaign's shards put back
/// together into the summary one unsharded run would have printed.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge the --json summaries of one campaign's shards (fuzz, or audit --round-trip) into one verdict.",
        discussion: """
            Each SUMMARY is the --json output of kbbench fuzz --shard i/n or kbbench audit --round-trip \
            --shard i/n (an unsharded run is shard 0/1). They must be one campaign's: the same kind, seed, \
            generator version, strategy (or the round trip's strategies), shard count, bound (--runs or \
            --duration, --scenarios) and, for fuzz, --all-scenarios and corpus results; the message names \
            the two files that differ and the key. Every shard 0/n … (n-1)/n must be there, once.

            The merged summary is the one an unsharded run of n times the shard's --runs (or --scenarios) \
            prints: the totals added, the regression corpus counted once, and for each invariant (each \
            round-trip strategy) the counterexample of the lowest scenario index, the one the unsharded run \
            shrinks. Its speed is the shards' at once: their notifications and CPU seconds added, over the \
            longest shard's wall time. The summaries carry the counterexamples' traces; --failures DIR \
            writes the ones kept there (created if missing), each with its picture (NAME.svg, drawn by a replay \
            with the campaign's strategy), as the unsharded run writes them, and the summary names them.

            \(ExitStatus.help(
                [0, 1, 3, 4, 5, 6, 64, 65, 74],
                [
                    1: "a violation (fuzz) or a disagreement (round trip) in any shard",
                    3: "the summaries are not of one campaign",
                    65: "a summary is malformed, or of a kind merge does not read (file, line and key named)",
                ]))
            A violation outranks an interrupted shard: a merge that finds both exits 1.
            """)

    @Flag(name: .long, help: "Print the merged summary as JSON (the unsharded --json format).")
    var json = false

    @Option(name: .long, help: ArgumentHelp("Write the counterexamples kept to DIR (created if missing).", valueName: "DIR"))
    var failures: FilePath?

    @Argument(help: ArgumentHelp("The shards' --json summaries.", valueName: "SUMMARY"))
    var summaries: [FilePath] = []

    func validate() throws {
        if summaries.isEmpty { throw ValidationError("give the shards' summaries: kbbench merge shard-0.json shard-1.json …") }
    }

    func run() throws {
        var status = ExitStatus.success
        try reportingErrors {
            let read = try summaries.map { path throws(KbbenchError) in (path, try ToolFiles.read(path)) }
            let kinds = try read.map { path, bytes throws(KbbenchError) in (path, try Self.kind(of: bytes, file: path.string)) }
            if let other = kinds.first(where: { $0.1 != kinds[0].1 }) {
                throw KbbenchError.notOneCampaign(
                    .notOneCampaign(first: kinds[0].0.string, second: other.0.string, key: "kind", firstValue: kinds[0].1, secondValue: other.1))
            }
            if let failures { try ToolFiles.makeFolder(failures) }
            switch kinds[0].1 {
            case FuzzSummary.kind:
                let shards = try read.map { path, bytes throws(KbbenchError) in
                    do throws(MalformedInput) { return (path.string, try FuzzSummary.read(bytes, file: path.string)) } catch {
                        throw .malformed(error)
                    }
                }
                var merged = try Self.merge(shards)
                // Each trace with its picture, as the unsharded campaign
                // saves them: drawn by a replay with the campaign's strategy.
                let choice = failures == nil ? nil : StrategyChoice(merged.strategy, stepTimeout: ExternalStrategy.defaultStepTimeout)
                defer { choice?.shutDown() }
                if failures != nil, choice == nil {
                    throw KbbenchError.usage("the summaries' strategy '\(merged.strategy)' is not one this kbbench knows: no picture can be drawn")
                }
                merged.counterexamples = try merged.counterexamples.map { c throws(KbbenchError) in
                    var c = c
                    if let failures, let choice, let text = c.kbtrace {
                        let name =
                            c.trace.isEmpty
                            ? "\(Self.stem(merged.strategy))-\(c.invariant.rawValue)-\(Counterexample.hash(text)).kbtrace"
                            : FilePaths.name(of: c.trace)
                        let file = failures.appending(name)
                        c.trace = file.string
                        try ToolFiles.write(text, to: c.trace)
                        let trace: Trace
                        do throws(MalformedInput) { trace = try TraceReader.read(text, file: c.trace) } catch { throw .malformed(error) }
                        do throws(HarnessError) {
                            try CounterexamplePicture.save(trace, besideTraceAt: file, strategy: choice.underTest)
                        } catch { throw .harness(error) }
                    }
                    return c
                }
                print(json ? JSONWriter.string(merged.json) : FuzzCommand.text(merged) + Self.found(merged))
                status = !merged.passed ? ExitStatus.violation : merged.interrupted ? ExitStatus.shardInterrupted : ExitStatus.success
            default:
                let shards = try read.map { path, bytes throws(KbbenchError) in
                    do throws(MalformedInput) { return (path.string, try RoundTripSummary.read(bytes, file: path.string)) } catch {
                        throw .malformed(error)
                    }
                }
                var merged = try Self.merge(shards)
                merged.disagreements = try merged.disagreements.map { d throws(KbbenchError) in
                    var d = d
                    if let failures {
                        let name =
                            d.trace.isEmpty ? "audit-\(Self.stem(d.strategy))-seed\(merged.seed)-\(d.scenario).kbtrace" : FilePaths.name(of: d.trace)
                        d.trace = failures.appending(name).string
                        try ToolFiles.write(d.kbtrace, to: d.trace)
                    }
                    return d
                }
                print(json ? JSONWriter.string(merged.json) : AuditCommand.text(merged))
                status =
                    !merged.disagreements.isEmpty ? ExitStatus.violation : merged.interrupted ? ExitStatus.shardInterrupted : ExitStatus.success
            }
        }
        if status != ExitStatus.success { throw status }
    }

    /// The summaries merged, each interrupted shard named on standard
    /// error; a refusal is a ``KbbenchError`` with the status of its kind.
    static func merge<S: ShardedSummary>(_ shards: [(String, S)]) throws(KbbenchError) -> S {
        let merged: S
        do { merged = try ShardMerge.merge(shards.map { (file: $0.0, summary: $0.1) }) } catch { throw .notOneCampaign(error) }
        for (file, s) in shards where s.interrupted {
            printError("note: \(file): shard \(s.shard) was interrupted: the merged totals are partial")
        }
        return merged
    }

    /// The `kind` a summary names, read before the summary is (a kind
    /// merge does not read is malformed input naming the key).
    static func kind(of bytes: [UInt8], file: String) throws(KbbenchError) -> String {
        do throws(MalformedInput) {
            var o = try JSONObjectReader.document(bytes, file: file)
            let kind = try o.string(try o.required("kind"), "kind")
            guard kind == FuzzSummary.kind || kind == RoundTripSummary.kind else {
                throw o.fail("kind", .notOneOf(kind, allowed: [FuzzSummary.kind, RoundTripSummary.kind]))
            }
            return kind
        } catch {
            throw .malformed(error)
        }
    }

    /// The lines naming the counterexamples kept, with how to replay each.
    static func found(_ summary: FuzzSummary) -> String {
        summary.counterexamples.map { c in
            "\n\(c.invariant.rawValue) violated at scenario \(c.scenario.map(String.init) ?? "?"); shrunk to \(c.events) events"
                + (c.trace.isEmpty
                    ? "" : ":\n  kbbench replay --strategy \(FuzzCommand.shellQuoted(summary.strategy)) \(FuzzCommand.shellQuoted(c.trace))")
        }.joined()
    }

    /// `name` with any character but letters, digits, `.`, `_` and `-`
    /// made `-`: a file name's stem.
    static func stem(_ name: String) -> String {
        String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) ? $0 : "-" })
    }
}

import Foundation
import SystemPackage

/// What a run of the tool did that it must not: every run must end by
/// itself within the bound (or stop when interrupted, as Ctrl-C stops it),
/// exit with a status its command's `--help` documents, never die on a
/// signal it was not sent, and write nothing but the paths it was given
/// and `.kbbench/` in its working folder.
package enum Finding: Hashable, Sendable, CustomStringConvertible {
    /// A signal the fuzzer did not send ended it (a trap, a crash).
    case diedOnSignal(Int32)
    /// It exited with a status its command's `--help` does not document.
    case undocumentedStatus(Int32, documented: [Int32])
    /// It kept running after SIGINT, until killed.
    case keptRunning
    /// It created, changed or removed these paths (relative to its
    /// working folder), or left these temporary files.
    case strayWrites([String])

    package var description: String {
        switch self {
        case .diedOnSignal(let s): "died on signal \(s) (\(String(cString: strsignal(s))))"
        case .undocumentedStatus(let code, let documented):
            "exit \(code), which its --help does not document (\(documented.map(String.init).joined(separator: ", ")))"
        case .keptRunning: "kept running after SIGINT, until killed"
        case .strayWrites(let paths): "wrote where it was not asked: \(paths.joined(separator: ", "))"
        }
    }

    /// What is wrong with `run`, a run of a command documenting
    /// `documented`, whose arguments were `arguments`, that changed
    /// `changed` (relative to its working folder) and left
    /// `temporaryFiles`.
    package static func judge(
        _ run: VectorRun, documented: Set<Int32>, arguments: [String], changed: [String], temporaryFiles: [String]
    ) -> [Finding] {
        var findings: [Finding] = []
        switch run.ending {
        case .hung: findings.append(.keptRunning)
        case .abandoned: return []
        case .signalled(let s, let interrupted):
            // SIGINT's own default action ends a tool that is not in a run
            // it stops cleanly: a shell would report it the same way.
            if !(interrupted && s == SIGINT) { findings.append(.diedOnSignal(s)) }
        case .exited(let code, _):
            if !documented.contains(code) { findings.append(.undocumentedStatus(code, documented: documented.sorted())) }
        }
        let stray = changed.filter { !isAllowed($0, given: arguments) } + temporaryFiles.map { "$TMPDIR/" + $0 }
        if !stray.isEmpty { findings.append(.strayWrites(stray)) }
        return findings
    }

    /// Whether a run given `arguments` may change `path` (relative to its
    /// working folder): it is under `.kbbench/`, or is, or is under, a
    /// path one of the arguments names.
    package static func isAllowed(_ path: String, given arguments: [String]) -> Bool {
        let changed = FilePath(path).lexicallyNormalized()
        if changed.starts(with: FilePath(".kbbench")) { return true }
        for word in arguments where !word.isEmpty && !word.hasPrefix("/") {
            let given = FilePath(word).lexicallyNormalized()
            if given.isEmpty || changed.starts(with: given) { return true }
        }
        return false
    }
}

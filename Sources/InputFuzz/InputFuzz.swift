import CFuzzDriver
import Foundation
import KeyboardGeneration
import KeyboardHarness
import KeyboardJSON
import KeyboardOracle
import KeyboardStrategies
import KeyboardWorld
import SystemPackage
import ToolSupport
import KeyboardAvoidance
import KeyboardAvoidanceFoundation
import KeyboardGeometry
import KeyboardResults
import KeyboardTrace
import KeyboardTraceCapture

/// The libFuzzer target for everything that parses outside input: the trace
/// reader, the userInfo decoder, the result-record reader and the fuzz-state
/// reader, and the console-log importer. The first byte of an input picks
/// the target (modulo 5: 0 trace, 1 userInfo, 2 record, 3 fuzz state, 4
/// console log), so one binary and one corpus cover them all; the rest of
/// the input is that target's data.
///
/// - Trace parser: the bytes are a trace file. Reading must not crash; a
///   rejection must name the file and a line ≥ 1 (unless the file is
///   blank). What round-trips, exactly: an accepted trace `t`, written and
///   read again, equals `t.renumbered` (header, events, field lists and every
///   number, infinities included; only the line numbers change, since the
///   writer leaves out blank lines), and writing that again gives the same
///   text.
/// - userInfo decoder: the bytes choose a notification name and up to 12
///   entries (a UIKit key or a stray one; an `NSValue` rect, point or size,
///   an `NSNumber` double, integer or Bool, a string, an array) with any
///   double bit pattern (NaN, infinities, huge values). Decoding must not
///   crash; an error names the key (or the notification); a decoded value,
///   encoded again, decodes to the same value.
///
/// - Records and fuzz states: the bytes are the file. Reading must not
///   crash; a rejection names the file and a line ≥ 1 (unless the file is
///   blank). An accepted record, written and read again, writes the same
///   text (writing normalises it once: rounded medians, sorted checks); an
///   accepted state reads back equal to itself.
/// - Console logs: the next byte chooses the options (bit 0 skip damaged
///   notifications, bits 1–3 the name of a userInfo printed alone, none
///   for 0, bits 4–7 the profile); the rest is the pasted text. Importing
///   must not crash or hang; a rejection (and every damaged notification
///   left out) names the file and a line ≥ 1 (unless the text is blank); an
///   imported trace, written and read again, equals itself renumbered.
///
/// Any broken property aborts, so libFuzzer saves the input. Built plainly it
/// replays the files and folders given as arguments and exits 1 if any fails.
@main
enum InputFuzz {
    static func main() {
        if kb_fuzzer_available() != 0 {
            exit(kb_run_fuzzer(CommandLine.argc, CommandLine.unsafeArgv, testOneInput))
        }
        exit(replay(Array(CommandLine.arguments.dropFirst())))
    }

    static let testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32 = { data, size in
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        if let problem = check(bytes) {
            FileHandle.standardError.write(Data("InputFuzz: \(problem)\n".utf8))
            abort()
        }
        return 0
    }

    /// What is wrong with how `bytes` were handled; nil when all is well.
    static func check(_ bytes: [UInt8]) -> String? {
        guard let selector = bytes.first else { return nil }
        let rest = Array(bytes.dropFirst())
        switch selector % 5 {
        case 0: return checkTrace(rest)
        case 1: return checkUserInfo(rest)
        case 2: return checkRecord(rest)
        case 3: return checkState(rest)
        default: return checkConsoleLog(rest)
        }
    }

    /// What a rejection must say: the file, and a line unless the input has
    /// none.
    static func checkRejection(_ error: MalformedInput, _ bytes: [UInt8]) -> String? {
        let blank = bytes.allSatisfy { [9, 10, 13, 32].contains($0) }
        if error.line < 1 && !blank { return "rejected without a line: \(error)" }
        if !error.description.hasPrefix("input:") { return "the error does not name the file: \(error)" }
        return nil
    }

    static func checkRecord(_ bytes: [UInt8]) -> String? {
        let record: ResultRecord
        do { record = try ResultRecord.read(bytes, file: "input") } catch { return checkRejection(error, bytes) }
        let text = record.text
        do {
            let again = try ResultRecord.read(Array(text.utf8), file: "rewritten")
            if again.text != text { return "a record changed when written and read back:\n\(text)\n\(again.text)" }
        } catch {
            return "a written record is rejected: \(error)\n\(text)"
        }
        return nil
    }

    static func checkState(_ bytes: [UInt8]) -> String? {
        let state: FuzzState
        do { state = try FuzzState.read(bytes, file: "input") } catch { return checkRejection(error, bytes) }
        do {
            let again = try FuzzState.read(Array(state.text.utf8), file: "rewritten")
            if again != state { return "a fuzz state changed when written and read back:\n\(state.text)" }
        } catch {
            return "a written fuzz state is rejected: \(error)\n\(state.text)"
        }
        return nil
    }

    static func checkTrace(_ bytes: [UInt8]) -> String? {
        let trace: Trace
        do {
            trace = try TraceReader.read(bytes: bytes, file: "input")
        } catch {
            return checkRejection(error, bytes)
        }
        let text = TraceWriter.text(trace)
        do {
            let again = try TraceReader.read(text, file: "rewritten")
            if again != trace.renumbered { return "trace changed when written and read back:\n\(text)" }
            if TraceWriter.text(again) != text { return "the written text is not a fixed point:\n\(text)" }
        } catch {
            return "a written trace is rejected: \(error)\n\(text)"
        }
        return nil
    }

    static func checkConsoleLog(_ bytes: [UInt8]) -> String? {
        let choice = bytes.first ?? 0
        let textBytes = Array(bytes.dropFirst())
        let names = KeyboardNotification.Name.allCases, profiles = TraceProfile.allCases
        let bare = (choice >> 1) & 7
        let options = ConsoleLogImport.Options(
            profile: profiles[Int(choice >> 4) % profiles.count], bareName: bare == 0 ? nil : names[Int(bare - 1) % names.count],
            skipDamaged: choice & 1 == 1
        )
        let imported: ConsoleLogImport.Imported
        do {
            imported = try ConsoleLogImport.trace([("input", String(decoding: textBytes, as: UTF8.self))], options: options)
        } catch {
            switch error {
            case .malformed(let e): return checkRejection(e, textBytes)
            case .nothingFound, .needsFlag: return nil
            case .stopped: return "the import stopped though nothing asked it to"
            }
        }
        for damage in imported.damaged { if let problem = checkRejection(damage, textBytes) { return "damaged, \(problem)" } }
        let text = TraceWriter.text(imported.trace)
        do {
            let again = try TraceReader.read(text, file: "imported")
            if again != imported.trace.renumbered { return "an imported trace changed when written and read back:\n\(text)" }
        } catch {
            return "an imported trace is rejected: \(error)\n\(text)"
        }
        return nil
    }

    static func checkUserInfo(_ bytes: [UInt8]) -> String? {
        var input = ByteCursor(bytes)
        let names = KeyboardNotification.Name.allCases.map(\.rawValue) + ["UIKeyboardSomethingElse"]
        let name = names[Int(input.byte()) % names.count]
        let keys = UserInfoKey.allCases.map(\.rawValue) + ["UIKeyboardStrayUserInfoKey"]
        var info: [AnyHashable: Any] = [:]
        for _ in 0..<Int(input.byte() % 13) {
            let key = keys[Int(input.byte()) % keys.count]
            switch input.byte() % 8 {
            case 0: info[key] = NSValue(rect: CGRect(x: input.double(), y: input.double(), width: input.double(), height: input.double()))
            case 1: info[key] = NSValue(point: CGPoint(x: input.double(), y: input.double()))
            case 2: info[key] = NSValue(size: CGSize(width: input.double(), height: input.double()))
            case 3: info[key] = NSNumber(value: input.double())
            case 4: info[key] = NSNumber(value: Int64(bitPattern: input.word()))
            case 5: info[key] = NSNumber(value: input.byte() % 2 == 0)
            case 6: info[key] = "\(input.double())"
            default: info[key] = [input.double()]
            }
        }
        let decoded: KeyboardNotification
        do {
            decoded = try UserInfoDecoder.decode(name: name, userInfo: info)
        } catch {
            switch error {
            case .unknownNotification(let n): return n == name ? nil : "unknown notification names \(n), not \(name)"
            case .wrongType(let key, _, _): return info[key.rawValue] == nil ? "error names \(key.rawValue), which is absent" : nil
            }
        }
        do {
            let again = try UserInfoDecoder.decode(name: name, userInfo: UserInfoEncoder.userInfo(for: decoded))
            if bits(again) != bits(decoded) { return "re-encoding changed \(decoded) into \(again)" }
        } catch {
            return "re-encoding \(decoded) made it undecodable: \(error)"
        }
        return nil
    }

    /// Replays files (or every file in folders) without libFuzzer.
    static func replay(_ arguments: [String]) -> Int32 {
        if arguments.isEmpty || arguments.contains("--help") || arguments.contains("-h") {
            print("usage: InputFuzz FILE|DIR...   (libFuzzer flags when built with -sanitize=fuzzer)")
            return arguments.isEmpty ? 64 : 0
        }
        guard let files = FuzzInputs.files(arguments, tool: "InputFuzz") else { return 74 }
        var failed = 0
        for file in files {
            guard let bytes = try? FileBytes.read(FilePath(file)), let problem = check(bytes) else { continue }
            failed += 1
            print("\(file): \(problem)")
        }
        print("replayed \(files.count) inputs, \(failed) failing")
        return failed > 0 ? 1 : 0
    }

    /// Every value of a notification, numbers as their bit patterns (so NaN
    /// equals the same NaN, and -0 differs from 0): equal exactly when
    /// re-encoding kept every bit. Stricter than comparing descriptions,
    /// which print every NaN alike.
    static func bits(_ n: KeyboardNotification) -> [UInt64?] {
        let rect = { (r: KBRect?) -> [UInt64?] in
            guard let r else { return [nil] }
            return [r.origin.x, r.origin.y, r.size.width, r.size.height].map { $0.bitPattern }
        }
        var out: [UInt64?] = [KeyboardNotification.Name.allCases.firstIndex(of: n.name).map { UInt64($0) }]
        out += rect(n.frameBegin) + rect(n.frameEnd)
        out += n.bounds.map { [$0.width.bitPattern, $0.height.bitPattern] } ?? [nil]
        out += n.centerBegin.map { [$0.x.bitPattern, $0.y.bitPattern] } ?? [nil]
        out += n.centerEnd.map { [$0.x.bitPattern, $0.y.bitPattern] } ?? [nil]
        out += [n.duration?.bitPattern, n.curve.map { UInt64(bitPattern: Int64($0)) }, n.isLocal.map { $0 ? 1 : 0 }]
        return out
    }
}

/// Reads fuzz input front to back; past the end every read is zero, so any
/// input, even an empty one, is a complete description.
struct ByteCursor {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    mutating func word() -> UInt64 {
        (0..<8).reduce(UInt64(0)) { value, _ in value << 8 | UInt64(byte()) }
    }

    /// Any bit pattern, NaN payloads and infinities included.
    mutating func double() -> Double { Double(bitPattern: word()) }
}

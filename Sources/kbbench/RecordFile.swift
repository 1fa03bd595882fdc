import Foundation
import KeyboardTrace

/// A result record read back from disk, for compare, export and report.
/// Errors name the file and the key (exit status 65).
struct RecordFile {
    var path: String
    var gitCommit: String
    var date: String
    var benchmarks: [BenchmarkResult]
    var shootout: [String: JSONValue]?

    static func load(_ path: String) throws -> RecordFile {
        let bytes = try ToolFiles.read(path)
        func bad(_ key: String?, _ problem: String) -> ToolError {
            ToolError(message: "\(path):1:" + (key.map { " key '\($0)':" } ?? "") + " " + problem, status: ExitStatus.dataError)
        }
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes: bytes)
        } catch {
            throw bad(nil, "not a JSON record (byte \(error.offset + 1): \(error.message))")
        }
        guard case .object(let o) = root else { throw bad(nil, "expected an object") }
        guard case .number(let version)? = o["schemaVersion"] else { throw bad("schemaVersion", "missing") }
        guard version == Double(ResultRecord.schemaVersion) else {
            throw bad("schemaVersion", "schemaVersion \(JSONWriter.format(version)) is not supported (this kbbench reads \(ResultRecord.schemaVersion))")
        }
        guard case .array(let items)? = o["benchmarks"] else { throw bad("benchmarks", "missing or not an array") }
        var benchmarks: [BenchmarkResult] = []
        for (i, item) in items.enumerated() {
            guard case .object(let b) = item, case .string(let name)? = b["name"] else { throw bad("benchmarks[\(i)].name", "missing") }
            func number(_ k: String) throws -> Double {
                guard case .number(let d)? = b[k] else { throw bad("benchmarks[\(i)].\(k)", "missing or not a number") }
                return d
            }
            benchmarks.append(BenchmarkResult(
                name: name, p50: try number("p50"), p90: try number("p90"), p99: try number("p99"), p999: try number("p999"),
                max: try number("max"), samples: Int(try number("samples")), allocationsPerNotification: try number("allocationsPerNotification")
            ))
        }
        var commit = "unknown", date = ""
        if case .string(let c)? = o["gitCommit"] { commit = c }
        if case .string(let d)? = o["date"] { date = d }
        var shootout: [String: JSONValue]?
        if case .object(let s)? = o["shootout"] { shootout = s }
        return RecordFile(path: path, gitCommit: commit, date: date, benchmarks: benchmarks, shootout: shootout)
    }
}

import Foundation
import KeyboardTrace

/// Finding and loading trace files.
enum TraceFiles {
    /// The file extension of traces.
    static let fileExtension = "kbtrace"

    /// Reads and parses one trace; errors name the file and line.
    static func load(_ path: String) throws -> Trace {
        let bytes = try ToolFiles.read(path)
        do {
            return try TraceReader.read(bytes: bytes, file: path)
        } catch {
            throw ToolError(message: error.description, status: ExitStatus.dataError)
        }
    }

    /// Every `*.kbtrace` under `directory`, recursively, sorted by path;
    /// `malformed/` folders (inputs that must be rejected) are left out.
    static func list(under directory: String) throws -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ToolError(
                message: "\(directory): no such directory (run kbbench from the package root, or pass --corpus DIR)",
                status: ExitStatus.ioError
            )
        }
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
        var paths: [String] = []
        for case let relative as String in enumerator
        where relative.hasSuffix("." + fileExtension) && !relative.hasPrefix("malformed/") && !relative.contains("/malformed/") {
            paths.append(directory.hasSuffix("/") ? directory + relative : directory + "/" + relative)
        }
        return paths.sorted()
    }
}

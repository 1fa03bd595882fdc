import Foundation
import KeyboardTrace

/// Finding and loading trace files.
enum TraceFiles {
    /// The file extension of traces.
    static let fileExtension = "kbtrace"

    /// Reads and parses one trace; errors name the file and line.
    static func load(_ path: String) throws(KbbenchError) -> Trace {
        let bytes = try ToolFiles.read(path)
        do {
            return try TraceReader.read(bytes: bytes, file: path)
        } catch {
            throw .malformed(error)
        }
    }

    /// Every `*.kbtrace` under `directory`, recursively, sorted by path;
    /// `malformed/` folders (inputs that must be rejected) are left out. A
    /// missing directory is an I/O error (74).
    static func list(under directory: String) throws(KbbenchError) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .noSuchDirectory(directory, hint: "run kbbench from the package root, or pass --corpus DIR")
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

import Foundation
import KeyboardJSON
import KeyboardOracle
import KeyboardTrace
import ToolSupport

/// Finding and loading trace files.
package enum TraceFiles {
    /// The file extension of traces.
    package static let fileExtension = Trace.fileExtension

    /// Reads and parses one trace; errors name the file and line.
    package static func load(_ path: String) throws(HarnessError) -> Trace {
        let bytes: [UInt8]
        do { bytes = try FileBytes.read(path) } catch { throw .unreadable(path: error.path, reason: error.reason) }
        do {
            return try TraceReader.read(bytes: bytes, file: path)
        } catch {
            throw .malformed(error)
        }
    }

    /// Every `*.kbtrace` under `directory`, recursively, sorted by path;
    /// `malformed/` folders (inputs that must be rejected) are left out.
    package static func list(under directory: String) throws(HarnessError) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .noSuchDirectory(directory)
        }
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
        var paths: [String] = []
        for case let relative as String in enumerator
        where relative.hasSuffix("." + fileExtension) && !relative.hasPrefix("malformed/") && !relative.contains("/malformed/") {
            paths.append(FilePaths.file(relative, in: directory))
        }
        return paths.sorted()
    }

    /// Writes `text` to `path` (see ``OutputFile``: a regular file
    /// atomically, a temporary file fsynced and renamed).
    package static func write(_ text: String, to path: String) throws(HarnessError) {
        do { try OutputFile.write(text, to: path) } catch { throw .unwritable(path: error.path, reason: error.reason) }
    }
}

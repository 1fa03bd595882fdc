import Foundation
import KeyboardJSON
import KeyboardOracle
import KeyboardTrace
import SystemPackage
import ToolSupport

/// Finding and loading trace files.
package enum TraceFiles {
    /// The file extension of traces.
    package static let fileExtension = Trace.fileExtension

    /// Reads and parses one trace; errors name the file and line. `stop` is
    /// asked while the read waits (a FIFO) and between chunks (see
    /// ``FileBytes``); a `true` ends it (``HarnessError/stopped(while:)``).
    package static func load(_ path: FilePath, stop: () -> Bool) throws(HarnessError) -> Trace {
        let bytes: [UInt8]
        do { bytes = try FileBytes.read(path, stop: stop) } catch {
            throw error.isStopped ? .stopped(while: "reading \(path)") : .unreadable(path: error.path, reason: error.reason)
        }
        do {
            return try TraceReader.read(bytes: bytes, file: path.string)
        } catch {
            throw .malformed(error)
        }
    }

    /// Every `*.kbtrace` under `directory`, recursively, sorted by path;
    /// `malformed/` folders (inputs that must be rejected) are left out.
    /// `stop` is asked at every entry: a folder may be as large as a disk
    /// (`--corpus /`), and a `true` ends the walk
    /// (``HarnessError/stopped(while:)``).
    package static func list(under directory: FilePath, stop: () -> Bool) throws(HarnessError) -> [FilePath] {
        guard FilePaths.isFolder(directory), let enumerator = FileManager.default.enumerator(atPath: directory.string) else {
            throw .noSuchDirectory(directory)
        }
        var paths: [FilePath] = []
        for case let relative as String in enumerator {
            if stop() { throw .stopped(while: "listing the traces under \(directory)") }
            if relative.hasSuffix("." + fileExtension) && !relative.hasPrefix("malformed/") && !relative.contains("/malformed/") {
                paths.append(directory.appending(relative))
            }
        }
        return paths.sorted { $0.string < $1.string }
    }

    /// Writes `text` to `path` (see ``OutputFile``: a regular file
    /// atomically, a temporary file fsynced and renamed).
    package static func write(_ text: String, to path: FilePath) throws(HarnessError) {
        do { try OutputFile.write(text, to: path.string) } catch { throw .unwritable(path: path, reason: error.reason) }
    }
}

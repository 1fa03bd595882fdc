import Foundation

/// Writes files so that a crash never leaves a partial one: the text goes to
/// a temporary file in the same directory (created if missing), is flushed
/// to disk with fsync, and is renamed over the destination. A reader sees
/// the old file or the new one, never a mix; a SIGKILL at any moment leaves
/// at most a hidden `.NAME.PID.tmp` beside it.
public enum AtomicFile {
    /// Why a file could not be written: the path and the reason.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var path: String
        public var reason: String
        public var description: String { "\(path): \(reason)" }
    }

    public static func write(_ text: String, to path: String) throws(Failure) {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
            guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
                throw Failure(path: path, reason: "cannot create a temporary file in \(directory.path)")
            }
            let handle = try FileHandle(forWritingTo: temporary)
            try handle.write(contentsOf: Data(text.utf8))
            try handle.synchronize()
            try handle.close()
            if rename(temporary.path, url.path) != 0 {
                throw Failure(path: path, reason: "cannot rename into place (errno \(errno))")
            }
        } catch let error as Failure {
            throw error
        } catch {
            throw Failure(path: path, reason: "cannot write: \(error.localizedDescription)")
        }
    }
}

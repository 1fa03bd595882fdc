import Foundation

/// Writes regular files so that a crash never leaves a partial one: the text
/// goes to a temporary file in the same folder, is flushed to disk with
/// fsync, and is renamed over the destination. A reader sees the old file or
/// the new one, never a mix; a SIGKILL at any moment leaves at most a hidden
/// `.NAME.PID.tmp` beside it. The folder must exist: nothing is created but
/// the file. ``OutputFile`` decides when a path is such a file (a terminal,
/// a pipe or a device is written in place, never replaced).
///
/// The writing is POSIX (`open`, `write`, `fsync`, `rename`), available on
/// every platform the package declares: `FileHandle.write(contentsOf:)`
/// needs iOS 13.4, and `FileHandle.write(_:)` raises an Objective-C
/// exception on a full disk, which Swift cannot catch.
package enum AtomicFile {
    /// Why a file could not be written: the path and the reason.
    package struct Failure: Error, CustomStringConvertible, Sendable {
        package var path: String
        package var reason: String
        package var description: String { "\(path): \(reason)" }
    }

    package static func write(_ text: String, to path: String) throws(Failure) {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent()
        var status = stat()
        guard stat(directory.path, &status) == 0, (status.st_mode & mode_t(S_IFMT)) == mode_t(S_IFDIR) else {
            throw Failure(path: path, reason: "no such folder: \(directory.path) (create it first)")
        }
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp").path
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw Failure(path: path, reason: "cannot create a temporary file in \(directory.path): \(errorText(errno))") }
        let written = writeAll(fd, Array(text.utf8))
        let synced = written && fsync(fd) == 0
        let error = errno
        close(fd)
        guard synced else {
            unlink(temporary)
            throw Failure(path: path, reason: "cannot write: \(errorText(error))")
        }
        if rename(temporary, url.path) != 0 {
            let error = errno
            unlink(temporary)
            throw Failure(path: path, reason: "cannot rename into place: \(errorText(error))")
        }
    }
}

import Foundation
import SystemPackage

/// Writes regular files so that a crash never leaves a partial one: the text
/// goes to a temporary file in the same folder, is flushed to disk with
/// fsync, and is renamed over the destination. A reader sees the old file or
/// the new one, never a mix; a SIGKILL at any moment leaves at most a hidden
/// `.kbbench-PID-N.tmp` beside it. The folder must exist: nothing is created but
/// the file. ``OutputFile`` decides when a path is such a file (a terminal,
/// a pipe or a device is written in place, never replaced).
///
/// The writing is swift-system's `FileDescriptor` and ``SystemCall``
/// (`open`, `write`, `fsync`, `rename`), not `FileHandle`, whose
/// `write(_:)` raises an Objective-C exception on a full disk, which Swift
/// cannot catch.
package enum AtomicFile {
    /// Why a file could not be written: the path and the reason.
    package struct Failure: Error, CustomStringConvertible, Sendable {
        package var path: String
        package var reason: String
        package var description: String { "\(path): \(reason)" }
    }

    /// Writes `text` as `file`'s whole content, as the type's comment says.
    package static func write(_ text: String, to file: FilePath) throws(Failure) {
        let path = file.string
        let directory = FilePaths.folder(of: path)
        guard (try? SystemCall.kind(of: FilePath(FilePaths.forSystemCall(directory)))) == .directory else {
            throw Failure(path: path, reason: "no such folder: \(directory) (create it first)")
        }
        // A short name of its own (a name near the system's longest, plus a
        // prefix and a suffix, would be too long): the process and a count.
        let temporary = FilePath(FilePaths.file(".kbbench-\(ProcessInfo.processInfo.processIdentifier)-\(nextTemporary()).tmp", in: directory))
        let fd: FileDescriptor
        do {
            fd = try SystemCall.attempt {
                try FileDescriptor.open(
                    temporary, .writeOnly, options: [.create, .truncate, .closeOnExec], permissions: [.ownerReadWrite, .groupRead, .otherRead])
            }
        } catch {
            throw Failure(path: path, reason: "cannot create a temporary file in \(FilePaths.forSystemCall(directory)): \(error)")
        }
        do {
            _ = try SystemCall.attempt { try fd.writeAll(text.utf8) }
            try SystemCall.sync(fd)
        } catch {
            try? fd.close()
            SystemCall.remove(temporary)
            throw Failure(path: path, reason: "cannot write: \(error)")
        }
        try? fd.close()
        do { try SystemCall.rename(temporary, over: file) } catch {
            SystemCall.remove(temporary)
            throw Failure(path: path, reason: "cannot rename into place: \(error)")
        }
    }
}

/// A number no other temporary file of this process has had.
private func nextTemporary() -> Int { temporaryCount.next() }

private let temporaryCount = TemporaryCount()

/// A count shared by every thread (`Mutex` would need iOS 18).
private final class TemporaryCount: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0

    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        n += 1
        return n
    }
}

import SystemPackage

/// Reading a whole file as bytes, for every place that loads traces,
/// records and fuzz state: swift-system's `FileDescriptor`, with a wait that
/// can be stopped (``SystemCall/wait(for:writable:milliseconds:)``).
///
/// Not `Data(contentsOf:)` or `FileManager.contents(atPath:)`: on Linux
/// swift-corelibs-foundation leaks its 4 KiB read buffer for an empty file,
/// which LeakSanitizer reports (and an empty trace is a case we test); and
/// neither can be stopped while it waits or reads.
///
/// Edge cases: an empty file gives `[]`; a directory, a missing or
/// unreadable file throws ``FileBytes/Failure`` naming the path and the
/// reason; a FIFO is opened without waiting for a writer and read once one
/// writes (until it closes); a file that never ends (`/dev/zero`,
/// `/dev/full`) or is larger than `limit` bytes is refused once `limit` is
/// passed; `stop` is asked at least every tenth of a second while the read
/// waits, and between chunks, and a `true` ends the read with
/// ``Failure/isStopped`` set. Reads interrupted by a signal are retried
/// (after asking `stop`).
package enum FileBytes {
    /// Why a file could not be read.
    package struct Failure: Error, CustomStringConvertible, Sendable {
        /// The path as given.
        package var path: FilePath
        /// `"no such file"`, `"is a directory"`, `"is larger than 256 MiB…"`,
        /// `"stopped"`, or the system's message.
        package var reason: String
        /// The read ended because `stop` said so.
        package var isStopped = false
        package var description: String { "\(path): \(reason)" }
    }

    /// The largest file read: 256 MiB, far beyond any trace, record or
    /// fuzz state; past it a file is a device or a mistake.
    package static let defaultLimit = 256 << 20

    /// The whole content of `file`.
    package static func read(_ file: FilePath, limit: Int = defaultLimit, stop: () -> Bool = { false }) throws(Failure) -> [UInt8] {
        let path = file
        // Without O_NONBLOCK, opening a FIFO waits for a writer, and no
        // signal ends the wait (the handlers restart it).
        let fd: FileDescriptor
        do { fd = try SystemCall.attempt { try FileDescriptor.open(file, .readOnly, options: [.nonBlocking, .closeOnExec]) } } catch {
            throw failure(path, error)
        }
        defer { try? fd.close() }
        if (try? SystemCall.kind(of: fd)) == .directory { throw Failure(path: path, reason: "is a directory") }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            if stop() { throw Failure(path: path, reason: "stopped", isStopped: true) }
            // A FIFO no writer has opened yet reports nothing (Linux) or
            // end of file (some systems' `read`); wait for it to be
            // readable or hung up, asking `stop` as it waits.
            do { guard try SystemCall.wait(for: fd, milliseconds: 100) else { continue } } catch { throw failure(path, error) }
            let count: Int
            do { count = try SystemCall.attempt { try chunk.withUnsafeMutableBytes { try fd.read(into: $0) } } } catch {
                if error == .resourceTemporarilyUnavailable || error == .wouldBlock { continue }
                throw failure(path, error)
            }
            if count == 0 { return bytes }
            if bytes.count + count > limit { throw Failure(path: path, reason: "is larger than \(sizeText(limit)): a device, or not a kbbench file") }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    /// `bytes` as a person reads it: "256 MiB", or "1000 bytes".
    static func sizeText(_ bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }

    private static func failure(_ path: FilePath, _ error: Errno) -> Failure {
        switch error {
        case .noSuchFileOrDirectory: Failure(path: path, reason: "no such file")
        case .isDirectory: Failure(path: path, reason: "is a directory")
        default: Failure(path: path, reason: error.description)
        }
    }
}

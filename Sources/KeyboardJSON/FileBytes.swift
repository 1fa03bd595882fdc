#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Glibc)
private let systemRead = Glibc.read
#elseif canImport(Musl)
private let systemRead = Musl.read
#elseif canImport(Darwin)
private let systemRead = Darwin.read
#endif

/// Reading a whole file as bytes with POSIX `open`/`read`, for every place
/// that loads traces, records and fuzz state.
///
/// Not `Data(contentsOf:)` or `FileManager.contents(atPath:)`: on Linux
/// swift-corelibs-foundation leaks its 4 KiB read buffer for an empty file,
/// which LeakSanitizer reports (and an empty trace is a case we test).
/// Edge cases: an empty file gives `[]`; a directory, a missing or unreadable
/// file throws ``FileBytes/Failure`` naming the path and the reason; reads
/// interrupted by a signal are retried.
package enum FileBytes {
    /// Why a file could not be read.
    package struct Failure: Error, CustomStringConvertible, Sendable {
        /// The path as given.
        package var path: String
        /// `"no such file"`, `"is a directory"`, or the system's message.
        package var reason: String
        package var description: String { "\(path): \(reason)" }
    }

    /// The whole content of the file at `path`.
    package static func read(_ path: String) throws(Failure) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw failure(path, errno) }
        defer { close(fd) }
        var status = stat()
        if fstat(fd, &status) == 0, (status.st_mode & mode_t(S_IFMT)) == mode_t(S_IFDIR) {
            throw Failure(path: path, reason: "is a directory")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(path, errno)
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    private static func failure(_ path: String, _ code: Int32) -> Failure {
        switch code {
        case ENOENT: Failure(path: path, reason: "no such file")
        case EISDIR: Failure(path: path, reason: "is a directory")
        default: Failure(path: path, reason: String(cString: strerror(code)))
        }
    }
}

import Foundation

/// Where the tools write what a user asked for (`--output`, `--svg`, a
/// saved counterexample): into what is at the path, never over it.
///
/// - `-` is standard output.
/// - `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` and `/proc/self/fd/N`, or a
///   symbolic link that leads to one of them, are written through the
///   process's own descriptor N: the same open file, at its current offset,
///   as a shell redirection set it up (reopening `/proc/self/fd/1` would
///   start again at the file's beginning).
/// - A path that exists and is not a regular file (a terminal, a pipe, a
///   FIFO, `/dev/null`, `/dev/full`), or a symbolic link to one, is opened
///   and written; it is never replaced.
/// - A regular file, or a path where nothing is yet, is written atomically
///   (``AtomicFile``) at the end of any chain of symbolic links, so a link
///   stays a link.
/// - A folder, a path that ends with `/` (which names one), or a path whose
///   folder does not exist, is a ``Failure`` naming it; no folder is ever
///   created.
///
/// Every failure is a ``Failure`` naming the path and the system's reason
/// (`No space left on device`).
package enum OutputFile {
    /// Why an output could not be written: the path and the reason.
    package typealias Failure = AtomicFile.Failure

    /// The word that means standard output.
    package static let standardOutput = "-"

    /// Writes `text` to `path` as the type's comment says.
    package static func write(_ text: String, to path: String) throws(Failure) {
        switch try destination(of: path) {
        case .descriptor(let fd):
            guard writeAll(fd, Array(text.utf8)) else { throw Failure(path: name(path), reason: errorText(errno)) }
        case .device(let resolved):
            let fd = open(resolved, O_WRONLY | O_NOCTTY)
            guard fd >= 0 else { throw Failure(path: path, reason: errorText(errno)) }
            let written = writeAll(fd, Array(text.utf8))
            let error = errno
            close(fd)
            guard written else { throw Failure(path: path, reason: errorText(error)) }
        case .file(let resolved):
            do { try AtomicFile.write(text, to: resolved) } catch { throw Failure(path: path, reason: error.reason) }
        }
    }

    /// Checks, before any work, that `path` can be written as ``write(_:to:)``
    /// would write it: a folder that exists, not a folder itself. Nothing is
    /// opened or created.
    package static func checkWritable(_ path: String) throws(Failure) {
        _ = try destination(of: path)
    }

    /// True when writing to `path` writes to this process's standard
    /// output (`-`, `/dev/stdout`, a link to `/proc/self/fd/1`): a command
    /// then prints nothing else there.
    package static func writesToStandardOutput(_ path: String) -> Bool {
        (try? destination(of: path)) == .descriptor(STDOUT_FILENO)
    }

    /// Makes the folder `path` when it is missing and its own folder exists
    /// (as `mkdir` does, never `mkdir -p`): the tools create at most the
    /// folder a user named, or their own.
    package static func makeFolder(_ path: String) throws(Failure) {
        var status = stat()
        if stat(path, &status) == 0 {
            guard (status.st_mode & mode_t(S_IFMT)) == mode_t(S_IFDIR) else { throw Failure(path: path, reason: "not a folder") }
            return
        }
        try requireParentFolder(of: path)
        if mkdir(path, 0o755) != 0 && errno != EEXIST { throw Failure(path: path, reason: "cannot create the folder: \(errorText(errno))") }
    }

    /// What is at a path, as far as writing goes.
    enum Destination: Equatable {
        /// One of this process's descriptors (`-`, `/dev/stdout`, …).
        case descriptor(Int32)
        /// Something that exists and is not a regular file: opened, written.
        case device(String)
        /// A regular file, or nothing yet: written atomically at this path.
        case file(String)
    }

    static func destination(of path: String) throws(Failure) -> Destination {
        if path == standardOutput { return .descriptor(STDOUT_FILENO) }
        guard !path.isEmpty else { throw Failure(path: "''", reason: "an empty path") }
        if FilePaths.namesAFolder(path) { throw Failure(path: path, reason: "ends with '/', which names a folder; give a file's path") }
        var current = path
        // Follow links one at a time (not realpath, which would turn
        // /proc/self/fd/1 into the file behind it), at most as many as the
        // system allows.
        for _ in 0..<40 {
            if let fd = descriptor(named: current) { return .descriptor(fd) }
            var status = stat()
            guard lstat(current, &status) == 0 else {
                guard errno == ENOENT else { throw Failure(path: path, reason: errorText(errno)) }
                try requireParentFolder(of: current, for: path)
                return .file(current)
            }
            guard (status.st_mode & mode_t(S_IFMT)) == mode_t(S_IFLNK) else {
                switch status.st_mode & mode_t(S_IFMT) {
                case mode_t(S_IFREG): return .file(current)
                case mode_t(S_IFDIR): throw Failure(path: path, reason: "is a folder; give a file's path")
                default: return .device(current)
                }
            }
            current = try linkTarget(current, for: path)
        }
        throw Failure(path: path, reason: errorText(ELOOP))
    }

    /// The descriptor a path names by itself: `/dev/stdout` is 1.
    static func descriptor(named path: String) -> Int32? {
        switch path {
        case "/dev/stdin": return STDIN_FILENO
        case "/dev/stdout": return STDOUT_FILENO
        case "/dev/stderr": return STDERR_FILENO
        default:
            for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
                if let n = Int32(path.dropFirst(prefix.count)), n >= 0 { return n }
            }
            return nil
        }
    }

    /// Where the link at `link` points, relative links taken from its folder.
    private static func linkTarget(_ link: String, for path: String) throws(Failure) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink(link, &buffer, buffer.count - 1)
        guard n >= 0 else { throw Failure(path: path, reason: errorText(errno)) }
        let target = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return FilePaths.resolve(target, fromLinkAt: link)
    }

    private static func requireParentFolder(of file: String, for path: String? = nil) throws(Failure) {
        let folder = FilePaths.folder(of: file)
        guard !folder.isEmpty else { return }
        var status = stat()
        guard stat(folder, &status) == 0 else {
            throw Failure(path: path ?? file, reason: "no such folder: \(folder) (create it first)")
        }
        guard (status.st_mode & mode_t(S_IFMT)) == mode_t(S_IFDIR) else {
            throw Failure(path: path ?? file, reason: "\(folder) is not a folder")
        }
    }

    private static func name(_ path: String) -> String { path == standardOutput ? "standard output" : path }
}

/// What the system calls `code` (`No space left on device`).
func errorText(_ code: Int32) -> String { String(cString: strerror(code)) }

/// Writes all of `bytes` to `fd`, retrying after interruptions and short
/// writes; false on an error (errno says which).
func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { buffer in
        guard let base = buffer.baseAddress else { return true }
        var offset = 0
        while offset < buffer.count {
            let n = write(fd, base + offset, buffer.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += n
        }
        return true
    }
}

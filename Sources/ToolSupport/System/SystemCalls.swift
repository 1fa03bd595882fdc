#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SystemPackage

/// The system calls the tools make that swift-system does not wrap, in the
/// one file that imports the platform's C module. Each retries a call that
/// a signal interrupted (EINTR) itself, so no caller writes that loop, and
/// reports a failure as swift-system's `Errno`, whose `description` is the
/// system's text (`No space left on device`).
///
/// What swift-system does wrap (`FileDescriptor.open`, `read`, `writeAll`,
/// `close`, `FilePath`) is used from it directly.
package enum SystemCall {
    /// The error of the last call that failed on this thread.
    package static var lastError: Errno { Errno(rawValue: errno) }

    /// `body`'s result, called again while it fails with EINTR; a negative
    /// result is the thread's error.
    private static func retrying<T: BinaryInteger>(_ body: () -> T) throws(Errno) -> T { try checked(uninterrupted(body)) }

    /// `body`'s result, called again while it fails with EINTR.
    private static func uninterrupted<T: BinaryInteger>(_ body: () -> T) -> T {
        while true {
            let r = body()
            if r >= 0 || errno != EINTR { return r }
        }
    }

    /// `r`, or the thread's error when it is negative.
    private static func checked<T: BinaryInteger>(_ r: T) throws(Errno) -> T {
        if r < 0 { throw lastError }
        return r
    }

    /// What swift-system's calls throw (always an `Errno`), typed.
    package static func attempt<T>(_ body: () throws -> T) throws(Errno) -> T {
        do { return try body() } catch let e as Errno { throw e } catch { throw Errno(rawValue: EIO) }
    }

    // MARK: Files

    /// `O_NOCTTY`, which swift-system does not name: opening a terminal
    /// does not make it this process's controlling terminal.
    package static let noControllingTerminal = FileDescriptor.OpenOptions(rawValue: O_NOCTTY)

    /// What is at a path, as far as reading and writing go.
    package enum FileKind: Equatable, Sendable {
        case regular, directory, symbolicLink, other
    }

    /// The kind of what `path` names (a link itself when not
    /// `followingLinks`).
    package static func kind(of path: FilePath, followingLinks: Bool = true) throws(Errno) -> FileKind {
        var status = stat()
        _ = try checked(path.withPlatformString { p in uninterrupted { followingLinks ? stat(p, &status) : lstat(p, &status) } })
        return kind(status.st_mode)
    }

    /// The kind of the file open at `fd`.
    package static func kind(of fd: FileDescriptor) throws(Errno) -> FileKind {
        var status = stat()
        _ = try retrying { fstat(fd.rawValue, &status) }
        return kind(status.st_mode)
    }

    private static func kind(_ mode: mode_t) -> FileKind {
        switch mode & mode_t(S_IFMT) {
        case mode_t(S_IFREG): .regular
        case mode_t(S_IFDIR): .directory
        case mode_t(S_IFLNK): .symbolicLink
        default: .other
        }
    }

    /// Waits up to `milliseconds` for `fd` to be readable (`writable`
    /// false) or writable, or hung up; false when the time ran out or a
    /// signal came first (the caller's loop asks whether to stop, then
    /// waits again).
    package static func wait(for fd: FileDescriptor, writable: Bool = false, milliseconds: Int32) throws(Errno) -> Bool {
        var wanted = pollfd(fd: fd.rawValue, events: Int16(writable ? POLLOUT : POLLIN), revents: 0)
        let ready = poll(&wanted, 1, milliseconds)
        if ready < 0 && errno != EINTR { throw lastError }
        return ready > 0
    }

    /// Flushes the file open at `fd` to its device (`fsync`).
    package static func sync(_ fd: FileDescriptor) throws(Errno) { _ = try retrying { fsync(fd.rawValue) } }

    /// Renames `from` over `to`, atomically.
    package static func rename(_ from: FilePath, over to: FilePath) throws(Errno) {
        _ = try checked(from.withPlatformString { f in to.withPlatformString { t in uninterrupted { Glue.rename(f, t) } } })
    }

    /// Removes the file at `path`, if it can.
    package static func remove(_ path: FilePath) { _ = path.withPlatformString { unlink($0) } }

    /// Makes the folder `path` (mode 755); a folder already there is no
    /// error.
    package static func makeFolder(_ path: FilePath) throws(Errno) {
        let r = path.withPlatformString { mkdir($0, 0o755) }
        if r != 0 && errno != EEXIST { throw lastError }
    }

    /// Makes a FIFO at `path` (mode 644).
    package static func makeFIFO(_ path: FilePath) throws(Errno) {
        _ = try checked(path.withPlatformString { p in uninterrupted { mkfifo(p, 0o644) } })
    }

    /// Where the symbolic link at `path` points, as written in the link.
    package static func linkTarget(_ path: FilePath) throws(Errno) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = try checked(path.withPlatformString { p in uninterrupted { readlink(p, &buffer, buffer.count - 1) } })
        return String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    // MARK: Sockets

    /// A connected pair of stream sockets, both closed on exec; `ours`
    /// does not block, and writing to it once the other end is closed
    /// fails with EPIPE instead of raising SIGPIPE.
    package static func socketPair() throws(Errno) -> (ours: FileDescriptor, theirs: FileDescriptor) {
        var pair: [Int32] = [-1, -1]
        #if canImport(Darwin)
        _ = try retrying { socketpair(AF_UNIX, SOCK_STREAM, 0, &pair) }
        _ = fcntl(pair[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(pair[1], F_SETFD, FD_CLOEXEC)
        var one: Int32 = 1
        _ = setsockopt(pair[0], SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #else
        _ = try retrying { socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) }
        #endif
        _ = fcntl(pair[0], F_SETFL, fcntl(pair[0], F_GETFL) | O_NONBLOCK)
        return (FileDescriptor(rawValue: pair[0]), FileDescriptor(rawValue: pair[1]))
    }

    /// Sends what it can of `bytes` on a socket of ``socketPair()``: the
    /// count sent, 0 when it would block; never SIGPIPE.
    package static func send(_ fd: FileDescriptor, _ bytes: UnsafeRawBufferPointer) throws(Errno) -> Int {
        do {
            #if canImport(Darwin)
            return try retrying { Darwin.send(fd.rawValue, bytes.baseAddress, bytes.count, 0) }
            #else
            return try retrying { Glue.send(fd.rawValue, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL)) }
            #endif
        } catch  where error == .wouldBlock || error == .resourceTemporarilyUnavailable {
            return 0
        }
    }

    /// Receives what is there, up to the buffer's size: the count, 0 at the
    /// end of the stream, nil when nothing is there yet.
    package static func receive(_ fd: FileDescriptor, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int? {
        do { return try retrying { recv(fd.rawValue, buffer.baseAddress, buffer.count, 0) } } catch
            where error == .wouldBlock || error == .resourceTemporarilyUnavailable
        { return nil }
    }

    /// Ends writing on a socket: the other end reads the end of the stream.
    package static func shutdownWriting(_ fd: FileDescriptor) { _ = shutdown(fd.rawValue, Int32(SHUT_WR)) }

    // MARK: Processes

    /// What waiting for a child told.
    package enum ChildState: Equatable, Sendable {
        /// It ended, with this wait status (reaped: not to be waited for
        /// again).
        case ended(status: Int32)
        /// It still runs.
        case running
        /// It cannot be waited for (not a child of ours, or reaped already).
        case unknown
    }

    /// Waits for child `pid` (only asks, unless `blocking`).
    package static func wait(forChild pid: pid_t, blocking: Bool = false) -> ChildState {
        var status: Int32 = 0
        guard let r = try? retrying({ waitpid(pid, &status, blocking ? 0 : WNOHANG) }) else { return .unknown }
        return r == pid ? .ended(status: status) : .running
    }

    /// Sends `signal` to every member of process group `group`; false when
    /// the group has no member left.
    @discardableResult
    package static func signal(group: pid_t, _ signal: Int32) -> Bool { killpg(group, signal) == 0 }
}

/// The C functions whose names a type above shadows.
private enum Glue {
    static func rename(_ from: UnsafePointer<CInterop.PlatformChar>, _ to: UnsafePointer<CInterop.PlatformChar>) -> Int32 {
        #if canImport(Glibc)
        Glibc.rename(from, to)
        #elseif canImport(Musl)
        Musl.rename(from, to)
        #else
        Darwin.rename(from, to)
        #endif
    }

    #if !canImport(Darwin)
    static func send(_ fd: Int32, _ base: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int {
        #if canImport(Glibc)
        Glibc.send(fd, base, count, flags)
        #else
        Musl.send(fd, base, count, flags)
        #endif
    }
    #endif
}

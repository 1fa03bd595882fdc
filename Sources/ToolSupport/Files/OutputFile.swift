import Foundation
import SystemPackage

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
///
/// A path here is the text a user typed, a `String`, not a `FilePath`:
/// `-` is not a file, and a trailing `/`, which `FilePath` drops, says the
/// user named a folder. What it resolves to is written as a `FilePath`.
package enum OutputFile {
    /// Why an output could not be written: the path and the reason.
    package typealias Failure = AtomicFile.Failure

    /// The word that means standard output.
    package static let standardOutput = "-"

    /// Writes `text` to `path` as the type's comment says.
    package static func write(_ text: String, to path: String) throws(Failure) {
        switch try destination(of: path) {
        case .descriptor(let fd):
            do { _ = try SystemCall.attempt { try fd.writeAll(text.utf8) } } catch {
                throw Failure(path: name(path), reason: error.description)
            }
        case .device(let resolved):
            do throws(Errno) {
                let fd = try SystemCall.attempt {
                    try FileDescriptor.open(FilePath(resolved), .writeOnly, options: [SystemCall.noControllingTerminal, .closeOnExec])
                }
                defer { try? fd.close() }
                _ = try SystemCall.attempt { try fd.writeAll(text.utf8) }
            } catch {
                throw Failure(path: path, reason: error.description)
            }
        case .file(let resolved):
            do { try AtomicFile.write(text, to: FilePath(resolved)) } catch { throw Failure(path: path, reason: error.reason) }
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
        (try? destination(of: path)) == .descriptor(.standardOutput)
    }

    /// Makes the folder `path` when it is missing and its own folder exists
    /// (as `mkdir` does, never `mkdir -p`): the tools create at most the
    /// folder a user named, or their own.
    package static func makeFolder(_ folder: FilePath) throws(Failure) {
        let path = folder.string
        if let kind = try? SystemCall.kind(of: folder) {
            guard kind == .directory else { throw Failure(path: path, reason: "not a folder") }
            return
        }
        try requireParentFolder(of: path)
        do { try SystemCall.makeFolder(folder) } catch { throw Failure(path: path, reason: "cannot create the folder: \(error)") }
    }

    /// What is at a path, as far as writing goes.
    enum Destination: Equatable {
        /// One of this process's descriptors (`-`, `/dev/stdout`, …).
        case descriptor(FileDescriptor)
        /// Something that exists and is not a regular file: opened, written.
        case device(String)
        /// A regular file, or nothing yet: written atomically at this path.
        case file(String)
    }

    static func destination(of path: String) throws(Failure) -> Destination {
        if path == standardOutput { return .descriptor(.standardOutput) }
        guard !path.isEmpty else { throw Failure(path: "''", reason: "an empty path") }
        if FilePaths.namesAFolder(path) { throw Failure(path: path, reason: "ends with '/', which names a folder; give a file's path") }
        var current = path
        // Follow links one at a time (not realpath, which would turn
        // /proc/self/fd/1 into the file behind it), at most as many as the
        // system allows.
        for _ in 0..<40 {
            if let fd = descriptor(named: current) { return .descriptor(fd) }
            let kind: SystemCall.FileKind
            do { kind = try SystemCall.kind(of: FilePath(current), followingLinks: false) } catch {
                guard error == .noSuchFileOrDirectory else { throw Failure(path: path, reason: error.description) }
                try requireParentFolder(of: current, for: path)
                return .file(current)
            }
            switch kind {
            case .symbolicLink: current = try linkTarget(current, for: path)
            case .regular: return .file(current)
            case .directory: throw Failure(path: path, reason: "is a folder; give a file's path")
            case .other: return .device(current)
            }
        }
        throw Failure(path: path, reason: Errno.tooManySymbolicLinkLevels.description)
    }

    /// The descriptor a path names by itself: `/dev/stdout` is 1.
    static func descriptor(named path: String) -> FileDescriptor? {
        switch path {
        case "/dev/stdin": return .standardInput
        case "/dev/stdout": return .standardOutput
        case "/dev/stderr": return .standardError
        default:
            for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
                if let n = Int32(path.dropFirst(prefix.count)), n >= 0 { return FileDescriptor(rawValue: n) }
            }
            return nil
        }
    }

    /// Where the link at `link` points, relative links taken from its folder.
    private static func linkTarget(_ link: String, for path: String) throws(Failure) -> String {
        do { return FilePaths.resolve(try SystemCall.linkTarget(FilePath(link)), fromLinkAt: link) } catch {
            throw Failure(path: path, reason: error.description)
        }
    }

    private static func requireParentFolder(of file: String, for path: String? = nil) throws(Failure) {
        let folder = FilePaths.folder(of: file)
        guard !folder.isEmpty else { return }
        guard let kind = try? SystemCall.kind(of: FilePath(folder)) else {
            throw Failure(path: path ?? file, reason: "no such folder: \(folder) (create it first)")
        }
        guard kind == .directory else { throw Failure(path: path ?? file, reason: "\(folder) is not a folder") }
    }

    private static func name(_ path: String) -> String { path == standardOutput ? "standard output" : path }
}

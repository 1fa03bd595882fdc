import Foundation
import SystemPackage
import ToolSupport

/// The folder a vector runs in: a fresh copy of a template of what a user
/// points the tool at (a trace, a malformed trace, a result record, a
/// console log, a small corpus and results folder, an empty folder, a
/// plain file, and two FIFOs, one with a reader while the tool runs and
/// one with none), whose every entry is noted before the run so that what
/// the run created, changed or removed can be told afterwards
/// (``changes(since:)``).
package struct Sandbox: Sendable {
    package let path: FilePath

    /// The template's files, by path in the sandbox, and their contents.
    package struct Template: Sendable {
        package var files: [(path: String, contents: String)]

        /// A template made from the repository at `repository`: one trace,
        /// one malformed trace, one record, one console log, a corpus of
        /// two traces and a results folder of one record.
        package static func from(repository: FilePath) throws -> Template {
            func read(_ relative: String) throws -> String {
                let path = repository.appending(relative)
                do { return String(decoding: try FileBytes.read(path), as: UTF8.self) } catch {
                    throw SetupFailure(path: path, reason: "\(error.reason) (--repository names the kbbench checkout the sandboxes are made from)")
                }
            }
            let trace = try read("corpora/traces/iphone8-portrait-first-focus.kbtrace")
            let results = repository.appending("results")
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: results.string) else {
                throw SetupFailure(path: results, reason: "no such folder (--repository names the kbbench checkout the sandboxes are made from)")
            }
            let record = try names.filter { $0.hasSuffix(".json") }.sorted().last.map { try read("results/" + $0) } ?? "{}"
            return Template(files: [
                ("trace.kbtrace", trace), ("malformed.kbtrace", try read("corpora/malformed/traces/syntax-comment.kbtrace")),
                ("record.json", record), ("console.log", try read("corpora/console-logs/swift-print.log")), ("file", "a plain file\n"),
                ("corpora/traces/a.kbtrace", trace), ("corpora/traces/b.kbtrace", try read("corpora/traces/ipad-slide-over.kbtrace")),
                ("results/record.json", record),
            ])
        }
    }

    /// A fresh sandbox at `path` (which must not exist) from `template`.
    package init(at path: FilePath, template: Template) throws {
        self.path = path
        let fm = FileManager.default
        try fm.createDirectory(atPath: path.string, withIntermediateDirectories: false)
        try fm.createDirectory(atPath: path.appending("dir").string, withIntermediateDirectories: false)
        for (relative, contents) in template.files {
            let file = path.appending(relative)
            try fm.createDirectory(atPath: file.removingLastComponent().string, withIntermediateDirectories: true)
            try contents.write(toFile: file.string, atomically: false, encoding: .utf8)
        }
        for fifo in ["fifo", "fifo-read"] {
            let file = path.appending(fifo)
            do { try SystemCall.makeFIFO(file) } catch { throw SetupFailure(path: file, reason: error.description) }
        }
    }

    /// What one entry is, as far as telling a change goes.
    package struct Entry: Hashable, Sendable {
        var kind: mode_t
        var size: Int64
        var modified: Int
        var inode: UInt64
    }

    /// Every entry under the sandbox, links not followed, by path relative
    /// to it.
    package func entries() -> [String: Entry] {
        var found: [String: Entry] = [:]
        func walk(_ relative: String) {
            let full = (relative.isEmpty ? path : path.appending(relative)).string
            var s = stat()
            guard lstat(full, &s) == 0 else { return }
            if !relative.isEmpty {
                // A folder is changed only when made, removed or replaced:
                // its own time and size change with what is written in it,
                // which its entries tell.
                let kind = s.st_mode & mode_t(S_IFMT), isFolder = kind == mode_t(S_IFDIR)
                #if canImport(Darwin)
                let modified = s.st_mtimespec.tv_sec * 1_000_000_000 + s.st_mtimespec.tv_nsec
                #else
                let modified = s.st_mtim.tv_sec * 1_000_000_000 + s.st_mtim.tv_nsec
                #endif
                found[relative] = Entry(
                    kind: kind, size: isFolder ? 0 : Int64(s.st_size), modified: isFolder ? 0 : modified, inode: UInt64(s.st_ino))
            }
            guard s.st_mode & mode_t(S_IFMT) == mode_t(S_IFDIR), let names = try? FileManager.default.contentsOfDirectory(atPath: full) else {
                return
            }
            for name in names { walk(relative.isEmpty ? name : relative + "/" + name) }
        }
        walk("")
        return found
    }

    /// The paths (relative to the sandbox) created, changed or removed
    /// since `before`, sorted.
    package func changes(since before: [String: Entry]) -> [String] {
        let after = entries()
        return Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
    }

    /// Keeps a reader on `fifo-read` while `body` runs, as `cat FIFO` would:
    /// whatever is written there is read and dropped.
    package func withReader<T>(_ body: () throws -> T) rethrows -> T {
        let fifo = path.appending("fifo-read").string
        let done = Flag()
        Thread.detachNewThread {
            // Opened without blocking, so that the reader can stop when no
            // writer ever comes.
            let fd = open(fifo, O_RDONLY | O_NONBLOCK)
            guard fd >= 0 else { return }
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while !done.isSet {
                if read(fd, &buffer, buffer.count) <= 0 { usleep(2_000) }
            }
            close(fd)
        }
        defer { done.set() }
        return try body()
    }
}

/// A flag one thread sets and another reads.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}

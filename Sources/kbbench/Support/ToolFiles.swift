import Foundation
import KeyboardHarness
import KeyboardJSON
import KeyboardResults
import KeyboardTrace
import SystemPackage
import ToolSupport

/// How kbbench's commands read and write files: whole files in, atomic
/// writes out, every failure a ``KbbenchError`` naming the path. A file
/// read is a `FilePath`; a file written is the user's text (``OutputFile``:
/// `-` and a trailing `/` mean something a `FilePath` drops).
enum ToolFiles {
    /// The bytes of the file at `path`. SIGINT or SIGTERM inside
    /// `Interrupt.catching` ends a read that waits (a FIFO no one writes)
    /// or goes on (a device) as ``KbbenchError/interrupted(_:)``.
    static func read(_ path: FilePath) throws(KbbenchError) -> [UInt8] {
        do {
            return try FileBytes.read(path, stop: { Interrupt.isPending })
        } catch {
            throw error.isStopped ? .interrupted("while reading \(path)") : .unreadable(error)
        }
    }

    /// Writes `text` to `path` (see ``OutputFile``: `-` is standard output,
    /// a terminal, pipe or device is written in place, a regular file
    /// atomically; a missing folder is an error).
    static func write(_ text: String, to path: String) throws(KbbenchError) {
        do {
            try OutputFile.write(text, to: path)
        } catch {
            throw .unwritable(error)
        }
    }

    /// Fails at once, before any work, when `path` could not be written
    /// (its folder is missing, it is a folder).
    static func checkWritable(_ path: String?) throws(KbbenchError) {
        guard let path else { return }
        do { try OutputFile.checkWritable(path) } catch { throw .unwritable(error) }
    }

    /// The outputs of one command that write to standard output; more than
    /// one is a usage error (their texts would mix).
    static func standardOutputs(_ paths: [(option: String, path: String?)]) throws(KbbenchError) -> [String] {
        let toStandardOutput = paths.filter { $0.path.map(OutputFile.writesToStandardOutput) ?? false }.map(\.option)
        if toStandardOutput.count > 1 {
            throw .usage("\(toStandardOutput.joined(separator: " and ")) would both write to standard output: give one of them a file")
        }
        return toStandardOutput
    }

    /// Makes the folder `path` if it is missing (its own folder must exist).
    static func makeFolder(_ path: FilePath) throws(KbbenchError) {
        do { try OutputFile.makeFolder(path) } catch { throw .unwritable(error) }
    }

    /// Reads and parses one trace; errors name the file and line. Stopped
    /// as ``read(_:)`` is.
    static func trace(_ path: FilePath) throws(KbbenchError) -> Trace {
        do { return try TraceFiles.load(path, stop: { Interrupt.isPending }) } catch {
            throw Interrupt.isPending ? .interrupted("while reading \(path)") : .harness(error)
        }
    }

    /// Every `*.kbtrace` under `directory` (see `TraceFiles.list`); SIGINT
    /// or SIGTERM inside `Interrupt.catching` ends the walk.
    static func traces(under directory: FilePath) throws(KbbenchError) -> [FilePath] {
        do {
            return try TraceFiles.list(under: directory, stop: { Interrupt.isPending })
        } catch {
            if case .noSuchDirectory(let d) = error { throw .noSuchDirectory(d, hint: "run kbbench from the package root, or pass --corpus DIR") }
            throw .harness(error)
        }
    }

    /// Reads a result record.
    static func record(_ path: FilePath) throws(KbbenchError) -> ResultRecord {
        let bytes = try read(path)
        do {
            return try ResultRecord.read(bytes, file: path.string)
        } catch {
            throw .malformed(error)
        }
    }

    /// The `*.json` records directly in `directory`, sorted by name.
    static func records(in directory: FilePath) throws(KbbenchError) -> [(path: FilePath, record: ResultRecord)] {
        guard FilePaths.isFolder(directory) else { throw .noSuchDirectory(directory, hint: "pass --results DIR") }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory.string)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
        if names.isEmpty { throw .nothingToRead(directory: directory.string, what: "result records (*.json); run kbbench bench first") }
        var result: [(FilePath, ResultRecord)] = []
        for name in names {
            let path = directory.appending(name)
            result.append((path, try record(path)))
        }
        return result
    }
}

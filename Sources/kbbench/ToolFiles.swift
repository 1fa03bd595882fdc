import KeyboardTrace
import ToolSupport

/// How kbbench's commands read and write files: whole files in, atomic
/// writes out, and every failure an I/O error (exit 74) naming the path and
/// why.
enum ToolFiles {
    /// The bytes of the file at `path`.
    static func read(_ path: String) throws(ToolError) -> [UInt8] {
        do {
            return try FileBytes.read(path)
        } catch {
            throw ToolError(message: error.description, status: ExitStatus.ioError)
        }
    }

    /// Writes `text` to `path` atomically (see ``AtomicFile``).
    static func write(_ text: String, to path: String) throws(ToolError) {
        do {
            try AtomicFile.write(text, to: path)
        } catch {
            throw ToolError(message: error.description, status: ExitStatus.ioError)
        }
    }
}

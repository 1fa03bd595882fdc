import Foundation

/// Writes files so that a crash never leaves a partial one: the text goes to
/// a temporary file in the same directory, is flushed to disk, and is renamed
/// over the destination.
enum AtomicFile {
    static func write(_ text: String, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
            guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
                throw ToolError(message: "\(path): cannot create a temporary file in \(directory.path)", status: ExitStatus.ioError)
            }
            let handle = try FileHandle(forWritingTo: temporary)
            try handle.write(contentsOf: Data(text.utf8))
            try handle.synchronize()
            try handle.close()
            if rename(temporary.path, url.path) != 0 {
                throw ToolError(message: "\(path): cannot rename into place (errno \(errno))", status: ExitStatus.ioError)
            }
        } catch let error as ToolError {
            throw error
        } catch {
            throw ToolError(message: "\(path): cannot write: \(error.localizedDescription)", status: ExitStatus.ioError)
        }
    }
}

import Foundation
import Mutagen

/// `mutagen [--root DIR] PATH…`: every mutant of the Swift files at the
/// paths (folders are walked, in name order), one JSON object per line,
/// with paths relative to `--root` (default: the current directory).
@main
enum Main {
    static func main() throws {
        var arguments = Array(CommandLine.arguments.dropFirst())
        var root = FileManager.default.currentDirectoryPath
        if let i = arguments.firstIndex(of: "--root"), i + 1 < arguments.count {
            root = arguments[i + 1]
            arguments.removeSubrange(i...(i + 1))
        }
        guard !arguments.isEmpty, !arguments.contains("--help") else {
            FileHandle.standardError.write(Data("usage: mutagen [--root DIR] PATH…  (JSON Lines of mutants on standard output)\n".utf8))
            exit(arguments.contains("--help") ? 0 : 64)
        }
        let rootURL = URL(fileURLWithPath: root).standardizedFileURL
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for file in try swiftFiles(arguments, root: rootURL) {
            let source = try String(contentsOf: rootURL.appendingPathComponent(file), encoding: .utf8)
            for mutant in MutantFinder.mutants(in: source, file: file) {
                FileHandle.standardOutput.write(try encoder.encode(mutant) + Data("\n".utf8))
            }
        }
    }

    /// The `.swift` files at `paths` (relative to `root`), folders walked, sorted.
    static func swiftFiles(_ paths: [String], root: URL) throws -> [String] {
        var files: [String] = []
        for path in paths {
            let url = root.appendingPathComponent(path)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                FileHandle.standardError.write(Data("mutagen: \(path): no such file\n".utf8))
                exit(66)
            }
            if isDirectory.boolValue {
                let walker = FileManager.default.enumerator(atPath: url.path)
                while let item = walker?.nextObject() as? String {
                    if item.hasSuffix(".swift") { files.append(path + "/" + item) }
                }
            } else {
                files.append(path)
            }
        }
        return files.sorted()
    }
}

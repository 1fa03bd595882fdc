import Foundation

/// The files a fuzz target replays when built without libFuzzer: each
/// argument is a file, or a folder whose non-hidden files are taken in name
/// order. Shared by KeyboardFuzz and InputFuzz.
package enum FuzzInputs {
    /// The files named by `arguments`, or nil when one does not exist (the
    /// message, prefixed with `tool`, has then gone to standard error; exit 74).
    package static func files(_ arguments: [String], tool: String) -> [String]? {
        var files: [String] = []
        for input in arguments {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory) else {
                FileHandle.standardError.write(Data("\(tool): \(input): no such file\n".utf8))
                return nil
            }
            if isDirectory.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: input)) ?? []
                files += names.sorted().filter { !$0.hasPrefix(".") }.map { FilePaths.file($0, in: input) }
            } else {
                files.append(input)
            }
        }
        return files
    }
}

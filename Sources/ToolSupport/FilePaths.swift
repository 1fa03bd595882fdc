import Foundation

/// Paths of files in folders, as the tools spell them.
package enum FilePaths {
    /// True when `path` is a folder (or a link to one).
    package static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// `name` in `directory`: joined with one `/`, whether or not
    /// `directory` ends with one (`"corpus"` and `"corpus/"` give the same
    /// path). An empty `directory` is the current one: the path is `name`
    /// alone, never `/name` at the root.
    package static func file(_ name: String, in directory: String) -> String {
        if directory.isEmpty { return name }
        return directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}

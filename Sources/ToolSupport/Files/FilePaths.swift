import Foundation
import SystemPackage

/// Paths as the tools take them apart and join them: every split and every
/// join of a path goes through here, on swift-system's `FilePath`, which
/// parses a path as the system does, byte for byte, without Foundation's
/// string-path methods (swift-corelibs-foundation's
/// `deletingLastPathComponent` traps on any one-character path).
///
/// A path's components are what lies between `/`s; a run of `/` is one,
/// and a trailing `/` ends no component. `.` and `..` are components like
/// any other here: nothing is resolved, no link followed.
///
/// | path | ``folder(of:)`` | ``name(of:)`` |
/// | --- | --- | --- |
/// | `g` | `""` (the current folder) | `g` |
/// | `a/b/` | `a` | `b` |
/// | `/x` | `/` | `x` |
/// | `/`, `//` | `/` | `""` |
/// | `.` | `""` | `.` |
/// | `a/..` | `a` | `..` |
package enum FilePaths {
    /// The folder `path` names its last component in: the empty path for
    /// the current folder, `/` for the root.
    package static func folder(of path: String) -> String {
        FilePath(path).removingLastComponent().string
    }

    /// The last component of `path`, or "" when it has none (`/`, "").
    package static func name(of path: String) -> String {
        FilePath(path).lastComponent?.string ?? ""
    }

    /// `name` (one component, or several) in `directory`, joined with one
    /// `/`: `"corpus"` and `"corpus/"` give the same path. An empty
    /// `directory` is the current one: the path is `name` alone, never
    /// `/name` at the root.
    package static func file(_ name: String, in directory: String) -> String {
        if directory.isEmpty { return name }
        return FilePath(directory).appending(name).string
    }

    /// `target`, the contents of the symbolic link at `link`, as a path: an
    /// absolute target as it is, a relative one taken from the link's
    /// folder.
    package static func resolve(_ target: String, fromLinkAt link: String) -> String {
        let t = FilePath(target)
        return t.isAbsolute ? target : FilePath(folder(of: link)).pushing(t).string
    }

    /// Whether `path` ends with a `/` after a component: it names a folder
    /// (`out/`), whatever is there.
    package static func namesAFolder(_ path: String) -> Bool {
        path.utf8.last == UInt8(ascii: "/") && FilePath(path).lastComponent != nil
    }

    /// `path` made absolute from the current folder and normalized without
    /// touching the disk (`a/./b/../c` is `a/c`): two spellings of one
    /// location compare equal (links not followed).
    package static func absolute(_ path: FilePath) -> FilePath {
        let p = path.isAbsolute ? path : FilePath(FileManager.default.currentDirectoryPath).pushing(path)
        return p.lexicallyNormalized()
    }

    /// `path` for a system call: the empty path is the current folder.
    package static func forSystemCall(_ path: String) -> String { path.isEmpty ? "." : path }

    /// True when `path` is a folder (or a link to one).
    package static func isFolder(_ path: FilePath) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path.string, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}

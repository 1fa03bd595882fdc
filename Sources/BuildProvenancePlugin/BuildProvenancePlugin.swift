import Foundation
import PackagePlugin

/// Writes `BuildProvenance.swift` into the `kbbench` target before every
/// build: the commit the sources were built from, and whether the working
/// tree held changes that commit does not (tracked files edited, or files
/// git does not ignore added). A result record names the binary's commit
/// from it, not the commit of whatever checkout the binary runs in.
///
/// The file is rewritten only when its text changes, so an unchanged tree
/// recompiles nothing. Outside a git checkout (a source archive) the commit
/// is "unknown" and the tree's state is not known (nil). git runs with
/// `--no-optional-locks`, so a build never writes to the repository.
@main
struct BuildProvenancePlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.pluginWorkDirectoryURL.appending(path: "provenance")
        return [
            .prebuildCommand(
                displayName: "Recording the commit kbbench is built from",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", Self.script, "provenance", folder.path, context.package.directoryURL.path],
                outputFilesDirectory: folder
            )
        ]
    }

    /// `sh -c SCRIPT provenance OUTPUT_FOLDER PACKAGE_FOLDER`.
    static let script = #"""
        set -e
        mkdir -p "$1"
        file="$1/BuildProvenance.swift"
        cd "$2"
        if commit=$(git --no-optional-locks rev-parse HEAD 2>/dev/null); then
          if [ -z "$(git --no-optional-locks status --porcelain 2>/dev/null)" ]; then changes=false; else changes=true; fi
        else
          commit=unknown changes=nil
        fi
        text="/// Written by the BuildProvenance plugin before each build (see its source).
        enum BuildProvenance {
            /// The commit HEAD named when this binary was built, or \"unknown\".
            static let commit = \"$commit\"
            /// Whether the tree held changes that commit lacks; nil outside git.
            static let uncommittedChanges: Bool? = $changes
        }"
        if [ ! -f "$file" ] || [ "$(cat "$file")" != "$text" ]; then printf '%s\n' "$text" > "$file"; fi
        """#
}

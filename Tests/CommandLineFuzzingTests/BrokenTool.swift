import Foundation

/// A deliberately broken command-line tool, written as a shell script: the
/// fuzzer must find each of its faults. It describes itself as
/// ArgumentParser does (`--experimental-dump-help`), documents statuses 0
/// and 64, and has one command per fault: `crash` dies on SIGSEGV,
/// `status` exits 99, `deaf` ignores SIGINT and sleeps, `fragile` dies on
/// SIGSEGV while it handles SIGINT, `stray` writes a file it was not given,
/// `litter` leaves a file in `$TMPDIR`; and `ok`, `write FILE` and
/// `patient` (which sleeps until SIGINT ends it, as a long run does)
/// behave.
enum BrokenTool {
    /// The tool's description, as ArgumentParser's tool-info JSON.
    static let dump = """
        {"serializationVersion":0,"command":{"commandName":"broken","discussion":"Exit status: 0 success; 64 bad usage.",
        "arguments":[{"kind":"flag","names":[{"kind":"long","name":"help"},{"kind":"short","name":"h"}],"isOptional":true,"isRepeating":false}],
        "subcommands":[
        {"commandName":"crash","arguments":[]},
        {"commandName":"status","arguments":[]},
        {"commandName":"deaf","arguments":[]},
        {"commandName":"fragile","arguments":[]},
        {"commandName":"patient","arguments":[]},
        {"commandName":"stray","arguments":[]},
        {"commandName":"litter","arguments":[]},
        {"commandName":"ok","arguments":[{"kind":"option","names":[{"kind":"long","name":"mode"}],"valueName":"mode",
          "isOptional":true,"isRepeating":false,"allValues":["fast","slow"]}]},
        {"commandName":"write","arguments":[{"kind":"positional","valueName":"FILE","isOptional":false,"isRepeating":false}]}
        ]}}
        """

    static let script = """
        #!/bin/sh
        case "$1" in
        --experimental-dump-help) cat "$(dirname "$0")/dump.json" ;;
        crash) kill -SEGV $$ ;;
        status) exit 99 ;;
        deaf) trap '' INT; sleep 30 ;;
        fragile) trap 'kill -SEGV $$' INT; sleep 30 & wait ;;
        patient) sleep 30 & wait ;;
        stray) echo x > stray ;;
        litter) echo x > "$TMPDIR/litter" ;;
        ok) exit 0 ;;
        write) case "$2" in -*|'') exit 64 ;; esac; echo x > "$2" 2>/dev/null || exit 64 ;;
        *) exit 64 ;;
        esac
        """

    /// The tool written to a fresh folder; its path.
    static func install() throws -> String {
        let folder = NSTemporaryDirectory() + "broken-tool-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try dump.write(toFile: folder + "/dump.json", atomically: true, encoding: .utf8)
        try script.write(toFile: folder + "/broken", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder + "/broken")
        return folder + "/broken"
    }
}

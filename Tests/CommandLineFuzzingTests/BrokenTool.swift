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

    /// The writer's exit status when it could not write the tool.
    struct InstallFailure: Error {
        let folder: String
        let status: Int32
    }

    /// The tool written to a fresh folder; its path.
    ///
    /// A child `/bin/sh` writes both files, so the test runner never holds
    /// the script open for writing. Had it written the script itself, a
    /// process that another test forked at that moment would share the
    /// open file until it exec'd, and running the script then fails with
    /// ETXTBSY (`sh` exits 126): a race that failed a run once.
    static func install() throws -> String {
        let folder = NSTemporaryDirectory() + "broken-tool-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = [
            "-c", #"printf '%s\n' "$2" > "$1/dump.json" && printf '%s\n' "$3" > "$1/broken" && chmod 755 "$1/broken""#, "sh",
            folder, dump, script,
        ]
        try writer.run()
        writer.waitUntilExit()
        guard writer.terminationStatus == 0 else { throw InstallFailure(folder: folder, status: writer.terminationStatus) }
        return folder + "/broken"
    }
}

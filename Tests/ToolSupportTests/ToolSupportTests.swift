import Foundation
import SystemPackage
import Testing
import ToolSupport

/// What the tools share: atomic writes, the inputs a fuzz target replays,
/// the process's CPU clock.
@Suite struct ToolSupportTests {
    static func directory() throws -> String {
        let path = NSTemporaryDirectory() + "kbbench-toolsupport-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// How many file descriptors the process has open (Linux's /proc; 0
    /// where there is none).
    static func openDescriptors() -> Int { (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0 }

    /// Where the umask can be read without changing it: Linux's /proc.
    static let umaskIsReadable = FileManager.default.isReadableFile(atPath: "/proc/self/status")

    /// The process's umask, read from /proc (so that no test changes it
    /// under another), and the permissions of the file at `path`.
    static func umaskAndMode(of path: String) throws -> (umask: UInt16, mode: UInt16) {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Umask:") }, "no umask in /proc/self/status")
        let umask = try #require(UInt16(line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8))
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (umask, try #require((attributes[.posixPermissions] as? NSNumber)?.uint16Value))
    }

    /// Expects the file at `path` to have `mode`, less the umask.
    static func expectMode(_ mode: UInt16, of path: FilePath, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (umask, actual) = try umaskAndMode(of: path.string)
        #expect(actual == mode & ~umask, "mode \(String(actual, radix: 8)), umask \(String(umask, radix: 8))", sourceLocation: sourceLocation)
    }

    /// A FIFO is made with mode 644, less what the process's umask takes.
    @Test(.enabled(if: umaskIsReadable, "the umask read from /proc"))
    func aFIFOIsMadeWithModeSixFourFour() throws {
        let folder = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = FilePath(folder).appending("fifo")
        try SystemCall.makeFIFO(fifo)
        try Self.expectMode(0o644, of: fifo)
    }

    /// A folder is made with mode 755, less the umask; one already there
    /// is no error, and keeps its mode.
    @Test(.enabled(if: umaskIsReadable, "the umask read from /proc"))
    func aFolderIsMadeWithModeSevenFiveFive() throws {
        let folder = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let made = FilePath(folder).appending("made")
        try SystemCall.makeFolder(made)
        try Self.expectMode(0o755, of: made)
        try SystemCall.makeFolder(made)
        try Self.expectMode(0o755, of: made)
    }

    /// What a path names is read through links unless asked not to: a link
    /// to a folder is a folder, and itself a link.
    @Test func aLinksKindIsWhatItNamesUnlessAskedForTheLink() throws {
        let folder = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let link = FilePath(folder).appending("link")
        try FileManager.default.createSymbolicLink(atPath: link.string, withDestinationPath: folder)
        #expect(try SystemCall.kind(of: link) == .directory)
        #expect(try SystemCall.kind(of: link, followingLinks: false) == .symbolicLink)
    }

    /// A link's target is read whole up to the longest the system makes:
    /// PATH_MAX − 1 bytes (4,095 here), one byte more is refused. The
    /// target need not exist, nor its components be names a lookup
    /// accepts.
    @Test func theLongestLinkTargetIsReadWhole() throws {
        let folder = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let link = FilePath(folder).appending("long")
        let longest = String(String(repeating: "abc/", count: Int(PATH_MAX) / 4 + 1).prefix(Int(PATH_MAX) - 1))
        #expect(symlink(longest + "x", folder + "/refused") == -1 && errno == ENAMETOOLONG, "a target of PATH_MAX bytes")
        #expect(symlink(longest, link.string) == 0)
        let read = try SystemCall.linkTarget(link)
        #expect(read.utf8.count == Int(PATH_MAX) - 1 && read == longest)
    }

    /// A file a started program writes to is created with mode 644, less
    /// the umask, as a shell's redirection creates it.
    @Test(.enabled(if: umaskIsReadable, "the umask read from /proc"))
    func aStartedProgramsOutputFileHasModeSixFourFour() throws {
        let folder = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = FilePath(folder).appending("out")
        let pid = try ProcessGroupSpawn.spawn(
            ["/bin/sh", "-c", "echo written"], environment: [:], streams: [(.standardOutput, .writing(output))], defaultSignals: [])
        var status: Int32 = 0
        #expect(waitpid(pid, &status, 0) == pid)
        #expect(try String(contentsOfFile: output.string, encoding: .utf8) == "written\n")
        try Self.expectMode(0o644, of: output)
    }

    /// Asking whether a group runs sends it no signal that ends it: asked
    /// again and again over a fifth of a second, a sleeping member still
    /// runs. The member takes the default action for every signal it can,
    /// so that a signal sent by mistake ends it even where the test runner
    /// was started ignoring some (`nohup` ignores SIGHUP).
    @Test func askingWhetherAGroupRunsSendsItNothing() throws {
        let catchable = (1..<32).map(Int32.init).filter { $0 != SIGKILL && $0 != SIGSTOP }
        let group = try ProcessGroupSpawn.spawn(["/bin/sleep", "30"], environment: [:], streams: [], defaultSignals: catchable)
        defer {
            killpg(group, SIGKILL)
            var status: Int32 = 0
            waitpid(group, &status, 0)
        }
        for _ in 0..<10 {
            #expect(ProcessGroupMembers.anyRunning(in: group), "the group ended while it was only asked about")
            usleep(20_000)
        }
    }

    @Test func anAtomicWriteReplacesTheFileWholeAndLeavesNothingBeside() throws {
        let dir = try Self.directory()
        try FileManager.default.createDirectory(atPath: dir + "/nested", withIntermediateDirectories: false)
        let path = dir + "/nested/out.txt"
        try AtomicFile.write("first\n", to: FilePath(path))
        try AtomicFile.write("second, longer\n", to: FilePath(path))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "second, longer\n")
        try AtomicFile.write("", to: FilePath(path))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/nested") == ["out.txt"], "no temporary file left")
        let big = String(repeating: "0123456789", count: 200_000)
        try AtomicFile.write(big, to: FilePath(path))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == big)
    }

    /// A write closes what it opens: 300 writes leave no file descriptor
    /// behind (a campaign saves its state every batch, for hours).
    @Test func writesLeaveNoFileDescriptorOpen() throws {
        #if os(Linux)
        let dir = try Self.directory()
        let before = Self.openDescriptors()
        for i in 0..<300 { try AtomicFile.write("\(i)", to: FilePath(dir + "/state.json")) }
        // Other tests run beside this one and open files of their own;
        // a leak here would be 300.
        #expect(Self.openDescriptors() - before < 100, "\(Self.openDescriptors() - before) more descriptors open")
        #endif
    }

    #if compiler(>=6.2) && os(Linux)
    /// A write that fails closes what it opened and removes its temporary
    /// file: 100 writes past a file-size limit each fail as "cannot write"
    /// and leave no descriptor and no file behind. (An exit test: the limit
    /// is the process's, so it is set in a child process of its own.) The
    /// child's exit status names what went wrong: 2 the limit could not be
    /// set, 3 a write succeeded, 4 it failed otherwise, 5 descriptors were
    /// left open, 6 a file was left behind.
    @Test func aFailedWriteClosesItsFileAndLeavesNothing() async {
        await #expect(processExitsWith: .success) {
            signal(SIGXFSZ, SIG_IGN)
            let fileSize = __rlimit_resource_t(RLIMIT_FSIZE.rawValue)
            var limit = rlimit()
            guard getrlimit(fileSize, &limit) == 0 else { exit(2) }
            limit.rlim_cur = 16
            guard setrlimit(fileSize, &limit) == 0, let dir = try? Self.directory() else { exit(2) }
            let before = Self.openDescriptors()
            for _ in 0..<100 {
                do {
                    try AtomicFile.write(String(repeating: "x", count: 64), to: FilePath(dir + "/state.json"))
                    exit(3)
                } catch let failure as AtomicFile.Failure {
                    guard failure.reason.hasPrefix("cannot write") else { exit(4) }
                } catch {
                    exit(4)
                }
            }
            // The test runtime's own threads may open or close a descriptor
            // meanwhile; a leak here would be 100.
            guard Self.openDescriptors() - before < 50 else { exit(5) }
            guard (try? FileManager.default.contentsOfDirectory(atPath: dir)) == [] else { exit(6) }
        }
    }
    #endif

    /// No folder is ever created: a missing one is named.
    @Test func aMissingFolderIsNamedNotCreated() throws {
        let dir = try Self.directory()
        #expect { try AtomicFile.write("x", to: FilePath(dir + "/missing/out.txt")) } throws: { error in
            (error as? AtomicFile.Failure)?.reason == "no such folder: \(dir)/missing (create it first)"
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/missing"))
    }

    @Test func aFailedWriteNamesThePathAndWhy() throws {
        let dir = try Self.directory()
        try AtomicFile.write("x", to: FilePath(dir + "/file"))
        // A directory cannot be made where a file is.
        #expect { try AtomicFile.write("y", to: FilePath(dir + "/file/inside.txt")) } throws: { error in
            guard let failure = error as? AtomicFile.Failure else { return false }
            return failure.path == dir + "/file/inside.txt" && failure.description.hasPrefix(dir + "/file/inside.txt: ")
        }
    }

    /// A rename that fails (a folder stands where the file goes) removes
    /// its temporary file: a campaign that cannot save leaves no litter.
    @Test func aFailedRenameLeavesNoTemporaryFile() throws {
        let dir = try Self.directory()
        try FileManager.default.createDirectory(atPath: dir + "/target", withIntermediateDirectories: false)
        try AtomicFile.write("x", to: FilePath(dir + "/target/inside"))
        #expect { try AtomicFile.write("y", to: FilePath(dir + "/target")) } throws: { error in
            (error as? AtomicFile.Failure)?.reason.hasPrefix("cannot rename into place") == true
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["target"], "no temporary file left")
    }

    /// One `/` between a folder and a name, whether the folder ends with one
    /// or not; an empty folder is the current one.
    @Test func aFileInAFolderIsJoinedWithOneSlash() {
        #expect(FilePaths.file("a.kbtrace", in: "corpus") == "corpus/a.kbtrace")
        #expect(FilePaths.file("a.kbtrace", in: "corpus/") == "corpus/a.kbtrace")
        #expect(FilePaths.file("a.kbtrace", in: "/") == "/a.kbtrace")
        #expect(FilePaths.file("a.kbtrace", in: "") == "a.kbtrace")
        #expect(FilePaths.file("sub/a.kbtrace", in: "corpus") == "corpus/sub/a.kbtrace")
    }

    @Test func fuzzInputsAreFilesAndFoldersInNameOrder() throws {
        let dir = try Self.directory()
        try FileManager.default.createDirectory(atPath: dir + "/corpus", withIntermediateDirectories: false)
        for name in ["b", "a", ".hidden", "c"] { try AtomicFile.write(name, to: FilePath(dir + "/corpus/" + name)) }
        try AtomicFile.write("single", to: FilePath(dir + "/single"))
        #expect(
            FuzzInputs.files([dir + "/corpus", dir + "/single"], tool: "test") == [
                dir + "/corpus/a", dir + "/corpus/b", dir + "/corpus/c", dir + "/single",
            ])
        #expect(FuzzInputs.files([dir + "/missing"], tool: "test") == nil)
    }

    @Test func theCPUClockMovesForwardWithWork() {
        let start = ProcessCPUClock.seconds()
        var x = 0.0
        for i in 0..<3_000_000 { x += Double(i).squareRoot() }
        let end = ProcessCPUClock.seconds()
        #expect(x > 0 && start >= 0 && end > start)
    }
}

import Foundation
import SystemPackage

/// Starting a program as a shell starts a job: in a process group of its
/// own (so Ctrl-C at a terminal reaches the tool that started it, not the
/// program, and killing the group ends the program and all it started),
/// with an empty signal mask (a process started from a thread that blocks
/// signals would otherwise inherit the mask) and the default action for
/// the signals named (the starting process may ignore or handle them).
///
/// What `posix_spawn` takes differs by platform (a struct on Glibc, a
/// pointer on Darwin); this is the one place that knows. An iOS app's
/// sandbox refuses to spawn: no module an app links depends on this one.
package enum ProcessGroupSpawn {
    /// What one of the program's descriptors is.
    package enum Stream: Sendable {
        /// A copy of this process's descriptor.
        case descriptor(FileDescriptor)
        /// The file at the path, opened for reading.
        case reading(FilePath)
        /// The file at the path, created or emptied, for writing.
        case writing(FilePath)
    }

    /// Starts `arguments[0]` (a path) with `arguments`, `environment`, and
    /// `streams` as its descriptors; returns its process id, which is also
    /// its group's. Throws the system's error number.
    package static func spawn(
        _ arguments: [String], environment: [String: String], streams: [(FileDescriptor, Stream)], defaultSignals: [Int32]
    ) throws(SpawnFailure) -> pid_t {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        var attributes: posix_spawnattr_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (number, stream) in streams {
            switch stream {
            case .descriptor(let fd): posix_spawn_file_actions_adddup2(&actions, fd.rawValue, number.rawValue)
            case .reading(let path): posix_spawn_file_actions_addopen(&actions, number.rawValue, path.string, O_RDONLY, 0)
            case .writing(let path): posix_spawn_file_actions_addopen(&actions, number.rawValue, path.string, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            }
        }
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        posix_spawnattr_setpgroup(&attributes, 0)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in defaultSignals { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)

        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") }
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let spawned = (argv + [nil]).withUnsafeBufferPointer { a in
            (envp + [nil]).withUnsafeBufferPointer { e in posix_spawn(&child, arguments[0], &actions, &attributes, a.baseAddress!, e.baseAddress!) }
        }
        guard spawned == 0 else { throw SpawnFailure(code: spawned) }
        return child
    }

    /// Why a program could not be started: the system's error number.
    package struct SpawnFailure: Error, CustomStringConvertible, Sendable {
        package var code: Int32
        package var description: String { Errno(rawValue: code).description }
    }
}

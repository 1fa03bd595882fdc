import Foundation

/// Whether a process group still has a member that runs.
///
/// `killpg(group, 0)` succeeds while any member exists, a zombie included.
/// A member killed with its group after its parent is a zombie until the
/// system's init reaps it, which some inits do late: the one of a container
/// that runs a CI job's shell as its first process may never do it, and
/// this machine's takes about a second. A zombie runs nothing, so on Linux
/// (Glibc or Musl) the group's members are read from `/proc` and zombies
/// (state `Z`) and the dead (`X`) are not counted. Elsewhere, where launchd
/// reaps at once, the signal's answer is the answer.
package enum ProcessGroupMembers {
    /// Whether `group` has a member that is not a zombie.
    package static func anyRunning(in group: pid_t) -> Bool {
        guard SystemCall.signal(group: group, 0) else { return false }
        #if canImport(Glibc) || canImport(Musl)
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return true }
        return entries.contains { entry in
            guard Int32(entry) != nil, let stat = FileManager.default.contents(atPath: "/proc/\(entry)/stat") else { return false }
            return runs(stat: String(decoding: stat, as: UTF8.self), inGroup: group)
        }
        #else
        return true
        #endif
    }

    /// Whether a `/proc/PID/stat` line names a process of `group` that is
    /// neither a zombie nor dead: `PID (COMM) STATE PPID PGRP …`, read after
    /// the last `)` (the command name may hold spaces and parentheses).
    package static func runs(stat: String, inGroup group: pid_t) -> Bool {
        guard let close = stat.lastIndex(of: ")") else { return false }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count >= 3, let pgrp = Int32(fields[2]) else { return false }
        return pgrp == group && fields[0] != "Z" && fields[0] != "X"
    }
}

import Foundation

/// What a record says about where and when it was made: the machine, the
/// build, the time, read from the running process. (The commit comes from
/// the binary itself: kbbench's build writes it in.)
package enum RecordEnvironment {
    /// How this binary was compiled.
    package static var build: Build {
        #if DEBUG
        .debug
        #else
        .release
        #endif
    }

    /// The OS, the CPU model (from /proc/cpuinfo on Linux), the core count
    /// and the host name.
    package static func machine() -> Machine {
        let info = ProcessInfo.processInfo
        var cpu = "unknown"
        if let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
            let name = line.split(separator: ":", maxSplits: 1).last
        {
            cpu = name.trimmingCharacters(in: .whitespaces)
        }
        return Machine(os: info.operatingSystemVersionString, cpu: cpu, cores: info.activeProcessorCount, host: info.hostName)
    }

    /// Now, as records write it: UTC, ISO 8601, to the second.
    package static func now() -> String { ISO8601DateFormatter().string(from: Date()) }

    /// Where a record goes by default: `DIR/bench-<UTC time>-<commit>.json`.
    package static func defaultPath(directory: String = "results", commit: String) -> String {
        let f = DateFormatter()
        f.dateFormat = "yyyyMMdd-HHmmss"
        f.timeZone = TimeZone(identifier: "UTC")
        f.locale = Locale(identifier: "en_US_POSIX")
        return "\(directory)/bench-\(f.string(from: Date()))-\(commit.prefix(7)).json"
    }
}

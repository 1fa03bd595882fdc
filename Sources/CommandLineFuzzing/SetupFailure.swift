import SystemPackage

/// Why a vector could not be run at all (no verdict on the tool): the
/// sandbox could not be made, or the tool could not be started. Names the
/// path and the system's reason.
package struct SetupFailure: Error, CustomStringConvertible, Sendable {
    package var path: FilePath
    package var reason: String
    package var description: String { "\(path): \(reason)" }
}

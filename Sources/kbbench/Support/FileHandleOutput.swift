import Foundation

/// Writing to the standard streams without buffering surprises.
enum FileHandleOutput {
    static func writeToStandardError(_ s: String) {
        FileHandle.standardError.write(Data(s.utf8))
    }

}

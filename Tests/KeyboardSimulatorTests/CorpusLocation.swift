import Foundation
import KeyboardTrace

/// The repository's `corpora/` folder, found from this source file so that
/// tests run from any working directory.
enum CorpusLocation {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("corpora")

    /// Every `*.kbtrace` under `corpora/<folder>`, sorted; the `malformed`
    /// folder (inputs that must be rejected) is left out.
    static func traces(in folder: String) -> [URL] {
        let dir = root.appendingPathComponent(folder)
        guard let e = FileManager.default.enumerator(at: dir, includingPropertiesForKeys: nil) else { return [] }
        return e.compactMap { $0 as? URL }.filter { $0.pathExtension == "kbtrace" && !$0.path.contains("/malformed/") }
            .sorted { $0.path < $1.path }
    }

    static func load(_ url: URL) throws -> Trace {
        let text = try String(contentsOf: url, encoding: .utf8)
        return try TraceReader.read(text, file: url.lastPathComponent)
    }
}

import Foundation
import KBTestSupport

/// The Swift blocks of README.md and docs/*.md: each is a complete unit that
/// compiles as written, nothing added around it. A block is app code for
/// iOS (``Kind/uikit``) when it imports UIKit or SwiftUI, a test when it
/// imports Testing, and otherwise a program (top-level statements allowed).
struct DocumentSnippet: Sendable, CustomStringConvertible {
    enum Kind: Sendable {
        case uikit, test, program
    }

    /// Repository-relative.
    var document: String
    /// The line of the opening fence.
    var line: Int
    var code: String
    var kind: Kind

    /// A module name that says where the block is (`Snippet_README_45`).
    var moduleName: String {
        let stem = (document as NSString).lastPathComponent.replacingOccurrences(of: ".md", with: "")
            .replacingOccurrences(of: "-", with: "_")
        return "Snippet_\(stem)_\(line)"
    }

    var description: String { "\(document):\(line)" }

    /// Every block of the documents, in document order.
    static func all() throws -> [DocumentSnippet] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: Repository.path("docs")).filter { $0.hasSuffix(".md") }.sorted()
        return try (["README.md"] + docs.map { "docs/" + $0 }).flatMap { try snippets(in: $0) }
    }

    static func snippets(in document: String) throws -> [DocumentSnippet] {
        var found: [DocumentSnippet] = [], open: (line: Int, lines: [String])?
        for (i, line) in try Repository.text(document).components(separatedBy: "\n").enumerated() {
            if var block = open {
                if line.hasPrefix("```") {
                    let code = block.lines.joined(separator: "\n") + "\n"
                    let kind: Kind =
                        code.contains("import UIKit") || code.contains("import SwiftUI") ? .uikit : code.contains("import Testing") ? .test : .program
                    found.append(DocumentSnippet(document: document, line: block.line, code: code, kind: kind))
                    open = nil
                } else {
                    block.lines.append(line)
                    open = block
                }
            } else if line.hasPrefix("```swift") {
                open = (i + 1, [])
            }
        }
        return found
    }

    /// Writes the block to `folder` as `MODULE.swift`; returns its path.
    func write(to folder: String) throws -> String {
        let path = folder + "/\(moduleName).swift"
        try code.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}

import Foundation

/// Availability, as an Apple platform's compiler sees it at the package's
/// minimum (`platforms:` in Package.swift), made visible to a type-check on
/// Linux, where `@available(iOS …)` means nothing:
///
/// - **The shim's declarations** carry the SDK's own attributes
///   (`@available(iOS 13.4, macOS 10.15.4, *)`, `@available(iOS,
///   unavailable)`). ``enforce(_:on:minimum:)`` rewrites, for one platform,
///   each attribute that puts a declaration out of the package's reach into
///   `@available(*, unavailable, message: …)`, which every compiler
///   enforces; a declaration with no attribute is there since before the
///   minimum.
/// - **The standard library's types** come from the Linux toolchain, whose
///   interfaces carry their Apple availability but whose compiler ignores
///   it. ``standardLibraryShadows(in:on:minimum:)`` declares, in a module
///   every file of the check imports, a deprecated type of the same name
///   for each one above the minimum: a module's declaration shadows the
///   standard library's, so a use of the name warns (and the check fails on
///   warnings) naming the type and the versions. Only types named in code
///   are seen, not members nor types reached by inference.
enum AppleAvailability {
    /// A system version, `13.4` as `[13, 4]`, compared part by part (a
    /// missing part is 0).
    struct Version: Comparable, CustomStringConvertible, Sendable {
        var parts: [Int]

        init?(_ text: some StringProtocol) {
            let parts = text.split(separator: ".").map { Int($0) }
            guard !parts.isEmpty, !parts.contains(nil) else { return nil }
            self.parts = parts.map { $0! }
        }

        init(parts: [Int]) { self.parts = parts }

        static func < (a: Version, b: Version) -> Bool {
            for i in 0..<max(a.parts.count, b.parts.count) {
                let x = i < a.parts.count ? a.parts[i] : 0, y = i < b.parts.count ? b.parts[i] : 0
                if x != y { return x < y }
            }
            return false
        }

        static func == (a: Version, b: Version) -> Bool { !(a < b) && !(b < a) }

        var description: String { parts.count == 1 ? "\(parts[0]).0" : parts.map(String.init).joined(separator: ".") }
    }

    /// `text` (a shim interface) with every `@available` attribute that
    /// keeps a declaration from `platform` at `minimum` made unavailable
    /// everywhere, its message naming the platform, the version and the
    /// minimum. Other attributes are left as they are.
    static func enforce(_ text: String, on platform: AppleSDK.Platform, minimum: Version) -> String {
        text.replacing(#/@available\(([^)]*)\)/#) { match in
            let items = match.output.1.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            if let reason = reason(items, platform: platform, minimum: minimum) {
                return "@available(*, unavailable, message: \"\(reason)\")"
            }
            return String(match.output.0)
        }
    }

    /// Why an attribute's `items` keep a declaration from `platform` at
    /// `minimum`, or nil.
    static func reason(_ items: [String], platform: AppleSDK.Platform, minimum: Version) -> String? {
        let name = platform.rawValue
        if items.count >= 2, items[0] == name, items[1] == "unavailable" {
            return "not on \(name) (the SDK marks it unavailable there)"
        }
        for item in items {
            let words = item.split(separator: " ")
            guard words.count == 2, words[0] == name, let introduced = Version(words[1]) else { continue }
            if introduced > minimum { return "\(name) \(introduced) and later; the minimum here is \(name) \(minimum)" }
        }
        return nil
    }

    /// Where code that only Apple platforms compile declares a later
    /// minimum than the package's: the lowest `platform` version of the
    /// `@available` attributes on its top-level declarations, when every one
    /// has such an attribute (nil when none has). Such code is checked at
    /// that minimum, so it may call what the SDK introduced up to it, while
    /// nothing reaches it from below without the compiler asking for
    /// `#available`. Some declarations with the attribute and some without
    /// is an error naming the first without: the check could not tell which
    /// minimum to read the code at.
    ///
    /// `sources` are (name, text) pairs: a module's files that open with
    /// `#if canImport(UIKit)` or `#if canImport(SwiftUI)`, or a document's
    /// block. A top-level declaration is a line at column 0 that is not a
    /// comment, an attribute, an import, a directive or a closing brace; its
    /// attributes are the `@` lines right above it, doc comments between.
    static func declaredMinimum(of sources: [(name: String, text: String)], on platform: AppleSDK.Platform) throws -> Version? {
        var versions: [Version] = [], bare: [String] = []
        for (name, text) in sources {
            var attributes: [Substring] = []
            for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if line.hasPrefix("@") { attributes.append(line); continue }
                if line.hasPrefix("///") { continue }
                defer { attributes = [] }
                guard let first = line.first, !first.isWhitespace, !line.hasPrefix("//"), !line.hasPrefix("#"), !line.hasPrefix("}"),
                    !line.hasPrefix("import ")
                else { continue }
                let declared = attributes.compactMap { attribute -> Version? in
                    guard let m = attribute.firstMatch(of: #/@available\(([^)]*)\)/#) else { return nil }
                    return m.output.1.split(separator: ",").compactMap { item -> Version? in
                        let words = item.split(separator: " ")
                        return words.count == 2 && words[0] == platform.rawValue ? Version(words[1]) : nil
                    }.first
                }.first
                if let declared { versions.append(declared) } else { bare.append("\(name):\(i + 1)") }
            }
        }
        guard let lowest = versions.min() else { return nil }
        if let first = bare.first {
            throw SwiftCompiler.Failure(
                what: "availability", diagnostics: ["\(first): no @available(\(platform.rawValue) …) where the other declarations have \(lowest)"])
        }
        return lowest
    }

    /// Whether a source file compiles only on Apple platforms (it opens with
    /// `#if canImport(UIKit)` or `#if canImport(SwiftUI)`).
    static func isAppleOnly(_ text: String) -> Bool {
        text.hasPrefix("#if canImport(UIKit)") || text.hasPrefix("#if canImport(SwiftUI)")
    }

    /// The standard-library modules whose types code can name.
    static let standardLibraryModules = ["Swift", "_Concurrency", "_StringProcessing", "Synchronization"]

    /// A Swift interface for module `AppleAvailability`: for every public
    /// top-level type of the toolchain's standard library (`resources`, its
    /// resource folder) that `platform` gets after `minimum`, a deprecated
    /// type of the same name and generic parameters whose message says so.
    static func standardLibraryShadows(in resources: String, on platform: AppleSDK.Platform, minimum: Version) throws -> String {
        var lines = [
            "// swift-interface-format-version: 1.0", "// swift-module-flags: -module-name AppleAvailability -swift-version 6",
            "// Written by the Apple check (AppleAvailability.swift): the standard library's types that \(platform.rawValue) \(minimum) lacks.",
            "import Swift",
        ]
        var seen = Set<String>()
        for module in standardLibraryModules {
            let folder = resources + "/linux/\(module).swiftmodule"
            guard let file = try FileManager.default.contentsOfDirectory(atPath: folder).first(where: { $0.hasSuffix("-linux-gnu.swiftinterface") })
            else { continue }
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            for type in topLevelTypes(in: text) where seen.insert(type.name).inserted {
                guard let reason = reason(type.availability, platform: platform, minimum: minimum) else { continue }
                let message = "\(module).\(type.name): \(reason)"
                let declaration = type.kind == "protocol" ? "public protocol \(type.name) {}" : "public struct \(type.name)\(type.generics) {}"
                lines.append("@available(*, deprecated, message: \"\(message)\")")
                lines.append(declaration)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A public top-level type of an interface, with the items of the
    /// `@available` attribute above it and its generic parameters'
    /// declaration (`<Value>`), constraints left out.
    struct InterfaceType {
        var name: String
        var kind: String
        var availability: [String]
        var generics: String
    }

    /// The public top-level types an interface declares under an
    /// `@available` attribute (other attributes may stand between; nested
    /// declarations are indented and skipped).
    static func topLevelTypes(in interface: String) -> [InterfaceType] {
        var found: [InterfaceType] = [], availability: [String]?
        // Built once, not per line: a regex literal is parsed again each
        // time it is evaluated, and a shim has thousands of lines.
        let attribute = #/@available\(([^)]*)\)/#
        let declaration = #/^(?:@[\w.]+(?:\([^)]*\))?\s+)*public\s+(?:final\s+)?(struct|class|enum|protocol|actor)\s+(\w+)\s*(<[^>{]*>)?/#
        for line in interface.split(separator: "\n", omittingEmptySubsequences: false) {
            if let m = line.wholeMatch(of: attribute) {
                availability = m.output.1.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                continue
            }
            guard let items = availability else { continue }
            if line.hasPrefix("@") && !line.contains(" struct ") && !line.contains(" class ") && !line.contains(" enum ")
                && !line.contains(" protocol ") && !line.contains(" actor ")
            {
                continue // another attribute line of the same declaration
            }
            availability = nil
            guard let m = line.firstMatch(of: declaration) else { continue }
            found.append(InterfaceType(name: String(m.output.2), kind: String(m.output.1), availability: items, generics: generics(m.output.3)))
        }
        return found
    }

    /// `<Value, let count : Swift.Int>` with constraints on type parameters
    /// dropped: `<Value, let count : Swift.Int>`; `<T where …>` → `<T>`.
    static func generics(_ clause: Substring?) -> String {
        guard let clause else { return "" }
        let inner = clause.dropFirst().dropLast()
        let parameters = inner.split(separator: ",").map { p -> String in
            let p = p.trimmingCharacters(in: .whitespaces)
            if p.hasPrefix("let ") { return p }
            return String(p.prefix { $0 != ":" }).trimmingCharacters(in: .whitespaces)
        }
        return "<" + parameters.joined(separator: ", ") + ">"
    }
}

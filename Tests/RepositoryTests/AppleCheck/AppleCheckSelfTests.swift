import Foundation
import KBTestSupport
import Testing

/// The Apple check has teeth: each defect an Apple platform's compiler would
/// report, written into a file of its own and type-checked as
/// ``AppleTypeCheckTests`` checks the package, fails the check with the
/// compiler's own words.
@Suite(
    "The Apple check fails where an Apple platform's compiler would",
    .enabled(if: AppleSDK.hostCanCheck, "the check replaces a Linux toolchain's platform modules"), .processTimeLimit
)
struct AppleCheckSelfTests {
    struct Defect: Sendable, CustomStringConvertible {
        var name: String
        var platform: AppleSDK.Platform
        /// A module the file imports, declared first (`nil`: none).
        var module: String?
        var code: String
        /// A part of the diagnostic the check must report.
        var expected: String
        var description: String { name }
    }

    static let defects: [Defect] = [
        Defect(
            name: "a main-actor UIKit call from a @Sendable closure", platform: .iOS, module: nil,
            code: """
                import UIKit
                func later(_ work: @escaping @Sendable () -> Void) {}
                func shrink() { later { UIView().layoutIfNeeded() } }
                """,
            expected: "main actor-isolated"),
        Defect(
            name: "a macOS-only call under canImport(Darwin)", platform: .iOS, module: nil,
            code: """
                #if canImport(Darwin)
                import Foundation
                func value() -> NSValue { NSValue(rect: .zero) }
                #endif
                """,
            expected: "not on iOS"),
        Defect(
            name: "an SDK call above the package's minimum", platform: .iOS, module: nil,
            code: """
                import Foundation
                func save(_ handle: FileHandle) throws { try handle.write(contentsOf: Data()) }
                """,
            expected: "iOS 13.4 and later; the minimum here is iOS 13.0"),
        Defect(
            name: "a standard-library type above the package's minimum", platform: .iOS, module: nil,
            code: "func pause() -> Duration { .seconds(1) }\n", expected: "Swift.Duration: iOS 16.0 and later"),
        Defect(
            name: "a public type named as MacTypes names one", platform: .macOS, module: "public struct Rect { public init() {} }\n",
            code: "import Foundation\nimport Shapes\nlet frame: Rect? = nil\n", expected: "'Rect' is ambiguous"),
        Defect(
            name: "a public type named as SwiftUI names one", platform: .iOS, module: "public struct EdgeInsets { public init() {} }\n",
            code: "import SwiftUI\nimport Shapes\nlet insets: EdgeInsets? = nil\n", expected: "'EdgeInsets' is ambiguous"),
        // Code that declares its own minimum is checked at it: what the SDK
        // introduced later fails there.
        Defect(
            name: "a SwiftUI modifier above its availability", platform: .iOS, module: nil,
            code: """
                import SwiftUI
                @available(iOS 17.0, *)
                struct FollowsScrolling: ViewModifier {
                    func body(content: Content) -> some View {
                        content.onScrollGeometryChange(for: Bool.self, of: { $0.contentOffset.y > 0 }) { _, _ in }
                    }
                }
                """,
            expected: "iOS 18.0 and later; the minimum here is iOS 17.0"),
        Defect(
            name: "a declaration without the availability beside it", platform: .iOS, module: nil,
            code: """
                import SwiftUI
                @available(iOS 18.0, *)
                struct Margins: ViewModifier {
                    func body(content: Content) -> some View { content.contentMargins(.bottom, 10, for: .scrollContent) }
                }
                struct Plain {}
                """,
            expected: "Defect.swift:6: no @available(iOS …) where the other declarations have 18.0"),
    ]

    /// One strict SDK per platform for the whole suite.
    static let sdks: [AppleSDK.Platform: Result<AppleSDK, any Error>] = {
        let root = AppleTypeCheckTests.workspace + "/self-test"
        var sdks: [AppleSDK.Platform: Result<AppleSDK, any Error>] = [:]
        for platform in AppleSDK.Platform.allCases {
            sdks[platform] = Result {
                let package = try PackageDescription.current.get()
                return try AppleSDK.make(platform, .strict, minimum: AppleSDK.minimum(platform, of: package), in: root)
            }
        }
        return sdks
    }()

    @Test(arguments: defects)
    func theCheckFailsOn(_ defect: Defect) throws {
        let sdk = try #require(Self.sdks[defect.platform]).get()
        let folder = AppleTypeCheckTests.workspace + "/self-test/\(defect.name.replacingOccurrences(of: " ", with: "-"))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let compiler = SwiftCompiler(sdk: sdk, searchPaths: [folder], moduleCache: sdk.moduleCache)
        if let module = defect.module {
            try module.write(toFile: folder + "/Shapes.swift", atomically: true, encoding: .utf8)
            try compiler.emitModule("Shapes", files: [folder + "/Shapes.swift"], into: folder)
        }
        let file = folder + "/Defect.swift"
        try defect.code.write(toFile: file, atomically: true, encoding: .utf8)
        // As the check compiles a document's block: at its own minimum, when
        // it declares one.
        let failure = #expect(throws: SwiftCompiler.Failure.self) {
            try AppleTypeCheckTests.compiler(for: [(file, defect.code)], sdk, searchPaths: [folder]).typecheck("Defect", files: [file])
        }
        #expect(failure?.description.contains(defect.expected) == true, "expected '\(defect.expected)': \(failure?.description ?? "no failure")")
    }
}

import Foundation
import KBTestSupport
import Testing

/// The heavy tier is declared, not guessed: a suite that sizes itself by
/// `TestTier` carries `.tags(.heavyTier)`, `.ci/run` runs the suites
/// `scripts/heavy-suites` finds by that tag, and docs/testing.md's tier
/// table lists exactly them.
@Suite("Tiers declared", .processTimeLimit, .enabled(if: Repository.hasPython, "needs python3"))
struct TierDeclarationTests {
    /// What `scripts/heavy-suites` prints: the suites `.ci/run` runs again.
    static func declared() throws -> Set<String> {
        let r = ChildProcess.run(Repository.path("scripts/heavy-suites"), [], in: Repository.root)
        try #require(r.status == 0, "scripts/heavy-suites failed: \(r.output)")
        return Set(r.stdout.split(separator: "\n").map(String.init))
    }

    @Test func everySuiteSizedByTheTierDeclaresIt() throws {
        let declared = try Self.declared()
        var sized: Set<String> = []
        for file in PackageDescription.swiftFiles(under: "Tests")
        where !file.contains("/UIKitStandIn/") && !file.contains("/KBTestSupport/")
            && !file.hasSuffix("/TierDeclarationTests.swift")
        {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            guard text.contains("TestTier.size") || text.contains("TestTier.heavy") else { continue }
            for m in text.matches(of: #/\n(?:final )?struct (\w+)/#) { sized.insert(String(m.output.1)) }
        }
        #expect(sized.count >= 10, "only \(sized.sorted()) size themselves by the tier: the walk reads too little")
        #expect(
            declared == sized,
            "sized by the tier, not declared: \(sized.subtracting(declared).sorted()); declared, not sized: \(declared.subtracting(sized).sorted())")
    }

    @Test func theTierTableListsTheDeclaredSuites() throws {
        let declared = try Self.declared()
        let text = try Repository.text("docs/testing.md")
        let table = try #require(text.range(of: "| test | fast tier | heavy tier |"), "docs/testing.md has no tier table")
        var listed: Set<String> = []
        for line in text[table.upperBound...].split(separator: "\n").dropFirst() {
            guard line.hasPrefix("|") else { break }
            if let m = line.firstMatch(of: #/^\| `(\w+)`/#) { listed.insert(String(m.output.1)) }
        }
        #expect(!listed.isEmpty, "the tier table lists no suite")
        #expect(
            listed == declared, "in the table only: \(listed.subtracting(declared).sorted()); declared only: \(declared.subtracting(listed).sorted())"
        )
    }
}

import Foundation
import Mutagen
import Testing

/// A file in, the expected mutants out: every operator, the ids, the
/// `#if` clauses Linux does not compile left alone, and ids that survive
/// code moving.
@Suite struct MutantFinderTests {
    static let fixture: String = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/Sample.swift")
        return try! String(contentsOf: url, encoding: .utf8)
    }()

    static let expected = [
        "Counter.count::INC(0→1)#1",
        "Counter.step(by:)::NEG(amount > 0 && count < 10→!(amount > 0 && count < 10))#1",
        "Counter.step(by:)::ROR(>→>=)#1",
        "Counter.step(by:)::INC(0→1)#1",
        "Counter.step(by:)::ROR(<→<=)#1",
        "Counter.step(by:)::INC(10→11)#1",
        "Counter.step(by:)::DEC(10→9)#1",
        "Counter.step(by:)::AOR(+→-)#1",
        "Counter.step(by:)::AOR(*→/)#1",
        "Counter.step(by:)::INC(2→3)#1",
        "Counter.step(by:)::DEC(2→1)#1",
        "Counter.step(by:)::CALL(record(amount)→)#1",
        "Counter.step(by:)::NEG(last != amount→!(last != amount))#1",
        "Counter.step(by:)::ROR(!=→==)#1",
        "Counter.step(by:)::BOOL(false→true)#1",
        "Counter.step(by:)::TERN(true : false→false : true)#1",
        "Counter.step(by:)::ROR(>=→>)#1",
        "Counter.step(by:)::INC(3→4)#1",
        "Counter.step(by:)::DEC(3→2)#1",
        "Counter.step(by:)::BOOL(true→false)#1",
        "Counter.step(by:)::BOOL(false→true)#2",
        "Counter.onLinux()::INC(7→8)#1",
        "Counter.onLinux()::DEC(7→6)#1",
    ].map { "Sample.swift::" + $0 }

    @Test func theFixtureGivesExactlyTheExpectedMutants() {
        let mutants = MutantFinder.mutants(in: Self.fixture, file: "Sample.swift")
        #expect(mutants.map(\.id) == Self.expected)
        #expect(Set(mutants.map(\.mutationOperator)) == Set(MutationOperator.allCases), "every operator has a site in the fixture")
        #expect(!mutants.contains { $0.declaration.contains("onlyOnApplePlatforms") }, "a clause only Apple platforms compile is left alone")
    }

    /// Each mutant changes its site and nothing else.
    @Test func eachMutantChangesOnlyItsSite() {
        for m in MutantFinder.mutants(in: Self.fixture, file: "Sample.swift") {
            let mutated = m.applied(to: Self.fixture)
            let before = Array(Self.fixture.utf8), after = Array(mutated.utf8)
            #expect(String(decoding: before[m.offset..<(m.offset + m.length)], as: UTF8.self) == m.original, "\(m.id)")
            #expect(Array(after[..<m.offset]) == Array(before[..<m.offset]), "\(m.id)")
            #expect(Array(after.suffix(before.count - m.offset - m.length)) == Array(before.suffix(before.count - m.offset - m.length)), "\(m.id)")
            #expect(mutated != Self.fixture, "\(m.id)")
        }
        let ternary = MutantFinder.mutants(in: Self.fixture, file: "Sample.swift").first { $0.mutationOperator == .ternarySwap }
        #expect(ternary.map { $0.applied(to: Self.fixture).contains("count >= 3 ? false : true") } == true)
    }

    /// Code moved within its file keeps its mutants' ids; only the lines change.
    @Test func idsDoNotDependOnLines() {
        let moved = "// a comment\n\nimport Swift\n\n" + Self.fixture
        let a = MutantFinder.mutants(in: Self.fixture, file: "Sample.swift"), b = MutantFinder.mutants(in: moved, file: "Sample.swift")
        #expect(a.map(\.id) == b.map(\.id))
        #expect(zip(a, b).allSatisfy { $0.line + 4 == $1.line })
    }

    @Test func conditionsAreReadAsLinuxReadsThem() {
        let source = """
            #if canImport(Darwin) || os(macOS)
            let apple = 1
            #elseif !canImport(Glibc)
            let other = 2
            #else
            let linux = 3
            #endif
            #if DEBUG && !os(iOS)
            let debug = 4
            #endif
            """
        #expect(MutantFinder.mutants(in: source, file: "c.swift").map(\.declaration) == ["linux", "linux", "debug", "debug"])
    }
}

import Foundation
import KBTestSupport
import KeyboardStrategies
import Testing

/// `kbbench shootout` as a user runs it: the JSON it prints, and an
/// external strategy beside the built-in ones.
@Suite("kbbench shootout", .processTimeLimit, .tags(.heavyTier))
struct ShootoutCommandTests {
    typealias K = KbbenchProcess

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not a JSON object: \(text.prefix(200))")
    }

    static func rows(_ o: [String: Any]) throws -> [String: [String: Any]] {
        let strategies = try #require(o["strategies"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: strategies.compactMap { s in (s["name"] as? String).map { ($0, s) } })
    }

    /// Every catalog strategy that serves screens of fields gets a row of
    /// the documented keys (the "by choice" count only for a strategy that
    /// documents a choice), each row accounts for every scenario, and the
    /// engine is clean.
    @Test("shootout --json has the documented shape (50 scenarios of seed 1)")
    func theJSONHasTheDocumentedShape() throws {
        let r = K.kbbench("shootout", "--scenarios", "50", "--json")
        #expect(r.status == 0, "\(r.output)")
        let o = try Self.object(r.stdout)
        #expect(o["schemaVersion"] as? Int == 2 && o["seed"] as? Int == 1 && o["allScenarios"] as? Bool == false)
        #expect(o["generatorVersion"] as? Int != nil && o["interrupted"] as? Bool == false)
        let strategies = try #require(o["strategies"] as? [[String: Any]])
        let served = StrategyCatalog.all.filter { $0.scope.screens.contains(.fields) }.map { $0.name }
        #expect(strategies.compactMap { $0["name"] as? String } == served)
        let keys: Set<String> = [
            "name", "scope", "scenarios", "outOfScope", "violations", "fieldHidden", "fieldHiddenOnlyAfterSwitch", "promisesDistance", "anyViolation",
            "unsatisfiable", "coveredFrames60", "coveredFrames120",
        ]
        for s in strategies {
            let name = s["name"] as? String ?? "?"
            let documentsAChoice = !(try #require(StrategyCatalog.strategy(named: name))).documentedChoices.isEmpty
            #expect(Set(s.keys) == (documentsAChoice ? keys.union(["anyOnlyByChoice"]) : keys), "\(name)")
            let violations = try #require(s["violations"] as? [String: Int])
            #expect(violations.keys.sorted() == (1...10).map { "I\($0)" }.sorted(), "\(name)")
            #expect((s["scenarios"] as? Int ?? 0) + (s["outOfScope"] as? Int ?? 0) == 50, "\(name)")
        }
        let engine = try #require(strategies.first)
        #expect(engine["outOfScope"] as? Int == 0 && (engine["violations"] as? [String: Int])?.values.reduce(0, +) == 0)
    }

    /// On chat screens the summary says so, counts the rules judged there,
    /// has a row for each strategy that serves chat screens, and the engine
    /// is clean; the table names the chat screens and their legend.
    @Test("shootout --screens chat: its JSON and its table (50 chat screens of seed 1)")
    func theChatShootoutSaysWhatItJudged() throws {
        let r = K.kbbench("shootout", "--screens", "chat", "--scenarios", "50", "--json")
        #expect(r.status == 0, "\(r.output)")
        let o = try Self.object(r.stdout)
        #expect(o["screens"] as? String == "chat")
        let strategies = try #require(o["strategies"] as? [[String: Any]])
        let served = StrategyCatalog.all.filter { $0.scope.screens.contains(.chat) }.map { $0.name }
        #expect(strategies.compactMap { $0["name"] as? String } == served && served.contains("messageKit"))
        for s in strategies {
            let violations = try #require(s["violations"] as? [String: Int])
            #expect(Set(violations.keys) == ["I1", "I3", "I4", "I5", "I6", "I7", "I9", "T1", "T2", "T3", "T4"], "\(s["name"] ?? "?")")
        }
        let engine = try #require(strategies.first)
        #expect(engine["scenarios"] as? Int == 50 && (engine["violations"] as? [String: Int])?.values.reduce(0, +) == 0)
        let table = K.kbbench("shootout", "--screens", "chat", "--scenarios", "50")
        #expect(table.status == 0 && table.stdout.contains("50 chat screens") && table.stdout.contains("T1-T4: the transcript rules"))
        #expect(table.stdout.contains("--screens chat --write-trace INDEX FILE") && !table.stdout.contains("cov60"))
    }

    /// `--cancel-drags`: read as nothing, every row is the plain run's; read
    /// as a show, some row moves and the engine stays clean. The JSON names
    /// the reading (and a plain run has no such key), and the table says it
    /// and how to write a scenario back with it.
    @Test("shootout --cancel-drags: nothing moves no row, a show some (100 scenarios of seed 1)")
    func cancelledDragsAreReadAsAsked() throws {
        let plain = try Self.object(K.kbbench("shootout", "--scenarios", "100", "--json").stdout)
        let nothing = try Self.object(K.kbbench("shootout", "--scenarios", "100", "--json", "--cancel-drags", "nothing").stdout)
        let shown = try Self.object(K.kbbench("shootout", "--scenarios", "100", "--json", "--cancel-drags", "showAgain").stdout)
        #expect(
            plain["cancelledDrags"] == nil && nothing["cancelledDrags"] as? String == "nothing" && shown["cancelledDrags"] as? String == "showAgain")
        let (plainRows, nothingRows, shownRows) = (try Self.rows(plain), try Self.rows(nothing), try Self.rows(shown))
        #expect(plainRows.keys.sorted() == nothingRows.keys.sorted() && plainRows.keys.sorted() == shownRows.keys.sorted())
        for (name, row) in plainRows { #expect(row as NSDictionary == nothingRows[name].map { $0 as NSDictionary }, "\(name)") }
        #expect(plainRows.contains { name, row in row as NSDictionary != shownRows[name].map { $0 as NSDictionary } }, "no row moves")
        #expect((shownRows["engine"]?["anyViolation"] as? Int) == 0)
        let table = K.kbbench("shootout", "--scenarios", "20", "--cancel-drags", "showAgain")
        #expect(table.status == 0 && table.stdout.contains("each interactive dismissal first cancelled once, iOS read as sending a show"))
        #expect(table.stdout.contains("--seed 1 --cancel-drags showAgain --write-trace INDEX FILE"), "\(table.stdout)")
    }

    /// The Python cookbook, spoken to over protocol v1, gets the built-in
    /// cookbook's counts, every strategy judged on every scenario: 300
    /// scenarios in the fast tier, 2,000 in the heavy one.
    static let cookbookScenarios = TestTier.size(fast: 300, heavy: 2_000)

    @Test(
        "cookbook.py gets the built-in cookbook's row on the first scenarios of seed 1, judged everywhere",
        .enabled(if: Repository.hasPython, "needs python3"))
    func theExampleCookbookIsTheBuiltInOne() throws {
        let external = "exec:python3 Examples/exec-strategy/cookbook.py"
        let n = Self.cookbookScenarios
        let r = K.kbbench("shootout", "--all-scenarios", "--scenarios", "\(n)", "--json", "--with", external)
        #expect(r.status == 0, "\(r.output)")
        let rows = try Self.rows(try Self.object(r.stdout))
        let builtin = try #require(rows["cookbook"]), python = try #require(rows[external])
        func counts(_ row: [String: Any]) -> NSDictionary { row.filter { $0.key != "name" && $0.key != "scope" } as NSDictionary }
        #expect(counts(builtin) == counts(python))
        let violations = (builtin["violations"] as? [String: Int])?.values.reduce(0, +) ?? 0
        #expect(builtin["scenarios"] as? Int == n && violations > n / 10, "a comparison of two rows that violate nothing proves little")
    }
}

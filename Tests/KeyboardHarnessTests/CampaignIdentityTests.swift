import KeyboardGeneration
import KeyboardJSON
import Testing

import KeyboardHarness

/// The one place a campaign's seed, generator version and shard are
/// written and read: every file of a campaign says them alike.
@Suite struct CampaignIdentityTests {
    /// `text` read as a summary reads it (the default: no older forms), or
    /// as a fuzz state does.
    static func read(_ text: String, olderStates: Bool = false) throws(MalformedInput) -> CampaignIdentity {
        var o = try JSONObjectReader.document(Array(text.utf8), file: "id.json")
        return try olderStates ? CampaignIdentity.read(&o, olderStates: true) : CampaignIdentity.read(&o)
    }

    static func written(_ identity: CampaignIdentity) -> String { JSONWriter.string(.object(identity.jsonFields)) }

    @Test(arguments: [0, 7, (1 << 53) - 1, 1 << 53, (1 << 53) + 1, UInt64.max] as [UInt64])
    func everySeedReadsBackExactly(seed: UInt64) throws {
        for shard in [Shard.whole, Shard(index: 2, count: 5)] {
            let identity = CampaignIdentity(seed: seed, shard: shard)
            let text = Self.written(identity)
            #expect(try Self.read(text) == identity, "\(text)")
            #expect(try Self.read(text, olderStates: true) == identity, "a state reads what a summary writes")
        }
        // Below 2^53 a number, as schema 3 always wrote it; from it, a string.
        #expect(Self.written(CampaignIdentity(seed: seed)).hasPrefix(seed < 1 << 53 ? #"{"seed":\#(seed),"# : #"{"seed":"\#(seed)","#))
    }

    @Test func theKeysAreWrittenAsTheSummariesAlwaysWroteThem() {
        let text = Self.written(CampaignIdentity(seed: 7, shard: Shard(index: 0, count: 4)))
        #expect(text == #"{"seed":7,"generatorVersion":\#(ScenarioGenerator.version),"shard":"0/4"}"#)
        #expect(Self.written(CampaignIdentity(seed: 7)).hasSuffix(#""shard":null}"#))
    }

    /// What fuzz states wrote before: the shard as `[i, n]`, no generator
    /// version (1). Only a state may say so; a summary never did.
    @Test func olderStatesFormsAreReadOnlyForStates() throws {
        let old = #"{"seed":"11","shard":[1,3]}"#
        #expect(try Self.read(old, olderStates: true) == CampaignIdentity(seed: 11, generatorVersion: 1, shard: Shard(index: 1, count: 3)))
        #expect(throws: MalformedInput.self) { try Self.read(old) }
        #expect(throws: MalformedInput.self) { try Self.read(#"{"seed":11,"generatorVersion":2,"shard":[1,3]}"#) }
        // The older form's index is one of the count's, as the newer one's.
        #expect(try Self.read(#"{"seed":"11","shard":[2,3]}"#, olderStates: true).shard == Shard(index: 2, count: 3))
        for (index, count) in [(3, 3), (-1, 3), (0, 0)] {
            #expect { try Self.read(#"{"seed":"11","shard":[\#(index),\#(count)]}"#, olderStates: true) } throws: { error in
                "\(error)".contains("shard")
            }
        }
        // Each element is named where it is wrong: the index first, the count second.
        #expect { try Self.read(#"{"seed":"11","shard":[0,0]}"#, olderStates: true) } throws: { error in
            (error as? MalformedInput)?.key == "shard[1]"
        }
        #expect { try Self.read(#"{"seed":"11","shard":[5,3]}"#, olderStates: true) } throws: { error in
            (error as? MalformedInput)?.key == "shard[0]"
        }
    }

    @Test(arguments: [
        (#"{"seed":"eleven","generatorVersion":2}"#, "seed") as (String, String), (#"{"seed":-1,"generatorVersion":2}"#, "seed"),
        (#"{"seed":9007199254740993,"generatorVersion":2}"#, "seed"), (#"{"seed":9007199254740992,"generatorVersion":2}"#, "seed"),
        (#"{"seed":1.5,"generatorVersion":2}"#, "seed"),
        (#"{"seed":1,"generatorVersion":0}"#, "generatorVersion"), (#"{"seed":1,"generatorVersion":1000001}"#, "generatorVersion"),
        (#"{"seed":1}"#, "generatorVersion"),
        (#"{"seed":1,"generatorVersion":2,"shard":"3/3"}"#, "shard"), (#"{"seed":1,"generatorVersion":2,"shard":true}"#, "shard"),
    ])
    func malformedKeysAreNamed(text: String, key: String) {
        #expect { try Self.read(text) } throws: { error in "\(error)".contains("'\(key)'") }
    }

    /// A generator version reads from 1 to a million, both included.
    @Test func aGeneratorVersionReadsUpToAMillion() throws {
        #expect(try Self.read(#"{"seed":1,"generatorVersion":1000000,"shard":null}"#).generatorVersion == 1_000_000)
        #expect(try Self.read(#"{"seed":1,"generatorVersion":1,"shard":null}"#).generatorVersion == 1)
    }

    /// A summary of a seed above 2^53 merges (it was once written as a
    /// number that no summary could read back).
    @Test func aSummaryOfALargeSeedIsReadBackWhole() throws {
        let summary = FuzzSummary(
            strategy: "engine", identity: CampaignIdentity(seed: .max, shard: Shard(index: 1, count: 2)), bound: .runs(1), allScenarios: false,
            totals: FuzzTotals(), corpus: CampaignResult.CorpusReplay(), throughput: FuzzThroughput(notifications: 0, seconds: 0, cpuSeconds: 0),
            counterexamples: [], interrupted: false)
        #expect(try FuzzSummary.read(Array(JSONWriter.string(summary.json).utf8), file: "s.json") == summary)
    }
}

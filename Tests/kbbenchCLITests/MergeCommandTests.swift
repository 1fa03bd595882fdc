import Foundation
import KBTestSupport
import Testing

/// `kbbench merge` through the built binary: the summaries of one
/// campaign's shards make one verdict, and every way of not being one
/// campaign's whole set of shards has its own status and names the files.
@Suite("kbbench merge", .processTimeLimit)
struct MergeCommandTests {
    typealias K = KbbenchProcess

    /// Three engine shards of seed 7 (30 runs each), and the folder they
    /// are in.
    static let engineShards: (folder: String, files: [String]) = {
        let folder = try! K.temporaryDirectory()
        let files = (0..<3).map { i in
            let r = K.kbbench(
                "fuzz", "--strategy", "engine", "--seed", "7", "--runs", "30", "--shard", "\(i)/3", "--failures", folder + "/f\(i)", "--json")
            let file = folder + "/shard-\(i).json"
            try! r.stdout.write(toFile: file, atomically: true, encoding: .utf8)
            return file
        }
        return (folder, files)
    }()

    /// A copy of `file` with `from` replaced by `to`, in a new file.
    static func edited(_ file: String, _ from: String, _ to: String) throws -> String {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains(from), "\(from) is in \(file)")
        let copy = file.replacingOccurrences(of: ".json", with: "-\(UUID().uuidString.prefix(6)).json")
        try text.replacingOccurrences(of: from, with: to).write(toFile: copy, atomically: true, encoding: .utf8)
        return copy
    }

    @Test func theShardsOfOneCampaignMakeOneSummary() throws {
        let (_, files) = Self.engineShards
        let r = K.kbbench(["merge", "--json"] + files)
        #expect(r.status == 0, "\(r.output)")
        let merged = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(merged["runs"] as? Int == 90 && merged["shard"] is NSNull, "\(r.stdout)")
        #expect((merged["bound"] as? [String: Int])?["runs"] == 90)
        let whole = K.kbbench("fuzz", "--strategy", "engine", "--seed", "7", "--runs", "90", "--failures", try K.temporaryDirectory(), "--json")
        let one = try #require(try JSONSerialization.jsonObject(with: Data(whole.stdout.utf8)) as? [String: Any])
        #expect(one["notificationsChecked"] as? Int == merged["notificationsChecked"] as? Int, "one run of 90 checks what the shards did")
        #expect(one["unsatisfiable"] as? Int == merged["unsatisfiable"] as? Int)
    }

    @Test func aViolationInAShardFailsTheMergeAndItsCounterexamplesAreWritten() throws {
        let folder = try K.temporaryDirectory()
        let files = (0..<2).map { i in
            let r = K.kbbench(
                "fuzz", "--strategy", "cookbook", "--seed", "7", "--runs", "60", "--shard", "\(i)/2", "--failures", folder + "/f\(i)", "--json")
            let file = folder + "/shard-\(i).json"
            try! r.stdout.write(toFile: file, atomically: true, encoding: .utf8)
            return file
        }
        let r = K.kbbench(["merge", "--failures", folder + "/merged"] + files)
        #expect(r.status == 1, "\(r.output)")
        let written = try FileManager.default.contentsOfDirectory(atPath: folder + "/merged").sorted()
        #expect(!written.isEmpty && written.allSatisfy { $0.hasPrefix("cookbook-I") }, "\(written)")
        #expect(r.stdout.contains("kbbench replay --strategy cookbook \(folder)/merged/"), "\(r.stdout)")
        // Exactly what the unsharded run writes: each trace with its picture.
        let whole = K.kbbench("fuzz", "--strategy", "cookbook", "--seed", "7", "--runs", "120", "--failures", folder + "/whole")
        #expect(whole.status == 1, "\(whole.output)")
        let unsharded = try FileManager.default.contentsOfDirectory(atPath: folder + "/whole").sorted()
        #expect(written == unsharded, "merged \(written), unsharded \(unsharded)")
        #expect(written.contains { $0.hasSuffix(".svg") } && written.contains { $0.hasSuffix(".kbtrace") }, "\(written)")
        for name in written {
            let merged = FileManager.default.contents(atPath: folder + "/merged/" + name)
            #expect(merged != nil && merged == FileManager.default.contents(atPath: folder + "/whole/" + name), "\(name) differs")
        }
    }

    @Test func aMissingShardIsNamed() {
        let (_, files) = Self.engineShards
        let r = K.kbbench(["merge", files[0], files[2]])
        #expect(r.status == 4, "\(r.output)")
        #expect(r.stderr.contains("missing: shard 1/3 of 3"), "\(r.stderr)")
    }

    @Test func aShardGivenTwiceIsNamedWithItsFiles() {
        let (_, files) = Self.engineShards
        let r = K.kbbench(["merge"] + files + [files[1]])
        #expect(r.status == 5, "\(r.output)")
        #expect(r.stderr.contains("given more than once: shard 1/3 (\(files[1]), \(files[1]))"), "\(r.stderr)")
    }

    @Test(arguments: [
        ("\"seed\":7,", "\"seed\":8,", "seed is 7 in the first and 8 in the second"),
        ("\"strategy\":\"engine\"", "\"strategy\":\"cookbook\"", "strategy is engine in the first and cookbook in the second"),
    ])
    func anotherCampaignsShardIsRefused(from: String, to: String, message: String) throws {
        let (_, files) = Self.engineShards
        let other = try Self.edited(files[1], from, to)
        let r = K.kbbench("merge", files[0], other, files[2])
        #expect(r.status == 3, "\(r.output)")
        #expect(r.stderr.contains("\(files[0]) and \(other) are not shards of one campaign: \(message)"), "\(r.stderr)")
    }

    @Test func aMalformedSummaryNamesTheFileAndTheKey() throws {
        let (_, files) = Self.engineShards
        let bad = try Self.edited(files[2], "\"runs\":30,", "\"runs\":-3,")
        let r = K.kbbench("merge", files[0], files[1], bad)
        #expect(r.status == 65, "\(r.output)")
        #expect(r.stderr.contains(bad) && r.stderr.contains("runs"), "\(r.stderr)")
    }

    @Test func anInterruptedShardIsSaidAndHasItsOwnStatus() throws {
        let (_, files) = Self.engineShards
        let stopped = try Self.edited(files[1], "\"interrupted\":false", "\"interrupted\":true")
        let r = K.kbbench("merge", files[0], stopped, files[2])
        #expect(r.status == 6, "\(r.output)")
        #expect(r.stderr.contains("\(stopped): shard 1/3 was interrupted: the merged totals are partial"), "\(r.stderr)")
    }
}

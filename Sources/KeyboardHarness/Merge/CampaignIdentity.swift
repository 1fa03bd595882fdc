import KeyboardGeneration
import KeyboardJSON

/// Which scenarios a campaign ran: its seed, the generator version the seed
/// names scenarios within, the screens they are played on, and its shard.
/// Every file that names a campaign (a fuzz summary, an audit round trip's
/// summary, a fuzz state) writes and reads these keys here and nowhere
/// else, so two files of one campaign always agree on how they say so.
///
/// The keys: `"seed"`, a JSON integer below 2^53 (past it, a JSON number
/// read as a double may stand for another integer) and a decimal string
/// from it on, and either read back; `"generatorVersion"`, an integer ≥ 1;
/// `"screens"`, `"chat"` for a campaign of chat screens, left out for one
/// of fields (so that every file written before chat screens reads as
/// what it was; `"fields"` reads too); `"shard"`, `"i/n"` with 0 ≤ i < n, or null for a whole
/// campaign.
public struct CampaignIdentity: Hashable, Sendable, CustomStringConvertible {
    public var seed: UInt64
    /// The generator version the seed's scenarios were drawn with
    /// (``ScenarioGenerator/version``): one seed names other scenarios in
    /// another version.
    public var generatorVersion: Int
    /// The screens the scenarios are played on: one seed names a scenario
    /// of each kind.
    public var screens: ScreenKind
    /// `.whole` for a campaign run unsharded.
    public var shard: Shard

    package init(seed: UInt64, generatorVersion: Int = ScenarioGenerator.version, screens: ScreenKind = .fields, shard: Shard = .whole) {
        self.seed = seed
        self.generatorVersion = generatorVersion
        self.screens = screens
        self.shard = shard
    }

    /// The largest seed written as a JSON number: 2^53 − 1. JSON numbers
    /// are read as doubles, in which 2^53 + 1 reads as 2^53, so a number
    /// of 2^53 or more could be another seed and is refused.
    static let largestNumericSeed: UInt64 = (1 << 53) - 1

    /// The keys, in this order, as a file of the campaign writes them.
    package var jsonFields: [(String, JSONWriter.Value)] {
        [
            ("seed", seed <= Self.largestNumericSeed ? .unsigned(seed) : .string(String(seed))),
            ("generatorVersion", .integer(generatorVersion)),
        ] + (screens == .fields ? [] : [("screens", .string(screens.rawValue))]) + [
            ("shard", shard == .whole ? .null : .string(shard.description))
        ]
    }

    /// Reads the keys from `o`, strictly: problems name the file, the
    /// line and the key. `olderStates` also reads what fuzz states wrote
    /// before this type existed: no `generatorVersion` (version 1), and the
    /// shard as `[i, n]`.
    package static func read(_ o: inout JSONObjectReader, olderStates: Bool = false) throws(MalformedInput) -> CampaignIdentity {
        let seedValue = try o.required("seed")
        let seed: UInt64
        if case .string(let text) = seedValue {
            guard let parsed = UInt64(text) else {
                throw o.fail("seed", .wrongType(expected: "an unsigned 64-bit seed (a number, or a decimal string)", found: "'\(text)'"))
            }
            seed = parsed
        } else {
            if case .number(let d) = seedValue, d > Double(largestNumericSeed) {
                throw o.fail(
                    "seed", .wrongType(expected: "a number below 2^53 (a larger seed is a decimal string)", found: "\(seedValue.kindName) \(d)"))
            }
            seed = UInt64(try o.integer(seedValue, "seed", in: 0...Int(largestNumericSeed)))
        }
        let version = olderStates ? o.optional("generatorVersion") : try o.required("generatorVersion")
        let generatorVersion = try version.map { v throws(MalformedInput) in try o.integer(v, "generatorVersion", in: 1...1_000_000) } ?? 1
        var screens = ScreenKind.fields
        if let value = o.optional("screens") {
            let text = try o.string(value, "screens")
            guard let kind = ScreenKind(rawValue: text) else {
                throw o.fail("screens", .notOneOf(text, allowed: ScreenKind.allCases.map(\.rawValue)))
            }
            screens = kind
        }
        var shard = Shard.whole
        let shardValue = o.optional("shard")
        switch shardValue {
        case nil, .null?: break
        case .string(let text)?:
            guard let parsed = Shard(parsing: text) else {
                throw o.fail("shard", .wrongType(expected: "i/n with 0 <= i < n, or null", found: "'\(text)'"))
            }
            shard = parsed
        case .array? where olderStates:
            let items = try o.array(shardValue ?? .null, "shard")
            guard items.count == 2 else { throw o.fail("shard", .wrongType(expected: "[index, count]", found: "\(items.count) elements")) }
            let count = try o.integer(items[1].0, at: items[1].1, in: 1...FuzzState.largestCount)
            shard = Shard(index: try o.integer(items[0].0, at: items[0].1, in: 0...(count - 1)), count: count)
        case let other?:
            throw o.fail("shard", .wrongType(expected: "i/n with 0 <= i < n, or null", found: other.kindName))
        }
        return CampaignIdentity(seed: seed, generatorVersion: generatorVersion, screens: screens, shard: shard)
    }

    /// What shards of one campaign share (the shard itself is
    /// ``ShardMerge``'s own check), by key.
    package var campaignKeys: [(key: String, value: String)] {
        [("seed", String(seed)), ("generatorVersion", String(generatorVersion)), ("screens", screens.rawValue)]
    }

    /// `seed S, shard i/n`, with `chat screens` for a campaign of them,
    /// and the generator version when it is not this kbbench's (then the
    /// seed names other scenarios).
    public var description: String {
        "seed \(seed), \(screens == .chat ? "chat screens, " : "")shard \(shard)"
            + (generatorVersion == ScenarioGenerator.version
                ? "" : ", generator version \(generatorVersion), not this kbbench's \(ScenarioGenerator.version): the seed names other scenarios now")
    }
}

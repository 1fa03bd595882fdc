import KBTestSupport
import KeyboardGeneration
import KeyboardHarness
import KeyboardTrace
import Testing

/// The generator's chat screens: the composer's growth stays within its
/// bound, and what seed 1 names is pinned, as for screens of fields
/// (`GenerationGoldenTests`).
@Suite("Generated chat screens")
struct ChatScreenGenerationTests {
    static let golden = GoldenFile.url("Golden/chat-screens-seed1.txt", besideTestFile: #filePath)
    static let seed: UInt64 = 1

    /// The composer grows a line (20 points) at a time up to four lines
    /// above its first height, and no further, on every screen of the seed;
    /// some screen reaches the bound, so that it is exercised.
    @Test("seed 1: the composer grows to four lines above its first height at most, and some screen reaches it")
    func theComposerGrowsToItsBoundAndNoFurther() throws {
        var highest = 0.0
        for index in 0..<300 {
            let trace = DrawnScenario(mixedSeed: Self.seed, index: index, screens: .chat).trace
            let first = try #require(trace.header.composer?.height, "chat screen \(index) has a composer")
            for line in trace.events {
                guard case .layout(let change) = line.event, let composer = change.composer else { continue }
                let above = composer.height - first
                #expect(above <= 4 * 20, "chat screen \(index): the composer \(above) points above its first height")
                highest = max(highest, above)
            }
        }
        #expect(highest == 4 * 20, "the highest composer was \(highest) points above its first height")
    }

    /// One chat screen: its index (`a` before it when adversarial), its
    /// device, system and orientation, its event count, and the 32-bit
    /// FNV-1a hash of its trace's text.
    static func line(index: Int) -> String {
        let drawn = DrawnScenario(mixedSeed: seed, index: index, screens: .chat)
        let s = drawn.scenario, trace = drawn.trace
        let label = (DrawnScenario.isAdversarial(index) ? "a" : "") + "\(index)"
        return
            "\(label) \(s.device.name) v\(s.systemVersion) \(s.orientation.rawValue) events=\(trace.events.count) \(Counterexample.hash(TraceWriter.text(trace)))"
    }

    /// Seed 1's first 200 chat screens in the mixed stream: a change to
    /// what the chat generator draws (a message sent, the composer's
    /// growth, a user's scroll) shows up as a diff of the lines it changed.
    @Test func seedOnesChatScreensAreTheReviewedOnes() throws {
        let text = (0..<200).map { Self.line(index: $0) }.joined(separator: "\n") + "\n"
        let difference = try GoldenFile.difference(text, from: Self.golden)
        #expect(difference == nil, "\(difference ?? "")")
    }
}

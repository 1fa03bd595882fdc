import Foundation
import KBTestSupport
import Testing
import _KeyboardWorkloads

/// The options of the verdict's own benchmark (`--plant-slowdown`,
/// `--count-instructions`): a wrong value is refused before anything is
/// measured, naming what is expected, and a missing tool is named with how
/// to install it. (Counting itself needs a release build and valgrind: the
/// heavy tier runs `bench --planted-slowdowns`.)
@Suite("bench's planted slowdowns and counting, at the edges", .processTimeLimit)
struct PlantSlowdownOptionTests {
    typealias K = KbbenchProcess

    @Test(arguments: ["engine", "engine:-1", "engine:101", "nosuch:3", "engine:three", ":3", "engine:3:4"])
    func aWrongPlantIsBadUsageNamingWhatIsExpected(spec: String) {
        let r = K.kbbench("bench", "--suite", "engine", "--plant-slowdown", spec, "--output", "-")
        #expect(r.status == 64, "\(spec): \(r.output)")
        #expect(r.stderr.contains("--plant-slowdown \(spec)") && r.stderr.contains("BENCHMARK:PERCENT") && r.stderr.contains("0…100"), "\(r.stderr)")
        #expect(r.stdout.isEmpty, "nothing measured")
    }

    /// A plant of p % rehearses every ⌊100 ÷ p⌋-th notification: of
    /// 10,000, none for 0 %, 100 for 1 %, 303 for 3 % (every 33rd), 1,000
    /// for 10 % and every one for 100 %.
    @Test(arguments: [(0, 0), (1, 100), (3, 303), (10, 1_000), (100, 10_000)])
    func aPlantRehearsesEveryPeriodthNotification(percent: Int, rehearsals: Int) {
        final class Counting: Workload {
            let name = "counting", count = 1
            var rehearsed = 0
            func run(_ i: Int) -> Int { i }
            func rehearse(_ i: Int) -> Int {
                rehearsed += 1
                return i
            }
        }
        let workload = Counting()
        var plant = SlowdownPlant(percent: percent)
        for i in 0..<10_000 { _ = plant.handle(i, of: workload) }
        #expect(workload.rehearsed == rehearsals, "\(percent) %")
    }

    /// Asked for, counting without valgrind or objcopy on PATH is exit 69,
    /// naming the tools and the packages; no record is written.
    @Test func countingWithoutTheToolsNamesThem() throws {
        let empty = try K.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: empty) }
        let r = K.run(
            K.binary,
            [
                "bench", "--suite", "floor", "--samples", "100", "--no-scaling", "--counterexample-repeats", "0", "--planted-bug-seeds", "0",
                "--count-instructions", "--output", empty + "/r.json",
            ],
            in: Repository.root, environment: ["PATH": empty])
        #expect(r.status == 69, "\(r.output)")
        #expect(r.stderr.contains("valgrind") && r.stderr.contains("apt-get install valgrind binutils"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: empty + "/r.json"), "no record without the counts asked for")
    }
}

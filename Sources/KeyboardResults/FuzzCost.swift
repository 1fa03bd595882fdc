/// What a nightly fuzz job pays per checked notification: the instructions
/// a campaign executes (generation, the world, the strategy and its twin,
/// the oracle), counted by callgrind (`scripts/fuzz-instructions`), with
/// the start-up subtracted, divided by the notifications the campaign
/// checked.
///
/// Unlike a time, the count is the same on every run of the same binary,
/// seed and run count, so two commits compare exactly.
package struct FuzzCost: Hashable, Sendable {
    /// The strategy fuzzed (`engine` for the recorded figure).
    package var strategy: String
    package var seed: UInt64
    /// Scenarios the campaign ran.
    package var runs: Int
    /// Notifications (trace events) the oracle checked.
    package var notificationsChecked: Int
    package var instructionsPerCheckedNotification: Double

    package init(strategy: String, seed: UInt64, runs: Int, notificationsChecked: Int, instructionsPerCheckedNotification: Double) {
        self.strategy = strategy
        self.seed = seed
        self.runs = runs
        self.notificationsChecked = notificationsChecked
        self.instructionsPerCheckedNotification = instructionsPerCheckedNotification
    }

    /// The series a dashboard draws it as: `engine seed 5`.
    package var label: String { "\(strategy) seed \(seed)" }
}

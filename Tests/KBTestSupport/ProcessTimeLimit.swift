import Testing

extension Trait where Self == TimeLimitTrait {
    /// The time limit of every suite whose tests start a process, open a
    /// file of a kind that can block (a FIFO), or wait for a signal: 10
    /// minutes, 30 in the heavy tier (its workloads are up to ten times
    /// larger). Generous, so that only a hang reaches it; a hang then fails
    /// that test by name and the rest of the suite goes on, where it would
    /// otherwise hold `swift test` until CI's own limit. `HangGuardTests`
    /// holds every such suite to it.
    package static var processTimeLimit: Self { .timeLimit(.minutes(TestTier.heavy ? 30 : 10)) }
}

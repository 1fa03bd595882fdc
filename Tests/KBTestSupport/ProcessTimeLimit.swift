import Testing

extension Trait where Self == TimeLimitTrait {
    /// The time limit of every suite whose tests start a process, open a
    /// file of a kind that can block (a FIFO), or wait for a signal: 45
    /// minutes. Swift Testing counts it from when the test is scheduled, and
    /// on two cores a quick test can wait behind the others for most of the
    /// fast tier's quarter of an hour, so the limit sits above the whole
    /// run's length and below CI's job limit (90 minutes): a hang then fails
    /// by name rather than as a cancelled job. What ends a hang sooner is
    /// the call's own bound: a child process is killed after
    /// `ChildProcess.Hang.limit`, and code that can block in the kernel runs
    /// under `Deadline.within`. `HangGuardTests` holds every such suite to
    /// a limit.
    package static var processTimeLimit: Self { .timeLimit(.minutes(45)) }
}

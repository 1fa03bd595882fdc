/// The oracle's verdict on a whole trace: every invariant violated at any
/// step (I7 among them when two instances ran in lockstep), and whether any
/// step was unsatisfiable (no strategy could have shown the field there).
public struct Verdict: Hashable, Sendable {
    public var violated: Set<Invariant>
    public var unsatisfiable: Bool

    public init(violated: Set<Invariant> = [], unsatisfiable: Bool = false) {
        self.violated = violated
        self.unsatisfiable = unsatisfiable
    }

    /// No invariant was violated (an unsatisfiable step is no failure).
    public var passed: Bool { violated.isEmpty }
}

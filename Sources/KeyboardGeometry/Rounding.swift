/// What a comparison of geometry allows for rounding, in points. Every
/// module that asks whether two values are one "up to rounding" (the
/// engine, the simulator, the oracle, the glue's differential) asks here,
/// so that they agree on what rounding is.
///
/// Properties: every allowance is positive, even at 0; it depends on the
/// magnitude of the value compared and never on its sign; and it stays far
/// below a pixel (a third of a point at 3×) for every screen-sized value.
///
/// Public, so that a strategy judged by the oracle can compare as the oracle
/// does, and inlinable: the engine asks on every notification from another
/// module, and this toolchain's release builds inline a public inlinable
/// function there but call a package one (results/HISTORY.md has the
/// count).
public enum Rounding {
    /// How far apart two readings of one value may be: a millionth of a
    /// point. A size or an inset read through containers at fractional
    /// offsets carries noise of this order (a top safe area of
    /// 23.999999999999986 for 24); a pixel is hundreds of thousands of
    /// times larger.
    public static let betweenReadings = 1e-6

    /// What doubles lose at the magnitude of `scale`: a billionth of it,
    /// and a billionth of a point below a magnitude of 1 (so that values
    /// near 0 get an allowance too). For results of one computation that
    /// should meet exactly, such as two ends of intervals.
    @inlinable
    public static func lost(at scale: Double) -> Double { 1e-9 * Swift.max(1, abs(scale)) }

    /// ``betweenReadings`` plus what doubles lose at the magnitude of
    /// `scale` (a millionth of a point per thousand points): for values
    /// reached along different paths, such as an offset the simulator
    /// clamped and a band edge the oracle computed.
    @inlinable
    public static func allowance(at scale: Double) -> Double { betweenReadings + 1e-9 * abs(scale) }
}

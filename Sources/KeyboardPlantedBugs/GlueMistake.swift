import KeyboardAvoidance
import KeyboardOracle
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld

/// One mistake an app's keyboard glue makes around a correct engine: what a
/// planted bug (``PlantedGlue``) gets wrong, and where such a bug is seen.
///
/// The glue hands the engine every event as ``EngineStrategy`` does, except
/// where the mistake intervenes: it may drop an event or read it wrongly
/// (`hear`: a notification it does not observe, the begin frame taken for
/// the end), hand the engine a world read wrongly (`read`: a field
/// without its caret, a window placed at the screen's origin, the scroll
/// view's current inset taken for the app's own), or perform its answer
/// wrongly (`perform`: a transcript's offset left where it was). `memory`
/// is whatever the mistake keeps between events (a saved inset).
package protocol GlueMistake: Sendable {
    /// The planted bug's name (`planted.<name>` in reports).
    static var name: String { get }
    /// The mistake, in one line.
    static var summary: String { get }
    /// Where such a bug is seen in practice (docs/sources.md keys, or a
    /// recipe's words).
    static var seenIn: String { get }
    /// What the mistake keeps between events.
    associatedtype Memory: Sendable = Void
    static var initialMemory: Memory { get }
    /// The event as the glue hands it on, or nil when it drops it; the
    /// default hands it on as it came.
    static func hear(_ event: TraceEvent, world: SimulatedWorld, memory: inout Memory) -> TraceEvent?
    /// The world as the glue reads it before it calls the engine; the
    /// default reads it right. `scrollView` is the scroll view before the
    /// event.
    static func read(_ world: inout SimulatedWorld, event: TraceEvent, scrollView: ScrollViewModel, memory: inout Memory)
    /// The world the glue sets the engine up with; the default is `world`.
    static func setUp(_ world: inout SimulatedWorld)
    /// What the glue does with the engine's answer: `scrollView` as the
    /// engine's action left it, `before` the scroll view the event found.
    /// The default performs the answer as it came.
    static func perform(_ scrollView: inout ScrollViewModel, before: ScrollViewModel, memory: inout Memory)
}

extension GlueMistake where Memory == Void {
    package static var initialMemory: Void { () }
}

extension GlueMistake {
    package static func hear(_ event: TraceEvent, world: SimulatedWorld, memory: inout Memory) -> TraceEvent? { event }
    package static func read(_ world: inout SimulatedWorld, event: TraceEvent, scrollView: ScrollViewModel, memory: inout Memory) {}
    package static func setUp(_ world: inout SimulatedWorld) {}
    package static func perform(_ scrollView: inout ScrollViewModel, before: ScrollViewModel, memory: inout Memory) {}
}

/// The engine with glue that makes `Mistake`: a planted bug for the
/// benchmark of the fuzzer's reach (``PlantedBugBenchmark``).
package struct PlantedGlue<Mistake: GlueMistake>: AvoidanceStrategy {
    package static var name: String { "planted.\(Mistake.name)" }
    package static var summary: String { Mistake.summary }
    /// The engine's promise: the glue claims what the engine claims.
    package static func promise(for header: TraceHeader) -> VisibilityPromise { EngineStrategy.promise(for: header) }

    private var engine: EngineStrategy
    private var memory = Mistake.initialMemory

    package init(world: SimulatedWorld) {
        var w = world
        Mistake.setUp(&w)
        engine = EngineStrategy(world: w)
    }

    package mutating func handle(_ event: TraceEvent, world: SimulatedWorld, scrollView: inout ScrollViewModel) -> StepOutcome {
        guard let heard = Mistake.hear(event, world: world, memory: &memory) else { return .ignored(.notObserved) }
        var read = world
        Mistake.read(&read, event: heard, scrollView: scrollView, memory: &memory)
        let before = scrollView
        let outcome = engine.handle(heard, world: read, scrollView: &scrollView)
        Mistake.perform(&scrollView, before: before, memory: &memory)
        return outcome
    }
}

import KeyboardAvoidance
import KeyboardGeneration
import KeyboardGeometry
import KeyboardOracle
import KeyboardScenarios
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld

/// A realistic stream of keyboard notifications with the layout an app would
/// hand the engine at each, taken from the simulator's scenarios (seed 1):
/// what every benchmark replays.
public struct NotificationStream: Sendable {
    /// One step of the stream: an event and the app's layout at that moment.
    public struct Step: Sendable {
        public var event: TraceEvent
        public var layout: LayoutSnapshot
        public var field: FocusedField?
        /// The world after the event (for strategies that read it).
        public var world: SimulatedWorld
    }

    /// The traces the stream came from, and their steps, in order.
    public var traces: [Trace]
    public var steps: [[Step]]
    /// Indices (trace, step) of the keyboard notifications: what is timed.
    public var notifications: [(trace: Int, step: Int)]

    /// The first `scenarios` scenarios of the shootout's default seed,
    /// replayed with the engine so that each step's layout is the one the
    /// engine's app would have (its offsets included).
    public init(scenarios: Int = 200, fieldCount: Int? = nil) {
        traces = []
        steps = []
        notifications = []
        for index in 0..<scenarios {
            var scenario = ScenarioGenerator.scenario(seed: ScenarioGenerator.referenceSeed, index: index)
            if let fieldCount {
                // Scaling: the same scenario with `fieldCount` fields.
                scenario.contentHeight = Swift.max(scenario.contentHeight, Double(fieldCount) * 50 + 100)
                scenario.fields = (0..<fieldCount).map { KBRect(x: 16, y: Double($0) * 50, width: 280, height: 44) }
                scenario.actions = scenario.actions.map { if case .focus(let i) = $0 { return .focus(i % fieldCount) } else { return $0 } }
                    .filter { if case .focusBurst = $0 { return false } else { return true } }
            }
            append(ScenarioSimulator.trace(scenario))
        }
    }

    /// The first `count` chat screens of the shootout's default seed (the
    /// shootout's chat screens: ``ChatScreens``), replayed with the engine
    /// as ``init(scenarios:fieldCount:)`` replays screens of fields: the
    /// transcript's path, with its messages, scrolls and composer lines.
    public init(chatScreens count: Int) {
        traces = []
        steps = []
        notifications = []
        for index in 0..<count {
            append(ChatScreens.generated(seed: ScenarioGenerator.referenceSeed, index: index, adversarial: false).trace)
        }
    }

    /// Replays `trace` with the engine and keeps each step with the layout
    /// its app would hand the engine then.
    private mutating func append(_ trace: Trace) {
        var replay = WorldReplay(trace)
        var engine = EngineStrategy(world: replay.world)
        var list: [Step] = []
        while let line = replay.advance() {
            let world = replay.world
            list.append(
                Step(event: line.event, layout: world.snapshot(offset: replay.scrollView.contentOffset), field: world.focusedField, world: world))
            if case .keyboard = line.event { notifications.append((traces.count, list.count - 1)) }
            _ = engine.handle(line.event, world: world, scrollView: &replay.scrollView)
        }
        traces.append(trace)
        steps.append(list)
    }
}

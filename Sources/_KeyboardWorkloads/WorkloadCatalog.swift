import KeyboardStrategies
import KeyboardWorld

/// Every benchmark, by name, built over one shared stream: the engine and
/// its platform paths, then every recipe of ``StrategyCatalog`` on the
/// simulator's scroll-view model (the catalog is the one list of
/// strategies: a new one is benchmarked as soon as it is catalogued), then
/// the floor.
public enum WorkloadCatalog {
    /// The chat screens `engine-chat` replays.
    public static let chatScreens = 200

    /// The benchmarks that are not a catalogued recipe, before the recipes.
    static let engineSide = ["engine", "engine-chat", "foundation-path", "bare-post", "cookbook-foundation", "engine-model"]

    /// The benchmark names, in report order.
    public static var names: [String] {
        engineSide + StrategyCatalog.names.filter { $0 != EngineStrategy.name } + ["floor"]
    }

    /// The workloads over `stream`, in report order; only those named in
    /// `only` when given (the others are not even built), with their
    /// calibrators (``Workload/calibrator``, and theirs) unless
    /// `calibrators` is false: a time is judged against its calibrator's in
    /// the same rounds, so the two are always measured together.
    public static func all(_ stream: NotificationStream, only: [String]? = nil, calibrators: Bool = true) -> [any Workload] {
        var built: [String: any Workload] = [:]
        var todo = Array((only ?? names).reversed())
        while let name = todo.popLast() {
            guard built[name] == nil, let w = workload(named: name, stream) else { continue }
            built[name] = w
            if calibrators, let c = w.calibrator { todo.append(c) }
        }
        return names.compactMap { built[$0] }
    }

    /// The workload called `name` over `stream`, or nil.
    public static func workload(named name: String, _ stream: NotificationStream) -> (any Workload)? {
        switch name {
        case "engine": return EngineWorkload(stream: stream)
        // The engine on the shootout's chat screens: a stream of its own,
        // the transcript's path, which screens of fields never reach.
        case "engine-chat": return EngineWorkload(stream: NotificationStream(chatScreens: chatScreens), name: "engine-chat")
        case "foundation-path": return FoundationPathWorkload(stream: stream)
        case "bare-post": return BarePostWorkload(stream: stream)
        case "cookbook-foundation": return CookbookFoundationWorkload(stream: stream)
        // Like for like with the recipes: the engine as a strategy on the
        // scroll-view model, the same work the recipe rows do.
        case "engine-model": return StrategyWorkload<EngineStrategy>(stream: stream, name: "engine-model")
        case "floor": return FloorWorkload(stream: stream)
        default:
            guard name != EngineStrategy.name, let strategy = StrategyCatalog.strategy(named: name) else { return nil }
            return recipe(strategy, stream)
        }
    }

    /// A recipe's workload, its type opened from the catalog's.
    private static func recipe<S: AvoidanceStrategy>(_ strategy: S.Type, _ stream: NotificationStream) -> any Workload {
        StrategyWorkload<S>(stream: stream)
    }
}

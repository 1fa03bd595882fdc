import KeyboardStrategies
import KeyboardWorld

/// Every benchmark, by name, built over one shared stream.
public enum WorkloadCatalog {
    /// The benchmark names, in report order.
    public static let names = [
        "engine", "foundation-path", "bare-post", "cookbook-foundation", "engine-model",
        "apple2009", "apple2013", "apple2013ContentFrame", "cookbook", "iqKeyboardManager", "floor",
    ]

    /// The workloads over `stream`, in report order; only those named in
    /// `only` when given (the others are not even built).
    public static func all(_ stream: NotificationStream, only: [String]? = nil) -> [any Workload] {
        names.filter { only == nil || only!.contains($0) }.compactMap { workload(named: $0, stream) }
    }

    /// The workload called `name` over `stream`, or nil.
    public static func workload(named name: String, _ stream: NotificationStream) -> (any Workload)? {
        switch name {
        case "engine": EngineWorkload(stream: stream)
        case "foundation-path": FoundationPathWorkload(stream: stream)
        case "bare-post": BarePostWorkload(stream: stream)
        case "cookbook-foundation": CookbookFoundationWorkload(stream: stream)
        // Like for like with the recipes: the engine as a strategy on the
        // scroll-view model, the same work the recipe rows do.
        case "engine-model": StrategyWorkload<EngineStrategy>(stream: stream, name: "engine-model")
        case "apple2009": StrategyWorkload<Apple2009Strategy>(stream: stream)
        case "apple2013": StrategyWorkload<Apple2013Strategy>(stream: stream)
        case "apple2013ContentFrame": StrategyWorkload<Apple2013ContentFrameStrategy>(stream: stream)
        case "cookbook": StrategyWorkload<CookbookStrategy>(stream: stream)
        case "iqKeyboardManager": StrategyWorkload<IQKeyboardManagerStrategy>(stream: stream)
        case "floor": FloorWorkload(stream: stream)
        default: nil
        }
    }
}

import KeyboardOracle
import KeyboardWorld

/// Every strategy the harness knows, by name.
public enum StrategyCatalog {
    /// All strategies, the engine first.
    public static let all: [any AvoidanceStrategy.Type] = [
        EngineStrategy.self,
        Apple2009Strategy.self,
        Apple2013Strategy.self,
        Apple2013ContentFrameStrategy.self,
        Apple2013ContentFrameWithHideStrategy.self,
        CookbookStrategy.self,
        IQKeyboardManagerStrategy.self,
        KeyboardLayoutGuideStrategy.self,
        KeyboardLayoutGuideFollowingUndockedStrategy.self,
        KeyboardLayoutGuideScrollingStrategy.self,
        SwiftUIStrategy.self,
        SwiftUIWithKbbenchStrategy.self,
        MessageKitStrategy.self,
        MessageKitMaintainingPositionStrategy.self,
        KeyboardLayoutGuideTranscriptStrategy.self,
        SwiftUIBottomAnchoredTranscriptStrategy.self,
    ]

    /// kbbench's own: the engine, and the SwiftUI modifier built on it.
    /// Each promises no violation; every other strategy is a recipe kbbench
    /// replaces, and is expected to fail somewhere.
    public static let ours: [any AvoidanceStrategy.Type] = [EngineStrategy.self, SwiftUIWithKbbenchStrategy.self]

    /// The recipes kbbench replaces: every strategy but ``ours``, in
    /// catalog order.
    public static var recipes: [any AvoidanceStrategy.Type] {
        all.filter { strategy in !ours.contains { $0.name == strategy.name } }
    }

    /// The names, in catalog order.
    public static var names: [String] { all.map { $0.name } }

    /// The strategy called `name`, or nil.
    public static func strategy(named name: String) -> (any AvoidanceStrategy.Type)? {
        all.first { $0.name == name }
    }
}

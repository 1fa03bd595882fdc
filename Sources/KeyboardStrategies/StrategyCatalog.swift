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
    ]

    /// The names, in catalog order.
    public static var names: [String] { all.map { $0.name } }

    /// The strategy called `name`, or nil.
    public static func strategy(named name: String) -> (any AvoidanceStrategy.Type)? {
        all.first { $0.name == name }
    }
}

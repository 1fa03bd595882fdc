import Foundation
import KeyboardHarness
import KeyboardAvoidance
import KeyboardGeometry
import KeyboardOracle
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld
import Testing

/// Edges no shootout scenario reaches: a device's family in every
/// orientation, and the oracle's reading of the app's own frame.
@Suite("Scope and the app's own layout")
struct ScopeAndOwnLayoutTests {
    /// A device's family is what the device is, whatever way it is held: a
    /// landscape iPhone is still a phone, a portrait iPad still a pad.
    @Test func everyCatalogDeviceKeepsItsFamilyInBothOrientations() {
        for device in DeviceCatalog.all {
            let portrait = device.portraitSize
            let landscape = KBSize(width: portrait.height, height: portrait.width)
            #expect(StrategyScope.family(of: portrait) == device.family, "\(device.name) in portrait")
            #expect(StrategyScope.family(of: landscape) == device.family, "\(device.name) in landscape")
        }
        #expect(Set(DeviceCatalog.all.map(\.family)) == [.phone, .pad], "the catalog has both families")
    }

    @Test func aPhoneOnlyScopeAdmitsALandscapePhoneAndNoPad() throws {
        let phones = StrategyScope(profiles: [.ios8], families: [.phone])
        for device in DeviceCatalog.all {
            for screen in [device.portraitSize, KBSize(width: device.portraitSize.height, height: device.portraitSize.width)] {
                let header = TraceHeader(
                    profile: .ios8, screen: screen, scrollView: ScrollViewState(frame: KBRect(origin: .zero, size: screen), contentSize: screen),
                    fields: []
                )
                #expect(phones.admits(header) == (device.family == .phone), "\(device.name) \(screen)")
                if device.family == .pad { #expect(phones.exclusions(header) == ["an iPad"]) }
            }
        }
    }

    protocol Shift: Sendable {
        static var dx: Double { get }
        static var dy: Double { get }
    }
    enum Right30: Shift { static let dx = 30.0, dy = 0.0 }
    enum Left12: Shift { static let dx = -12.5, dy = 0.0 }
    enum Up100: Shift { static let dx = 0.0, dy = -100.0 }

    /// Moves the scroll view's frame by `S`'s (dx, dy) on WillShow and puts
    /// it back on WillHide, as an external strategy's `setFrame` may.
    struct FrameMover<S: Shift>: AvoidanceStrategy {
        static var name: String { "frameMover" }
        let dx = S.dx, dy = S.dy
        init(world: SimulatedWorld) {}

        mutating func handle(_ event: TraceEvent, world: SimulatedWorld, scrollView: inout ScrollViewModel) -> StepOutcome {
            guard case .keyboard(let n) = event else { return .ignored(.own("notKeyboard")) }
            switch n.name {
            case .willShow:
                scrollView.frame = world.ownScrollView.frame.offsetBy(dx: dx, dy: dy)
                return StepOutcome(action: .apply)
            case .willHide:
                scrollView.frame = world.ownScrollView.frame
                return StepOutcome(action: .restore)
            default:
                return .ignored(.notObserved)
            }
        }
    }

    static func showAndHide() throws -> Trace {
        try TraceReader.read("""
            {"schemaVersion":1,"kind":"kbtrace","profile":"ios8","screen":[375,667],"window":[0,0,375,667],"scrollView":{"frame":[0,0,375,667],"contentSize":[375,1000]},"fields":[[16,100,343,44]]}
            {"event":"focus","field":0}
            {"event":"keyboard","name":"UIKeyboardWillShowNotification","frameBegin":[0,667,375,258],"frameEnd":[0,409,375,258],"duration":0.25,"curve":7}
            {"event":"keyboard","name":"UIKeyboardWillHideNotification","frameBegin":[0,409,375,258],"frameEnd":[0,667,375,258],"duration":0.25,"curve":7}
            """, file: "show-and-hide.kbtrace")
    }

    /// A frame moved sideways while the keyboard is up breaks the app's own
    /// layout (I3), as a frame made taller or wider does; moved up or down
    /// (a root-view shift) it does not, and put back it is restored.
    @Test(arguments: [(Right30.self as any Shift.Type, true), (Left12.self, true), (Up100.self, false)])
    func aFrameMovedSidewaysIsJudgedByTheAppsOwnLayout(shift: any Shift.Type, breaks: Bool) throws {
        func replay<S: Shift>(_: S.Type) throws -> ReplayReport { TraceReplayer.replay(try Self.showAndHide(), with: FrameMover<S>.self) }
        let (dx, dy) = (shift.dx, shift.dy)
        let report = try replay(shift)
        let show = try #require(report.steps.first { $0.line == 3 })
        #expect(show.frame == KBRect(x: dx, y: dy, width: 375, height: 667))
        #expect(show.violations.contains(.restoration) == breaks, "moved by (\(dx), \(dy)): \(show.violations)")
        let hide = try #require(report.steps.first { $0.line == 4 })
        #expect(!hide.violations.contains(.restoration), "put back once the keyboard is gone")
    }
}

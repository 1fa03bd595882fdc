import Foundation
import KeyboardHarness
import KeyboardAvoidance
import KeyboardGeometry
@testable import KeyboardOracle
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

    /// A screen no device has (a hand-written trace's) is classed by its
    /// short side: 700 pt or more is a pad, in either orientation.
    @Test func aScreenNoDeviceHasIsClassedByItsShortSide() {
        for (short, family) in [(699.5, Device.Family.phone), (700, .pad), (700.5, .pad)] {
            #expect(StrategyScope.family(of: KBSize(width: short, height: 1000)) == family, "\(short) wide")
            #expect(StrategyScope.family(of: KBSize(width: 1000, height: short)) == family, "\(short) high")
        }
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
        try TraceReader.read(
            """
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
    /// The own-layout reading's tolerance is inclusive on every edge it
    /// checks: a difference of exactly the tolerance keeps the layout, any
    /// more breaks it; an untouched scroll view keeps it with no tolerance at
    /// all. A bottom inset may only grow and the frame may only lose height.
    @Test func theOwnLayoutToleranceIsInclusiveOnEveryEdge() throws {
        let world = SimulatedWorld(trace: try Self.showAndHide())
        let own = ScrollViewModel(world.ownScrollView)
        #expect(own.keepsOwnLayout(of: world, tolerance: 0))
        let t = 0.25
        let edges: [(String, (inout ScrollViewModel, Double) -> Void, keepsBeyond: Bool)] = [
            ("top", { $0.contentInset.top += $1 }, false), ("left", { $0.contentInset.left += $1 }, false),
            ("right", { $0.contentInset.right += $1 }, false), ("bottom reduced", { $0.contentInset.bottom -= $1 }, false),
            ("bottom added", { $0.contentInset.bottom += $1 }, true), ("taller", { $0.frame.size.height += $1 }, false),
            ("shorter", { $0.frame.size.height -= $1 }, true), ("wider", { $0.frame.size.width += $1 }, false),
            ("narrower", { $0.frame.size.width -= $1 }, false), ("sideways", { $0.frame.origin.x += $1 }, false),
            ("down", { $0.frame.origin.y += $1 }, true),
        ]
        for (name, change, keepsBeyond) in edges {
            var atTolerance = own, beyond = own
            change(&atTolerance, t)
            change(&beyond, 2 * t)
            #expect(atTolerance.keepsOwnLayout(of: world, tolerance: t), "\(name) by exactly the tolerance")
            #expect(beyond.keepsOwnLayout(of: world, tolerance: t) == keepsBeyond, "\(name) by twice the tolerance")
        }
    }
    /// The visible region's edges: the app's own adjusted insets (bars, and
    /// the safe area under them) move with a shifted scroll view, but the
    /// safe area itself stays with the screen, so a view moved down still
    /// ends above the home indicator, and one moved up loses its bottom with
    /// it.
    @Test(arguments: [(0.0, 44.0, 778.0), (50, 94, 778), (-100, 44, 678)])
    func theSafeAreaStaysWithTheScreenWhenTheViewMoves(dy: Double, top: Double, bottom: Double) throws {
        let trace = try TraceReader.read(
            """
            {"schemaVersion":1,"kind":"kbtrace","profile":"ios13","screen":[375,812],"window":[0,0,375,812],"scrollView":{"frame":[0,0,375,812],"safeArea":[44,0,34,0],"contentSize":[375,2000]},"fields":[[16,100,343,44]]}
            """, file: "notch.kbtrace")
        let world = SimulatedWorld(trace: trace)
        var scrollView = ScrollViewModel(world.ownScrollView)
        scrollView.frame = world.ownScrollView.frame.offsetBy(dx: 0, dy: dy)
        let region = VisibleRegion(world: world, scrollView: scrollView, distance: 0)
        #expect(region.bands.map(\.top) == [top] && region.bands.map(\.bottom) == [bottom], "moved by \(dy)")
    }
    /// A frame resized from below (one that follows the keyboard) keeps
    /// the app's own bottom bar (its 44 pt bottom inset) at its new bottom
    /// edge, with the safe area the new frame has: none above the home
    /// indicator's strip: a frame shrunk to the keyboard's top (508) shows
    /// down to 464. Not resized, the keyboard bounds the band.
    @Test(arguments: [(812.0, 508.0), (508, 464), (400, 356)])
    func aResizedFrameKeepsTheAppsBottomBarAtItsNewBottom(height: Double, bottom: Double) throws {
        let trace = try TraceReader.read(
            """
            {"schemaVersion":1,"kind":"kbtrace","profile":"ios13","systemVersion":17,"screen":[375,812],"window":[0,0,375,812],"scrollView":{"frame":[0,0,375,812],"safeArea":[44,0,34,0],"contentInset":[0,0,44,0],"contentSize":[375,2000]},"fields":[[16,100,343,44]]}
            """, file: "bar.kbtrace")
        var world = SimulatedWorld(trace: trace)
        world.keyboard = KBRect(x: 0, y: 508, width: 375, height: 304)
        var scrollView = ScrollViewModel(world.ownScrollView)
        world.resize(&scrollView, to: KBRect(x: 0, y: 0, width: 375, height: height))
        let region = VisibleRegion(world: world, scrollView: scrollView, distance: 0)
        #expect(region.bands.map(\.bottom) == [bottom], "a frame \(height) tall")
    }

    /// The region of a scroll view at `frame` in a window at `window` on a
    /// screen of `screen` size (iOS 13 rules, content 3,000 points tall,
    /// one field), under `keyboard` (screen space), with no distance asked.
    static func region(screen: KBSize, window: KBRect, frame: KBRect, keyboard: KBRect) throws -> VisibleRegion {
        func list(_ numbers: Double...) -> String { numbers.map { String($0) }.joined(separator: ",") }
        let trace = try TraceReader.read(
            """
            {"schemaVersion":1,"kind":"kbtrace","profile":"ios13","screen":[\(list(screen.width, screen.height))],"window":[\(list(window.minX, window.minY, window.width, window.height))],"scrollView":{"frame":[\(list(frame.minX, frame.minY, frame.width, frame.height))],"contentSize":[\(list(frame.width, 3000))]},"fields":[[16,100,343,44]]}
            """, file: "keyboard.kbtrace")
        var world = SimulatedWorld(trace: trace)
        world.keyboard = keyboard
        return VisibleRegion(world: world, scrollView: ScrollViewModel(world.ownScrollView), distance: 0)
    }

    /// A keyboard on the bottom edge that only touches the scroll view's
    /// side, left or right, covers none of it: the band still ends at the
    /// window's bottom. One a point over it bounds the band at its top.
    /// (A 500-pt window on a 1024 × 1366 screen; the keyboard 366 pt tall.)
    @Test(arguments: [(0.0, 500.0, 524.0, 1366.0), (524, 0, 524, 1366), (0, 499, 525, 1000), (524, 0, 525, 1000)])
    func aKeyboardBesideTheScrollViewCoversNoneOfIt(windowX: Double, keyboardX: Double, keyboardWidth: Double, bottom: Double) throws {
        let region = try Self.region(
            screen: KBSize(width: 1024, height: 1366), window: KBRect(x: windowX, y: 0, width: 500, height: 1366),
            frame: KBRect(x: 0, y: 0, width: 500, height: 1366), keyboard: KBRect(x: keyboardX, y: 1000, width: keyboardWidth, height: 366))
        #expect(region.bands.map(\.bottom) == [bottom], "window at \(windowX), keyboard from \(keyboardX)")
    }

    /// A keyboard whose top is the scroll view's bottom edge covers none of
    /// it (I10 then asks nothing); a point higher, it covers a point.
    @Test(arguments: [(508.0, false), (507, true)])
    func aKeyboardBelowTheScrollViewCoversNothing(keyboardTop: Double, covers: Bool) throws {
        let region = try Self.region(
            screen: KBSize(width: 390, height: 844), window: KBRect(x: 0, y: 0, width: 390, height: 844),
            frame: KBRect(x: 0, y: 0, width: 390, height: 508), keyboard: KBRect(x: 0, y: keyboardTop, width: 390, height: 844 - keyboardTop))
        #expect(region.keyboardCovers == covers && region.bands.map(\.bottom) == [Swift.min(508, keyboardTop)], "keyboard at \(keyboardTop)")
    }

    /// The region of a full-screen 375 × 812 scroll view with no keyboard
    /// and no distance asked: a test sets its bands, top and reach itself.
    static func fullScreenRegion() throws -> VisibleRegion {
        let trace = try TraceReader.read(
            """
            {"schemaVersion":1,"kind":"kbtrace","profile":"ios13","screen":[375,812],"window":[0,0,375,812],"scrollView":{"frame":[0,0,375,812],"contentSize":[375,2000]},"fields":[[16,100,343,44]]}
            """, file: "region.kbtrace")
        let world = SimulatedWorld(trace: trace)
        return VisibleRegion(world: world, scrollView: ScrollViewModel(world.ownScrollView), distance: 0)
    }

    /// A focused field 343 pt wide at x 16, `y` down the content.
    static func field(y: Double = 300, height: Double = 44) -> FocusedField {
        FocusedField(frame: KBRect(x: 16, y: y, width: 343, height: height))
    }

    /// A field fits whole when either band is at least as tall as it, the
    /// one below a floating keyboard too: a field exactly as tall as a
    /// band fits.
    @Test func aFieldAsTallAsEitherBandFitsWhole() throws {
        var region = try Self.fullScreenRegion()
        region.first = VisibleRegion.Band(top: 0, bottom: 100, gapAbove: 0, gapBelow: 0)
        region.second = VisibleRegion.Band(top: 300, bottom: 500, gapAbove: 0, gapBelow: 0)
        #expect(region.fitsWhole(Self.field(y: 100, height: 200)), "as tall as the band below")
        #expect(!region.fitsWhole(Self.field(y: 100, height: 200.5)), "taller than both")
        region.second = nil
        #expect(region.fitsWhole(Self.field(y: 100, height: 100)), "as tall as the one band")
        #expect(!region.fitsWhole(Self.field(y: 100, height: 100.5)) && !region.fitsWhole(Self.field(y: 100, height: 200)))
    }

    /// A field with less room in its band than the gaps asked for keeps
    /// both gaps shrunk in proportion, so that it still fits: one offset
    /// (10 and 20 asked, 15 left: 5 above and 10 below). With room to
    /// spare, the whole gaps, and a range of offsets.
    @Test func gapsShrinkInProportionWhenTheRoomIsShort() throws {
        var region = try Self.fullScreenRegion()
        region.scrollTop = 0
        let band = VisibleRegion.Band(top: 0, bottom: 100, gapAbove: 10, gapBelow: 20)
        #expect(region.ranges(showing: Self.field(height: 85), in: band, rule: .fillsBand).0 == 295...295)
        #expect(region.ranges(showing: Self.field(height: 60), in: band, rule: .fillsBand).0 == 280...290)
    }

    /// Room under a point shrinks the gaps in proportion too (half a point
    /// left: a sixth above, a third below), and a field a rounding error
    /// taller than its band, read as fitting (the second reading), has no
    /// room and keeps no gap: its top at the band's top.
    @Test func gapsShrinkToNothingAsTheRoomDoes() throws {
        var region = try Self.fullScreenRegion()
        region.scrollTop = 0
        let band = VisibleRegion.Band(top: 0, bottom: 100, gapAbove: 10, gapBelow: 20)
        let half = try #require(region.ranges(showing: Self.field(height: 99.5), in: band, rule: .fillsBand).0)
        #expect(half.lowerBound == half.upperBound && abs(half.upperBound - (300 - 10.0 / 60)) < 1e-9, "\(half)")
        let over = region.ranges(showing: Self.field(height: 100 + Rounding.allowance(at: 100) / 2), in: band, rule: .fillsBand)
        #expect(over.1 == 300...300)
    }

    /// A band of any height shows what fits in it: a caret a point tall in
    /// a band a point tall has its one offset; a band of no height shows
    /// nothing.
    @Test func aBandAPointTallShowsAFieldAPointTall() throws {
        var region = try Self.fullScreenRegion()
        region.scrollTop = 0
        let caret = FocusedField(frame: KBRect(x: 16, y: 300, width: 2, height: 1))
        #expect(region.ranges(showing: caret, in: VisibleRegion.Band(top: 0, bottom: 1, gapAbove: 0, gapBelow: 0), rule: .fillsBand).0 == 300...300)
        let none = region.ranges(showing: caret, in: VisibleRegion.Band(top: 0, bottom: 0, gapAbove: 0, gapBelow: 0), rule: .fillsBand)
        #expect(none.0 == nil && none.1 == nil)
    }

    /// A band has room when it is thicker than a millionth of a point
    /// (``Rounding/betweenReadings``), strictly, wherever it lies.
    @Test func aBandHasRoomWhenThickerThanAMillionthOfAPoint() {
        let r = Rounding.betweenReadings
        #expect(!VisibleRegion.Band(top: 0, bottom: r, gapAbove: 0, gapBelow: 0).hasRoom)
        #expect(VisibleRegion.Band(top: 0, bottom: r.nextUp, gapAbove: 0, gapBelow: 0).hasRoom)
        #expect(!VisibleRegion.Band(top: 400, bottom: 400, gapAbove: 0, gapBelow: 0).hasRoom)
        #expect(VisibleRegion.Band(top: 400, bottom: 401, gapAbove: 0, gapBelow: 0).hasRoom)
    }

    /// A field as tall as its band within the rounding allowance is judged
    /// both ways (a second range), inclusive at the edge: taller by the
    /// allowance exactly, both; a double more, one. A band 2⁻¹⁹ pt tall
    /// (just over the millionth of a point a band needs to have room)
    /// makes the edge exact: the field's height is its band's plus the
    /// allowance with nothing rounded.
    @Test func aFieldTallerThanItsBandByTheAllowanceExactlyIsJudgedBothWays() throws {
        var region = try Self.fullScreenRegion()
        region.scrollTop = 0
        let height = 0x1p-19
        let band = VisibleRegion.Band(top: 0, bottom: height, gapAbove: 0, gapBelow: 0)
        let edge = height + Rounding.allowance(at: height)
        #expect(edge - height == Rounding.allowance(at: height), "nothing rounded")
        let both = region.ranges(showing: Self.field(height: edge), in: band, rule: .fillsBand)
        #expect(both.0 != nil && both.1 != nil, "taller by the allowance exactly: both readings")
        let one = region.ranges(showing: Self.field(height: edge.nextUp), in: band, rule: .fillsBand)
        #expect(one.0 != nil && one.1 == nil, "a double more: one reading")
    }

    /// A field can be shown when the offsets showing it reach the reachable
    /// ones within the tolerance, inclusive at both ends: a field whose
    /// lowest showing offset lies exactly the tolerance past the deepest
    /// reachable one is satisfiable, one a rounding step further is not;
    /// the same above the shallowest. A band of no height shows nothing.
    @Test func aFieldJustTheToleranceOutOfReachCanStillBeShown() throws {
        var region = try Self.fullScreenRegion()
        region.scrollTop = 0
        region.reachable = -50...1000
        /// The fixed point of `next`: the value the rounding settles on.
        func settled(_ start: Double, _ next: (Double) -> Double) throws -> Double {
            var x = start
            for _ in 0..<20 where next(x) != x { x = next(x) }
            return try #require(next(x) == x ? x : nil, "no fixed point from \(start)")
        }

        // Below: a band ending at 0 shows a field at offsets from its bottom
        // (maxY) on; the deepest reachable offset is 1000.
        region.first = VisibleRegion.Band(top: -1000, bottom: 0, gapAbove: 0, gapBelow: 0)
        let deepest = try settled(1000) { 1000 + Rounding.allowance(at: $0) }
        let below = Self.field(y: deepest - 44)
        #expect(below.frame.maxY == deepest && region.ranges(showing: below, in: region.first, rule: .fillsBand).0?.lowerBound == deepest)
        #expect(region.canShow(below, rule: .fillsBand), "exactly the tolerance past the deepest offset")
        #expect(!region.canShow(Self.field(y: deepest.nextUp - 44), rule: .fillsBand), "a rounding step further")

        // Above: a band starting at 0 shows a field at offsets up to its
        // top (minY); the shallowest reachable offset is −50. The tolerance
        // is taken at the lowest showing offset, maxY − 1000.
        region.first = VisibleRegion.Band(top: 0, bottom: 1000, gapAbove: 0, gapBelow: 0)
        let shallowest = try settled(-50) { -50 - Rounding.allowance(at: $0 + 44 - 1000) }
        let above = Self.field(y: shallowest)
        #expect(region.ranges(showing: above, in: region.first, rule: .fillsBand).0?.upperBound == shallowest)
        #expect(region.canShow(above, rule: .fillsBand), "exactly the tolerance above the shallowest offset")
        #expect(!region.canShow(Self.field(y: shallowest.nextDown), rule: .fillsBand), "a rounding step further")

        // A band with no height shows nothing, whatever is reachable.
        region.first = VisibleRegion.Band(top: 0, bottom: 0, gapAbove: 0, gapBelow: 0)
        #expect(!region.canShow(Self.field(y: 0), rule: .fillsBand), "a band of no height")
    }

    /// "After a switch" marks the steps that follow a focus change made while
    /// the keyboard was up, until the next focus change: never the steps
    /// before the first focus, nor those after a focus with no keyboard.
    @Test func afterASwitchStartsOnlyWithAFocusChangeUnderTheKeyboard() throws {
        let trace = try TraceReader.read(
            """
            {"schemaVersion":1,"kind":"kbtrace","profile":"ios8","screen":[375,667],"window":[0,0,375,667],"scrollView":{"frame":[0,0,375,667],"contentSize":[375,1000]},"fields":[[16,100,343,44],[16,600,343,44]]}
            {"event":"keyboard","name":"UIKeyboardWillShowNotification","frameBegin":[0,667,375,258],"frameEnd":[0,409,375,258],"duration":0.25,"curve":7}
            {"event":"focus","field":1}
            {"event":"keyboard","name":"UIKeyboardWillHideNotification","frameBegin":[0,409,375,258],"frameEnd":[0,667,375,258],"duration":0.25,"curve":7}
            {"event":"focus","field":0}
            """, file: "switches.kbtrace")
        let report = TraceReplayer.replay(trace, with: FrameMover<Up100>.self)
        #expect(report.steps.map(\.line) == [2, 3, 4, 5])
        #expect(report.steps.map(\.afterFocusSwitch) == [false, true, true, false])
    }

    /// The same field focused again under the keyboard is a caret move, not
    /// a switch: it keeps the mark the focus before it set, either way.
    @Test func aCaretMoveIsNoSwitch() throws {
        let trace = try TraceReader.read(
            """
            {"schemaVersion":1,"kind":"kbtrace","profile":"ios8","screen":[375,667],"window":[0,0,375,667],"scrollView":{"frame":[0,0,375,667],"contentSize":[375,1000]},"fields":[[16,100,343,44],[16,300,343,300]]}
            {"event":"focus","field":1,"caret":[20,300,2,20]}
            {"event":"keyboard","name":"UIKeyboardWillShowNotification","frameBegin":[0,667,375,258],"frameEnd":[0,409,375,258],"duration":0.25,"curve":7}
            {"event":"focus","field":1,"caret":[20,320,2,20]}
            {"event":"focus","field":0}
            {"event":"focus","field":0,"caret":[20,110,2,20]}
            """, file: "caret-moves.kbtrace")
        let report = TraceReplayer.replay(trace, with: FrameMover<Up100>.self)
        #expect(report.steps.map(\.afterFocusSwitch) == [false, false, false, true, true])
    }
}

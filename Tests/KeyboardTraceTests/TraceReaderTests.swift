import Foundation
import KeyboardAvoidance
import KeyboardGeometry
import KeyboardJSON
import KeyboardTrace
import Testing

@Suite("Trace format v1")
struct TraceReaderTests {
    static let header =
        #"{"schemaVersion":1,"kind":"kbtrace","profile":"ios8","screen":[375,667],"orientation":"portrait","window":[0,0,375,667],"scrollView":{"frame":[0,0,375,667],"safeArea":[20,0,0,0],"contentInset":[0,0,0,0],"contentSize":[375,1000],"contentOffset":[0,-20]},"fields":[[16,100,343,44],[16,560,343,44]],"policy":{"distance":10}}"#

    @Test func readsTheHeaderOfDesignSection6() throws {
        let t = try TraceReader.read(Self.header + "\n", file: "t.kbtrace")
        #expect(t.header.profile == .ios8)
        #expect(t.header.screen == KBSize(width: 375, height: 667))
        #expect(t.header.scrollView.safeArea == KBEdgeInsets(top: 20))
        #expect(t.header.scrollView.contentOffset == KBPoint(x: 0, y: -20))
        #expect(t.header.fields.count == 2)
        #expect(t.header.policy.distance == 10)
        #expect(t.events.isEmpty)
    }

    @Test func optionalHeaderKeysDefault() throws {
        let t = try TraceReader.read(
            #"{"schemaVersion":1,"kind":"kbtrace","screen":[320,480],"scrollView":{"frame":[0,0,320,480],"contentSize":[320,480]},"fields":[]}"#,
            file: "t"
        )
        #expect(t.header.profile == .ios8)
        #expect(t.header.orientation == .portrait)
        #expect(t.header.window == KBRect(x: 0, y: 0, width: 320, height: 480))
        #expect(t.header.scrollView.insetAdjustment == .automatic)
        #expect(t.header.policy == AvoidancePolicy())
        #expect(t.header.systemVersion == nil)
    }

    @Test func theSystemVersionIsReadWithinItsProfileAndWrittenBack() throws {
        let text = Self.header.replacingOccurrences(of: #""profile":"ios8""#, with: #""profile":"ios8","systemVersion":11"#)
        let t = try TraceReader.read(text, file: "t")
        #expect(t.header.systemVersion == 11)
        #expect(try TraceReader.read(TraceWriter.text(t), file: "w") == t)
        #expect(TraceWriter.text(t).contains(#""profile":"ios8","systemVersion":11,"#))
        // Unknown stays unknown: nothing is written.
        var unknown = t
        unknown.header.systemVersion = nil
        #expect(!TraceWriter.text(unknown).contains("systemVersion"))
        // Each end of the profile's range is accepted; one past either is not.
        for (version, accepted) in [(8, true), (12, true), (7, false), (13, false)] {
            let v = Self.header.replacingOccurrences(of: #""profile":"ios8""#, with: #""profile":"ios8","systemVersion":\#(version)"#)
            let read = (try? TraceReader.read(v, file: "t")) != nil
            #expect(read == accepted, "iOS \(version) in ios8")
        }
        // "iOS 13 and later" is open-ended: a recording on a newer system
        // than the simulator's still reads.
        let later = Self.header.replacingOccurrences(of: #""profile":"ios8""#, with: #""profile":"ios13","systemVersion":27"#)
        #expect(try TraceReader.read(later, file: "t").header.systemVersion == 27)
    }

    /// The scroll view's optional keys default to zero whatever the other
    /// keys say: the offset is not derived from the insets or the safe area
    /// (a header that omits it starts at offset 0, as the format says).
    @Test func optionalScrollViewKeysDefaultToZeroWhateverTheInsets() throws {
        let t = try TraceReader.read(
            #"{"schemaVersion":1,"kind":"kbtrace","screen":[375,812],"scrollView":{"frame":[0,0,375,812],"safeArea":[44,0,34,0],"#
                + #""contentInset":[64,0,49,0],"contentSize":[375,2000]},"fields":[]}"#,
            file: "t"
        )
        #expect(t.header.scrollView.contentOffset == .zero)
        #expect(t.header.scrollView.contentOffset.y.sign == .plus, "0, not −0")
        #expect(t.header.scrollView.safeArea == KBEdgeInsets(top: 44, left: 0, bottom: 34, right: 0))
        let bare = try TraceReader.read(
            #"{"schemaVersion":1,"kind":"kbtrace","screen":[375,812],"scrollView":{"frame":[0,0,375,812],"contentSize":[375,2000]},"fields":[]}"#,
            file: "t"
        )
        #expect(bare.header.scrollView.safeArea == .zero && bare.header.scrollView.contentInset == .zero)
        #expect(bare.header.scrollView.contentOffset == .zero)
    }

    @Test func readsEveryEventKind() throws {
        let text =
            Self.header + "\n"
            + [
                #"{"event":"keyboard","name":"UIKeyboardWillShowNotification","frameBegin":[0,667,375,258],"frameEnd":[0,409,375,258],"bounds":null,"centerBegin":null,"centerEnd":null,"duration":0.25,"curve":7,"isLocal":true}"#,
                #"{"event":"focus","field":1}"#, #"{"event":"focus","field":0,"caret":[20,110,2,20]}"#, #"{"event":"blur"}"#,
                #"{"event":"layout","screen":[667,375],"orientation":"landscapeLeft","scrollView":{"frame":[0,0,667,375],"contentOffset":[0,10]}}"#,
                #"{"event":"appear"}"#, #"{"event":"disappear"}"#, "",
                #"{"event":"keyboard","name":"UIKeyboardDidHideNotification"}"#,
            ].joined(separator: "\n")
        let t = try TraceReader.read(text, file: "t")
        #expect(t.events.map(\.line) == [2, 3, 4, 5, 6, 7, 8, 10])
        #expect(
            t.events[0].event
                == .keyboard(
                    KeyboardNotification(
                        name: .willShow, frameBegin: KBRect(x: 0, y: 667, width: 375, height: 258),
                        frameEnd: KBRect(x: 0, y: 409, width: 375, height: 258),
                        duration: 0.25, curve: 7, isLocal: true)))
        #expect(t.events[2].event == .focus(field: 0, caret: KBRect(x: 20, y: 110, width: 2, height: 20)))
        guard case .layout(let c) = t.events[4].event else {
            Issue.record("expected layout")
            return
        }
        #expect(c.orientation == .landscapeLeft && c.frame == KBRect(x: 0, y: 0, width: 667, height: 375) && c.contentOffset == KBPoint(x: 0, y: 10))
    }

    @Test func layoutFieldsBecomeTheTracesFieldListsInOrder() throws {
        let text =
            Self.header + "\n" + #"{"event":"layout","fields":[[0,0,10,10],[0,20,10,10],[0,40,10,10]]}"#
            + "\n" + #"{"event":"focus","field":2}"#
            + "\n" + #"{"event":"layout","window":[0,0,375,667]}"#
            + "\n" + #"{"event":"layout","fields":[[5,5,5,5]]}"# + "\n"
        let t = try TraceReader.read(text, file: "t")
        #expect(
            t.fieldLists == [
                [KBRect(x: 0, y: 0, width: 10, height: 10), KBRect(x: 0, y: 20, width: 10, height: 10), KBRect(x: 0, y: 40, width: 10, height: 10)],
                [KBRect(x: 5, y: 5, width: 5, height: 5)],
            ])
        let changes = t.events.compactMap { if case .layout(let c) = $0.event { c } else { nil } }
        #expect(changes.map(\.fieldList) == [0, nil, 1])
        #expect(changes.map { t.fields(after: $0)?.count } == [3, nil, 1])
        // The newest list bounds focus indices: field 2 was valid after the
        // first list and is not after the second.
        #expect(throws: MalformedInput.self) { try TraceReader.read(text + #"{"event":"focus","field":2}"#, file: "t") }
        #expect(try TraceReader.read(TraceWriter.text(t), file: "w") == t)
    }

    @Test func aFieldListIndexOutsideTheTraceKeepsTheFields() {
        #expect(LayoutChange(fieldList: 3).fields(in: [[.zero]]) == nil)
        #expect(LayoutChange(fieldList: -1).fields(in: [[.zero]]) == nil)
        #expect(LayoutChange().fields(in: [[.zero]]) == nil)
        #expect(LayoutChange(fieldList: 0).fields(in: [[.zero]]) == [.zero])
    }

    /// The replayer copies an event per step of every fuzz run; a reference
    /// anywhere in an event turns each copy into an out-of-line
    /// value-witness call (measured: 12% of a campaign's instructions).
    @Test func eventsAreTrivialValues() {
        #expect(_isPOD(TraceEvent.self))
        #expect(_isPOD(TraceLine.self))
        #expect(_isPOD(LayoutChange.self))
    }

    @Test func writerRoundTrips() throws {
        let text =
            Self.header + "\n" + #"{"event":"focus","field":1}"# + "\n"
            + #"{"event":"keyboard","name":"UIKeyboardWillShowNotification","frameEnd":[0,409,375,258],"bounds":[375,258],"centerEnd":[187.5,538],"duration":0.25,"curve":7,"isLocal":false}"#
            + "\n" + #"{"event":"layout","scrollView":{"safeArea":[0,0,34,0],"insetAdjustment":"never"},"fields":[[0,0,1,1]]}"#
        let t = try TraceReader.read(text, file: "t")
        let written = TraceWriter.text(t)
        #expect(try TraceReader.read(written, file: "w") == t)
        #expect(written.hasPrefix(#"{"schemaVersion":1,"kind":"kbtrace""#))
    }

    @Test func aChatScreensComposerIsReadChangedByLayoutsAndWrittenBack() throws {
        let chat = Self.header.replacingOccurrences(
            of: #""policy":{"distance":10}}"#, with: #""policy":{"distance":10},"composer":{"height":52,"restingInset":34}}"#)
        let text =
            chat + "\n" + #"{"event":"layout","composer":{"height":72}}"# + "\n" + #"{"event":"layout","scrollView":{"contentSize":[375,1100]}}"#
        let t = try TraceReader.read(text, file: "t")
        #expect(t.header.composer == Composer(height: 52, restingInset: 34))
        guard case .layout(let grown) = t.events[0].event, case .layout(let message) = t.events[1].event else {
            Issue.record("two layout events expected")
            return
        }
        // Left out, the resting inset is 0; a layout that does not name the
        // composer leaves it.
        #expect(grown.composer == Composer(height: 72))
        #expect(message.composer == nil)
        // A resting inset of 0 written out is the lowest allowed, and reads as 0.
        let zero = chat.replacingOccurrences(of: #""restingInset":34"#, with: #""restingInset":0"#)
        #expect(try TraceReader.read(zero, file: "t").header.composer == Composer(height: 52, restingInset: 0))
        let written = TraceWriter.text(t)
        #expect(try TraceReader.read(written, file: "w") == t)
        #expect(written.contains(#""composer":{"height":52,"restingInset":34}"#) && written.contains(#""composer":{"height":72}}"#))
        // A screen of fields has none, and writes none.
        #expect(try TraceReader.read(Self.header, file: "t").header.composer == nil)
        #expect(!TraceWriter.text(try TraceReader.read(Self.header, file: "t")).contains("composer"))
        // A negative height, an unknown key, and a layout composer in a
        // trace whose header has none are each refused with their key.
        for (bad, key) in [
            (chat.replacingOccurrences(of: #""height":52"#, with: #""height":-1"#), "composer.height"),
            (chat.replacingOccurrences(of: #""restingInset":34"#, with: #""restingInset":34,"width":1"#), "composer.width"),
            (Self.header + "\n" + #"{"event":"layout","composer":{"height":72}}"#, "composer"),
        ] {
            do {
                _ = try TraceReader.read(bad, file: "t")
                Issue.record("accepted: \(bad)")
            } catch {
                #expect(error.description.contains(key), "\(error)")
            }
        }
    }

    @Test func aLayoutChangeBetweenSnapshotsCarriesTheComposerItChanged() {
        let view = ScrollViewState(frame: KBRect(x: 0, y: 0, width: 390, height: 844), contentSize: KBSize(width: 390, height: 2_000))
        let old = LayoutSnapshot(screen: KBSize(width: 390, height: 844), scrollView: view, composer: Composer(height: 52))
        var new = old
        #expect(LayoutChange(from: old, to: new) == LayoutChange())
        new.composer = Composer(height: 72)
        #expect(LayoutChange(from: old, to: new) == LayoutChange(composer: Composer(height: 72)))
        #expect(TraceHeader(layout: new, fields: [], policy: AvoidancePolicy(), profile: .ios13).composer == Composer(height: 72))
    }

    /// A focus line observed with `observed` (the text of its object).
    static func observedFocus(_ observed: String) -> String {
        header + "\n" + #"{"event":"focus","field":1,"observed":"# + observed + "}"
    }

    @Test func observedStatesRoundTripAndTheContentViewIsWrittenOnlyWhenMoved() throws {
        let text =
            Self.observedFocus(#"{"frame":[0,0,375,667],"contentInset":[0,0,258,0],"indicatorInsets":[0,0,224,0],"contentOffset":[0,120.5]}"#)
            + "\n"
            + #"{"event":"blur","truth":{"keyboard":"hidden"},"observed":{"frame":[0,-10,375,600],"contentInset":[0,0,0,0],"indicatorInsets":[0,0,0,0],"contentOffset":[0,-20],"contentView":[0,0,375,1258],"samples":[{"t":0,"frame":[0,0,375,667],"contentOffset":[0,60]},{"t":0.125,"frame":[0,-5,375,630],"contentOffset":[0,20]}]}}"#
        let t = try TraceReader.read(text, file: "t")
        #expect(
            t.observed(t.events[0])
                == ObservedScrollView(
                    frame: KBRect(x: 0, y: 0, width: 375, height: 667), contentInset: KBEdgeInsets(top: 0, left: 0, bottom: 258, right: 0),
                    indicatorInsets: KBEdgeInsets(top: 0, left: 0, bottom: 224, right: 0), contentOffset: KBPoint(x: 0, y: 120.5)))
        #expect(t.observed(t.events[1])?.contentViewFrame == KBRect(x: 0, y: 0, width: 375, height: 1258))
        #expect(t.observed(t.events[0])?.motion == nil && t.observed(t.events[1])?.motion == 0)
        #expect(
            t.motions == [
                [
                    ObservedSample(time: 0, frame: KBRect(x: 0, y: 0, width: 375, height: 667), contentOffset: KBPoint(x: 0, y: 60)),
                    ObservedSample(time: 0.125, frame: KBRect(x: 0, y: -5, width: 375, height: 630), contentOffset: KBPoint(x: 0, y: 20)),
                ]
            ])
        #expect(t.events[1].truth == .hidden)
        let written = TraceWriter.text(t)
        #expect(try TraceReader.read(written, file: "w") == t)
        #expect(
            written.split(separator: "\n")[1].hasSuffix(
                #","observed":{"frame":[0,0,375,667],"contentInset":[0,0,258,0],"indicatorInsets":[0,0,224,0],"contentOffset":[0,120.5]}}"#))
        #expect(written.contains(#""truth":{"keyboard":"hidden"},"observed":{"#), "truth, then observed")
    }

    /// A safe area that is not the layout's (a frame that follows the
    /// keyboard leaves the home indicator's strip) is written after the
    /// content view and reads back; absent, the layout's is meant.
    @Test func anObservedSafeAreaRoundTripsAfterTheContentView() throws {
        let text = Self.observedFocus(
            #"{"frame":[0,0,375,508],"contentInset":[0,0,0,0],"indicatorInsets":[0,0,0,0],"contentOffset":[0,0],"contentView":[0,0,375,900],"safeArea":[44,0,0,0]}"#
        )
        let t = try TraceReader.read(text, file: "t")
        #expect(t.observed(t.events[0])?.safeArea == KBEdgeInsets(top: 44, left: 0, bottom: 0, right: 0))
        let written = TraceWriter.text(t)
        #expect(written.contains(#""contentView":[0,0,375,900],"safeArea":[44,0,0,0]}"#))
        #expect(try TraceReader.read(written, file: "w") == t)
        #expect(throws: MalformedInput.self) {
            try TraceReader.read(
                Self.observedFocus(
                    #"{"frame":[0,0,375,508],"contentInset":[0,0,0,0],"indicatorInsets":[0,0,0,0],"contentOffset":[0,0],"safeArea":[44,0]}"#),
                file: "t")
        }
    }

    /// What `replay --write-observed` refuses to write: the first
    /// non-finite value in key order, else the first negative width or
    /// height, of the frame and then of the content view.
    /// A rect of negative size is held as CoreGraphics' equivalent one, its
    /// size positive and its origin at its low edge: what a recorder writes
    /// and the reader accepts.
    @Test func anObservedStateHoldsItsRectsStandardized() {
        let o = ObservedScrollView(
            frame: KBRect(x: 0, y: 0, width: 480, height: -160), contentInset: .zero, indicatorInsets: .zero, contentOffset: .zero,
            contentViewFrame: KBRect(x: 10, y: 0, width: -20, height: 900))
        #expect(o.frame == KBRect(x: 0, y: -160, width: 480, height: 160))
        #expect(o.contentViewFrame == KBRect(x: -10, y: 0, width: 20, height: 900))
        #expect(o.unrecordableValue == nil)
    }

    @Test func anUnrecordableStateNamesItsFirstBadValue() {
        let ok = ObservedScrollView(
            frame: KBRect(x: 0, y: -10, width: 375, height: 600), contentInset: KBEdgeInsets(top: -5, left: 0, bottom: 300, right: 0),
            indicatorInsets: .zero, contentOffset: KBPoint(x: 0, y: -40), contentViewFrame: KBRect(x: 0, y: 0, width: 375, height: 0))
        #expect(ok.unrecordableValue == nil, "negative origins, insets and offsets are recordable")
        var bad = ok
        bad.frame.size.height = -160
        bad.contentViewFrame?.size.width = -1
        #expect(bad.unrecordableValue?.key == "frame[3]" && bad.unrecordableValue?.value == -160)
        bad.frame.size.height = 1
        #expect(bad.unrecordableValue?.key == "contentView[2]")
        bad.indicatorInsets.left = .infinity
        #expect(bad.unrecordableValue?.key == "indicatorInsets[1]", "a non-finite value comes before a negative size")
        bad.contentInset.bottom = .nan
        #expect(bad.unrecordableValue?.key == "contentInset[2]")
    }

    struct Malformed: Sendable, CustomStringConvertible {
        var description: String
        var text: String
        var line: Int
        var key: String?
    }

    static let malformed: [Malformed] = [
        Malformed(description: "empty", text: "", line: 0, key: nil),
        Malformed(
            description: "future schema", text: header.replacingOccurrences(of: #""schemaVersion":1"#, with: #""schemaVersion":2"#), line: 1,
            key: "schemaVersion"),
        Malformed(
            description: "wrong kind", text: header.replacingOccurrences(of: #""kind":"kbtrace""#, with: #""kind":"other""#), line: 1, key: "kind"),
        Malformed(description: "short screen", text: header.replacingOccurrences(of: "[375,667]", with: "[375]"), line: 1, key: "screen"),
        Malformed(
            description: "string in a rect", text: header.replacingOccurrences(of: #""frame":[0,0,375,667]"#, with: #""frame":[0,"0",375,667]"#),
            line: 1, key: "scrollView.frame[1]"),
        Malformed(
            description: "unknown header key", text: header.replacingOccurrences(of: #""profile":"ios8""#, with: #""profle":"ios8""#), line: 1,
            key: "profle"),
        Malformed(
            description: "bad profile", text: header.replacingOccurrences(of: #""profile":"ios8""#, with: #""profile":"ios99""#), line: 1,
            key: "profile"),
        Malformed(description: "truncated event", text: header + "\n" + #"{"event":"focus","fi"#, line: 2, key: nil),
        Malformed(description: "unknown event", text: header + "\n" + #"{"event":"tap"}"#, line: 2, key: "event"),
        Malformed(description: "focus past the fields", text: header + "\n" + #"{"event":"focus","field":2}"#, line: 2, key: "field"),
        Malformed(
            description: "bad notification name", text: header + "\n" + #"{"event":"keyboard","name":"UIKeyboardWillJumpNotification"}"#, line: 2,
            key: "name"),
        Malformed(
            description: "fractional curve", text: header + "\n" + #"{"event":"keyboard","name":"UIKeyboardWillShowNotification","curve":7.5}"#,
            line: 2, key: "curve"),
        Malformed(
            description: "isLocal as number", text: header + "\n" + #"{"event":"keyboard","name":"UIKeyboardWillShowNotification","isLocal":1}"#,
            line: 2, key: "isLocal"),
        Malformed(description: "infinite layout", text: header + "\n" + #"{"event":"layout","screen":[1e999,2]}"#, line: 2, key: "screen[0]"),
        Malformed(description: "binary garbage", text: header + "\n\u{07}\u{00}PK", line: 2, key: nil),
        Malformed(description: "array event", text: header + "\n[1,2]", line: 2, key: nil),
        Malformed(
            description: "system version outside the profile",
            text: header.replacingOccurrences(of: #""profile":"ios8""#, with: #""profile":"ios8","systemVersion":13"#), line: 1, key: "systemVersion"),
        Malformed(
            description: "fractional system version",
            text: header.replacingOccurrences(of: #""profile":"ios8""#, with: #""profile":"ios8","systemVersion":9.3"#), line: 1,
            key: "systemVersion"),
        Malformed(
            description: "observed offset not finite",
            text: observedFocus(#"{"frame":[0,0,375,667],"contentInset":[0,0,0,0],"indicatorInsets":[0,0,0,0],"contentOffset":[0,1e999]}"#),
            line: 2, key: "observed.contentOffset[1]"),
        Malformed(
            description: "observed inset of three numbers",
            text: observedFocus(#"{"frame":[0,0,375,667],"contentInset":[0,0,0],"indicatorInsets":[0,0,0,0],"contentOffset":[0,0]}"#),
            line: 2, key: "observed.contentInset"),
        Malformed(
            description: "observed offset of three numbers",
            text: observedFocus(#"{"frame":[0,0,375,667],"contentInset":[0,0,0,0],"indicatorInsets":[0,0,0,0],"contentOffset":[0,0,0]}"#),
            line: 2, key: "observed.contentOffset"),
        Malformed(
            description: "observed frame of negative width",
            text: observedFocus(#"{"frame":[0,0,-375,667],"contentInset":[0,0,0,0],"indicatorInsets":[0,0,0,0],"contentOffset":[0,0]}"#),
            line: 2, key: "observed.frame[2]"),
        Malformed(
            description: "observed content view of negative height",
            text: observedFocus(
                #"{"frame":[0,0,375,667],"contentInset":[0,0,0,0],"indicatorInsets":[0,0,0,0],"contentOffset":[0,0],"contentView":[0,0,375,-1]}"#),
            line: 2, key: "observed.contentView[3]"),
        Malformed(
            description: "observed without indicator insets",
            text: observedFocus(#"{"frame":[0,0,375,667],"contentInset":[0,0,0,0],"contentOffset":[0,0]}"#), line: 2,
            key: "observed.indicatorInsets"),
        Malformed(
            description: "unknown observed key",
            text: observedFocus(#"{"frame":[0,0,375,667],"contentInset":[0,0,0,0],"indicatorInsets":[0,0,0,0],"contentOffset":[0,0],"zoom":1}"#),
            line: 2, key: "observed.zoom"),
        Malformed(description: "observed not an object", text: observedFocus("[0,0]"), line: 2, key: "observed"),
        Malformed(
            description: "samples out of order",
            text: observedFocus(
                #"{"frame":[0,0,375,667],"contentInset":[0,0,0,0],"indicatorInsets":[0,0,0,0],"contentOffset":[0,0],"samples":[{"t":0.1,"frame":[0,0,375,667],"contentOffset":[0,5]},{"t":0.1,"frame":[0,0,375,667],"contentOffset":[0,9]}]}"#
            ), line: 2, key: "observed.samples[1].t"),
        Malformed(
            description: "a sample past 60 s",
            text: observedFocus(
                #"{"frame":[0,0,375,667],"contentInset":[0,0,0,0],"indicatorInsets":[0,0,0,0],"contentOffset":[0,0],"samples":[{"t":61,"frame":[0,0,375,667],"contentOffset":[0,5]}]}"#
            ), line: 2, key: "observed.samples[0].t"),
        Malformed(
            description: "a sample's frame of negative height",
            text: observedFocus(
                #"{"frame":[0,0,375,667],"contentInset":[0,0,0,0],"indicatorInsets":[0,0,0,0],"contentOffset":[0,0],"samples":[{"t":0,"frame":[0,0,375,-1],"contentOffset":[0,5]}]}"#
            ), line: 2, key: "observed.samples[0].frame[3]"),
        Malformed(
            description: "a sample with an unknown key",
            text: observedFocus(
                #"{"frame":[0,0,375,667],"contentInset":[0,0,0,0],"indicatorInsets":[0,0,0,0],"contentOffset":[0,0],"samples":[{"t":0,"frame":[0,0,375,1],"contentOffset":[0,5],"alpha":1}]}"#
            ), line: 2, key: "observed.samples[0].alpha"),
        Malformed(
            description: "negative distance", text: header.replacingOccurrences(of: #""distance":10"#, with: #""distance":-1"#), line: 1,
            key: "policy.distance"),
    ]

    @Test(arguments: malformed)
    func malformedTracesNameFileLineAndKey(m: Malformed) {
        do {
            _ = try TraceReader.read(m.text, file: "bad.kbtrace")
            Issue.record("expected an error")
        } catch {
            #expect(error.file == "bad.kbtrace")
            #expect(error.line == m.line)
            #expect(error.key == m.key)
            #expect(error.description.hasPrefix("bad.kbtrace:"))
        }
    }

    @Test func nonFiniteKeyboardPayloadsAreReadForTheEngineToJudge() throws {
        let t = try TraceReader.read(
            Self.header + "\n" + #"{"event":"keyboard","name":"UIKeyboardWillShowNotification","frameEnd":[0,1e999,375,258]}"#, file: "t")
        guard case .keyboard(let n) = t.events[0].event else {
            Issue.record("expected keyboard")
            return
        }
        #expect(n.frameEnd?.origin.y == .infinity)
    }

    /// Every geometric and timing key of a keyboard event carries what iOS
    /// might send, infinities included: the engine, not the reader, judges
    /// them.
    @Test(arguments: [
        ("frameBegin", "[0,1e999,375,258]"), ("frameEnd", "[0,-1e999,375,258]"), ("bounds", "[1e999,258]"),
        ("centerBegin", "[187.5,1e999]"), ("centerEnd", "[-1e999,0]"), ("duration", "1e999"),
    ])
    func everyKeyboardKeyReadsAnInfiniteValue(key: String, value: String) throws {
        let t = try TraceReader.read(
            Self.header + "\n" + #"{"event":"keyboard","name":"UIKeyboardWillShowNotification",""# + key + "\":" + value + "}", file: "t")
        guard case .keyboard(let n) = t.events[0].event else {
            Issue.record("expected keyboard")
            return
        }
        let read: [Double?] = [
            n.frameBegin?.origin.y, n.frameEnd?.origin.y, n.bounds?.width, n.centerBegin?.y, n.centerEnd?.x, n.duration,
        ]
        #expect(read.compactMap { $0 }.filter(\.isInfinite).count == 1, "\(key): \(read)")
    }
}

/// The file shapes a trace arrives in (blank lines, CRLF, trailing white
/// space, no final newline): each reads to the same trace, keeps the file's
/// own line numbers, and round-trips as the writer promises.
@Suite("Trace files: line ends and blank lines")
struct TraceLineEndTests {
    static let lines = [
        TraceReaderTests.header,
        #"{"event":"focus","field":1}"#,
        #"{"event":"keyboard","name":"UIKeyboardWillShowNotification","frameBegin":[0,667,375,258],"frameEnd":[0,409,375,258],"duration":0.25,"curve":7,"isLocal":true}"#,
        #"{"event":"keyboard","name":"UIKeyboardDidShowNotification","frameBegin":[0,667,375,258],"frameEnd":[0,409,375,258],"duration":0.25,"curve":7,"isLocal":true}"#,
        #"{"event":"blur"}"#,
        #"{"event":"keyboard","name":"UIKeyboardWillHideNotification"}"#,
    ]

    struct Shape: Sendable, CustomStringConvertible {
        var description: String
        var text: String
        /// The line each event is read from.
        var eventLines: [Int]
    }

    static let shapes: [Shape] = [
        Shape(description: "plain", text: lines.joined(separator: "\n") + "\n", eventLines: [2, 3, 4, 5, 6]),
        // The input that failed CI: blank lines after the DidShow.
        Shape(
            description: "eight blank lines",
            text: lines[0...3].joined(separator: "\n") + String(repeating: "\n", count: 9)
                + lines[4...].joined(separator: "\n") + "\n",
            eventLines: [2, 3, 4, 13, 14]),
        Shape(description: "CRLF", text: lines.joined(separator: "\r\n") + "\r\n", eventLines: [2, 3, 4, 5, 6]),
        Shape(description: "trailing white space", text: lines.map { $0 + " \t " }.joined(separator: "\n") + "\n", eventLines: [2, 3, 4, 5, 6]),
        Shape(description: "no final newline", text: lines.joined(separator: "\n"), eventLines: [2, 3, 4, 5, 6]),
        Shape(
            description: "white-space-only lines",
            text: lines[0...1].joined(separator: "\n") + "\n \t\r\n\r \r\t\n\t\n" + lines[2...].joined(separator: "\n"),
            eventLines: [2, 6, 7, 8, 9]),
        Shape(description: "leading blank lines", text: "\n \n" + lines.joined(separator: "\n") + "\n", eventLines: [4, 5, 6, 7, 8]),
    ]

    @Test(arguments: shapes)
    func everyShapeReadsToTheSameTraceWithItsOwnLineNumbers(shape: Shape) throws {
        let plain = try TraceReader.read(Self.shapes[0].text, file: "plain.kbtrace")
        let t = try TraceReader.read(shape.text, file: "shape.kbtrace")
        #expect(t.events.map(\.line) == shape.eventLines)
        #expect(t.renumbered == plain)
        #expect(t.header == plain.header && t.events.map(\.event) == plain.events.map(\.event))
    }

    /// A line cut short names the same line and column whether the file
    /// ends its lines with LF or CRLF: the CR is the line ending's, not
    /// part of the JSON.
    @Test func aTruncatedLineHasTheSameColumnWithCRLF() {
        let cut = #"{"event":"blur""#
        func error(_ separator: String) -> MalformedInput? {
            do {
                _ = try TraceReader.read(Self.lines[0] + separator + cut + separator, file: "cut.kbtrace")
                return nil
            } catch { return error }
        }
        let lf = error("\n"), crlf = error("\r\n")
        #expect(lf?.line == 2 && crlf?.line == 2)
        #expect(lf?.problem == .invalidJSON(column: cut.utf8.count + 1, message: "unexpected end of input in an object"), "\(String(describing: lf))")
        #expect(crlf?.problem == lf?.problem, "\(String(describing: crlf))")
    }

    @Test(arguments: shapes)
    func everyShapeRoundTripsAsTheWriterPromises(shape: Shape) throws {
        let t = try TraceReader.read(shape.text, file: "shape.kbtrace")
        let written = TraceWriter.text(t)
        let again = try TraceReader.read(written, file: "written.kbtrace")
        #expect(again == t.renumbered)
        #expect(TraceWriter.text(again) == written, "the written text is a fixed point")
    }

    @Test func infinitePayloadsSurviveAWriteAndARead() throws {
        let text =
            Self.lines[0] + "\n" + #"{"event":"keyboard","name":"UIKeyboardWillShowNotification","frameEnd":[0,1e999,375,-1e999],"duration":1e999}"#
        let t = try TraceReader.read(text, file: "inf.kbtrace")
        let written = TraceWriter.text(t)
        #expect(written.contains(#""frameEnd":[0,1e999,375,-1e999],"duration":1e999"#))
        #expect(try TraceReader.read(written, file: "w") == t)
    }

    @Test func renumberingChangesOnlyTheLines() throws {
        let t = try TraceReader.read(Self.shapes[1].text, file: "t")
        #expect(t != t.renumbered, "the line numbers are part of a trace's value")
        #expect(t.renumbered.events.map(\.line) == [2, 3, 4, 5, 6])
        #expect(t.renumbered.events.map(\.event) == t.events.map(\.event))
        #expect(t.renumbered.renumbered == t.renumbered)
    }
}

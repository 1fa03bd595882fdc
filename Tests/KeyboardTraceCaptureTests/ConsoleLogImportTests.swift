import Foundation
import KeyboardAvoidance
import KeyboardGeometry
import KeyboardHarness
import KeyboardOracle
import KeyboardStrategies
import KeyboardTrace
import KeyboardTraceCapture
import KeyboardWorld
import Testing

/// `kbbench import`: every value of every notification copied exactly, in
/// each shape consoles print, and the layout from options or the frames.
@Suite("Importing console logs")
struct ConsoleLogImportTests {
    typealias S = ConsoleLogSamples

    static func imported(_ text: String, _ options: ConsoleLogImport.Options = .init()) throws -> ConsoleLogImport.Imported {
        do {
            return try ConsoleLogImport.trace([("log.txt", text)], options: options)
        } catch {
            Issue.record("\(error)")
            throw error
        }
    }

    static func keyboard(_ t: Trace) -> [KeyboardNotification] {
        t.events.compactMap { if case .keyboard(let n) = $0.event { n } else { nil } }
    }

    @Test func objectiveCWithQuotedValuesKeepsEveryValue() throws {
        let r = try Self.imported(S.objectiveCQuoted)
        #expect(r.keyboard == 2 && r.skipped == 1)
        let notes = Self.keyboard(r.trace)
        #expect(
            notes[0]
                == KeyboardNotification(
                    name: .willShow, frameBegin: KBRect(x: 0, y: 812, width: 375, height: 291),
                    frameEnd: KBRect(x: 0, y: 521, width: 375, height: 291),
                    bounds: KBSize(width: 375, height: 291), centerBegin: KBPoint(x: 187.5, y: 957.5), centerEnd: KBPoint(x: 187.5, y: 666.5),
                    duration: 0.25, curve: 7, isLocal: true
                ))
        #expect(notes[1].name == .willHide && notes[1].frameEnd == KBRect(x: 0, y: 812, width: 375, height: 291))
        // The screen read off the frames: 375 wide, hidden keyboards at y = 812.
        #expect(r.trace.header.screen == KBSize(width: 375, height: 812) && r.trace.header.orientation == .portrait)
    }

    /// A dump pasted into a comment, a Markdown quote, backticks or a
    /// string literal imports as the console printed it: every value of
    /// both notifications, the screen read off their frames.
    @Test(arguments: S.pasted)
    func pastedDumpsImportEveryValue(_ name: String) throws {
        let r = try Self.imported(S.load(name))
        let show = KeyboardNotification(
            name: .willShow, frameBegin: KBRect(x: 0, y: 667, width: 375, height: 258), frameEnd: KBRect(x: 0, y: 409, width: 375, height: 258),
            bounds: KBSize(width: 375, height: 258), centerBegin: KBPoint(x: 187.5, y: 796), centerEnd: KBPoint(x: 187.5, y: 538),
            duration: 0.25, curve: 7, isLocal: true
        )
        var hide = show
        hide.name = .willHide
        (hide.frameBegin, hide.frameEnd, hide.centerBegin, hide.centerEnd) = (show.frameEnd, show.frameBegin, show.centerEnd, show.centerBegin)
        #expect(Self.keyboard(r.trace) == [show, hide])
        #expect(r.keyboard == 2 && r.skipped == 0)
        #expect(r.trace.header.screen == KBSize(width: 375, height: 667) && r.trace.header.orientation == .portrait)
    }

    /// Swift 2's bare keys and RxSwift's wrapper with its missing spaces
    /// give the same values as the shapes with `AnyHashable("…"): `.
    @Test func swift2BareKeysAndRxSwiftsWrapperKeepEveryValue() throws {
        let show = KeyboardNotification(
            name: .willShow, frameBegin: KBRect(x: 0, y: 736, width: 414, height: 271), frameEnd: KBRect(x: 0, y: 465, width: 414, height: 271),
            bounds: KBSize(width: 414, height: 271), centerBegin: KBPoint(x: 207, y: 871.5), centerEnd: KBPoint(x: 207, y: 600.5),
            duration: 0.25, curve: 7, isLocal: true
        )
        let swift2 = try Self.imported(S.swift2, .init(bareName: .willShow))
        #expect(Self.keyboard(swift2.trace) == [show])
        var didShow = show
        didShow.name = .didShow
        let rx = try Self.imported(S.rxSwift)
        #expect(Self.keyboard(rx.trace) == [show, didShow])
        #expect(rx.trace.header.screen == KBSize(width: 414, height: 736))
    }

    /// A damaged notification fails the import naming its line; with
    /// `skipDamaged` it is left out and listed, and everything complete
    /// around it imports. A notification without some keys imports what it
    /// has, and the keys it lacks are listed.
    @Test func damagedNotificationsAreNamedOrLeftOut() throws {
        do {
            _ = try ConsoleLogImport.trace([("log.txt", S.damaged)], options: .init())
            Issue.record("a garbled entry imported")
        } catch {
            #expect(error.description == "log.txt:14: expected KEY = VALUE in the userInfo, found 'UIKeyboardB'")
        }
        let r = try Self.imported(S.damaged, .init(skipDamaged: true))
        #expect(r.damaged.map(\.line) == [14, 21])
        #expect(r.damaged.last?.description == "log.txt:21: the userInfo of UIKeyboardDidHideNotification is cut off: its bracket never closes")
        let notes = Self.keyboard(r.trace)
        #expect(notes.map(\.name) == [.willShow, .willHide])
        #expect(
            notes[1]
                == KeyboardNotification(
                    name: .willHide, frameBegin: KBRect(x: 0, y: 409, width: 375, height: 258),
                    frameEnd: KBRect(x: 0, y: 667, width: 375, height: 258)
                ))
        #expect(r.missingKeys.count == 1)
        #expect(r.missingKeys.first.map { [$0.line] } == [17] && r.missingKeys.first?.keys == [.animationDuration, .animationCurve])
        #expect(r.perName.map(\.name) == [.willShow, .willHide] && r.perName.map(\.count) == [1, 1])
    }

    /// Entries separated by `;` or `,`, in any order, with braces or
    /// without: the same values.
    @Test func nsDictionaryLikeTextWithOrWithoutBraces() throws {
        let r = try Self.imported(S.nsDictionaryKeys, .init(bareName: .willShow))
        let full = KeyboardNotification(
            name: .willShow, frameBegin: KBRect(x: 0, y: 667, width: 375, height: 258), frameEnd: KBRect(x: 0, y: 409, width: 375, height: 258),
            centerBegin: KBPoint(x: 187.5, y: 796), centerEnd: KBPoint(x: 187.5, y: 538), duration: 0.25, curve: 7
        )
        var keyLines = full
        (keyLines.centerBegin, keyLines.centerEnd) = (nil, nil)
        #expect(Self.keyboard(r.trace) == [full, keyLines])
        #expect(r.missingKeys.isEmpty)
    }

    /// One entry a line, with its brackets or without the opening one: the
    /// same values.
    @Test func prettyPrintedSwiftDictionaries() throws {
        let r = try Self.imported(S.swiftPretty, .init(bareName: .willShow))
        var second = KeyboardNotification(
            name: .willShow, frameBegin: KBRect(x: 0, y: 667, width: 375, height: 258), frameEnd: KBRect(x: 0, y: 409, width: 375, height: 258),
            duration: 0.25, curve: 7
        )
        var first = second
        first.centerEnd = KBPoint(x: 187.5, y: 538)
        #expect(Self.keyboard(r.trace) == [first, second])
        second.curve = nil
        #expect(Self.keyboard(r.trace)[1] != second, "the last entry's value is read without its closing brackets")
    }

    /// A pretty-printed dictionary is recognised by its opening `[` and the
    /// key line right after it: one entry is enough, even the paste's last
    /// line, and the notification is named by the line that opens it. A note between the `[` and the
    /// first key is not an entry: the key lines after it are read alone.
    @Test func aPrettyPrintedDictionaryOpensWhereItsFirstKeyFollows() throws {
        let one = """
            po notification.userInfo
            ▿ Optional([
                AnyHashable("UIKeyboardFrameEndUserInfoKey"): NSRect: {{0, 409}, {375, 258}}
            ])
            """
        let r = try Self.imported(one, .init(bareName: .willShow))
        #expect(Self.keyboard(r.trace).map(\.frameEnd) == [KBRect(x: 0, y: 409, width: 375, height: 258)])
        #expect(r.missingKeys.map(\.line) == [2], "named by the line with the opening bracket")
        let noted = """
            userInfo: [
              (the first show)
                AnyHashable("UIKeyboardFrameEndUserInfoKey"): NSRect: {{0, 409}, {375, 258}},
                AnyHashable("UIKeyboardAnimationDurationUserInfoKey"): 0.25
            ]
            """
        let n = try Self.imported(noted, .init(bareName: .willShow))
        #expect(Self.keyboard(n.trace).map(\.frameEnd) == [KBRect(x: 0, y: 409, width: 375, height: 258)])
        #expect(Self.keyboard(n.trace).map(\.duration) == [0.25])
        #expect(n.missingKeys.map(\.line) == [3], "named by the first key line")
        // The paste ends with that one key line, its bracket closing on it:
        // still the dictionary the line above opens.
        let last = "userInfo: [\n    AnyHashable(\"UIKeyboardFrameEndUserInfoKey\"): NSRect: {{0, 409}, {375, 258}}]"
        let l = try Self.imported(last, .init(bareName: .willShow))
        #expect(Self.keyboard(l.trace).map(\.frameEnd) == [KBRect(x: 0, y: 409, width: 375, height: 258)])
        #expect(l.missingKeys.map(\.line) == [1], "named by the line with the opening bracket")
    }

    /// Pretty-printed entry lines whose brackets were both lost, pasted
    /// with CRLF line ends: the trailing CR (and nothing of the last value)
    /// is trimmed, with or without a `])` left on the last line.
    @Test(arguments: ["", "]", "])", " ])"])
    func entryLinesWithCRLFKeepTheirLastValueWhole(closing: String) throws {
        let log =
            "    AnyHashable(\"UIKeyboardAnimationDurationUserInfoKey\"): 0.25,\r\n"
            + "    AnyHashable(\"UIKeyboardFrameEndUserInfoKey\"): NSRect: {{0, 409}, {375, 258}}\(closing)\r\n"
        let r = try Self.imported(log, .init(bareName: .willShow))
        let n = try #require(Self.keyboard(r.trace).first)
        #expect(n.frameEnd == KBRect(x: 0, y: 409, width: 375, height: 258) && n.duration == 0.25)
    }

    /// A value that is not a finite number is damage: exit 65 naming the
    /// line and the key, or left out with `skipDamaged`.
    @Test(arguments: [
        ("0.25", "nan"), ("0.25", "1e999"), ("{{0, 0}, {375, 258}}", "{{0, 0}, {375, -inf}}"), ("{187.5, 796}", "{nan, 796}"),
    ])
    func aValueThatIsNotFiniteIsNamed(finite: String, broken: String) throws {
        let log = "note\n" + S.swift.split(separator: "\n")[1].replacingOccurrences(of: finite, with: broken)
        #expect(log != "note\n" + S.swift.split(separator: "\n")[1], "the sample holds \(finite)")
        do {
            _ = try ConsoleLogImport.trace([("log.txt", log)], options: .init())
            Issue.record("\(broken) imported")
        } catch {
            #expect(error.description.hasPrefix("log.txt:2: key '"), "\(error)")
            #expect(error.description.contains("finite"), "\(error)")
        }
        #expect(throws: ConsoleLogImport.Problem.nothingFound(files: ["log.txt"])) {
            try ConsoleLogImport.trace([("log.txt", log)], options: .init(skipDamaged: true))
        }
    }

    /// A hard-wrapped print reads as if it were one line, and the mirror
    /// tree after it is not a second notification, with `--name` or not.
    @Test(arguments: [nil, KeyboardNotification.Name.willShow])
    func lldbsPrintAndMirrorAreOneNotification(bareName: KeyboardNotification.Name?) throws {
        let r = try Self.imported(S.lldbSwift, .init(bareName: bareName))
        #expect(
            Self.keyboard(r.trace) == [
                KeyboardNotification(
                    name: .willShow, frameBegin: KBRect(x: 0, y: 667, width: 375, height: 258),
                    frameEnd: KBRect(x: 0, y: 409, width: 375, height: 258),
                    bounds: KBSize(width: 375, height: 258), centerBegin: KBPoint(x: 187.5, y: 796), centerEnd: KBPoint(x: 187.5, y: 538),
                    duration: 0.25, curve: 7, isLocal: true
                )
            ])
    }

    /// A sequence as an old iPad logged it: every value, the other
    /// notification skipped, a repeated address read twice (two
    /// notifications), the missing animation keys of a rotation's Did
    /// notifications named by line, a negative origin kept.
    @Test func anIOS5RotationSequenceImportsEveryValue() throws {
        let r = try Self.imported(S.iPadIOS5, .init(profile: .ios7))
        let willShow = KeyboardNotification(
            name: .willShow, frameBegin: KBRect(x: 0, y: 1024, width: 768, height: 264), frameEnd: KBRect(x: 0, y: 760, width: 768, height: 264),
            bounds: KBSize(width: 768, height: 264), centerBegin: KBPoint(x: 384, y: 1156), centerEnd: KBPoint(x: 384, y: 892), duration: 0.25,
            curve: 0
        )
        var didShow = willShow
        didShow.name = .didShow
        let didHide = KeyboardNotification(
            name: .didHide, frameBegin: KBRect(x: 0, y: 760, width: 768, height: 264), frameEnd: KBRect(x: 0, y: 760, width: 768, height: 264),
            bounds: KBSize(width: 768, height: 264), centerBegin: KBPoint(x: 384, y: 892), centerEnd: KBPoint(x: 384, y: 892)
        )
        let landscape = KeyboardNotification(
            name: .didShow, frameBegin: KBRect(x: -352, y: 0, width: 352, height: 1024), frameEnd: KBRect(x: 0, y: 0, width: 352, height: 1024),
            bounds: KBSize(width: 1024, height: 352), centerBegin: KBPoint(x: -176, y: 512), centerEnd: KBPoint(x: 176, y: 512)
        )
        #expect(Self.keyboard(r.trace) == [willShow, didShow, didHide, landscape])
        #expect(r.skipped == 1)
        #expect(r.missingKeys.map(\.line) == [21, 28] && r.missingKeys.allSatisfy { $0.keys == [.animationDuration, .animationCurve] })
        #expect(r.trace.header.screen == KBSize(width: 768, height: 1024))
    }

    /// A partial paste imports what it holds and names what it lacks; its
    /// lone frames still give the screen (a show's begin frame waits below
    /// it, a hide's begin frame rests on its bottom edge), and a key the
    /// importer does not read is passed over.
    @Test func aPartialPasteImportsWhatItHolds() throws {
        let r = try Self.imported(S.partialFrames)
        #expect(
            Self.keyboard(r.trace) == [
                KeyboardNotification(name: .willShow, frameBegin: KBRect(x: 0, y: 896, width: 414, height: 346), duration: 0.25, curve: 7),
                KeyboardNotification(name: .willHide, frameBegin: KBRect(x: 0, y: 550, width: 414, height: 346)),
            ])
        #expect(r.missingKeys.map(\.line) == [2, 8])
        #expect(r.missingKeys.map(\.keys) == [[.frameEnd], [.frameEnd, .animationDuration, .animationCurve]])
        #expect(r.trace.header.screen == KBSize(width: 414, height: 896))
        // Lone frames that disagree say nothing: the screen is asked for.
        let disagreeing = S.partialFrames.replacingOccurrences(of: "{{0, 550}, {414, 346}}", with: "{{0, 500}, {414, 346}}")
        #expect(throws: ConsoleLogImport.Problem.self) { try ConsoleLogImport.trace([("p.log", disagreeing)], options: .init()) }
    }

    /// An upside-down iPad: the orientation is read off the frames, only
    /// the screen is asked for, and the negative origins are kept.
    @Test func anUpsideDownIPadKeepsItsNegativeOrigins() throws {
        #expect(throws: ConsoleLogImport.Problem.self) { try ConsoleLogImport.trace([("u.log", S.iPadUpsideDown)], options: .init(profile: .ios7)) }
        let r = try Self.imported(S.iPadUpsideDown, .init(screen: KBSize(width: 768, height: 1024), profile: .ios7))
        #expect(r.trace.header.orientation == .portraitUpsideDown)
        #expect(
            Self.keyboard(r.trace) == [
                KeyboardNotification(
                    name: .willShow, frameBegin: KBRect(x: 0, y: -264, width: 768, height: 264),
                    frameEnd: KBRect(x: 0, y: 0, width: 768, height: 264),
                    bounds: KBSize(width: 768, height: 264), centerBegin: KBPoint(x: 384, y: -132), centerEnd: KBPoint(x: 384, y: 132),
                    duration: 0.25, curve: 0
                )
            ])
    }

    /// A key cut to nothing after `AnyHashable("` is a malformed entry named
    /// by its line, never a crash (InputFuzz found `AnyHashable("):` reading
    /// a range that ended before it began); an empty key is an empty key.
    @Test func anEntryCutAfterItsOpeningQuoteIsNamed() throws {
        let cut = "note\nname = UIKeyboardWillShowNotification, object = nil, userInfo = Optional([AnyHashable(\"): 1])\n"
        do {
            _ = try ConsoleLogImport.trace([("cut.log", cut)], options: .init())
            Issue.record("accepted")
        } catch {
            #expect(error.description.hasPrefix("cut.log:2: "), "\(error)")
        }
        let empty =
            "name = UIKeyboardWillShowNotification, object = nil, userInfo = Optional([AnyHashable(\"\"): 1, AnyHashable(\"UIKeyboardAnimationCurveUserInfoKey\"): 7])\n"
        #expect(throws: ConsoleLogImport.Problem.self, "no frame: the screen is asked for") {
            try ConsoleLogImport.trace([("e.log", empty)], options: .init())
        }
        let r = try Self.imported(empty, .init(screen: KBSize(width: 375, height: 667)))
        #expect(Self.keyboard(r.trace) == [KeyboardNotification(name: .willShow, curve: 7)])
    }

    /// The input with which InputFuzz crashed the importer (kept in its seed
    /// corpus): a `\"` pasted line whose `AnyHashable(\"): 1` put the closing
    /// `"):` on the opening quote. It now reads without trapping.
    @Test func theFuzzersCrashingPasteReads() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let bytes = try Data(contentsOf: root.appendingPathComponent("corpora/inputfuzz/console-regression-anyhashable-quote-colon"))
        let text = String(decoding: bytes.dropFirst(2), as: UTF8.self)
        #expect(text.contains(#"AnyHashable(\"): 1"#))
        _ = try? ConsoleLogImport.trace([("crash.log", text)], options: .init(profile: .iphoneos3))
    }

    /// Key lines alone, their keys quoted as Objective-C quotes some: the
    /// same entries.
    @Test func quotedKeyLinesWithoutBraces() throws {
        let log = #"""
            "UIKeyboardFrameEndUserInfoKey" = "NSRect: {{0, 409}, {375, 258}}";
            "UIKeyboardFrameBeginUserInfoKey" = "NSRect: {{0, 667}, {375, 258}}";
            """#
        let r = try Self.imported(log, .init(bareName: .willShow))
        #expect(
            Self.keyboard(r.trace) == [
                KeyboardNotification(
                    name: .willShow, frameBegin: KBRect(x: 0, y: 667, width: 375, height: 258),
                    frameEnd: KBRect(x: 0, y: 409, width: 375, height: 258)
                )
            ])
    }

    /// Unwrapping keeps the lines where they were: a damaged value inside a
    /// comment is named by the line the user sees.
    @Test func aDamagedValueInACommentNamesItsLine() throws {
        let damaged = S.load("comment-stars-objc").replacingOccurrences(
            of: #""NSRect: {{0, 409}, {375, 258}}";"#, with: #""NSRect: {{0, 409}, {375";"#)
        do {
            _ = try ConsoleLogImport.trace([("log.txt", damaged)], options: .init())
            Issue.record("a truncated NSRect imported")
        } catch {
            #expect("\(error)".contains("log.txt:12:"), "\(error)")
        }
    }

    @Test func objectiveCBareValuesOfOldIOS() throws {
        let r = try Self.imported(S.objectiveCBare, .init(profile: .ios7))
        let n = try #require(Self.keyboard(r.trace).first)
        #expect(
            n
                == KeyboardNotification(
                    name: .willShow, frameBegin: KBRect(x: 0, y: 480, width: 320, height: 216),
                    frameEnd: KBRect(x: 0, y: 264, width: 320, height: 216),
                    bounds: KBSize(width: 320, height: 216), centerBegin: KBPoint(x: 160, y: 588), centerEnd: KBPoint(x: 160, y: 372), duration: 0.3,
                    curve: 0
                ))
        #expect(n.isLocal == nil)
        #expect(r.trace.header.profile == .ios7 && r.trace.header.screen == KBSize(width: 320, height: 480))
    }

    @Test func swiftPrintKeepsAllSeventeenDigits() throws {
        let r = try Self.imported(S.swift)
        let notes = Self.keyboard(r.trace)
        #expect(notes.count == 2 && notes[1].name == .didShow)
        #expect(notes[0].frameEnd == KBRect(x: 0, y: 409.33333333333331, width: 375, height: 257.66666666666669))
        #expect(notes[0].frameEnd?.origin.y.bitPattern == (1228.0 / 3).bitPattern)
        #expect(notes[0].centerEnd == KBPoint(x: 187.5, y: 538.33333333333337))
        #expect(notes[0].duration == 0.25 && notes[0].curve == 7 && notes[0].isLocal == true && notes[0].bounds == KBSize(width: 375, height: 258))
        #expect(r.trace.header.screen == KBSize(width: 375, height: 667))
    }

    /// `userInfo = Optional([` read however it is spaced (a log that went
    /// through a formatter, or a hand-typed one), and `userInfo = nil` as no
    /// payload even when a bracket follows on the line.
    @Test func aSwiftPrintsUserInfoIsReadHoweverItIsSpaced() throws {
        let entry = #"AnyHashable("UIKeyboardFrameEndUserInfoKey"): NSRect: {{0, 451}, {375, 216}}"#
        for opening in ["Optional([", " Optional([", "Optional( [", "  Optional(  ["] {
            let log = "name = UIKeyboardWillShowNotification, object = nil, userInfo = \(opening)\(entry)])\n"
            let r = try Self.imported(log)
            #expect(Self.keyboard(r.trace).first?.frameEnd == KBRect(x: 0, y: 451, width: 375, height: 216), "userInfo = \(opening)")
        }
        let none = try Self.imported(
            "name = UIKeyboardWillHideNotification, object = nil, userInfo = nil [sic]\n"
                + "name = UIKeyboardWillShowNotification, object = nil, userInfo = Optional([\(entry)])\n")
        #expect(Self.keyboard(none.trace).first == KeyboardNotification(name: .willHide), "`nil`, then a bracket: no payload")
    }

    /// Swift prints on consecutive lines are each found, the scan going on
    /// at the line right after each, and a print that lacks keys is named by
    /// its own line.
    @Test func swiftPrintsOnConsecutiveLinesAreEachFoundAndNamedByTheirLines() throws {
        let entry = #"AnyHashable("UIKeyboardFrameEndUserInfoKey"): NSRect: {{0, 451}, {375, 216}}"#
        let log =
            "keyboard log\n"
            + "name = UIKeyboardWillShowNotification, object = nil, userInfo = Optional([\(entry)])\n"
            + "name = UIKeyboardDidShowNotification, object = nil, userInfo = Optional([\(entry)])\n"
            + "name = UIKeyboardWillHideNotification, object = nil, userInfo = nil\n"
        let r = try Self.imported(log)
        #expect(Self.keyboard(r.trace).map(\.name) == [.willShow, .didShow, .willHide])
        #expect(r.missingKeys.map(\.line) == [2, 3, 4])
        // Damage skipped on line 3: the scan goes on at line 4.
        let damaged = try Self.imported(
            log.replacingOccurrences(
                of: "DidShowNotification, object = nil, userInfo = Optional([",
                with: "DidShowNotification, object = nil, userInfo = Optional([Frame: 1, "),
            .init(skipDamaged: true))
        #expect(Self.keyboard(damaged.trace).map(\.name) == [.willShow, .willHide])
        #expect(damaged.damaged.map(\.line) == [3])
    }

    /// A Swift print whose userInfo opens at the end of its line and runs
    /// over the lines below, one entry a line.
    @Test func aSwiftPrintsUserInfoMayOpenAtTheEndOfItsLine() throws {
        let log =
            "name = UIKeyboardWillShowNotification, object = nil, userInfo = Optional([\n"
            + "    AnyHashable(\"UIKeyboardFrameEndUserInfoKey\"): NSRect: {{0, 451}, {375, 216}},\n"
            + "    AnyHashable(\"UIKeyboardAnimationDurationUserInfoKey\"): 0.25\n])\n"
        let n = try #require(Self.keyboard(try Self.imported(log).trace).first)
        #expect(n.name == .willShow && n.frameEnd == KBRect(x: 0, y: 451, width: 375, height: 216) && n.duration == 0.25)
    }

    /// Spaces around an opening bracket, trailing spaces after one that
    /// ends its line included, change no value, in each shape that opens one.
    @Test(arguments: [
        ("nslog-ios11", "userInfo = {", "userInfo =   {  "),
        ("po-ios4", "userInfo = {", "userInfo =  { "),
        ("userinfo-objc", "] {\n", "] {   \n"),
        ("swift-pretty", "Optional([\n", "Optional([   \n"),
    ])
    func spacesAroundAnOpeningBracketChangeNothing(sample: String, opening: String, spaced: String) throws {
        let log = S.load(sample)
        #expect(log.contains(opening))
        let options = ConsoleLogImport.Options(bareName: .willShow)
        let plain = Self.keyboard(try Self.imported(log, options).trace)
        #expect(!plain.isEmpty && plain.contains { $0.frameEnd != nil })
        #expect(Self.keyboard(try Self.imported(log.replacingOccurrences(of: opening, with: spaced), options).trace) == plain)
    }

    /// A Swift print's entry that is not `AnyHashable("KEY"): VALUE` is named
    /// by its own line, whether the userInfo fits on one line or runs over
    /// several.
    @Test func aSwiftPrintsBadEntryNamesItsLine() {
        let entry = #"AnyHashable("UIKeyboardFrameEndUserInfoKey"): NSRect: {{0, 451}, {375, 216}}"#
        for (log, line) in [
            ("keyboard\nname = UIKeyboardWillShowNotification, object = nil, userInfo = Optional([\(entry), Frame: 1])\n", 2),
            ("name = UIKeyboardWillShowNotification, object = nil, userInfo = Optional([\n    \(entry),\n    Frame: 1\n])\n", 3),
        ] {
            #expect {
                try ConsoleLogImport.trace([("log.txt", log)], options: .init())
            } throws: { error in
                "\(error)" == "log.txt:\(line): expected AnyHashable(\"KEY\"): VALUE in the userInfo, found 'Frame: 1'"
            }
        }
    }

    /// A quoted value may hold escaped quotes and brackets: they neither end
    /// the value nor the userInfo.
    @Test func aQuotedValueKeepsItsEscapedQuotesAndBrackets() throws {
        let end = #"AnyHashable("UIKeyboardFrameEndUserInfoKey"): NSRect: {{0, 451}, {375, 216}}"#
        for value in [#""say \"]\"""#, #""\"""#, #""a\\""#] {
            let log = "name = UIKeyboardWillShowNotification, object = nil, userInfo = Optional([AnyHashable(\"Note\"): \(value), \(end)])\n"
            let n = try #require(Self.keyboard(try Self.imported(log).trace).first, "\(value)")
            #expect(n.frameEnd == KBRect(x: 0, y: 451, width: 375, height: 216), "\(value)")
        }
    }

    @Test(arguments: [S.bareSwift, S.bareObjectiveC])
    func aUserInfoAloneNeedsItsName(_ log: String) throws {
        #expect(throws: ConsoleLogImport.Problem.nothingFound(files: ["log.txt"])) {
            try ConsoleLogImport.trace([("log.txt", log)], options: .init())
        }
        let r = try Self.imported(log, .init(bareName: .willShow))
        let n = try #require(Self.keyboard(r.trace).first)
        #expect(n.name == .willShow && n.frameEnd == KBRect(x: 0, y: 409, width: 375, height: 258) && n.curve == 7)
        #expect(r.trace.header.screen == KBSize(width: 375, height: 667))
    }

    /// Objective-C's description quotes a key when it likes: a quoted key is
    /// the same key, and its value the same value.
    @Test func quotedObjectiveCKeysAreTheSameKeys() throws {
        let quoted = S.bareObjectiveC.replacingOccurrences(of: #"(UIKeyboard\w+Key) = "#, with: #""$1" = "#, options: .regularExpression)
        #expect(quoted.contains(#""UIKeyboardAnimationCurveUserInfoKey" = 7;"#))
        let plain = try Self.imported(S.bareObjectiveC, .init(bareName: .willShow)),
            fromQuoted = try Self.imported(quoted, .init(bareName: .willShow))
        #expect(Self.keyboard(fromQuoted.trace) == Self.keyboard(plain.trace))
        #expect(Self.keyboard(plain.trace).first?.curve == 7)
    }

    /// The printed spellings of a flag: 1, true, YES and 0, false, NO, with
    /// or without quotes; anything else is no flag.
    @Test func printedFlagsReadAsTheirValue() {
        for text in ["1", "true", "YES", "\"1\""] { #expect(PrintedValue.boolean(text) == true, "\(text)") }
        for text in ["0", "false", "NO", "\"NO\""] { #expect(PrintedValue.boolean(text) == false, "\(text)") }
        for text in ["2", "yes", "", "nil"] { #expect(PrintedValue.boolean(text) == nil, "\(text)") }
    }

    /// Geometry with a number missing or one too many in any of its lists
    /// is no value (never a crash, never a default).
    @Test func geometryWithTheWrongCountIsNoValue() {
        #expect(PrintedValue.rect("NSRect: {{0, 409}, {375, 258}}") == KBRect(x: 0, y: 409, width: 375, height: 258))
        for text in [
            "{{0}, {375, 258}}", "{{0, 409}, {375}}", "{{}, {375, 258}}", "{{0, 409, 1}, {375, 258}}", "{{0, 409}, {375, 258, 1}}", "{{0, 409}}",
        ] {
            #expect(PrintedValue.rect(text) == nil, "\(text)")
        }
        #expect(PrintedValue.point("{187.5, 538}") == KBPoint(x: 187.5, y: 538))
        for text in ["{187.5}", "{187.5, 538, 1}", "{}"] { #expect(PrintedValue.point(text) == nil, "\(text)") }
    }

    @Test func aTruncatedRectNamesItsLineAndKey() {
        let broken = S.objectiveCQuoted.replacingFirst(#""NSRect: {{0, 521}, {375, 291}}""#, with: #""NSRect: {{0, 521}, {375""#)
        #expect(broken != S.objectiveCQuoted)
        do {
            _ = try ConsoleLogImport.trace([("dump.log", broken)], options: .init())
            Issue.record("accepted")
        } catch {
            #expect(
                error.description
                    == "dump.log:9: key 'UIKeyboardFrameEndUserInfoKey': expected a rect {{x, y}, {w, h}}, found \"NSRect: {{0, 521}, {375\"")
        }
    }

    /// In every shape a console prints, a broken value is named by the line
    /// it is on (the last end frame of each sample, its width made a word,
    /// its brackets left balanced) and its key.
    @Test(arguments: ["nslog-ios11", "po-ios4", "swift-print", "userinfo-objc", "userinfo-swift"])
    func aBrokenValueIsNamedByItsLineInEveryShape(sample: String) throws {
        var lines = ConsoleLogSamples.load(sample).components(separatedBy: "\n")
        let index = try #require(lines.lastIndex { $0.contains("UIKeyboardFrameEndUserInfoKey") && $0.contains("NSRect: {{") })
        let line = lines[index]
        let key = try #require(line.range(of: "UIKeyboardFrameEndUserInfoKey"))
        let rect = try #require(line.range(of: "NSRect: {{", range: key.upperBound..<line.endIndex))
        let second = try #require(line.range(of: "}, {", range: rect.upperBound..<line.endIndex))
        let comma = try #require(line.range(of: ",", range: second.upperBound..<line.endIndex))
        lines[index] = String(line[..<second.upperBound]) + "wide" + String(line[comma.lowerBound...])
        do {
            _ = try ConsoleLogImport.trace([("\(sample).log", lines.joined(separator: "\n"))], options: .init(bareName: .willShow))
            Issue.record("\(sample): a rect with a word for its width was accepted")
        } catch {
            #expect(error.description.hasPrefix("\(sample).log:\(index + 1): key 'UIKeyboardFrameEndUserInfoKey'"), "\(error)")
        }
    }

    /// `--focus` must name one of the fields given: an index outside them is
    /// a usage error at import, not a trace that replay refuses later.
    @Test(arguments: [1, 2, -1])
    func aFocusOutsideTheFieldsIsAUsageError(focus: Int) throws {
        let options = ConsoleLogImport.Options(fields: [KBRect(x: 16, y: 300, width: 288, height: 44)], focus: focus)
        #expect {
            try ConsoleLogImport.trace([("log.txt", S.objectiveCQuoted)], options: options)
        } throws: { error in
            guard case .needsFlag(_, let why)? = error as? ConsoleLogImport.Problem else { return false }
            return why.contains("--focus \(focus)")
        }
        let fine = try Self.imported(S.objectiveCQuoted, .init(fields: [KBRect(x: 16, y: 300, width: 288, height: 44)], focus: 0))
        #expect(fine.trace.events.first?.event == .focus(field: 0, caret: nil))
    }

    @Test func aUserInfoThatNeverEndsNamesItsLine() {
        let cut = String(S.objectiveCBare.dropLast(3))
        do {
            _ = try ConsoleLogImport.trace([("cut.log", cut)], options: .init())
            Issue.record("accepted")
        } catch {
            #expect(error.description == "cut.log:2: the userInfo of UIKeyboardWillShowNotification is cut off: its bracket never closes")
        }
    }

    /// The screen is read off any docked keyboard at the bottom edge, even
    /// when the begin and end heights differ (iOS 11's QuickType bar over
    /// an iPhone X's home indicator); a keyboard that does not reach the
    /// bottom edge, or starts off the left edge, says nothing.
    @Test func theScreenIsReadOffAnyKeyboardAtTheBottomEdge() {
        func note(_ name: KeyboardNotification.Name, _ begin: KBRect, _ end: KBRect) -> KeyboardNotification {
            KeyboardNotification(name: name, frameBegin: begin, frameEnd: end)
        }
        let iPhoneX = note(.willShow, KBRect(x: 0, y: 812, width: 375, height: 291), KBRect(x: 0, y: 477, width: 375, height: 335))
        #expect(ConsoleLogImport.inferredScreen([iPhoneX]) == KBSize(width: 375, height: 812))
        let hide = note(.didHide, KBRect(x: 0, y: 477, width: 375, height: 335), KBRect(x: 0, y: 812, width: 375, height: 335))
        #expect(ConsoleLogImport.inferredScreen([hide]) == KBSize(width: 375, height: 812))
        #expect(ConsoleLogImport.inferredScreen([iPhoneX, hide]) == KBSize(width: 375, height: 812))
        let floating = note(.willShow, KBRect(x: 0, y: 812, width: 375, height: 291), KBRect(x: 0, y: 400, width: 375, height: 291))
        let sideways = note(.willShow, KBRect(x: -375, y: 521, width: 375, height: 291), KBRect(x: 0, y: 521, width: 375, height: 291))
        #expect(ConsoleLogImport.inferredScreen([floating]) == nil && ConsoleLogImport.inferredScreen([sideways]) == nil)
        let other = note(.willShow, KBRect(x: 0, y: 667, width: 375, height: 258), KBRect(x: 0, y: 409, width: 375, height: 258))
        #expect(ConsoleLogImport.inferredScreen([iPhoneX, other]) == nil, "two screens disagree")
        // One frame alone: a show ends at the bottom edge, a hide starts there.
        let endOnly = KeyboardNotification(name: .willShow, frameEnd: KBRect(x: 0, y: 477, width: 375, height: 335))
        let hideEndOnly = KeyboardNotification(name: .willHide, frameEnd: KBRect(x: 0, y: 812, width: 375, height: 335))
        let beginOnly = KeyboardNotification(name: .willHide, frameBegin: KBRect(x: 0, y: 477, width: 375, height: 335))
        for alone in [endOnly, hideEndOnly, beginOnly] {
            #expect(ConsoleLogImport.inferredScreen([alone]) == KBSize(width: 375, height: 812), "\(alone)")
        }
    }

    /// A fixed-portrait log whose keyboard never slides in, so its edge says
    /// no orientation, reads its screen off the frames like any other.
    @Test func aFixedPortraitLogWithoutAnEdgeReadsItsScreen() throws {
        let log =
            "name = UIKeyboardDidShowNotification, object = nil, userInfo = Optional(["
            + #"AnyHashable("UIKeyboardFrameEndUserInfoKey"): NSRect: {{0, 264}, {320, 216}}])"# + "\n"
        let r = try Self.imported(log, .init(profile: .ios7))
        #expect(r.trace.header.screen == KBSize(width: 320, height: 480))
    }

    /// The orientation a fixed-portrait log shows agrees with the model's
    /// own mapping: a keyboard docked at the oriented bottom edge, mapped
    /// into the fixed space by ``FixedScreenSpace`` for each orientation,
    /// showing or hiding, is read back as that orientation.
    @Test(arguments: InterfaceOrientation.allCases)
    func aFixedPortraitLogSaysItsOrientation(_ orientation: InterfaceOrientation) {
        let space = FixedScreenSpace(portraitSize: KBSize(width: 768, height: 1024), orientation: orientation)
        let screen = space.orientedSize, height = orientation.isLandscape ? 352.0 : 264.0
        let below = KBRect(x: 0, y: screen.height, width: screen.width, height: height)
        let docked = KBRect(x: 0, y: screen.height - height, width: screen.width, height: height)
        let (b, e) = (space.fixedRect(fromOriented: below), space.fixedRect(fromOriented: docked))
        #expect(ConsoleLogImport.inferredFixedOrientation([KeyboardNotification(name: .willShow, frameBegin: b, frameEnd: e)]) == orientation)
        #expect(ConsoleLogImport.inferredFixedOrientation([KeyboardNotification(name: .didHide, frameBegin: e, frameEnd: b)]) == orientation)
        let floating = KeyboardNotification(
            name: .willShow, frameBegin: KBRect(x: 100, y: 100, width: 300, height: 200), frameEnd: KBRect(x: 120, y: 100, width: 300, height: 200))
        #expect(ConsoleLogImport.inferredFixedOrientation([floating]) == nil)
    }

    /// A landscape iOS 5 log: the orientation is read off the frames, and
    /// only the screen, which fixed frames cannot give, is asked for.
    @Test func aLandscapeFixedLogAsksOnlyForTheScreen() throws {
        let landscape = S.iPadIOS5.split(separator: "\n", omittingEmptySubsequences: false).suffix(from: 27).joined(separator: "\n")
        #expect(
            throws: ConsoleLogImport.Problem.needsFlag(
                "--screen WxH",
                "the frames of an ios7 log are in the unrotated portrait space, which does not give a landscapeRight screen (the keyboard's edge says landscapeRight)"
            )
        ) { try ConsoleLogImport.trace([("l.log", landscape)], options: .init(profile: .ios7)) }
        let r = try Self.imported(landscape, .init(screen: KBSize(width: 1024, height: 768), profile: .ios7))
        #expect(r.trace.header.orientation == .landscapeRight && r.keyboard == 1)
    }

    @Test func whatTheFramesCannotSayIsAskedFor() throws {
        // A landscape keyboard: the screen is read off, the orientation is not.
        let landscape = S.objectiveCQuoted.replacingOccurrences(of: "375", with: "1000")
        #expect(throws: ConsoleLogImport.Problem.self) { try ConsoleLogImport.trace([("l.log", landscape)], options: .init()) }
        let r = try Self.imported(landscape, .init(orientation: .landscapeRight))
        #expect(r.trace.header.screen == KBSize(width: 1000, height: 812) && r.trace.header.orientation == .landscapeRight)
        // Only a frame change: no edge to read the screen off.
        let changeOnly = S.swift.replacingOccurrences(of: "UIKeyboardWillShowNotification", with: "UIKeyboardWillChangeFrameNotification")
            .replacingOccurrences(of: "UIKeyboardDidShowNotification", with: "UIKeyboardDidChangeFrameNotification")
        do {
            _ = try ConsoleLogImport.trace([("c.log", changeOnly)], options: .init())
            Issue.record("accepted")
        } catch {
            #expect(error.description.hasSuffix("pass --screen WxH"))
        }
        #expect(try Self.imported(changeOnly, .init(screen: KBSize(width: 375, height: 667))).keyboard == 2)
    }

    @Test func theTraceWritesReadsBackAndReplays() throws {
        let options = ConsoleLogImport.Options(fields: [KBRect(x: 16, y: 700, width: 343, height: 44)], focus: 0)
        let r = try Self.imported(S.objectiveCQuoted, options)
        let text = TraceWriter.text(r.trace)
        let again = try TraceReader.read(text, file: "imported.kbtrace")
        #expect(again.renumbered == r.trace.renumbered)
        let report = TraceReplayer.replay(again, with: EngineStrategy.self)
        #expect(report.steps.count == 3)
        #expect(report.violationCount == 0)
    }

    @Test func framesThatDisagreeAboutTheScreenAskForIt() {
        // One log from a 375×667 phone, one from a 375×812 phone.
        do {
            _ = try ConsoleLogImport.trace([("a.log", S.swift), ("b.log", S.objectiveCQuoted)], options: .init())
            Issue.record("accepted")
        } catch {
            #expect(error.description.hasSuffix("pass --screen WxH"))
        }
    }

    @Test func severalLogsMakeOneTraceInOrder() throws {
        let r = try ConsoleLogImport.trace(
            [("a.log", S.swift), ("b.log", S.objectiveCQuoted)], options: .init(screen: KBSize(width: 375, height: 812)))
        #expect(Self.keyboard(r.trace).map(\.name) == [.willShow, .didShow, .willShow, .willHide])
    }
}

extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let r = range(of: target) else { return self }
        return replacingCharacters(in: r, with: replacement)
    }
}

import Foundation
import GlueBridge
import KeyboardTrace
import KeyboardWorld
import Testing
import UIKit

/// The glue an app ships, run on the stand-in and held to the engine's
/// replay (``GlueDifferential``), on generated scenarios of a fixed seed,
/// under every reading of what UIKit leaves open.
@MainActor
@Suite("The UIKit glue, held to the engine on generated scenarios", .serialized)
struct GlueDifferentialTests {
    static let seed: UInt64 = 20_261_127
    /// 300 scenarios under each reading in `swift test`'s fast tier, 1,000
    /// in the heavy tier (`KBBENCH_HEAVY_TESTS=1`, docs/testing.md), on one
    /// thread; .ci/run's glue campaign runs 40,000 more, on another seed.
    static let scenarios = ProcessInfo.processInfo.environment["KBBENCH_HEAVY_TESTS"] == "1" ? 1_000 : 300
    /// One scenario in this many runs with a recorder too (a recorder
    /// rewrites its file after every event: the campaigns of .ci/run record
    /// more).
    static let recordEvery = 50

    /// Every reading: the standard ones, then each unsettled rule read the
    /// other way.
    nonisolated static let readings: [(String, UIKitReadings)] =
        [("standard", .standard)] + UnsettledUIKitRule.allCases.map { ($0.rawValue, $0.readings) }

    /// Where recorders write: memory, where the machine has it (a recorder
    /// rewrites its file after every event).
    static func recordings() throws -> String {
        let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        let path = base + "/kbbench-glue-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test(arguments: readings.map(\.0))
    func theGlueAgreesWithTheEngine(under reading: String) async throws {
        let readings = try #require(Self.readings.first { $0.0 == reading }?.1)
        let recordings = try Self.recordings()
        defer { try? FileManager.default.removeItem(atPath: recordings) }
        var campaign = GlueCampaign(seed: Self.seed, scenarios: Self.scenarios, readings: readings, recordings: recordings)
        campaign.recordEvery = Self.recordEvery
        let result = campaign.run()
        #expect(result.scenarios == Self.scenarios)
        #expect(result.recorded == Self.scenarios / Self.recordEvery, "one scenario in \(Self.recordEvery) recorded")
        #expect(result.disagreeing == 0, "\(result.first.map { "scenario \($0.index) (\($0.staging)): \($0.disagreement)" } ?? "")")
        // A rotation out of a window with notifications before the return
        // is rare in recordings (387 steps in 10,000 recorded sessions of
        // seed 20261271): ComparisonRuleTests exercises it.
        for rule in ComparisonRule.allCases where rule != .keyboardBeforeARotationLearnedOnReturn {
            #expect(result.rules[rule] > 0, "\(rule) decided no step: it is not exercised")
        }
    }

    /// 500 chat screens under each reading, one in 25 recorded, in either
    /// tier: the stand-in's tests run on one thread, the heavy tier's
    /// longest run, and .ci/run's glue campaign adds 2,500 chat screens on
    /// another seed, two halves at once.
    static let chatScreens = 500

    /// The glue attached with its composer to a chat screen's transcript
    /// (`attach(to:composer:restsOnSafeArea:)`), on the generator's chat
    /// screens of the seed: messages, the composer's growth and the user's
    /// drags among the keyboard's changes, held to the engine's replay, and
    /// its recordings to theirs, under every reading.
    @Test(arguments: readings.map(\.0))
    func theGlueAgreesWithTheEngineOnChatScreens(under reading: String) async throws {
        let readings = try #require(Self.readings.first { $0.0 == reading }?.1)
        let recordings = try Self.recordings()
        defer { try? FileManager.default.removeItem(atPath: recordings) }
        var campaign = GlueCampaign(seed: Self.seed, scenarios: Self.chatScreens, readings: readings, screens: .chat, recordings: recordings)
        campaign.recordEvery = 25
        let result = campaign.run()
        #expect(result.scenarios == Self.chatScreens)
        #expect(result.recorded == Self.chatScreens / 25)
        #expect(result.disagreeing == 0, "\(result.first.map { "chat screen \($0.index) (\($0.staging)): \($0.disagreement)" } ?? "")")
        let c = result.coverage
        #expect(c.userScrolls > 0 && c.messages > 0 && c.composerHeights > 0, "the chat's own events were played: \(c)")
        // Each recording is of the chat screen: its header has the composer.
        let files = try FileManager.default.contentsOfDirectory(atPath: recordings).filter { $0.hasSuffix(".kbtrace") }
        #expect(files.count == result.recorded)
        for file in files.prefix(5) {
            let text = try String(contentsOfFile: recordings + "/" + file, encoding: .utf8)
            #expect(text.prefix(while: { $0 != "\n" }).contains("\"composer\""), "\(file) records no composer")
        }
    }

    /// A disagreement a campaign found, shrunk, kept as a trace that replays
    /// it staged as scenario `index` of `seed`: each now agrees under every
    /// reading (each one's comment says what it showed).
    struct Replay: Sendable, CustomTestStringConvertible {
        var name: String
        var seed: UInt64
        var index: Int
        var trace: String
        var testDescription: String { name }
    }

    nonisolated static let replays = [
        safeAreaShownAgain, readerPulledBack, scrollAfterARotation, pastTheWindow, composerPastTheWindow, roundingErrorOffTheTop,
    ]

    @Test(arguments: replays, readings.map(\.0))
    func aFoundDisagreementAgrees(_ replay: Replay, under reading: String) throws {
        #expect(try Self.disagreement(replaying: replay.trace, file: replay.name, seed: replay.seed, index: replay.index, under: reading) == nil)
    }

    /// A chat screen's bottom safe area shown, hidden and shown again under the
    /// keyboard (a bar of the app's own; the composer rests on it): the glue
    /// lowers the transcript's inset by the safe area each time it is there.
    /// Found by the glue campaign on a chat screen drawn by a trial of the
    /// generator (scenario 102 of seed 20261127), cut to these lines: under
    /// observers notified on the next turn, the window sentinel lagged the
    /// offset the glue set, and so did the safe area it last reported, until
    /// the stand-in laid the window out at the end of each turn as UIKit does.
    nonisolated static let safeAreaShownAgain = Replay(
        name: "a safe area shown again", seed: 20_261_127, index: 102,
        trace: ##"""
            {"schemaVersion":1,"kind":"kbtrace","profile":"ios13","systemVersion":13,"screen":[667,375],"orientation":"landscapeLeft","window":[0,0,667,375],"scrollView":{"frame":[0,0,667,375],"contentSize":[667,1125],"contentOffset":[0,750]},"fields":[],"policy":{"distance":8,"tallField":"caret"},"composer":{"height":52}}
            {"event":"keyboard","name":"UIKeyboardWillChangeFrameNotification","frameBegin":[0,375,667,194],"frameEnd":[0,181,667,194],"bounds":[667,194],"duration":0.25,"curve":7,"isLocal":true,"truth":{"keyboard":[0,181,667,194]}}
            {"event":"keyboard","name":"UIKeyboardWillShowNotification","frameBegin":[0,375,667,194],"frameEnd":[0,181,667,194],"bounds":[667,194],"duration":0.25,"curve":7,"isLocal":true,"truth":{"keyboard":[0,181,667,194]}}
            {"event":"keyboard","name":"UIKeyboardDidChangeFrameNotification","frameBegin":[0,375,667,194],"frameEnd":[0,181,667,194],"bounds":[667,194],"duration":0.25,"curve":7,"isLocal":true,"truth":{"keyboard":[0,181,667,194]}}
            {"event":"keyboard","name":"UIKeyboardDidShowNotification","frameBegin":[0,375,667,194],"frameEnd":[0,181,667,194],"bounds":[667,194],"duration":0.25,"curve":7,"isLocal":true,"truth":{"keyboard":[0,181,667,194]}}
            {"event":"layout","scrollView":{"safeArea":[0,0,49,0]},"composer":{"height":52,"restingInset":49},"truth":{"keyboard":[0,181,667,194]}}
            {"event":"layout","scrollView":{"safeArea":[0,0,0,0]},"composer":{"height":52},"truth":{"keyboard":[0,181,667,194]}}
            {"event":"layout","scrollView":{"safeArea":[0,0,49,0]},"composer":{"height":52,"restingInset":49},"truth":{"keyboard":[0,181,667,194]}}
            """##)

    /// A reader pulled back by UIKit as the app sets a smaller own inset
    /// (before the glue hears it, under the readings where observers hear it on
    /// the next turn, or where the setter pulls the offset) keeps the rows it
    /// read. Scenario 2950 of seed 20261213 (10,000 chat screens on a fresh
    /// seed), shrunk: the glue's safe area, read through containers at
    /// fractional offsets, carried rounding noise, and the engine took the view
    /// as laid out anew.
    nonisolated static let readerPulledBack = Replay(
        name: "a reader pulled back", seed: 20_261_213, index: 2_950,
        trace: ##"""
            {"schemaVersion":1,"kind":"kbtrace","profile":"ipados","systemVersion":21,"screen":[1366,1024],"orientation":"landscapeRight","window":[0,0,1366,1024],"scrollView":{"frame":[0,0,1366,1024],"safeArea":[24,0,20,0],"contentSize":[1366,1024],"contentOffset":[0,20]},"fields":[],"policy":{"distance":10},"composer":{"height":56,"restingInset":20}}
            {"event":"keyboard","name":"UIKeyboardWillChangeFrameNotification","frameBegin":[0,1024,1366,471],"frameEnd":[0,553,1366,471],"bounds":[1366,471],"centerBegin":[683,1259.5],"centerEnd":[683,788.5],"duration":0.25,"curve":7,"isLocal":true,"truth":{"keyboard":[0,553,1366,471]}}
            {"event":"layout","scrollView":{"contentOffset":[0,91.2]},"truth":{"keyboard":[0,553,1366,471]}}
            {"event":"layout","scrollView":{"contentInset":[0,0,44,0]},"truth":{"keyboard":[0,553,1366,471]}}
            """##)

    /// A scroll view reaching past its window's bottom gains no safe area for
    /// the part past it ([uikit-safe-area]): the glue's inset and the
    /// reference's agree. Scenario 936 of seed 20261221 (1,000 adversarial
    /// scenarios), shrunk: the stand-in gave the 34 pt past an iPad window that
    /// has no inset a safe area of 34, which the generator's trace did not
    /// have.
    nonisolated static let pastTheWindow = Replay(
        name: "past the window", seed: 20_261_221, index: 936,
        trace: ##"""
            {"schemaVersion":1,"kind":"kbtrace","profile":"ipados","systemVersion":25,"screen":[744,1133],"orientation":"portrait","window":[80,60,504,953],"scrollView":{"frame":[0,0,504,987],"contentSize":[504,1400],"contentOffset":[0,0]},"fields":[[16,660,280,44]],"policy":{"distance":20,"tallField":"caret"}}
            {"event":"keyboard","name":"UIKeyboardWillChangeFrameNotification","frameBegin":[0,1133,744,320],"frameEnd":[0,813,744,320],"bounds":[744,320],"centerBegin":[372,1293],"centerEnd":[372,973],"duration":0.25,"curve":7,"isLocal":true,"truth":{"keyboard":[0,813,744,320]}}
            """##)

    /// A chat screen whose transcript reaches past its window's bottom: its
    /// composer rests on the window's whole bottom safe area, as the
    /// transcript's own shows it (83, not 49). Scenario 68 of seed 20261222
    /// (10,000 adversarial chat screens), shrunk.
    nonisolated static let composerPastTheWindow = Replay(
        name: "composer past the window", seed: 20_261_222, index: 68,
        trace: ##"""
            {"schemaVersion":1,"kind":"kbtrace","profile":"ios13","systemVersion":21,"screen":[375,812],"orientation":"portrait","window":[0,0,375,812],"scrollView":{"frame":[0,0,375,846],"safeArea":[50,0,34,0],"contentSize":[375,700],"contentOffset":[0,-50]},"fields":[],"policy":{"distance":10,"tallField":"centre"},"composer":{"height":56}}
            {"event":"layout","scrollView":{"safeArea":[50,0,83,0]},"composer":{"height":56,"restingInset":83},"truth":{"keyboard":"hidden"}}
            """##)

    /// A view a rounding error off its top (fractional bars, read through
    /// containers at fractional offsets) rests at its top, and a rotation lays
    /// it out at its new top: the oracle does not call UIKit's move the glue's
    /// needless scroll (I8). Scenario 3056 of seed 20261222 (10,000 adversarial
    /// scenarios), shrunk.
    nonisolated static let roundingErrorOffTheTop = Replay(
        name: "off the top", seed: 20_261_222, index: 3_056,
        trace: ##"""
            {"schemaVersion":1,"kind":"kbtrace","profile":"ipados","systemVersion":26,"screen":[744,1133],"orientation":"portraitUpsideDown","window":[0,0,744,1133],"scrollView":{"frame":[0,0.3333333333333333,744,1132.6666666666667],"safeArea":[19.666666666666668,0,24,0],"contentSize":[744,1000],"contentOffset":[0,-19.666666666666668]},"fields":[[16,280,280,588]],"policy":{"distance":20,"tallField":"centre"}}
            {"event":"keyboard","name":"UIKeyboardWillChangeFrameNotification","frameBegin":[0,1133,744,320],"frameEnd":[0,813,744,320],"bounds":[744,320],"centerBegin":[372,1293],"centerEnd":[372,973],"duration":0.25,"curve":7,"isLocal":true,"truth":{"keyboard":[0,813,744,320]}}
            {"event":"layout","screen":[1133,744],"orientation":"landscapeRight","window":[0,0,1133,744],"scrollView":{"frame":[0,0.3333333333333333,1133,743.6666666666666],"safeArea":[23.666666666666668,0,20,0],"contentSize":[1133,1000]},"truth":{"keyboard":"hidden"}}
            """##)

    /// A user's scroll in a turn that also read the safe area again (the
    /// window's sentinel following the scroll, after a rotation) is the user's
    /// scroll: the engine hears where the user reads, and, the transcript
    /// rotated back to fit its view, keeps those rows as the keyboard comes.
    /// Scenario 8567 of seed 20261213 (a campaign of 10,000 chat screens on a
    /// fresh seed), shrunk: the glue handed the scroll on as a layout change,
    /// so the engine read the user as still following the end and scrolled
    /// there.
    nonisolated static let scrollAfterARotation = Replay(
        name: "a scroll after a rotation", seed: 20_261_213, index: 8_567,
        trace: ##"""
            {"schemaVersion":1,"kind":"kbtrace","profile":"ipados","systemVersion":22,"screen":[834,1210],"orientation":"portrait","window":[35,63,713,1123],"scrollView":{"frame":[0,0,713,1123],"contentSize":[713,824],"contentOffset":[0,0]},"fields":[],"policy":{"distance":8},"composer":{"height":56}}
            {"event":"layout","screen":[1210,834],"orientation":"landscapeRight","window":[51,43,1034,774],"scrollView":{"frame":[0,0,1034,774],"safeArea":[0,0,3,0],"contentSize":[1034,868]},"truth":{"keyboard":"hidden"}}
            {"event":"layout","scrollView":{"contentOffset":[0,109.60000000000001]},"truth":{"keyboard":"hidden"}}
            {"event":"layout","screen":[834,1210],"orientation":"portrait","window":[35,62,713,1123],"scrollView":{"frame":[0,0,713,1123],"safeArea":[0,0,0,0],"contentSize":[713,908]},"truth":{"keyboard":"hidden"}}
            {"event":"keyboard","name":"UIKeyboardWillChangeFrameNotification","frameBegin":[0,1210,834,405],"frameEnd":[0,890,834,320],"bounds":[834,320],"centerBegin":[417,1412.5],"centerEnd":[417,1050],"duration":0.25,"curve":7,"isLocal":true,"truth":{"keyboard":[0,890,834,320]}}
            """##)
    /// A recording of a view at fractional offsets (a bar a third of a
    /// point tall) audits as it replays: its states, read off the views
    /// through conversions, differ from the replay's by rounding noise
    /// (an offset of 29.66666666666663 for 29.666666666666657; a safe area
    /// observed as 49.666666666666686 under a header's 49.66666666666667),
    /// which the round trip of recordings allows. Scenarios 447 and 663 of
    /// seed 20261229 (5,000 adversarial scenarios and 5,000 adversarial chat
    /// screens, one in ten recorded), shrunk.
    @Test(arguments: [thirdOfAPointField, thirdOfAPointChat])
    func aRecordingAtFractionalOffsetsAuditsAsItReplays(_ replay: Replay) throws {
        let recordings = try Self.recordings()
        defer { try? FileManager.default.removeItem(atPath: recordings) }
        let trace = try TraceReader.read(replay.trace, file: replay.name)
        let found = GlueDifferential(recordings: recordings).check(trace, staging: GlueStaging.drawn(seed: replay.seed, index: replay.index))
        #expect(found == nil, "\(found.map { "\($0)" } ?? "")")
        #expect(try FileManager.default.contentsOfDirectory(atPath: recordings).contains("session.kbtrace"), "nothing was recorded")
    }

    nonisolated static let thirdOfAPointField = Replay(
        name: "a field under a third-of-a-point bar, recorded", seed: 20_261_229, index: 447,
        trace: ##"""
            {"schemaVersion":1,"kind":"kbtrace","profile":"ios13","systemVersion":21,"screen":[956,440],"orientation":"landscapeRight","window":[0,0,956,440],"scrollView":{"frame":[0,0.3333333333333333,956,239.66666666666669],"safeArea":[0,62,0,62],"contentInset":[0,0,44,0],"contentSize":[956,300],"contentOffset":[0,0]},"fields":[[16,181.33333333333334,280,44]],"policy":{"distance":0,"tallField":"caret"}}
            {"event":"focus","field":0,"truth":{"keyboard":"hidden"}}
            """##)

    nonisolated static let thirdOfAPointChat = Replay(
        name: "a chat screen under a third-of-a-point bar, recorded", seed: 20_261_229, index: 663,
        trace: ##"""
            {"schemaVersion":1,"kind":"kbtrace","profile":"ios13","systemVersion":17,"screen":[375,812],"orientation":"portrait","window":[0,0,375,812],"scrollView":{"frame":[0,0.3333333333333333,375,811.6666666666666],"safeArea":[49.666666666666664,0,34,0],"contentSize":[375,900],"contentOffset":[0,122.33333333333337]},"fields":[],"policy":{"distance":8,"tallField":"caret"},"composer":{"height":56}}
            {"event":"keyboard","name":"UIKeyboardWillChangeFrameNotification","frameBegin":[0,812,375,335],"frameEnd":[0,477,375,335],"bounds":[375,335],"centerBegin":[187.5,979.5],"centerEnd":[187.5,644.5],"duration":0.25,"curve":7,"isLocal":true,"truth":{"keyboard":[0,477,375,335]}}
            {"event":"keyboard","name":"UIKeyboardWillShowNotification","frameBegin":[0,812,375,335],"frameEnd":[0,477,375,335],"bounds":[375,335],"centerBegin":[187.5,979.5],"centerEnd":[187.5,644.5],"duration":0.25,"curve":7,"isLocal":true,"truth":{"keyboard":[0,477,375,335]}}
            """##)

    /// How the glue disagrees with the reference on `text`, a trace staged
    /// as scenario `index` of `seed`, under the reading named `reading`:
    /// nil where it agrees.
    static func disagreement(replaying text: String, file: String, seed: UInt64, index: Int, under reading: String) throws -> String? {
        let readings = try #require(Self.readings.first { $0.0 == reading }?.1)
        let trace = try TraceReader.read(text, file: file)
        return GlueDifferential(readings: readings).check(trace, staging: GlueStaging.drawn(seed: seed, index: index)).map { "\($0)" }
    }

    /// The scenarios cover every device the simulator has that runs iOS 13
    /// or later, every system version from 13, and every keyboard mode.
    @Test func theScenariosCoverEveryDeviceSystemAndKeyboardMode() async {
        var coverage = GlueCoverage()
        var index = 0, found = 0
        while found < Self.scenarios {
            defer { index += 1 }
            guard let (scenario, _) = GlueCampaign.scenario(seed: Self.seed, index: index) else { continue }
            coverage.add(scenario)
            found += 1
        }
        let devices = DeviceCatalog.all.filter { $0.systemVersions.upperBound >= 13 }.map(\.name)
        #expect(coverage.devices == Set(devices))
        #expect(coverage.systemVersions == Set(13...26))
        #expect(coverage.keyboardModes == Set(KeyboardMode.allCases))
    }
}

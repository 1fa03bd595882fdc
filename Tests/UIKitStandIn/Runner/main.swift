import Foundation
import GlueBridge
import KeyboardScenarios
import KeyboardSearch
import KeyboardStrategies
import KeyboardTrace
import SystemPackage
import ToolSupport
import UIKit

// The stand-in's campaigns, for runs longer than its tests' (which
// `swift test --no-parallel` runs in this package: Tests/UIKitGlueTests
// in the main package does). Everything runs on the main actor, the main
// queue turned by hand (GlueBridge's HandTurnedMainQueue): no run loop
// turns.
//
//   uikit-stand-in campaign --seed S --scenarios N [--reading RULE]
//       [--screens fields|chat] [--failures DIR]
//       [--recordings DIR [--record-every K]] [--from I] [--adversarial]
//       the glue differential on N scenarios of seed S, from the
//       generator's scenario I, plain (the default) or as the fuzzer's
//       adversary draws them, on screens of fields (the default) or
//       chat screens (the glue attached with the composer) (exit 1 on a
//       disagreement, saved shrunk in DIR), recording one in K (10) into
//       the folder given;
//   uikit-stand-in replay FILE --seed S --index I [--reading RULE]
//       the differential on a saved trace, staged as scenario I of seed S;
//   uikit-stand-in swiftui-campaign --seed S --scenarios N [--order ORDER] [--screens fields|chat] [--failures DIR]
//       the SwiftUI modifier file held to its session on N scenarios of
//       seed S in its scope, SwiftUI's reports in ORDER (every order when
//       not given), on screens of fields (the default) or chat screens
//       (the modifier's chat form); exit 1 on a disagreement.

/// The value after `flag`, every time it is given.
func values(_ flag: String, in arguments: [String]) -> [String] {
    zip(arguments, arguments.dropFirst()).compactMap { $0 == flag ? $1 : nil }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(64)
}

func readings(_ arguments: [String]) -> UIKitReadings {
    guard let name = values("--reading", in: arguments).last else { return .standard }
    guard let rule = UnsettledUIKitRule(rawValue: name) else {
        fail("unknown reading '\(name)': one of \(UnsettledUIKitRule.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    return rule.readings
}

/// The screens named by `--screens`: fields when not given.
func screens(_ arguments: [String]) -> ScreenKind {
    guard let name = values("--screens", in: arguments).last else { return .fields }
    guard let kind = ScreenKind(rawValue: name) else {
        fail("unknown screens '\(name)': one of \(ScreenKind.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    return kind
}

func number<T: FixedWidthInteger>(_ flag: String, _ arguments: [String]) -> T {
    guard let text = values(flag, in: arguments).last, let n = T(text) else { fail("\(flag) needs a whole number") }
    return n
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "campaign":
    var campaign = GlueCampaign(
        seed: number("--seed", arguments), scenarios: number("--scenarios", arguments), readings: readings(arguments),
        screens: screens(arguments), failures: values("--failures", in: arguments).last, recordings: values("--recordings", in: arguments).last)
    if values("--from", in: arguments).last != nil { campaign.firstIndex = number("--from", arguments) }
    if values("--record-every", in: arguments).last != nil { campaign.recordEvery = number("--record-every", arguments) }
    campaign.adversarial = arguments.contains("--adversarial")
    let started = Date()
    let result = campaign.run { r in
        print("\(r.scenarios) scenarios, \(r.events) events, \(r.disagreeing) disagreeing (\(Int(Date().timeIntervalSince(started))) s)")
    }
    print(GlueReport.summary(result, campaign: campaign, seconds: Date().timeIntervalSince(started)))
    exit(result.disagreeing == 0 ? 0 : 1)
case "swiftui-campaign":
    let named = values("--order", in: arguments).last
    let orders =
        named.map { name in
            guard let order = SwiftUIReportOrder(rawValue: name) else {
                fail("unknown order '\(name)': one of \(SwiftUIReportOrder.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return [order]
        } ?? SwiftUIReportOrder.allCases
    let seed: UInt64 = number("--seed", arguments), scenarios: Int = number("--scenarios", arguments)
    let screens = screens(arguments)
    var failed = false
    for order in orders {
        let started = Date()
        let result = SwiftUICampaign(seed: seed, scenarios: scenarios, order: order, screens: screens).run { r in
            print(
                "\(order): \(r.checked) scenarios, \(r.compared.events) events, \(r.disagreeing) disagreeing (\(Int(Date().timeIntervalSince(started))) s)"
            )
        }
        let c = result.compared
        print(
            "\(order): \(result.checked) scenarios of seed \(seed) in the modifier's scope, \(c.events) events (\(c.withMargin) with a margin set), "
                + "\(result.disagreeing) disagreeing, \(Int(Date().timeIntervalSince(started))) s")
        if result.checked < scenarios {
            print("  only \(result.checked) of the \(scenarios) asked for were in the modifier's scope")
            failed = true
        }
        if let first = result.first {
            print("  first: scenario \(first.index): \(first.disagreement)")
            if let folder = values("--failures", in: arguments).last,
                let trace = SwiftUICampaign.scenario(seed: seed, index: first.index, screens: screens)
            {
                let path = FilePath(folder).appending("swiftui-\(order)-seed\(seed)-\(first.index).kbtrace")
                do {
                    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                    try OutputFile.write(TraceWriter.text(trace), to: path.string)
                    print("  saved: \(path)")
                } catch {
                    print("  not saved: \(error)")
                }
            }
            failed = true
        }
    }
    exit(failed ? 1 : 0)
case "replay":
    guard arguments.count > 1 else { fail("replay needs a trace file") }
    let file = arguments[1]
    do {
        let trace = try TraceReader.read(String(contentsOfFile: file, encoding: .utf8), file: file)
        let staging = GlueStaging.drawn(seed: number("--seed", arguments), index: number("--index", arguments))
        let found = GlueDifferential(readings: readings(arguments), recordings: values("--recordings", in: arguments).last)
            .check(trace, staging: staging)
        print(found.map { "\(file): \($0)" } ?? "\(file): the glue agrees with the reference (\(staging))")
        exit(found == nil ? 0 : 1)
    } catch {
        fail("\(error)")
    }
default:
    fail(
        "usage: uikit-stand-in campaign --seed S --scenarios N … | replay FILE --seed S --index I … | swiftui-campaign --seed S --scenarios N …\n"
            + "(the stand-in's tests: swift test --no-parallel --package-path Tests/UIKitStandIn)")
}

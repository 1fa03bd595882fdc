import SystemPackage
import ArgumentParser
import ToolSupport
import KeyboardAvoidance
import KeyboardGeometry
import KeyboardJSON
import KeyboardTrace
import KeyboardTraceCapture

/// `kbbench import LOG…`: console output into a trace.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Turn keyboard notifications printed to a console into a trace that replay reads.",
        discussion: """
            Reads, amid any other log lines: Objective-C's NSLog(@"%@", notification) and the \
            debugger's po notification (NSConcreteNotification 0x… {name = …; userInfo = {…}}, values \
            quoted or bare, behind an NSLog prefix or not); Swift's print(notification) (name = …, \
            object = …, userInfo = Optional([AnyHashable("…"): …])); and, with --name, a userInfo printed \
            alone. Every value is copied exactly (frames, bounds, centres, duration, curve, isLocal, \
            the legacy keys too); unknown keys and other notifications are skipped. Several logs make \
            one trace, in order.

            The screen, when --screen is absent, is read off the frames: a keyboard that slides in or \
            out at the bottom edge gives the screen's width and height. When the frames cannot say \
            (only frame changes, a floating keyboard, several screens), or a landscape screen needs \
            its direction, the command names the option to pass. The scroll view defaults to the \
            whole screen with no fields; --field and --focus add them, so the replay judges a field.

            Examples:
              kbbench import device.log --output device.kbtrace
              kbbench import old.log --profile ios7 --screen 320x480
              kbbench import ipad.log --profile ipados --system-version 17
              kbbench import userinfo.txt --name UIKeyboardWillShowNotification --field 16,700,343,44 --focus 0

            \(ExitStatus.help([0, 64, 65, 66, 74, 130, 143], [0: "written", 64: "an option is needed (named)", 65: "a value cannot be read (file, line and key named)", 66: "no keyboard notification in the logs", 130: "interrupted (Ctrl-C), nothing written", 143: "terminated (SIGTERM), nothing written"]))
            """
    )

    @Argument(help: "Console logs to read.") var logs: [FilePath]
    @Option(name: .long, help: "The screen in the interface-oriented space, WxH (default: read off the frames).") var screen: SizeArgument?
    @Option(name: .long, help: "portrait, portraitUpsideDown, landscapeLeft or landscapeRight (default portrait; a landscape screen needs it).")
    var orientation: InterfaceOrientation?
    @Option(name: .long, help: "The iOS era: iphoneos3, ios7 (iOS 5–7), ios8 (iOS 8–12), ios13, ipados.") var profile: TraceProfile = .ios8
    @Option(
        name: .customLong("system-version"),
        help:
            "The major iOS version the log was printed on, within the profile (default: not said; a model of a library that checks the version, such as IQKeyboardManager's iOS 26 hide rule, then takes the profile's newest)."
    )
    var systemVersion: Int?
    @Option(name: .long, help: "The notification name of a userInfo printed alone (UIKeyboardWillShowNotification, …).")
    var name: KeyboardNotification.Name?
    @Option(name: .customLong("scroll-view"), help: "The scroll view's frame in the window, X,Y,W,H (default: the whole screen).")
    var scrollView: RectArgument?
    @Option(name: .customLong("content-size"), help: "The content size, WxH (default: the scroll view's size).") var contentSize: SizeArgument?
    @Option(name: .long, help: "A text field in content coordinates, X,Y,W,H (repeatable).") var field: [RectArgument] = []
    @Option(name: .long, help: "The field focused before the first notification (an index of --field).") var focus: Int?
    @Option(name: .shortAndLong, help: "Where to write the trace (default: standard output).") var output: String?
    @Flag(
        name: .customLong("skip-damaged"),
        help: "Leave out a damaged notification (cut off, garbled, a value that does not read) and say so, instead of exiting 65.")
    var skipDamaged = false

    func run() throws {
        try reportingErrors {
            try ToolFiles.checkWritable(output)
            try Interrupt.catching { () throws in try importLogs() }
        }
    }

    private func importLogs() throws {
        var inputs: [(file: String, text: String)] = []
        for (i, path) in logs.enumerated() {
            if Interrupt.isPending { throw KbbenchError.interrupted("after reading \(i) of \(logs.count) logs; nothing written") }
            inputs.append((path.string, String(decoding: try ToolFiles.read(path), as: UTF8.self)))
        }
        let options = ConsoleLogImport.Options(
            screen: screen?.size, orientation: orientation, profile: profile, systemVersion: systemVersion, bareName: name,
            scrollViewFrame: scrollView?.rect,
            contentSize: contentSize?.size, fields: field.map(\.rect), focus: focus, skipDamaged: skipDamaged
        )
        let imported: ConsoleLogImport.Imported
        do throws(ConsoleLogImport.Problem) {
            imported = try ConsoleLogImport.trace(inputs, options: options) { Interrupt.isPending }
        } catch {
            switch error {
            case .malformed(let e):
                // The error first, then the hint that belongs to it.
                printError(e.description)
                if !skipDamaged { printError("(--skip-damaged imports the notifications around a damaged one and names it)") }
                throw ExitStatus.dataError
            case .nothingFound:
                let what =
                    name == nil
                    ? "keyboard notification (add --name for a userInfo printed alone)"
                    : "keyboard notification: no NSConcreteNotification dump, no Swift print of one, and no userInfo with UIKeyboard… keys for --name \(name!.rawValue)"
                throw KbbenchError.nothingToRead(directory: logs.map(\.string).joined(separator: ", "), what: what)
            case .needsFlag: throw KbbenchError.usage(error.description)
            case .stopped(let file): throw KbbenchError.interrupted("while reading \(file); nothing written")
            }
        }
        let text = TraceWriter.text(imported.trace)
        if let output {
            try ToolFiles.write(text, to: output)
        } else {
            print(text, terminator: "")
        }
        for d in imported.damaged { printError("left out, damaged: \(d)") }
        for m in imported.missingKeys {
            printError("\(m.file):\(m.line): \(m.name.rawValue) has no \(m.keys.map(\.rawValue).joined(separator: ", "))")
        }
        let perName = imported.perName.map { "\($0.count) \($0.name.rawValue)" }.joined(separator: ", ")
        printError(
            "imported \(Plural.count(imported.keyboard, "keyboard notification")) (\(perName)); \(imported.skipped) other skipped"
                + (imported.damaged.isEmpty ? "" : ", \(imported.damaged.count) damaged left out") + "; "
                + "screen \(JSONWriter.format(imported.trace.header.screen.width))x\(JSONWriter.format(imported.trace.header.screen.height)), \(imported.trace.header.orientation.rawValue), "
                + "profile \(imported.trace.header.profile.rawValue)" + (imported.trace.header.systemVersion.map { ", iOS \($0)" } ?? "")
                + (output.map { " → \($0)" } ?? ""))
    }
}

/// `WxH` on the command line.
struct SizeArgument: ExpressibleByArgument {
    var size: KBSize
    init?(argument: String) {
        let parts = argument.split(separator: "x", omittingEmptySubsequences: false).map { Double($0) }
        guard parts.count == 2, let w = parts[0], let h = parts[1], w.isFinite, h.isFinite, w > 0, h > 0 else { return nil }
        size = KBSize(width: w, height: h)
    }
}

/// `X,Y,W,H` on the command line.
struct RectArgument: ExpressibleByArgument {
    var rect: KBRect
    init?(argument: String) {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
        guard parts.count == 4, parts.allSatisfy({ $0?.isFinite ?? false }) else { return nil }
        rect = KBRect(x: parts[0]!, y: parts[1]!, width: parts[2]!, height: parts[3]!)
    }
}

extension InterfaceOrientation: ExpressibleByArgument {}
extension TraceProfile: ExpressibleByArgument {}
extension KeyboardNotification.Name: ExpressibleByArgument {}

import KeyboardAvoidance
import KeyboardAvoidanceFoundation
import KeyboardGeometry
import KeyboardJSON
import KeyboardTrace

/// Turns console output (see ``ConsoleLogScanner``) into a trace that
/// `kbbench replay` reads.
///
/// - Each keyboard notification becomes a `keyboard` event holding every
///   userInfo value exactly as printed: frames, bounds, centres, duration,
///   curve and isLocal, the legacy keys included. Unknown keys are ignored;
///   notifications that are not the keyboard's are skipped.
/// - A value that cannot be read (a truncated `NSRect`, a curve of `abc`)
///   is a ``MalformedInput`` naming the file, its line and the key.
/// - The layout a log does not hold comes from ``Options``; the screen,
///   when not given, is read off the frames where that is unambiguous (see
///   ``inferredScreen(_:)``), and otherwise ``Problem/needsFlag(_:_:)``
///   says which option to pass.
package enum ConsoleLogImport {
    /// What the log does not say.
    package struct Options: Sendable {
        /// The screen in the oriented space; nil: read off the frames.
        package var screen: KBSize?
        /// nil: portrait when the screen is taller than wide; a landscape
        /// screen needs it.
        package var orientation: InterfaceOrientation?
        package var profile: TraceProfile
        /// The system's major version the log was printed on; nil: not
        /// known (the trace says nothing). Must be one of the profile's
        /// ``TraceProfile/recordableSystemVersions``.
        package var systemVersion: Int?
        /// The notification name of a userInfo printed alone; nil: such
        /// dumps are not looked for.
        package var bareName: KeyboardNotification.Name?
        /// The scroll view's frame in the window; nil: the whole screen.
        package var scrollViewFrame: KBRect?
        /// nil: the scroll view's size.
        package var contentSize: KBSize?
        /// Fields in content coordinates.
        package var fields: [KBRect]
        /// The field focused before the first notification, if any.
        package var focus: Int?
        /// A damaged notification (cut off, an entry that is not one, a
        /// value that does not read) is left out and listed in
        /// ``Imported/damaged``, instead of failing the import.
        package var skipDamaged: Bool

        package init(
            screen: KBSize? = nil, orientation: InterfaceOrientation? = nil, profile: TraceProfile = .ios8, systemVersion: Int? = nil,
            bareName: KeyboardNotification.Name? = nil,
            scrollViewFrame: KBRect? = nil, contentSize: KBSize? = nil, fields: [KBRect] = [], focus: Int? = nil, skipDamaged: Bool = false
        ) {
            self.skipDamaged = skipDamaged
            self.screen = screen
            self.orientation = orientation
            self.profile = profile
            self.systemVersion = systemVersion
            self.bareName = bareName
            self.scrollViewFrame = scrollViewFrame
            self.contentSize = contentSize
            self.fields = fields
            self.focus = focus
        }
    }

    /// Why a log could not become a trace, beyond a malformed value.
    package enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
        /// No keyboard notification in any log.
        case nothingFound(files: [String])
        /// The option `flag` is needed: `why`.
        case needsFlag(String, String)
        /// A value is malformed (file, line, key).
        case malformed(MalformedInput)
        /// The caller asked to stop (SIGINT, SIGTERM) while `file` was read:
        /// nothing was imported.
        case stopped(file: String)

        package var description: String {
            switch self {
            case .nothingFound(let files): "\(files.joined(separator: ", ")): no keyboard notification found"
            case .needsFlag(let flag, let why): "\(why); pass \(flag)"
            case .malformed(let e): e.description
            case .stopped(let file): "stopped while reading \(file)"
            }
        }
    }

    /// The result: the trace, and what was read.
    package struct Imported: Sendable {
        package var trace: Trace
        /// Keyboard notifications imported.
        package var keyboard: Int
        /// Other notifications seen and skipped.
        package var skipped: Int
        /// Keyboard notifications imported, per name, in the order first
        /// seen.
        package var perName: [(name: KeyboardNotification.Name, count: Int)] = []
        /// Each imported notification that lacks one of the keys a strategy
        /// reads (both frames, the duration, the curve): its file, line,
        /// name and the keys missing.
        package var missingKeys: [(file: String, line: Int, name: KeyboardNotification.Name, keys: [UserInfoKey])] = []
        /// With ``Options/skipDamaged``: the damaged notifications left out.
        package var damaged: [MalformedInput] = []
    }

    /// Imports the logs (`(path, text)`, in order) into one trace.
    /// `stopRequested` is asked before each line of each log; a yes ends the
    /// import with ``Problem/stopped(file:)``.
    package static func trace(
        _ logs: [(file: String, text: String)], options: Options, stopRequested: () -> Bool = { false }
    ) throws(Problem) -> Imported {
        var notes: [KeyboardNotification] = []
        var skipped = 0
        var damaged: [MalformedInput] = []
        var missingKeys: [(file: String, line: Int, name: KeyboardNotification.Name, keys: [UserInfoKey])] = []
        for log in logs {
            guard let scanner = ConsoleLogScanner(text: log.text, file: log.file, stopRequested: stopRequested) else {
                throw .stopped(file: log.file)
            }
            let scan: (found: [PrintedNotification], damaged: [MalformedInput], stoppedAt: Int?)
            do {
                scan = try scanner.scan(
                    bareName: options.bareName?.rawValue, skipDamaged: options.skipDamaged, stopRequested: stopRequested)
            } catch {
                throw .malformed(error)
            }
            if scan.stoppedAt != nil { throw .stopped(file: log.file) }
            let printed = scan.found
            damaged += scan.damaged
            for p in printed {
                guard let name = KeyboardNotification.Name(rawValue: p.name) else {
                    skipped += 1
                    continue
                }
                do throws(MalformedInput) {
                    let n = try notification(name, p, file: log.file)
                    notes.append(n)
                    let missing = Self.readKeys.filter { key in !p.entries.contains { UserInfoKey(rawValue: $0.key) == key } }
                    if !missing.isEmpty { missingKeys.append((log.file, p.line, name, missing)) }
                } catch {
                    guard options.skipDamaged else { throw .malformed(error) }
                    damaged.append(error)
                }
            }
        }
        if notes.isEmpty { throw .nothingFound(files: logs.map(\.file)) }
        // A fixed-portrait log says its orientation by the edge its first
        // docked keyboard slides in at.
        let told = options.orientation ?? (options.profile.frameSpace == .fixedPortrait ? inferredFixedOrientation(notes) : nil)
        let screen: KBSize
        if let given = options.screen {
            screen = given
        } else if options.profile.frameSpace == .fixedPortrait, told.map({ $0 != .portrait }) ?? false {
            throw .needsFlag(
                "--screen WxH",
                "the frames of an \(options.profile.rawValue) log are in the unrotated portrait space, which does not give a \(told!.rawValue) screen"
                    + (options.orientation == nil ? " (the keyboard's edge says \(told!.rawValue))" : "")
            )
        } else if let inferred = inferredScreen(notes) {
            screen = inferred
        } else {
            throw .needsFlag(
                "--screen WxH",
                "the screen cannot be read off these frames (no show or hide whose keyboard slides in from the bottom edge, or several that disagree)"
            )
        }
        let orientation: InterfaceOrientation
        if let given = told {
            orientation = given
        } else if screen.width > screen.height {
            throw .needsFlag(
                "--orientation landscapeLeft|landscapeRight", "the screen \(format(screen)) is landscape, and the log does not say which way")
        } else {
            orientation = .portrait
        }
        let frame = options.scrollViewFrame ?? KBRect(origin: .zero, size: screen)
        if let v = options.systemVersion, !options.profile.recordableSystemVersions.contains(v) {
            let versions = options.profile.recordableSystemVersions
            throw .needsFlag(
                "--system-version \(versions.lowerBound)…\(versions.upperBound), or the --profile of iOS \(v)",
                "iOS \(v) is not a system of profile \(options.profile.rawValue)")
        }
        if let f = options.focus, !options.fields.indices.contains(f) {
            throw .needsFlag("--field X,Y,W,H for field \(f)", "--focus \(f) names a field that was not given (\(options.fields.count) given)")
        }
        let header = TraceHeader(
            profile: options.profile, screen: screen, orientation: orientation,
            scrollView: ScrollViewState(frame: frame, contentSize: options.contentSize ?? frame.size), fields: options.fields,
            systemVersion: options.systemVersion
        )
        var events: [TraceEvent] = options.focus.map { [.focus(field: $0, caret: nil)] } ?? []
        events += notes.map { .keyboard($0) }
        var perName: [(name: KeyboardNotification.Name, count: Int)] = []
        for n in notes {
            if let i = perName.firstIndex(where: { $0.name == n.name }) { perName[i].count += 1 } else { perName.append((n.name, 1)) }
        }
        return Imported(
            trace: Trace(header: header, events: events), keyboard: notes.count, skipped: skipped, perName: perName, missingKeys: missingKeys,
            damaged: damaged
        )
    }

    /// The keys a strategy reads, whose absence the import reports.
    static let readKeys: [UserInfoKey] = [.frameBegin, .frameEnd, .animationDuration, .animationCurve]

    /// The oriented screen read off the frames: every docked keyboard that
    /// slides in or out at the bottom edge says where that edge is. For a
    /// Show, the begin frame waits just below the screen (its top is the
    /// screen's height) and the end frame rests on the bottom edge (its
    /// bottom is that same height); a Hide the other way round. Both frames
    /// span the screen's width from x 0. Their heights may differ (the
    /// suggestion bar of iOS 8 and later, an iPhone X's home indicator), so
    /// a begin frame's origin plus its height is not asked to match.
    ///
    /// A notification that holds one frame only (a partial paste) says the
    /// same of that frame: a Show's begin frame and a Hide's end frame wait
    /// below the screen (their top is its height), a Show's end frame and a
    /// Hide's begin frame rest on its bottom edge (their origin plus their
    /// height). Nil when no notification says, or two disagree, so a paste
    /// whose lone frames do not all agree is asked for `--screen`.
    package static func inferredScreen(_ notes: [KeyboardNotification]) -> KBSize? {
        var found: Set<KBSize> = []
        func docked(_ r: KBRect) -> Bool { r.isFinite && r.origin.x == 0 && r.size.width > 0 && r.size.height > 0 }
        for n in notes where n.name != .willChangeFrame && n.name != .didChangeFrame {
            switch (n.frameBegin, n.frameEnd) {
            case (let b?, let e?):
                guard docked(b), docked(e), b.size.width == e.size.width else { continue }
                let (offScreen, resting) = n.name.isHide ? (e, b) : (b, e)
                guard offScreen.origin.y > resting.origin.y, resting.origin.y + resting.size.height == offScreen.origin.y else { continue }
                found.insert(KBSize(width: b.size.width, height: offScreen.origin.y))
            case (let b?, nil) where docked(b):
                found.insert(KBSize(width: b.size.width, height: n.name.isHide ? b.maxY : b.minY))
            case (nil, let e?) where docked(e):
                found.insert(KBSize(width: e.size.width, height: n.name.isHide ? e.minY : e.maxY))
            default:
                continue
            }
        }
        return found.count == 1 ? found.first : nil
    }

    /// The interface orientation a fixed-portrait log (iOS 7 and earlier)
    /// shows by its first Show or Hide whose keyboard slides in or out
    /// across one edge of the unrotated portrait screen, docked and full
    /// across that edge: the bottom edge is portrait, the top upside down,
    /// the left edge landscapeRight (home button right: the interface's
    /// bottom is the portrait screen's left side) and the right edge
    /// landscapeLeft, as ``FixedScreenSpace`` maps them. Nil when no
    /// notification says.
    package static func inferredFixedOrientation(_ notes: [KeyboardNotification]) -> InterfaceOrientation? {
        for n in notes where n.name != .willChangeFrame && n.name != .didChangeFrame {
            guard let b = n.frameBegin, let e = n.frameEnd, b.isFinite, e.isFinite, b.size == e.size, b.width > 0, b.height > 0 else { continue }
            let (off, on) = n.name.isHide ? (e, b) : (b, e)
            if on.minX == 0, off.minX == 0, off.minY == on.maxY { return .portrait }
            if on.minX == 0, off.minX == 0, on.minY == 0, off.maxY == 0 { return .portraitUpsideDown }
            if on.minY == 0, off.minY == 0, on.minX == 0, off.maxX == 0 { return .landscapeRight }
            if on.minY == 0, off.minY == 0, off.minX == on.maxX, on.minX > 0 { return .landscapeLeft }
        }
        return nil
    }

    /// One notification from its printed entries.
    static func notification(_ name: KeyboardNotification.Name, _ p: PrintedNotification, file: String) throws(MalformedInput) -> KeyboardNotification
    {
        var n = KeyboardNotification(name: name)
        for e in p.entries {
            func bad(_ expected: String) -> MalformedInput {
                MalformedInput(file: file, line: e.line, key: e.key, problem: .inconsistent("expected \(expected), found \(e.value)"))
            }
            // A value that is not finite (`nan`, `inf`, `1e999`) is no
            // keyboard iOS sent: the paste is damaged there.
            func rect() throws(MalformedInput) -> KBRect {
                guard let r = PrintedValue.rect(e.value) else { throw bad("a rect {{x, y}, {w, h}}") }
                guard r.isFinite else { throw bad("finite numbers") }
                return r
            }
            func point() throws(MalformedInput) -> KBPoint {
                guard let p = PrintedValue.point(e.value) else { throw bad("a point {x, y}") }
                guard p.isFinite else { throw bad("finite numbers") }
                return p
            }
            switch UserInfoKey(rawValue: e.key) {
            case .frameBegin?: n.frameBegin = try rect()
            case .frameEnd?: n.frameEnd = try rect()
            case .bounds?:
                let r = try rect()
                guard r.origin == .zero else { throw bad("bounds at the origin (a trace keeps their size only)") }
                n.bounds = r.size
            case .centerBegin?: n.centerBegin = try point()
            case .centerEnd?: n.centerEnd = try point()
            case .animationDuration?:
                guard let d = PrintedValue.number(e.value) else { throw bad("a number of seconds") }
                guard d.isFinite else { throw bad("a finite number of seconds") }
                n.duration = d
            case .animationCurve?:
                guard let c = PrintedValue.integer(e.value) else { throw bad("an integer") }
                n.curve = c
            case .isLocal?:
                guard let b = PrintedValue.boolean(e.value) else { throw bad("1, 0, true, false, YES or NO") }
                n.isLocal = b
            case nil:
                continue
            }
        }
        return n
    }

    private static func format(_ s: KBSize) -> String { "\(s.width)x\(s.height)" }
}

import KeyboardAvoidance

/// The behaviour profile a trace was recorded under: which iOS era, and so
/// which space its keyboard frames are in and which keys and sequences its
/// notifications have (docs/trace-format.md; the simulator's rules per
/// profile are in `NotificationRules`).
public enum TraceProfile: String, Hashable, Sendable, CaseIterable {
    /// iPhone OS 3 on iPhone: the legacy bounds and centre keys only; frames
    /// in the fixed portrait space.
    case iphoneos3
    /// iOS 5 to 7, iPhone and iPad: frames in the fixed portrait space.
    case ios7
    /// iOS 8 to 12, iPhone and iPad: oriented frames in the key window's
    /// space (the screen's, for a window that fills it). The default.
    case ios8
    /// iOS 13 and later on iPhone: frames in the oriented screen space.
    case ios13
    /// iPadOS 13 and later on iPad: frames in the oriented screen space;
    /// floating keyboards, Stage Manager.
    case ipados

    /// The space this profile's keyboard frames are in.
    public var frameSpace: KeyboardFrameSpace {
        switch self {
        case .iphoneos3, .ios7: .fixedPortrait
        case .ios8: .window
        case .ios13, .ipados: .oriented
        }
    }

    /// The system versions (major) the profile covers.
    public var systemVersions: ClosedRange<Int> {
        switch self {
        case .iphoneos3: 3...3
        case .ios7: 5...7
        case .ios8: 8...12
        case .ios13, .ipados: 13...26
        }
    }

    /// The system versions a trace of this profile may say it was recorded
    /// on (``TraceHeader/systemVersion``): ``systemVersions``, and for the
    /// profiles that are open-ended ("iOS 13 and later") every later version
    /// up to 99 too, so a recording made on a system newer than the
    /// simulator's still reads.
    public var recordableSystemVersions: ClosedRange<Int> {
        switch self {
        case .ios13, .ipados: systemVersions.lowerBound...99
        default: systemVersions
        }
    }
}

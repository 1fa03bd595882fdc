import KeyboardAvoidance

/// The behaviour profile a trace was recorded under: which iOS era, and so
/// which space its keyboard frames are in.
public enum TraceProfile: String, Hashable, Sendable, CaseIterable {
    /// iPhone OS 3: legacy bounds and center keys; frames in the fixed
    /// portrait space.
    case iphoneos3
    /// iOS 5 to 7: frames in the fixed portrait space.
    case ios7
    /// iOS 8 and later on iPhone: frames in the oriented space (the default).
    case ios8
    /// iPadOS: oriented frames; undocked, split and floating keyboards;
    /// windows offset in the screen; `isLocal`.
    case ipados

    /// The space this profile's keyboard frames are in.
    public var frameSpace: KeyboardFrameSpace {
        switch self {
        case .iphoneos3, .ios7: .fixedPortrait
        case .ios8, .ipados: .oriented
        }
    }
}

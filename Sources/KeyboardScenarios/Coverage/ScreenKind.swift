import KeyboardTrace

/// The screen a campaign's generated scenarios are played on. One seed and
/// index name a scenario of each kind, drawn from the same device, era,
/// window and keyboard sequence: the kind is part of what names a campaign.
public enum ScreenKind: String, Hashable, Sendable, CaseIterable {
    /// Fields inside a scroll view (a form, a settings screen): the engine's
    /// field policy, judged by I1…I10.
    case fields
    /// A chat screen: a transcript scroll view and a composer outside it,
    /// pinned above the keyboard; judged by T1…T4 with I1…I10.
    case chat
}

extension ScreenKind {
    /// The screen a trace is of: a chat screen when its header has a
    /// composer.
    public init(of header: TraceHeader) {
        self = header.composer == nil ? .fields : .chat
    }
}

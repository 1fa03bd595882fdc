import KeyboardAvoidance
import KeyboardGeometry

/// Layouts and notifications for the engine's table-driven tests.
enum Fixtures {
    /// A full-screen scroll view on a `width × height` screen.
    static func layout(
        _ width: Double, _ height: Double, safe: KBEdgeInsets = .zero, inset: KBEdgeInsets = .zero,
        content: Double? = nil, offset: Double = 0, window: KBRect? = nil, frame: KBRect? = nil,
        orientation: InterfaceOrientation = .portrait, adjustment: InsetAdjustment = .automatic
    ) -> LayoutSnapshot {
        let w = window ?? KBRect(x: 0, y: 0, width: width, height: height)
        return LayoutSnapshot(
            screen: KBSize(width: width, height: height), orientation: orientation, window: w,
            scrollView: ScrollViewState(
                frame: frame ?? KBRect(x: 0, y: 0, width: w.width, height: w.height), safeArea: safe, contentInset: inset,
                insetAdjustment: adjustment, contentSize: KBSize(width: w.width, height: content ?? height + 200),
                contentOffset: KBPoint(x: 0, y: offset))
        )
    }

    /// A docked keyboard `height` tall on a `width × screenHeight` screen.
    static func docked(_ width: Double, _ screenHeight: Double, _ height: Double) -> KBRect {
        KBRect(x: 0, y: screenHeight - height, width: width, height: height)
    }

    static func note(_ name: KeyboardNotification.Name, _ end: KBRect?, begin: KBRect? = nil, isLocal: Bool? = true) -> KeyboardNotification {
        KeyboardNotification(name: name, frameBegin: begin, frameEnd: end, duration: 0.25, curve: 7, isLocal: isLocal)
    }

    static func field(_ y: Double, height: Double = 44, width: Double = 300) -> FocusedField {
        FocusedField(frame: KBRect(x: 10, y: y, width: width, height: height))
    }
}

extension AvoidanceAction {
    /// The applied bottom content inset, if this is an apply.
    var appliedBottom: Double? {
        if case .apply(let a) = self { return a.contentInset.bottom }
        return nil
    }

    /// The offset an apply or restore sets, if any.
    var offsetY: Double? { adjustment?.contentOffset?.y }

    var isRestore: Bool {
        if case .restore = self { return true }
        return false
    }

    var ignoreReason: IgnoreReason? {
        if case .ignore(let r) = self { return r }
        return nil
    }
}

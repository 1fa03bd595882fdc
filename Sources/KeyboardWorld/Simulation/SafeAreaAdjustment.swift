import KeyboardAvoidance
import KeyboardGeometry

/// UIKit's rule for how much of the safe area `adjustedContentInset`
/// takes, as the simulator models it: the scroll view, the oracle's visible
/// band and the recipe models all read it from here.
///
/// Written apart from the engine's `ScrollViewState.safeAreaContribution` on
/// purpose: the oracle must not share the engine's code, or one bug would
/// pass both.
///
/// - `never`: nothing. `always`: every edge.
/// - `automatic` (a view controller that adjusts for bars): top and bottom
///   always; left and right when the view scrolls horizontally.
/// - `scrollableAxes`: top and bottom when the view scrolls vertically, left
///   and right when it scrolls horizontally.
///
/// A view scrolls along an axis when its content is longer than its frame
/// along it, or when it always bounces along it (UIKit's header:
/// "contentSize.width/height > frame.size.width/height or
/// alwaysBounceHorizontal/Vertical = YES"). The content inset plays no part.
package struct SafeAreaAdjustment: Hashable, Sendable {
    package var behavior: InsetAdjustment
    package var alwaysBounceVertical: Bool
    package var alwaysBounceHorizontal: Bool

    package init(_ behavior: InsetAdjustment, alwaysBounceVertical: Bool = false, alwaysBounceHorizontal: Bool = false) {
        self.behavior = behavior
        self.alwaysBounceVertical = alwaysBounceVertical
        self.alwaysBounceHorizontal = alwaysBounceHorizontal
    }

    /// The edges of `state`'s safe area UIKit adds to its content inset,
    /// under its behaviour and always-bounce flags, for its frame and
    /// content sizes.
    package static func contribution(to state: ScrollViewState) -> KBEdgeInsets {
        SafeAreaAdjustment(
            state.insetAdjustment, alwaysBounceVertical: state.alwaysBounceVertical, alwaysBounceHorizontal: state.alwaysBounceHorizontal
        )
        .contribution(safeArea: state.safeArea, frameSize: state.frame.size, contentSize: state.contentSize)
    }

    /// The edges of `safeArea` added to the content inset of a view of
    /// `frameSize` showing `contentSize`.
    package func contribution(safeArea: KBEdgeInsets, frameSize: KBSize, contentSize: KBSize) -> KBEdgeInsets {
        let scrollsVertically = abs(contentSize.height) > abs(frameSize.height) || alwaysBounceVertical
        let scrollsHorizontally = abs(contentSize.width) > abs(frameSize.width) || alwaysBounceHorizontal
        let vertical: Bool, horizontal: Bool
        switch behavior {
        case .never: (vertical, horizontal) = (false, false)
        case .always: (vertical, horizontal) = (true, true)
        case .automatic: (vertical, horizontal) = (true, scrollsHorizontally)
        case .scrollableAxes: (vertical, horizontal) = (scrollsVertically, scrollsHorizontally)
        }
        return KBEdgeInsets(
            top: vertical ? safeArea.top : 0, left: horizontal ? safeArea.left : 0,
            bottom: vertical ? safeArea.bottom : 0, right: horizontal ? safeArea.right : 0
        )
    }
}

import KeyboardGeneration
import KeyboardGeometry

/// How a scenario's views are arranged in the stand-in, and when the glue
/// is attached: what a trace does not say and an app decides, drawn so that
/// the glue's conversions and searches are exercised.
///
/// - The scroll view sits under ``containers``: views between the view
///   controller's root view (which fills the window) and the scroll view,
///   each at an offset in its parent. The scroll view's own frame is then
///   not its frame in the window, which a glue that reads it unconverted
///   gets wrong.
/// - The fields sit in the content view, or ``fieldNesting`` deeper (a stack
///   of views at those offsets), so that a search for the first responder
///   that stops one level down misses them.
/// - Each text view has scrolled its own text by ``textViewScroll`` points,
///   so that its caret, in its own space, is not where it is in the
///   field's frame: a glue that does not convert the caret through the text
///   view's bounds gets it wrong.
/// - The glue is attached when the scenario starts, or ``attach`` right
///   after the first focus, when that comes before any keyboard
///   notification: then a field is already editing when the glue arrives.
package struct GlueStaging: Hashable, Sendable, CustomStringConvertible {
    /// The containers' offsets, outermost first (integral: the conversions
    /// add and subtract them exactly).
    package var containers: [KBPoint]
    /// The offsets of the views holding the fields inside the content
    /// view, outermost first; empty: the content view holds them.
    package var fieldNesting: [KBPoint]
    package var attach: AttachMoment
    /// How far each text view has scrolled its own text (its content
    /// offset), in points.
    package var textViewScroll: Double

    /// When the glue is attached.
    package enum AttachMoment: String, Hashable, Sendable, CaseIterable {
        case atStart
        case afterFirstFocus
    }

    package init(containers: [KBPoint] = [], fieldNesting: [KBPoint] = [], attach: AttachMoment = .atStart, textViewScroll: Double = 0) {
        self.containers = containers
        self.fieldNesting = fieldNesting
        self.attach = attach
        self.textViewScroll = textViewScroll
    }

    /// The staging of scenario `index` of `seed`, from its own stream.
    package static func drawn(seed: UInt64, index: Int) -> GlueStaging {
        var r = SeededRandom(seed: seed ^ 0x57A6_E000_0000_0001, index: UInt64(index))
        func offsets(_ count: Int) -> [KBPoint] {
            (0..<count).map { _ in KBPoint(x: Double(r.int(in: -20...20)), y: Double(r.int(in: -40...40))) }
        }
        let containers = offsets(r.int(in: 0...3))
        let nesting = offsets(r.int(in: 0...2))
        let attach: AttachMoment = r.chance(0.5) ? .atStart : .afterFirstFocus
        return GlueStaging(containers: containers, fieldNesting: nesting, attach: attach, textViewScroll: Double(r.pick([0, 20, 45, 60])))
    }

    /// The sum of `offsets`.
    static func total(_ offsets: [KBPoint]) -> KBPoint {
        offsets.reduce(KBPoint.zero) { KBPoint(x: $0.x + $1.x, y: $0.y + $1.y) }
    }

    package var description: String {
        func list(_ o: [KBPoint]) -> String { "[" + o.map { "(\(Int($0.x)),\(Int($0.y)))" }.joined(separator: ",") + "]" }
        return
            "containers \(list(containers)), field nesting \(list(fieldNesting)), attach \(attach.rawValue), text views scrolled \(Int(textViewScroll))"
    }
}

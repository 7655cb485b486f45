import Synchronization
import Testing
@testable import LayoutCore

// Shared helpers for the Stack*Tests files. Every expectation in those files is worked out by hand from
// the Texture reference (sections 0, 2, 3.1, 3.2, 3.10): screen scale 2, so ceilPx rounds up to half points.

/// A test node that knows its name, so a flattened layout can be read back as name → frame.
protocol NamedTestNode: AnyObject {
    var name: String { get }
}

extension LeafNode: NamedTestNode {}

/// What a node hosting a spec sees after measurement: its own size and the flattened, pixel-ceiled frames
/// of its direct subnodes (Texture's node measurement and -[ASLayout filteredNodeLayoutTree]).
struct HostedLayout: CustomStringConvertible {
    let size: Size
    let frames: [String: Rect]
    /// Subnode order of the flattened layout (DFS pre-order of the spec tree).
    let order: [String]

    subscript(_ name: String) -> Rect { frames[name] ?? .null }

    var description: String {
        "size \(size): " + order.map { "\($0) \(frames[$0]!)" }.joined(separator: ", ")
    }
}

/// Lays `spec` out in a SpecHostNode measured with `range` and returns the flattened frames by name.
func hosted(_ spec: any LayoutElement, in range: SizeRange) -> HostedLayout {
    let host = SpecHostNode("host") { _ in spec }
    let layout = host.layoutThatFits(range)
    var frames: [String: Rect] = [:]
    var order: [String] = []
    for sublayout in layout.sublayouts {
        let name = (sublayout.element as? any NamedTestNode)?.name ?? "?"
        frames[name] = sublayout.frame
        order.append(name)
    }
    return HostedLayout(size: layout.size, frames: frames, order: order)
}

// MARK: - Ranges, sizes and frames

func exactRange(_ width: Double, _ height: Double) -> SizeRange {
    SizeRange(exactly: Size(width: width, height: height))
}

func sizeRange(minWidth: Double = 0, minHeight: Double = 0,
               maxWidth: Double = .infinity, maxHeight: Double = .infinity) -> SizeRange {
    SizeRange(min: Size(width: minWidth, height: minHeight), max: Size(width: maxWidth, height: maxHeight))
}

func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
    Rect(x: x, y: y, width: width, height: height)
}

// Direction-generic helpers: "stack" is the stack axis (x/width for horizontal), "cross" the other one.

func axisSize(_ direction: StackLayoutDirection, stack: Double, cross: Double) -> Size {
    direction == .horizontal ? Size(width: stack, height: cross) : Size(width: cross, height: stack)
}

func axisRange(_ direction: StackLayoutDirection, stack: Double, cross: Double) -> SizeRange {
    SizeRange(exactly: axisSize(direction, stack: stack, cross: cross))
}

/// A range with the stack axis in [stackMin, stackMax] and the cross axis in [crossMin, crossMax].
func axisRange(_ direction: StackLayoutDirection, stackMin: Double, stackMax: Double,
               crossMin: Double, crossMax: Double) -> SizeRange {
    SizeRange(min: axisSize(direction, stack: stackMin, cross: crossMin),
              max: axisSize(direction, stack: stackMax, cross: crossMax))
}

func axisRect(_ direction: StackLayoutDirection, stack: Double, cross: Double,
              stackLength: Double, crossLength: Double) -> Rect {
    direction == .horizontal
        ? Rect(x: stack, y: cross, width: stackLength, height: crossLength)
        : Rect(x: cross, y: stack, width: crossLength, height: stackLength)
}

// MARK: - Children

/// A leaf with a fixed style size (width, height points).
func leaf(_ name: String, _ width: Double, _ height: Double,
          _ configure: (inout LayoutElementStyle) -> Void = { _ in }) -> LeafNode {
    LeafNode(name, width: width, height: height, configure: configure)
}

/// A leaf with a fixed style size given along the axes of `direction`.
func axisLeaf(_ name: String, _ direction: StackLayoutDirection, stack: Double, cross: Double,
              _ configure: (inout LayoutElementStyle) -> Void = { _ in }) -> LeafNode {
    let size = axisSize(direction, stack: stack, cross: cross)
    return LeafNode(name, width: size.width, height: size.height, configure: configure)
}

/// A leaf without a style size whose content wants `width`×`height` (like a text node's intrinsic size);
/// its layout is Clamp(range, that size) (Texture's leaf path).
func intrinsic(_ name: String, _ width: Double, _ height: Double,
               _ configure: (inout LayoutElementStyle) -> Void = { _ in }) -> LeafNode {
    var style = LayoutElementStyle()
    configure(&style)
    return LeafNode(name, style: style) { _ in Size(width: width, height: height) }
}

/// A leaf (no style size unless configured) that records every range it is asked to fit, as the
/// ASLayoutEngineTests nodes do. Its content size is `intrinsic`, clamped into the resolved range.
final class RecordingNode: LayoutElement, NamedTestNode {
    let name: String
    let style: LayoutElementStyle
    let intrinsicSize: Size
    private let recorded = Mutex<[SizeRange]>([])

    init(_ name: String, _ width: Double, _ height: Double,
         _ configure: (inout LayoutElementStyle) -> Void = { _ in }) {
        self.name = name
        self.intrinsicSize = Size(width: width, height: height)
        var style = LayoutElementStyle()
        configure(&style)
        self.style = style
    }

    /// The ranges passed to layoutThatFits, in call order.
    var measuredRanges: [SizeRange] { recorded.withLock { $0 } }

    var layoutElementType: LayoutElementType { .node }

    func layoutThatFits(_ constrainedSize: SizeRange, parentSize: Size) -> Layout {
        recorded.withLock { $0.append(constrainedSize) }
        return calculateLayoutThatFits(constrainedSize, restrictedTo: style.size, relativeToParentSize: parentSize)
    }

    func calculateLayoutThatFits(_ constrainedSize: SizeRange) -> Layout {
        Layout(node: self, size: constrainedSize.clamp(intrinsicSize))
    }
}

extension StackLayoutSpec {
    /// A copy with `configure` applied (keeps tests declarative).
    func with(_ configure: (inout StackLayoutSpec) -> Void) -> StackLayoutSpec {
        var copy = self
        configure(&copy)
        return copy
    }
}

import Synchronization
import Testing
@testable import LayoutCore

// Shared helpers for the non-stack LayoutCore suites. Everything is namespaced (`CoreFixture`,
// `CoreProbe`) because all test files of the target share one module.

enum CoreFixture {
    /// A leaf node whose style size is `width`×`height` points (Texture's ASDisplayNodeWithBackgroundColor
    /// with a size).
    static func node(_ name: String, _ width: Double, _ height: Double,
                     configure: (inout LayoutElementStyle) -> Void = { _ in }) -> LeafNode {
        LeafNode(name, width: width, height: height, configure: configure)
    }

    /// A leaf node without a style size: it fills a finite maximum (Texture's default calculateSizeThatFits).
    static func node(_ name: String, configure: (inout LayoutElementStyle) -> Void = { _ in }) -> LeafNode {
        var style = LayoutElementStyle()
        configure(&style)
        return LeafNode(name, style: style)
    }

    /// Lays `spec` out like a node's layoutSpecThatFits would (parent size = range.max unless given),
    /// wraps it in a host node's layout and flattens it: the result holds the subnodes' final frames.
    static func flatten(_ spec: any LayoutElement, in range: SizeRange, parentSize: Size? = nil) -> Layout {
        let host = LeafNode("host")
        return Layout.nodeLayout(for: host, specLayout: spec.layoutThatFits(range, parentSize: parentSize ?? range.max))
    }

    /// The names of the flattened sublayouts' elements, in order.
    static func names(_ layout: Layout) -> [String] {
        layout.sublayouts.map { sublayout in
            if let leaf = sublayout.element as? LeafNode { return leaf.name }
            if let probe = sublayout.element as? CoreProbe { return probe.name }
            if let host = sublayout.element as? SpecHostNode { return host.name }
            return "?"
        }
    }

    static func range(_ minW: Double, _ minH: Double, _ maxW: Double, _ maxH: Double) -> SizeRange {
        SizeRange(min: Size(width: minW, height: minH), max: Size(width: maxW, height: maxH))
    }
}

/// A node that records every `layoutThatFits(_:parentSize:)` call, then measures like a leaf (style size
/// intersected with the range, or filling a finite maximum). With `fixedSize` it ignores its range and
/// always answers that size — an element that does not respect its constraint.
final class CoreProbe: LayoutElement, CustomStringConvertible {
    struct Call: Sendable {
        var range: SizeRange
        var parentSize: Size
    }

    let name: String
    let style: LayoutElementStyle
    private let fixedSize: Size?
    private let log = Mutex<[Call]>([])

    init(_ name: String, style: LayoutElementStyle = LayoutElementStyle(), fixedSize: Size? = nil) {
        self.name = name
        self.style = style
        self.fixedSize = fixedSize
    }

    convenience init(_ name: String, width: Double, height: Double,
                     configure: (inout LayoutElementStyle) -> Void = { _ in }) {
        var style = LayoutElementStyle()
        style.preferredSize = Size(width: width, height: height)
        configure(&style)
        self.init(name, style: style)
    }

    convenience init(_ name: String, configure: (inout LayoutElementStyle) -> Void) {
        var style = LayoutElementStyle()
        configure(&style)
        self.init(name, style: style)
    }

    var calls: [Call] { log.withLock { $0 } }
    var lastCall: Call? { calls.last }

    var layoutElementType: LayoutElementType { .node }

    func layoutThatFits(_ constrainedSize: SizeRange, parentSize: Size) -> Layout {
        log.withLock { $0.append(Call(range: constrainedSize, parentSize: parentSize)) }
        return calculateLayoutThatFits(constrainedSize, restrictedTo: style.size, relativeToParentSize: parentSize)
    }

    func calculateLayoutThatFits(_ constrainedSize: SizeRange) -> Layout {
        if let fixedSize { return Layout(node: self, size: fixedSize) }
        return Layout(node: self, size: constrainedSize.clamp(defaultSizeThatFits(constrainedSize.max)))
    }

    var description: String { name }
}

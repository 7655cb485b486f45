import LayoutCore
import Testing
@testable import NodeTree

// A class's declaration of the measuring methods it overrides (LayoutMethodOverrides.swift) takes its
// instances straight to the leaf path: the same layouts, measure calls and cache counts as the full chain;
// a layout spec block still wins; and a subclass that does not declare for itself is measured through the
// whole chain, whatever it overrides.

/// The leaf size both twins compute: ordinary for most maximums, invalid (negative, NaN) for small ones,
/// so the leaf path's clamping and sanitizing are compared too.
private func twinSize(_ maximum: Size) -> Size {
    if maximum.width < 50 { return Size(width: -3, height: .nan) }
    return Size(width: maximum.width.isFinite ? maximum.width * 0.37 + 0.3 : 17.3, height: 9.25)
}

/// Declares that it overrides only calculateSizeThatFits. Not final: the subclasses below do not declare.
private class DeclaredLeaf: DisplayNode, @unchecked Sendable {
    let sizeCalls = Counter()
    /// calculateSizeThatFits calls that ran under a measurement ticket (what nodes measured inside
    /// remember; DisplayNode+SupernodeLayoutKey.swift).
    let callsWithTicket = Counter()

    override class var layoutMethodOverrides: LayoutMethodOverrides {
        LayoutMethodOverrides(declaredBy: DeclaredLeaf.self, [.calculateSizeThatFits])
    }

    override func calculateSizeThatFits(_ constrainedSize: Size) -> Size {
        sizeCalls.increment()
        if MeasurementTicket.current() != 0 { callsWithTicket.increment() }
        return twinSize(constrainedSize)
    }
}

/// DeclaredLeaf's twin without a declaration: measured through the full chain.
private final class UndeclaredLeaf: DisplayNode, @unchecked Sendable {
    let sizeCalls = Counter()
    let callsWithTicket = Counter()

    override func calculateSizeThatFits(_ constrainedSize: Size) -> Size {
        sizeCalls.increment()
        if MeasurementTicket.current() != 0 { callsWithTicket.increment() }
        return twinSize(constrainedSize)
    }
}

/// Overrides layoutSpecThatFits without declaring: DeclaredLeaf's declaration must not apply to it.
private final class SpecSubclass: DeclaredLeaf, @unchecked Sendable {
    let child = DisplayNode()

    override init() {
        child.style.preferredSize = Size(width: 10, height: 20)
        super.init()
        addSubnode(child)
    }

    override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> any LayoutElement {
        InsetLayoutSpec(insets: EdgeInsets(all: 5), child: child)
    }
}

/// Overrides calculateLayoutThatFits(_:) without declaring.
private final class OneArgumentSubclass: DeclaredLeaf, @unchecked Sendable {
    let calls = Counter()

    override func calculateLayoutThatFits(_ constrainedSize: SizeRange) -> Layout {
        calls.increment()
        return Layout(node: self, size: Size(width: 77, height: 66))
    }
}

/// Overrides calculateLayoutThatFits(_:restrictedTo:relativeToParentSize:) without declaring.
private final class ThreeArgumentSubclass: DeclaredLeaf, @unchecked Sendable {
    let calls = Counter()

    override func calculateLayoutThatFits(_ constrainedSize: SizeRange, restrictedTo size: LayoutElementSize,
                                          relativeToParentSize parentSize: Size) -> Layout {
        calls.increment()
        return Layout(node: self, size: Size(width: 55, height: 44))
    }
}

/// A text node subclass with a spec, as a user writes one: TextNode's declaration must not apply to it.
private final class CaptionedText: TextNode, @unchecked Sendable {
    let badge = DisplayNode()

    override init() {
        badge.style.preferredSize = Size(width: 8, height: 8)
        super.init()
        addSubnode(badge)
    }

    override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> any LayoutElement {
        InsetLayoutSpec(insets: EdgeInsets(all: 2), child: badge)
    }
}

/// Declares, wrongly, that it overrides nothing: the declaration is trusted (its spec is never built),
/// which is how a test sees that a declared node does skip the chain.
private final class WronglyDeclared: DisplayNode, @unchecked Sendable {
    let specCalls = Counter()

    override class var layoutMethodOverrides: LayoutMethodOverrides {
        LayoutMethodOverrides(declaredBy: WronglyDeclared.self, [])
    }

    override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> any LayoutElement {
        specCalls.increment()
        return SpacerLayoutSpec()
    }
}

/// The bits of a size (so −0 differs from 0 and NaN compares equal to NaN).
private func bits(_ size: Size) -> [UInt64] { [size.width.bitPattern, size.height.bitPattern] }

/// A range with no minimum, so a spec's size differs from the leaf size (what a test tells them apart by).
private let openRange = SizeRange(min: .zero, max: Size(width: 320, height: 1000))
/// The twins' leaf size for `openRange`.
private let openRangeLeafSize = ceilPx(Size(width: 320 * 0.37 + 0.3, height: 9.25))

@Suite struct LayoutMethodOverridesTests {
    /// Ranges ordinary and odd: −0, ∞, NaN bounds, a negative minimum, a minimum above the maximum.
    static let ranges: [SizeRange] = [
        SizeRange(width: 320),
        SizeRange(width: 30),
        .unconstrained,
        SizeRange(exactly: Size(width: 40, height: 30)),
        SizeRange(min: Size(width: -0.0, height: -0.0), max: Size(width: 100, height: -0.0)),
        SizeRange(min: Size(width: .infinity, height: 3), max: Size(width: .infinity, height: .infinity)),
        SizeRange(min: Size(width: -5, height: 0), max: Size(width: 200, height: 10)),
        SizeRange(min: Size(width: 0, height: 20), max: Size(width: 100, height: 10)),
        SizeRange(min: Size(width: 0, height: 0), max: Size(width: .nan, height: 10)),
        SizeRange(min: Size(width: 0, height: .nan), max: Size(width: 150, height: 10)),
    ]

    /// Style sizes: none, points, fractions of the parent, NaN, ∞, negative, a minimum above the maximum.
    static let styles: [@Sendable (inout LayoutElementStyle) -> Void] = [
        { _ in },
        { $0.width = .points(60) },
        { $0.width = .fraction(0.5); $0.maxHeight = .fraction(0.25) },
        { $0.width = .points(.nan); $0.minHeight = .points(.nan) },
        { $0.maxWidth = .points(.infinity); $0.height = .points(.infinity) },
        { $0.width = .points(-20); $0.minHeight = .points(-1) },
        { $0.minWidth = .points(300); $0.maxWidth = .points(100) },
        { $0.minWidth = .fraction(.nan); $0.maxWidth = .fraction(-0.5) },
    ]

    static let parents: [Size] = [Size(width: 500, height: 400), Size(width: .nan, height: .infinity)]

    @Test(arguments: 0..<styles.count)
    func aDeclaredLeafGetsTheLayoutsOfItsUndeclaredTwin(_ styleIndex: Int) {
        let declared = DeclaredLeaf()
        let undeclared = UndeclaredLeaf()
        #expect(declared.measuresAsDeclaredLeaf)
        #expect(!undeclared.measuresAsDeclaredLeaf)
        Self.styles[styleIndex](&declared.style)
        Self.styles[styleIndex](&undeclared.style)
        for parent in Self.parents {
            for range in Self.ranges {
                // Twice: a miss, then a hit.
                for _ in 0..<2 {
                    let a = declared.layoutThatFits(range, parentSize: parent)
                    let b = undeclared.layoutThatFits(range, parentSize: parent)
                    #expect(bits(a.size) == bits(b.size), "\(range) parent \(parent)")
                    #expect(a.element === declared && b.element === undeclared)
                    #expect(a.position.isNull && b.position.isNull)
                    #expect(a.sublayouts.isEmpty && b.sublayouts.isEmpty)
                    #expect(a.type == b.type)
                }
            }
        }
        #expect(declared.sizeCalls.value == undeclared.sizeCalls.value)
        #expect(declared.callsWithTicket.value == declared.sizeCalls.value)
        #expect(undeclared.callsWithTicket.value == undeclared.sizeCalls.value)
        #expect(declared.layoutStatistics == undeclared.layoutStatistics)
    }

    @Test func aLayoutSpecBlockSetLaterWins() {
        let node = DeclaredLeaf()
        let child = DisplayNode()
        child.style.preferredSize = Size(width: 10, height: 20)
        node.addSubnode(child)
        let range = openRange
        #expect(node.layoutThatFits(range).size == openRangeLeafSize)
        node.layoutSpecBlock = { _, _ in InsetLayoutSpec(insets: EdgeInsets(all: 5), child: child) }
        node.setNeedsLayout()
        let layout = node.layoutThatFits(range)
        #expect(layout.size == Size(width: 20, height: 30))
        #expect(layout.frame(for: child) == Rect(x: 5, y: 5, width: 10, height: 20))
        #expect(node.sizeCalls.value == 1)
        node.layoutSpecBlock = nil
        node.setNeedsLayout()
        let leafLayout = node.layoutThatFits(range)
        #expect(leafLayout.size == openRangeLeafSize && leafLayout.sublayouts.isEmpty)
        #expect(node.sizeCalls.value == 2)
    }

    @Test func aSubclassThatOverridesLayoutSpecThatFitsHasItsSpecUsed() {
        let node = SpecSubclass()
        #expect(!node.measuresAsDeclaredLeaf)
        let layout = node.layoutThatFits(openRange)
        #expect(layout.size == Size(width: 20, height: 30))
        #expect(layout.frame(for: node.child) == Rect(x: 5, y: 5, width: 10, height: 20))
        #expect(node.sizeCalls.value == 0)
    }

    @Test func aTextNodeSubclassWithASpecHasItsSpecUsed() {
        let node = CaptionedText()
        #expect(!node.measuresAsDeclaredLeaf)
        let layout = node.layoutThatFits(openRange)
        #expect(layout.size == Size(width: 12, height: 12))
        #expect(layout.frame(for: node.badge) == Rect(x: 2, y: 2, width: 8, height: 8))
    }

    @Test func subclassesThatOverrideCalculateLayoutThatFitsStillRunIt() {
        let one = OneArgumentSubclass()
        let three = ThreeArgumentSubclass()
        #expect(!one.measuresAsDeclaredLeaf && !three.measuresAsDeclaredLeaf)
        #expect(one.layoutThatFits(SizeRange(width: 320)).size == Size(width: 77, height: 66))
        #expect(three.layoutThatFits(SizeRange(width: 320)).size == Size(width: 55, height: 44))
        #expect(one.calls.value == 1 && three.calls.value == 1)
        #expect(one.sizeCalls.value == 0 && three.sizeCalls.value == 0)
    }

    @Test func aDeclarationIsTrusted() {
        let node = WronglyDeclared()
        #expect(node.measuresAsDeclaredLeaf)
        #expect(node.layoutThatFits(SizeRange(width: 320)).size == Size(width: 320, height: 0))
        #expect(node.specCalls.value == 0)
    }

    @Test(arguments: ranges)
    func aPlainDisplayNodeTakesTheLeafPath(_ range: SizeRange) {
        final class Undeclared: DisplayNode, @unchecked Sendable {}
        let plain = DisplayNode()
        let twin = Undeclared()
        #expect(plain.measuresAsDeclaredLeaf)
        #expect(!twin.measuresAsDeclaredLeaf)
        plain.style.maxWidth = .fraction(0.5)
        twin.style.maxWidth = .fraction(0.5)
        let a = plain.layoutThatFits(range, parentSize: Size(width: 300, height: 200))
        let b = twin.layoutThatFits(range, parentSize: Size(width: 300, height: 200))
        #expect(bits(a.size) == bits(b.size))
        #expect(a.element === plain && a.sublayouts.isEmpty)
    }

    @Test func theBuiltInLeavesDeclareAndTheOthersDoNot() {
        #expect(TextNode().measuresAsDeclaredLeaf)
        #expect(ImageNode().measuresAsDeclaredLeaf)
        #expect(NetworkImageNode().measuresAsDeclaredLeaf)
        #expect(EditableTextNode().measuresAsDeclaredLeaf)
        #expect(!CellNode().measuresAsDeclaredLeaf)
        #expect(!ButtonNode().measuresAsDeclaredLeaf)
        #expect(!ScrollNode().measuresAsDeclaredLeaf)
    }
}

import LayoutCore
import TextEngine

// The input of `bench layout` (Scenarios/layout/README.md describes the file format): a size range, a
// screen scale and a tree of layout elements, kept as plain values. Decoding is in
// LayoutDocument+Decoding.swift, building the LayoutCore elements and laying them out in
// LayoutDocument+Layout.swift, the printed result in LayoutDocument+Output.swift.

public struct LayoutDocument: Equatable, Sendable {
    /// The only version this reader understands (the optional top-level "version" key).
    public static let version = 1
    /// Texture's reference images are @2x; the scale a document gets when it names none.
    public static let defaultScale: Double = 2
    /// The scales a document may give. Pixel rounding (ceilPx: ceil((v − ε)·S) / S, ε = 2⁻²³ as in Texture)
    /// keeps a size already on the grid only while ε·S < 1, i.e. S < 2²³: at 1e7 a 10-point leaf came out
    /// 9.9999999 and a zero size −1e-07. Real screens are @1–@3; 1000 keeps ε·S ≤ 1.2 × 10⁻⁴, far from that
    /// edge, and every size below the valid maximum (10⁷ points) times the scale exact in a Double. Below 1
    /// a pixel would be larger than a point.
    public static let scaleRange: ClosedRange<Double> = 1...1000

    /// Optional labels for examples; they do not change the layout.
    public var name: String?
    public var description: String?
    /// The screen scale the layout is pixel-rounded to.
    public var scale: Double
    /// What the host node is measured with (layoutThatFits).
    public var sizeRange: SizeRange
    /// What the host node's layout spec returns.
    public var root: ElementDescription

    public init(name: String? = nil, description: String? = nil, scale: Double = LayoutDocument.defaultScale,
                sizeRange: SizeRange, root: ElementDescription) {
        self.name = name
        self.description = description
        self.scale = scale
        self.sizeRange = sizeRange
        self.root = root
    }
}

/// One element of the document's tree: its kind (with options and children) and its style.
public struct ElementDescription: Equatable, Sendable {
    public var kind: ElementKind
    public var style: LayoutElementStyle

    public init(_ kind: ElementKind, style: LayoutElementStyle = LayoutElementStyle()) {
        self.kind = kind
        self.style = style
    }

    /// The names of the leaf nodes below (and including) this element, in flattened (DFS) order of the
    /// spec tree — which is the order of the sublayouts each spec produces, e.g. background before child.
    public var nodeNames: [String] {
        var names: [String] = []
        collectNodeNames(into: &names)
        return names
    }

    private func collectNodeNames(into names: inout [String]) {
        switch kind {
        case .node(let name): names.append(name)
        case .text(let leaf): names.append(leaf.name)
        case .stack(_, let children), .absolute(_, let children), .wrapper(let children):
            for child in children { child.collectNodeNames(into: &names) }
        case .inset(_, let child), .center(_, let child), .relative(_, let child), .ratio(_, let child):
            child.collectNodeNames(into: &names)
        case .overlay(let overlay, let child):
            child.collectNodeNames(into: &names)
            overlay.collectNodeNames(into: &names)
        case .background(let background, let child):
            background.collectNodeNames(into: &names)
            child.collectNodeNames(into: &names)
        case .corner(_, let child, let corner):
            child.collectNodeNames(into: &names)
            corner.collectNodeNames(into: &names)
        case .spacer:
            break
        }
    }
}

/// The element kinds of the file format, one per key ("node", "stack", …).
public indirect enum ElementKind: Equatable, Sendable {
    /// A leaf node (LayoutCore's `LeafNode`), named in the output.
    case node(name: String)
    /// A leaf measured as text by TextEngine (Texture's ASTextNode), named in the output.
    case text(TextLeaf)
    case stack(StackOptions, children: [ElementDescription])
    case inset(EdgeInsets, child: ElementDescription)
    case overlay(ElementDescription, child: ElementDescription)
    case background(ElementDescription, child: ElementDescription)
    case center(CenterOptions, child: ElementDescription)
    case relative(RelativeOptions, child: ElementDescription)
    /// height / width, > 0 and finite.
    case ratio(Double, child: ElementDescription)
    case absolute(AbsoluteLayoutSpecSizing, children: [ElementDescription])
    case wrapper(children: [ElementDescription])
    /// A plain layout spec (Texture's ASLayoutSpec): size = range minimum; grows only by its style's flexGrow.
    case spacer
    case corner(CornerOptions, child: ElementDescription, corner: ElementDescription)

    /// The kind keys, in the order the format documents them.
    public static let keys = ["node", "text", "stack", "inset", "overlay", "background", "center", "relative",
                              "ratio", "absolute", "wrapper", "spacer", "corner"]
}

/// A text leaf: `{"text": "Hello", "name": "t", "font": {…}, "maxLines": 2, "truncationToken": "…"}`. Laid out
/// like Texture's text node: its size is the text measured within the range's maximum (TextMeasurer.shared),
/// clamped into the range, and its style's ascender and descender come from its font
/// (AttributedText.baselineMetrics), so baseline-aligned stacks line it up.
public struct TextLeaf: Equatable, Sendable {
    public var name: String
    public var string: String
    /// DejaVu Sans 12 pt regular unless the document's "font" says otherwise.
    public var attributes: TextAttributes
    /// 0 = unlimited.
    public var maximumNumberOfLines: Int
    public var truncationToken: String

    public init(name: String, string: String, attributes: TextAttributes = TextAttributes(),
                maximumNumberOfLines: Int = 0, truncationToken: String = TextMeasurer.defaultTruncationToken) {
        self.name = name
        self.string = string
        self.attributes = attributes
        self.maximumNumberOfLines = maximumNumberOfLines
        self.truncationToken = truncationToken
    }
}

/// The stack options of the file, with Texture's defaults (a horizontal stack, alignItems stretch).
public struct StackOptions: Equatable, Sendable {
    public var direction: StackLayoutDirection = .horizontal
    public var spacing: Double = 0
    public var justifyContent: StackLayoutJustifyContent = .start
    public var alignItems: StackLayoutAlignItems = .stretch
    public var flexWrap: StackLayoutFlexWrap = .noWrap
    public var alignContent: StackLayoutAlignContent = .start
    public var lineSpacing: Double = 0
    /// Applied after the others: like Texture's setters they rewrite justifyContent/alignItems.
    public var horizontalAlignment: HorizontalAlignment = .none
    public var verticalAlignment: VerticalAlignment = .none

    public init() {}
}

public struct CenterOptions: Equatable, Sendable {
    /// LayoutCore's defaults: centred on both axes, default sizing.
    public var centeringOptions: CenterLayoutSpecCenteringOptions = .xy
    public var sizingOptions: CenterLayoutSpecSizingOptions = .default

    public init(centeringOptions: CenterLayoutSpecCenteringOptions = .xy,
                sizingOptions: CenterLayoutSpecSizingOptions = .default) {
        self.centeringOptions = centeringOptions
        self.sizingOptions = sizingOptions
    }
}

public struct RelativeOptions: Equatable, Sendable {
    /// Texture's zero values: no position on either axis, default sizing.
    public var horizontalPosition: RelativeLayoutSpecPosition = .none
    public var verticalPosition: RelativeLayoutSpecPosition = .none
    public var sizingOption: RelativeLayoutSpecSizingOption = .default

    public init(horizontalPosition: RelativeLayoutSpecPosition = .none,
                verticalPosition: RelativeLayoutSpecPosition = .none,
                sizingOption: RelativeLayoutSpecSizingOption = .default) {
        self.horizontalPosition = horizontalPosition
        self.verticalPosition = verticalPosition
        self.sizingOption = sizingOption
    }
}

public struct CornerOptions: Equatable, Sendable {
    public var location: CornerLayoutLocation
    public var offset: Point = .zero
    public var wrapsCorner = false

    public init(location: CornerLayoutLocation, offset: Point = .zero, wrapsCorner: Bool = false) {
        self.location = location
        self.offset = offset
        self.wrapsCorner = wrapsCorner
    }
}

/// What `bench layout` prints: the host node's size and its flattened subnode frames.
public struct LayoutResult: Equatable, Sendable {
    public struct Node: Equatable, Sendable {
        public var name: String
        public var frame: Rect
    }

    public var size: Size
    /// In flattened (subnode) order.
    public var nodes: [Node]
    /// Layouts whose requested size was not valid (NaN, negative, ∞, ≥ 10⁷) and that LayoutCore replaced
    /// by 0×0 instead of trapping, as Texture's release builds do. Read from LayoutCore's process-wide
    /// counter before and after the layout, so layouts running on other threads meanwhile count too (none
    /// do in `bench layout`). Not a property of the frames: compare `size` and `nodes` for those.
    public var invalidSizeCount: Int

    public init(size: Size, nodes: [Node], invalidSizeCount: Int = 0) {
        self.size = size
        self.nodes = nodes
        self.invalidSizeCount = invalidSizeCount
    }
}

// Texture's ASRelativeLayoutSpec and ASCenterLayoutSpec (Tests/LayoutCoreTests/CenterRelativeSpecTests.swift).

public enum RelativeLayoutSpecPosition: String, Hashable, Sendable, CaseIterable {
    case none, start, center, end

    /// Where along the free space the child goes: 0 for none/start, 0.5 for center, 1 for end.
    var proportion: Double {
        switch self {
        case .none, .start: return 0
        case .center: return 0.5
        case .end: return 1
        }
    }
}

public struct RelativeLayoutSpecSizingOption: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// 0: take the maximum size on both axes.
    public static let `default`: RelativeLayoutSpecSizingOption = []
    public static let minimumWidth = RelativeLayoutSpecSizingOption(rawValue: 1)
    public static let minimumHeight = RelativeLayoutSpecSizingOption(rawValue: 2)
    public static let minimumSize: RelativeLayoutSpecSizingOption = [.minimumWidth, .minimumHeight]
}

public struct RelativeLayoutSpec: StyleSizedLayoutSpec, SingleChildLayoutSpec {
    /// Where the child goes on each axis and how the spec sizes itself (the center spec's fields too).
    @usableFromInline
    struct Placement {
        var horizontal: RelativeLayoutSpecPosition
        var vertical: RelativeLayoutSpecPosition
        var sizing: RelativeLayoutSpecSizingOption
    }

    /// The spec's fields: its placement and its child (Memory/SingleChildSpecStorage.swift).
    @usableFromInline typealias Fields = SingleChildFields<Placement>

    @usableFromInline var storage: SpecStorage<Fields>

    public init(horizontalPosition: RelativeLayoutSpecPosition, verticalPosition: RelativeLayoutSpecPosition,
                sizingOption: RelativeLayoutSpecSizingOption = .default, child: any LayoutElement) {
        storage = SpecStorage(parameter: Placement(horizontal: horizontalPosition, vertical: verticalPosition,
                                                   sizing: sizingOption),
                              child: child, hasStyle: false, style: { _ in })
    }

    public var horizontalPosition: RelativeLayoutSpecPosition {
        get { parameter.horizontal }
        set { parameter.horizontal = newValue }
    }

    public var verticalPosition: RelativeLayoutSpecPosition {
        get { parameter.vertical }
        set { parameter.vertical = newValue }
    }

    public var sizingOption: RelativeLayoutSpecSizingOption {
        get { parameter.sizing }
        set { parameter.sizing = newValue }
    }

    /// Texture's ASRelativeLayoutSpec layout for a resolved range, on the fields (the center spec's too).
    static func calculateLayout(_ fields: SpecFieldsReference<Fields>, _ range: SizeRange,
                                into scratch: inout LayoutScratch) -> LayoutRecordIndex {
        let placement = fields.parameter
        // 1. The child's parent: the maximum where it is a real size, undefined (NaN) elsewhere.
        let parent = range.maxAsParentSize
        // 2. A positioned axis (start counts) frees the child's minimum; `none` passes the range minimum.
        let childRange = SizeRange(
            min: Size(width: placement.horizontal == .none ? range.min.width : 0,
                      height: placement.vertical == .none ? range.min.height : 0),
            max: range.max)
        let sublayout = fields.child.layoutThatFits(childRange, parentSize: parent, into: &scratch)
        let childSize = scratch.trustedSize(of: sublayout)

        // 3. Take the parent's size where it is finite, else the child's.
        var size = range.clamp(Size(width: parent.width.isFinite ? parent.width : childSize.width,
                                    height: parent.height.isFinite ? parent.height : childSize.height))
        // 4. The minimum-sizing bits shrink an axis to the child.
        let sizing = placement.sizing
        size = range.clamp(Size(
            width: sizing.contains(.minimumWidth) ? foundationMin(size.width, childSize.width) : size.width,
            height: sizing.contains(.minimumHeight)
                ? foundationMin(size.height, childSize.height) : size.height))

        // 5. Position the child in the free space, rounded to the pixel grid.
        scratch.setTrustedPosition(
            Point(x: roundPx((size.width - childSize.width) * placement.horizontal.proportion),
                  y: roundPx((size.height - childSize.height) * placement.vertical.proportion)),
            of: sublayout)
        return scratch.appendSpec(size: size, child: sublayout)
    }
}

public struct CenterLayoutSpecCenteringOptions: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let none: CenterLayoutSpecCenteringOptions = []
    public static let x = CenterLayoutSpecCenteringOptions(rawValue: 1)
    public static let y = CenterLayoutSpecCenteringOptions(rawValue: 2)
    public static let xy: CenterLayoutSpecCenteringOptions = [.x, .y]
}

public struct CenterLayoutSpecSizingOptions: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let `default`: CenterLayoutSpecSizingOptions = []
    public static let minimumX = CenterLayoutSpecSizingOptions(rawValue: 1)
    public static let minimumY = CenterLayoutSpecSizingOptions(rawValue: 2)
    public static let minimumXY: CenterLayoutSpecSizingOptions = [.minimumX, .minimumY]
}

/// A relative spec with `center` on each axis named by `centeringOptions` and `none` elsewhere. Because
/// none ≠ start, a non-centred axis passes the range minimum to the child. Its fields are the relative
/// spec's, its options read from and written into their placement.
public struct CenterLayoutSpec: StyleSizedLayoutSpec, SingleChildLayoutSpec {
    /// The spec's fields: the relative placement its options stand for, and its child.
    @usableFromInline typealias Fields = RelativeLayoutSpec.Fields

    @usableFromInline var storage: SpecStorage<Fields>

    public init(centeringOptions: CenterLayoutSpecCenteringOptions = .xy,
                sizingOptions: CenterLayoutSpecSizingOptions = .default, child: any LayoutElement) {
        storage = SpecStorage(parameter: Self.placement(centeringOptions, sizingOptions), child: child,
                              hasStyle: false, style: { _ in })
    }

    public var centeringOptions: CenterLayoutSpecCenteringOptions {
        get {
            let placement = parameter
            return CenterLayoutSpecCenteringOptions()
                .union(placement.horizontal == .center ? .x : .none)
                .union(placement.vertical == .center ? .y : .none)
        }
        set { parameter = Self.placement(newValue, sizingOptions) }
    }

    public var sizingOptions: CenterLayoutSpecSizingOptions {
        get { CenterLayoutSpecSizingOptions(rawValue: parameter.sizing.rawValue) }
        set { parameter = Self.placement(centeringOptions, newValue) }
    }

    /// The relative placement of these options: `center` on each axis `centering` names, `none` elsewhere;
    /// the sizing bits are the relative spec's.
    static func placement(_ centering: CenterLayoutSpecCenteringOptions,
                          _ sizing: CenterLayoutSpecSizingOptions) -> RelativeLayoutSpec.Placement {
        RelativeLayoutSpec.Placement(horizontal: centering.contains(.x) ? .center : .none,
                                     vertical: centering.contains(.y) ? .center : .none,
                                     sizing: RelativeLayoutSpecSizingOption(rawValue: sizing.rawValue))
    }

    static func calculateLayout(_ fields: SpecFieldsReference<Fields>, _ range: SizeRange,
                                into scratch: inout LayoutScratch) -> LayoutRecordIndex {
        RelativeLayoutSpec.calculateLayout(fields, range, into: &scratch)
    }
}

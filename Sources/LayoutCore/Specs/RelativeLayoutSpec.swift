// Texture's ASRelativeLayoutSpec and ASCenterLayoutSpec (reference 3.6).

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

public struct RelativeLayoutSpec: LayoutElement {
    public var style = LayoutElementStyle()
    public var horizontalPosition: RelativeLayoutSpecPosition
    public var verticalPosition: RelativeLayoutSpecPosition
    public var sizingOption: RelativeLayoutSpecSizingOption
    public var child: any LayoutElement

    public init(horizontalPosition: RelativeLayoutSpecPosition, verticalPosition: RelativeLayoutSpecPosition,
                sizingOption: RelativeLayoutSpecSizingOption = .default, child: any LayoutElement) {
        self.horizontalPosition = horizontalPosition
        self.verticalPosition = verticalPosition
        self.sizingOption = sizingOption
        self.child = child
    }

    public var layoutElementType: LayoutElementType { .layoutSpec }

    /// The protocol's default (restrict to the style size), reading the stored style in place instead of
    /// copying the whole style through the protocol's `style` getter.
    public func layoutThatFits(_ constrainedSize: SizeRange, parentSize: Size) -> Layout {
        calculateLayoutThatFits(constrainedSize, restrictedTo: style.size, relativeToParentSize: parentSize)
    }

    public func calculateLayoutThatFits(_ range: SizeRange) -> Layout {
        // 1. The child's parent: the maximum where it is a real size, undefined (NaN) elsewhere.
        let parent = Size(width: PixelGrid.isValidForSize(range.max.width) ? range.max.width : .nan,
                          height: PixelGrid.isValidForSize(range.max.height) ? range.max.height : .nan)
        // 2. A positioned axis (start counts) frees the child's minimum; `none` passes the range minimum.
        let childRange = SizeRange(
            min: Size(width: horizontalPosition == .none ? range.min.width : 0,
                      height: verticalPosition == .none ? range.min.height : 0),
            max: range.max)
        var sublayout = child.layoutThatFits(childRange, parentSize: parent)

        // 3. Take the parent's size where it is finite, else the child's.
        var size = range.clamp(Size(width: parent.width.isFinite ? parent.width : sublayout.size.width,
                                    height: parent.height.isFinite ? parent.height : sublayout.size.height))
        // 4. The minimum-sizing bits shrink an axis to the child.
        size = range.clamp(Size(
            width: sizingOption.contains(.minimumWidth) ? foundationMin(size.width, sublayout.size.width) : size.width,
            height: sizingOption.contains(.minimumHeight)
                ? foundationMin(size.height, sublayout.size.height) : size.height))

        // 5. Position the child in the free space, rounded to the pixel grid.
        sublayout.position = Point(
            x: roundPx((size.width - sublayout.size.width) * horizontalPosition.proportion),
            y: roundPx((size.height - sublayout.size.height) * verticalPosition.proportion))
        return Layout(specSize: size, sublayouts: [sublayout])
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
/// none ≠ start, a non-centred axis passes the range minimum to the child.
public struct CenterLayoutSpec: LayoutElement {
    public var style = LayoutElementStyle()
    public var centeringOptions: CenterLayoutSpecCenteringOptions
    public var sizingOptions: CenterLayoutSpecSizingOptions
    public var child: any LayoutElement

    public init(centeringOptions: CenterLayoutSpecCenteringOptions = .xy,
                sizingOptions: CenterLayoutSpecSizingOptions = .default, child: any LayoutElement) {
        self.centeringOptions = centeringOptions
        self.sizingOptions = sizingOptions
        self.child = child
    }

    public var layoutElementType: LayoutElementType { .layoutSpec }

    /// The protocol's default (restrict to the style size), reading the stored style in place instead of
    /// copying the whole style through the protocol's `style` getter.
    public func layoutThatFits(_ constrainedSize: SizeRange, parentSize: Size) -> Layout {
        calculateLayoutThatFits(constrainedSize, restrictedTo: style.size, relativeToParentSize: parentSize)
    }

    var relativeSpec: RelativeLayoutSpec {
        var spec = RelativeLayoutSpec(
            horizontalPosition: centeringOptions.contains(.x) ? .center : .none,
            verticalPosition: centeringOptions.contains(.y) ? .center : .none,
            sizingOption: RelativeLayoutSpecSizingOption(rawValue: sizingOptions.rawValue),
            child: child)
        spec.style = style
        return spec
    }

    public func calculateLayoutThatFits(_ range: SizeRange) -> Layout {
        relativeSpec.calculateLayoutThatFits(range)
    }
}

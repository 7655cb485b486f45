import LayoutCore

// The floor: the feed-parity cell laid out by hand-written frame arithmetic, the way a UIKit manual
// layoutSubviews / sizeThatFits would — no nodes, no specs, no allocation. It must produce exactly the
// engine's frames (FeedParityOracleTests checks every cell), so it rounds where the engine rounds:
// vertical centring is floored to the pixel grid and positions are ceiled once at the end.

public enum FeedParityManualLayout {
    /// Fixed geometry of the cell.
    static let avatarSide: Double = 30
    static let headerInsetX: Double = 8        // inset (0, 8, 0, 8) around the header row
    static let avatarInsetY: Double = 8        // inset (8, 0, 8, 8) around the avatar
    static let avatarInsetRight: Double = 8
    static let commentsInset: Double = 8       // inset 8 around the comments

    /// The frames of `model`'s cell at `width` (free height), at the pixel grid's current scale.
    public static func frames(_ model: FeedParityCellModel, width: Double) -> FeedParityFrames {
        frames(model, width: width, scale: PixelGrid.scale)
    }

    public static func frames(_ model: FeedParityCellModel, width: Double, scale: Double) -> FeedParityFrames {
        // Header row: [avatar with its insets][name/location column][spacer], centred vertically.
        let rowWidth = width - 2 * headerInsetX
        let avatarBoxWidth = avatarSide + avatarInsetRight          // 38
        let avatarBoxHeight = avatarSide + 2 * avatarInsetY         // 46

        // The column's natural width is its longer text on one line. If the row is too narrow it shrinks
        // to the rest of the row and both texts wrap at that width; otherwise both stretch to the longer.
        let nameNatural = SyntheticText.size(characters: model.userNameLength, availableWidth: .infinity)
        let locationNatural = SyntheticText.size(characters: model.locationLength, availableWidth: .infinity)
        let naturalColumnWidth = max(nameNatural.width, locationNatural.width)
        let columnWidth: Double
        let nameHeight: Double
        let locationHeight: Double
        if rowWidth - (avatarBoxWidth + naturalColumnWidth) <= -0.01 {
            columnWidth = rowWidth - avatarBoxWidth
            nameHeight = SyntheticText.size(characters: model.userNameLength, availableWidth: columnWidth).height
            locationHeight = SyntheticText.size(characters: model.locationLength, availableWidth: columnWidth).height
        } else {
            columnWidth = naturalColumnWidth
            nameHeight = nameNatural.height
            locationHeight = locationNatural.height
        }
        let columnHeight = nameHeight + locationHeight
        let rowHeight = max(avatarBoxHeight, columnHeight)
        let avatarBoxY = floorPx((rowHeight - avatarBoxHeight) / 2, scale: scale)
        let columnY = floorPx((rowHeight - columnHeight) / 2, scale: scale)
        let columnX = headerInsetX + avatarBoxWidth

        // Photo: as wide as the cell and as tall (ratio 1, the height floored to the pixel grid).
        let photoHeight = floorPx(width, scale: scale)
        let photoY = rowHeight

        // Comments: wrapped inside an inset of 8 below the photo.
        let commentsWidth = width - 2 * commentsInset
        let commentsHeight = SyntheticText.size(characters: model.commentsLength, availableWidth: commentsWidth).height
        let commentsY = photoY + photoHeight + commentsInset

        return FeedParityFrames(
            size: Size(width: width, height: commentsY + commentsHeight + commentsInset),
            avatar: Rect(x: headerInsetX, y: ceilPx(avatarBoxY + avatarInsetY, scale: scale),
                         width: avatarSide, height: avatarSide),
            userName: Rect(x: columnX, y: ceilPx(columnY, scale: scale), width: columnWidth, height: nameHeight),
            location: Rect(x: columnX, y: ceilPx(columnY + nameHeight, scale: scale),
                           width: columnWidth, height: locationHeight),
            photo: Rect(x: 0, y: photoY, width: width, height: photoHeight),
            comments: Rect(x: commentsInset, y: commentsY, width: commentsWidth, height: commentsHeight))
    }
}

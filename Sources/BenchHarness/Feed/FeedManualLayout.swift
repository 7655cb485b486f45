import LayoutCore
import TextEngine

// The floor: the feed's two cells laid out by hand-written frame arithmetic, as a UIKit layoutSubviews /
// sizeThatFits would — no nodes, no specs — measuring the same AttributedTexts with the same TextMeasurer.
// It must produce exactly the engine's frames (FeedOracleTests checks every cell at several widths), so it
// follows Texture's stack rules where they decide a frame: a row exactly as wide as its stack grows its
// flexGrow item by the whole violation (beyond 0.01), shrinks its flexShrink item by it, centres with
// floorPx, stretches items to the line's cross size, and positions are ceiled once, when the cell flattens.
// Where the engine measures a text a second time only to stretch it (the shorter of the user name and the
// location, the "..." and the social texts to their row's height), the manual layout uses the known result.
// Widths below FeedGenerator.minimumWidth are not supported (there the engine leaves items unflexed).

public enum FeedManualLayout {
    /// Texture's kViolationEpsilon: a stack flexes, and shares free space, only beyond it.
    static let violationEpsilon = 0.01

    /// The frames of `model`'s cell at `width` (free height), showing its update when `updated`.
    public static func frames(_ model: FeedCellModel, width: Double, updated: Bool = false,
                              measurer: TextMeasurer) -> FeedCellFrames {
        switch model {
        case .photo(let photo): return photoFrames(photo, width: width, updated: updated, measurer: measurer)
        case .item(let item): return itemFrames(item, width: width, updated: updated, measurer: measurer)
        }
    }

    /// The measured size of `text` within `maxWidth` (free height), as a TextNode's calculateSizeThatFits.
    @inline(__always)
    static func measure(_ text: AttributedText, _ maxWidth: Double, lines: Int = 0, _ measurer: TextMeasurer) -> Size {
        measurer.measuredSize(text, maxWidth: maxWidth, maxHeight: .infinity, maximumNumberOfLines: lines)
    }

    // MARK: The ASDKgram photo cell (FeedPhotoCell.swift)

    public static func photoFrames(_ model: FeedPhotoModel, width: Double, updated: Bool,
                                   measurer: TextMeasurer) -> FeedCellFrames {
        typealias Cell = FeedPhotoCellNode
        let h = Cell.horizontalBuffer, v = Cell.verticalBuffer, side = Cell.userImageHeight
        let time = updated ? model.updatedTime : model.time
        let likes = updated ? model.updatedLikes : model.likes

        // Header row, exactly width − 2h wide: [avatar box 40 × 50][name column][spacer][10 + time].
        let rowWidth = width - 2 * h
        let avatarBox = Size(width: side + h, height: side + 2 * h)
        var name = measure(model.userName, .infinity, measurer)
        var location = model.location.map { measure($0, .infinity, lines: 1, measurer) }
        let timeSize = measure(time, .infinity, measurer)
        // The column is as wide as its longer text (the shorter one is stretched to it).
        var columnWidth = foundationMax(name.width, location?.width ?? 0)
        let violation = rowWidth - (h + avatarBox.width + columnWidth + timeSize.width)
        var spacer = 0.0
        if violation >= violationEpsilon {
            // The spacer grows by the whole violation — but only if its floored share is not 0: below one
            // point nothing flexes (Texture gives the fractional remainder only to an item that flexes).
            if violation.rounded(.down) != 0 { spacer = violation }
        } else if violation <= -violationEpsilon {
            columnWidth = foundationMax(0, columnWidth + violation)  // the column shrinks; its texts wrap
            name = measure(model.userName, columnWidth, measurer)
            location = model.location.map { measure($0, columnWidth, lines: 1, measurer) }
        }
        let columnHeight = name.height + (location?.height ?? 0)
        let rowHeight = foundationMax(foundationMax(foundationMax(avatarBox.height, columnHeight), 0), timeSize.height)
        let columnY = floorPx((rowHeight - columnHeight) / 2)
        let columnX = h + avatarBox.width

        var frames = FeedCellFrames(kind: .photo)
        frames.append(Rect(x: h, y: ceilPx(floorPx((rowHeight - avatarBox.height) / 2) + h), width: side, height: side))
        frames.append(Rect(x: columnX, y: ceilPx(columnY), width: columnWidth, height: name.height))
        if let location {
            frames.append(Rect(x: columnX, y: ceilPx(columnY + name.height), width: columnWidth, height: location.height))
        }
        frames.append(Rect(x: ceilPx(columnX + columnWidth + spacer + h), y: ceilPx(floorPx((rowHeight - timeSize.height) / 2)),
                           width: timeSize.width, height: timeSize.height))

        // Photo: square, below the header.
        frames.append(Rect(x: 0, y: rowHeight, width: width, height: width))

        // Footer: a column of texts as wide as the cell less 2h, 5 apart, inset by 5 above and below.
        let footerWidth = width - 2 * h
        var y = rowHeight + width + v
        func footerText(_ text: AttributedText, lines: Int = 0) {
            let height = measure(text, footerWidth, lines: lines, measurer).height
            frames.append(Rect(x: h, y: y, width: footerWidth, height: height))
            y += height + v
        }
        footerText(likes)
        if let caption = model.caption { footerText(caption, lines: Cell.maximumCaptionLines) }
        if let viewAll = model.viewAllComments { footerText(viewAll) }
        for comment in model.comments { footerText(comment) }
        // y is now 5 below the last text: the footer inset's bottom.
        frames.size = Size(width: width, height: y)
        return frames
    }

    // MARK: The LayoutKit feed item (FeedItemCell.swift)

    public static func itemFrames(_ model: FeedItemModel, width: Double, updated: Bool,
                                  measurer: TextMeasurer) -> FeedCellFrames {
        typealias Cell = FeedItemCellNode
        let p = Cell.padding, side = Cell.imageSide
        let actionText = updated ? model.updatedActionText : model.actionText
        let posterTime = updated ? model.updatedPosterTime : model.posterTime
        let rowWidth = width - 2 * p
        var frames = FeedCellFrames(kind: .item)

        // Top bar: the action takes the row less the "..." (its one flexible item grows from 0), both as
        // tall as the taller.
        let options = measure(model.options, .infinity, measurer)
        let actionWidth = foundationMax(0, rowWidth - options.width)
        let actionHeight = measure(actionText, actionWidth, measurer).height
        let topHeight = foundationMax(foundationMax(0, actionHeight), options.height)
        frames.append(Rect(x: p, y: p, width: actionWidth, height: topHeight))
        frames.append(Rect(x: p + actionWidth, y: p, width: options.width, height: topHeight))
        var y = topHeight

        // Mini profile: the 50-point image and 8 points, then the poster column in the rest, centred.
        let imageAndSpace = side + Cell.imageSpacing
        let columnWidth = foundationMax(0, rowWidth - imageAndSpace)
        let nameHeight = measure(model.posterName, columnWidth, measurer).height
        let headlineHeight = measure(model.posterHeadline, columnWidth, measurer).height
        let timeHeight = measure(posterTime, columnWidth, measurer).height
        let gap = Cell.posterColumnSpacing
        let columnHeight = 2 * gap + nameHeight + headlineHeight + timeHeight
        let profileHeight = foundationMax(side, columnHeight)
        frames.append(Rect(x: p, y: ceilPx(p + y + floorPx((profileHeight - side) / 2)), width: side, height: side))
        let columnX = p + imageAndSpace
        let columnY = p + y + floorPx((profileHeight - columnHeight) / 2)
        frames.append(Rect(x: columnX, y: ceilPx(columnY), width: columnWidth, height: nameHeight))
        let headlineY = columnY + nameHeight + gap
        frames.append(Rect(x: columnX, y: ceilPx(headlineY), width: columnWidth, height: headlineHeight))
        frames.append(Rect(x: columnX, y: ceilPx(headlineY + headlineHeight + gap), width: columnWidth,
                           height: timeHeight))
        y += profileHeight

        // Poster comment, content image (ratio 200/350 of the row width), title, domain: full width.
        func fullWidthText(_ text: AttributedText) {
            let height = measure(text, rowWidth, measurer).height
            frames.append(Rect(x: p, y: p + y, width: rowWidth, height: height))
            y += height
        }
        fullWidthText(model.posterComment)
        let imageHeight = floorPx(Cell.contentRatio * rowWidth)
        frames.append(Rect(x: p, y: p + y, width: rowWidth, height: imageHeight))
        y += imageHeight
        fullWidthText(model.contentTitle)
        fullWidthText(model.contentDomain)

        // Social actions, 4 below: natural widths, the free space shared between them (none if there is
        // none), all as tall as the tallest.
        y += Cell.socialSpacingBefore
        let like = measure(model.like, .infinity, measurer)
        let comment = measure(model.comment, .infinity, measurer)
        let share = measure(model.share, .infinity, measurer)
        let socialHeight = foundationMax(foundationMax(foundationMax(0, like.height), comment.height), share.height)
        let free = rowWidth - (like.width + comment.width + share.width)
        let between = free >= violationEpsilon ? free / 2 : 0
        let commentX = like.width + between
        frames.append(Rect(x: p, y: p + y, width: like.width, height: socialHeight))
        frames.append(Rect(x: ceilPx(p + commentX), y: p + y, width: comment.width, height: socialHeight))
        frames.append(Rect(x: ceilPx(p + commentX + comment.width + between), y: p + y, width: share.width,
                           height: socialHeight))
        y += socialHeight

        // Comment row, 2 below: the actor's image, then the comment in the rest (at least as tall as the image).
        y += Cell.commentSpacingBefore
        let commentWidth = foundationMax(0, rowWidth - imageAndSpace)
        let commentHeight = measure(model.actorComment, commentWidth, measurer).height
        let rowHeight = foundationMax(side, commentHeight)
        frames.append(Rect(x: p, y: p + y, width: side, height: side))
        frames.append(Rect(x: p + imageAndSpace, y: p + y, width: commentWidth, height: rowHeight))
        y += rowHeight

        frames.size = Size(width: width, height: y + 2 * p)
        return frames
    }
}

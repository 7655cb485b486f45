import Foundation
import TextEngine

// The `feed` scenario's cells as plain data (Scenarios/README.md, "The feed generator"): an ASDKgram photo
// cell or a LayoutKit feed item, each holding its texts as AttributedTexts (built by the generator, as an
// app's view models hold their attributed strings) and its image URLs. Immutable and shared read-only by
// every worker; a cell node keeps a reference to its model.
//
// Each model also holds the texts an update replaces (the photo's time and likes, the item's action text and
// poster time): the invalidated re-layout phase shows them, setting the new texts on the affected text nodes
// and calling setNeedsLayout on them and the cell.

/// One cell of the feed.
public enum FeedCellModel: Sendable {
    case photo(FeedPhotoModel)
    case item(FeedItemModel)

    /// The nodes of the cell's layout, the cell included.
    public var nodeCount: Int {
        switch self {
        case .photo(let photo): return photo.nodeCount
        case .item: return FeedItemModel.nodeCount
        }
    }

    /// Every text of the cell (for tests and the generator's statistics), in layout order, original state.
    public var texts: [AttributedText] {
        switch self {
        case .photo(let photo): return photo.texts
        case .item(let item): return item.texts
        }
    }
}

/// ASDKgram's photo cell (docs/ARCHITECTURE.md, "The feed cells"): avatar, user name, optional location, time,
/// square photo, likes, a caption of 0–300 characters, up to five comments and "View all N comments".
public final class FeedPhotoModel: Sendable {
    public let avatarURL: URL
    public let photoURL: URL
    public let userName: AttributedText
    /// nil: the photo has no location (the location text node stays empty and out of the layout).
    public let location: AttributedText?
    public let time: AttributedText
    public let likes: AttributedText
    /// nil for a caption of 0 characters.
    public let caption: AttributedText?
    /// Comments on the photo in all; at most `FeedPhotoModel.inlineComments` are shown.
    public let commentCount: Int
    /// "View all N comments", when there are more comments than shown.
    public let viewAllComments: AttributedText?
    /// The shown comments: the commenter's name in bold, a space and the comment.
    public let comments: [AttributedText]
    /// What an update shows instead of `time` and `likes`.
    public let updatedTime: AttributedText
    public let updatedLikes: AttributedText

    /// Comments shown inline (the rest are behind "View all N comments").
    public static let inlineComments = 5

    public init(avatarURL: URL, photoURL: URL, userName: AttributedText, location: AttributedText?,
                time: AttributedText, likes: AttributedText, caption: AttributedText?, commentCount: Int,
                viewAllComments: AttributedText?, comments: [AttributedText], updatedTime: AttributedText,
                updatedLikes: AttributedText) {
        precondition(comments.count <= FeedPhotoModel.inlineComments,
                     "a photo shows at most \(FeedPhotoModel.inlineComments) comments, got \(comments.count)")
        self.avatarURL = avatarURL
        self.photoURL = photoURL
        self.userName = userName
        self.location = location
        self.time = time
        self.likes = likes
        self.caption = caption
        self.commentCount = commentCount
        self.viewAllComments = viewAllComments
        self.comments = comments
        self.updatedTime = updatedTime
        self.updatedLikes = updatedLikes
    }

    /// The cell, avatar, user name, location?, time, photo, likes, caption?, "View all"?, comments.
    public var nodeCount: Int {
        6 + (location == nil ? 0 : 1) + (caption == nil ? 0 : 1) + (viewAllComments == nil ? 0 : 1)
            + comments.count
    }

    var texts: [AttributedText] {
        [userName] + (location.map { [$0] } ?? []) + [time, likes] + (caption.map { [$0] } ?? [])
            + (viewAllComments.map { [$0] } ?? []) + comments
    }
}

/// The LayoutKit / LayoutFrameworkBenchmark feed item (its FeedItemLayout): eight strings, the three fixed
/// texts of the top bar and social row, and three images.
public final class FeedItemModel: Sendable {
    public let actionText: AttributedText
    /// The "..." options button of the top bar.
    public let options: AttributedText
    public let posterImageURL: URL
    public let posterName: AttributedText
    public let posterHeadline: AttributedText
    public let posterTime: AttributedText
    public let posterComment: AttributedText
    public let contentImageURL: URL
    public let contentTitle: AttributedText
    public let contentDomain: AttributedText
    public let like: AttributedText
    public let comment: AttributedText
    public let share: AttributedText
    public let actorImageURL: URL
    public let actorComment: AttributedText
    /// What an update shows instead of `actionText` and `posterTime`.
    public let updatedActionText: AttributedText
    public let updatedPosterTime: AttributedText

    /// The cell and its 15 leaves (12 texts, 3 images).
    public static let nodeCount = 16

    public init(actionText: AttributedText, options: AttributedText, posterImageURL: URL, posterName: AttributedText,
                posterHeadline: AttributedText, posterTime: AttributedText, posterComment: AttributedText,
                contentImageURL: URL, contentTitle: AttributedText, contentDomain: AttributedText,
                like: AttributedText, comment: AttributedText, share: AttributedText, actorImageURL: URL,
                actorComment: AttributedText, updatedActionText: AttributedText, updatedPosterTime: AttributedText) {
        self.actionText = actionText
        self.options = options
        self.posterImageURL = posterImageURL
        self.posterName = posterName
        self.posterHeadline = posterHeadline
        self.posterTime = posterTime
        self.posterComment = posterComment
        self.contentImageURL = contentImageURL
        self.contentTitle = contentTitle
        self.contentDomain = contentDomain
        self.like = like
        self.comment = comment
        self.share = share
        self.actorImageURL = actorImageURL
        self.actorComment = actorComment
        self.updatedActionText = updatedActionText
        self.updatedPosterTime = updatedPosterTime
    }

    var texts: [AttributedText] {
        [actionText, options, posterName, posterHeadline, posterTime, posterComment, contentTitle, contentDomain,
         like, comment, share, actorComment]
    }
}

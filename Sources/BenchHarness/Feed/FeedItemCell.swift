import Foundation
import LayoutCore
import NodeTree
import TextEngine

// The LayoutKit / LayoutFrameworkBenchmark feed item (docs/ARCHITECTURE.md, "The feed cells") with Loom's nodes:
// 15 leaves — 12 texts and 3 images — in 6 stacks, structured as the FlexLayout version states it:
//
//   inset (8, 8, 8, 8)                                                           root padding 8
//   └─ vertical stack (alignItems stretch)                                       1
//      ├─ horizontal stack, justifyContent spaceBetween → [action (flexGrow 1), "..."]          2 top bar
//      ├─ horizontal stack, alignItems center →                                                  3 mini profile
//      │    [poster image 50 × 50 (spacingAfter 8),
//      │     vertical stack, flexGrow 1, spacing 2 → [poster name, headline, time]]             4
//      ├─ poster comment
//      ├─ ratio 200/350 → content image (350 × 200 scaled to the width)
//      ├─ content title
//      ├─ content domain
//      ├─ horizontal stack, justifyContent spaceBetween, spacingBefore 4 → [Like, Comment, Share] 5 social
//      └─ horizontal stack, spacingBefore 2 →                                                    6 comment
//           [actor image 50 × 50 (spacingAfter 8), actor comment (flexGrow 1)]
//
// Built with the top bar, the mini profile and the poster comment in a vertical stack of their own at the
// top of stack 1, which gives the same frames (layoutSpecThatFits says why and why so).
//
// Flexbox's shrink-to-fit is spelled out for Texture's stacks, whose flexShrink defaults to 0: the growing
// items (action, the poster column, the actor comment) also have flexShrink 1, so they take exactly the rest
// of their row and their text wraps there (each is then the one item of its row that both grows and
// shrinks: Texture's optimized flexing measures it once, at its flexed width). Texts: DejaVu Sans 17 pt
// (UILabel's default size; Texture's version uses the 17 pt system font), the names and title bold.

public final class FeedItemCellNode: FeedCellNode, @unchecked Sendable {
    public static let padding = 8.0
    public static let imageSide = 50.0
    public static let imageSpacing = 8.0
    public static let posterColumnSpacing = 2.0
    public static let socialSpacingBefore = 4.0
    public static let commentSpacingBefore = 2.0
    /// height / width of the content image (350 × 200).
    public static let contentRatio = 200.0 / 350.0

    public let model: FeedItemModel
    public let actionText: TextNode
    public let options: TextNode
    public let posterImage: NetworkImageNode
    public let posterName: TextNode
    public let posterHeadline: TextNode
    public let posterTime: TextNode
    public let posterComment: TextNode
    public let contentImage: NetworkImageNode
    public let contentTitle: TextNode
    public let contentDomain: TextNode
    public let like: TextNode
    public let comment: TextNode
    public let share: TextNode
    public let actorImage: NetworkImageNode
    public let actorComment: TextNode

    public init(_ model: FeedItemModel, measurer: TextMeasurer = .shared) {
        self.model = model
        actionText = Self.textNode(model.actionText, measurer: measurer)
        actionText.style.flexGrow = 1
        actionText.style.flexShrink = 1
        options = Self.textNode(model.options, measurer: measurer)
        posterImage = Self.imageNode(model.posterImageURL)
        posterName = Self.textNode(model.posterName, measurer: measurer)
        posterHeadline = Self.textNode(model.posterHeadline, measurer: measurer)
        posterTime = Self.textNode(model.posterTime, measurer: measurer)
        posterComment = Self.textNode(model.posterComment, measurer: measurer)
        contentImage = NetworkImageNode()
        contentImage.url = model.contentImageURL
        contentTitle = Self.textNode(model.contentTitle, measurer: measurer)
        contentDomain = Self.textNode(model.contentDomain, measurer: measurer)
        like = Self.textNode(model.like, measurer: measurer)
        comment = Self.textNode(model.comment, measurer: measurer)
        share = Self.textNode(model.share, measurer: measurer)
        actorImage = Self.imageNode(model.actorImageURL)
        actorComment = Self.textNode(model.actorComment, measurer: measurer)
        actorComment.style.flexGrow = 1
        actorComment.style.flexShrink = 1
        super.init()
    }

    /// A 50 × 50 network image with 8 points after it.
    private static func imageNode(_ url: URL) -> NetworkImageNode {
        let node = NetworkImageNode()
        node.url = url
        node.style.preferredSize = Size(width: imageSide, height: imageSide)
        node.style.spacingAfter = imageSpacing
        return node
    }

    override func showUpdate(_ updated: Bool) {
        actionText.attributedText = updated ? model.updatedActionText : model.actionText
        posterTime.attributedText = updated ? model.updatedPosterTime : model.posterTime
    }

    public override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> any LayoutElement {
        // Every stack lists its children (StackLayoutSpec+ListedChildren.swift): no array is built per layout.
        let topBar = StackLayoutSpec.horizontal(justifyContent: .spaceBetween, children: actionText, options)

        let posterColumn = StackLayoutSpec.vertical(spacing: Self.posterColumnSpacing,
                                                    children: posterName, posterHeadline, posterTime,
                                                    style: { $0.flexGrow = 1; $0.flexShrink = 1 })
        let miniProfile = StackLayoutSpec.horizontal(alignItems: .center, children: posterImage, posterColumn)

        let content = RatioLayoutSpec(ratio: Self.contentRatio, child: contentImage)

        let socialActions = StackLayoutSpec.horizontal(justifyContent: .spaceBetween, children: like, comment, share,
                                                       style: { $0.spacingBefore = Self.socialSpacingBefore })

        let commentRow = StackLayoutSpec.horizontal(children: actorImage, actorComment,
                                                    style: { $0.spacingBefore = Self.commentSpacingBefore })

        // Eight rows, two more than a listed stack takes: the first three (the top bar, the mini profile and
        // the poster comment) form a vertical stack of their own at the top of the root. Its height is the
        // sum of theirs, as the root would have added them, and lies on the pixel grid (each is a text's
        // ceiled height, the 50-point image or a sum of those), so rounding it changes nothing: the frames are
        // those of one stack of eight.
        let head = StackLayoutSpec.vertical(children: topBar, miniProfile, posterComment)
        let root = StackLayoutSpec.vertical(children: head, content, contentTitle, contentDomain, socialActions,
                                            commentRow)
        return InsetLayoutSpec(insets: EdgeInsets(all: Self.padding), child: root)
    }

    public override var layoutNodes: [DisplayNode] {
        [actionText, options, posterImage, posterName, posterHeadline, posterTime, posterComment, contentImage,
         contentTitle, contentDomain, like, comment, share, actorImage, actorComment]
    }

    public override var allNodes: [DisplayNode] { [self] + layoutNodes }
}

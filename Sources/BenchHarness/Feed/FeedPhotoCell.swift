import LayoutCore
import NodeTree
import TextEngine

// ASDKgram's PhotoCellNode (its automaticallyManagesSubnodes version, completed as the sample app has it;
// FeedPhotoCellASMTests) with Loom's nodes:
//
//   vertical stack (justifyContent start, alignItems stretch)
//   ├─ inset (0, 10, 0, 10)                                   header with inset
//   │  └─ horizontal stack (justifyContent start, alignItems center)
//   │     ├─ inset (10, 0, 10, 10) → avatar (preferred size 30 × 30)
//   │     ├─ vertical stack, flexShrink 1 → [user name, location]   (location only when it has text)
//   │     ├─ spacer (flexGrow 1)
//   │     └─ time (spacingBefore 10)
//   ├─ photo (preferred size cell width × cell width, set in layoutSpecThatFits as the seeds do)
//   └─ inset (5, 10, 5, 10)                                   footer with inset
//      └─ vertical stack (spacing 5) → [likes, caption (≤ 3 lines)?, "View all N comments"?, comments…]
//
// HORIZONTAL_BUFFER 10, VERTICAL_BUFFER 5, USER_IMAGE_HEIGHT 30, FONT_SIZE 14 (DejaVu Sans; user names and
// commenters bold). The location has at most one line (ASDKgram's maximumNumberOfLines = 1), the caption
// three. ASDKgram's CommentsNode is a vertical stack with spacing 5 inside the footer stack, whose spacing is
// also 5: here its texts sit directly in the footer stack, which gives the same frames relative to the cell.
// The location node always exists (the reverse-geocoding callback may fill it later: `locationDidResolve`);
// with ASM it becomes a subnode only once its text is in the layout.

public final class FeedPhotoCellNode: FeedCellNode, @unchecked Sendable {
    public static let horizontalBuffer = 10.0
    public static let verticalBuffer = 5.0
    public static let userImageHeight = 30.0
    public static let maximumCaptionLines = 3

    public let model: FeedPhotoModel
    public let avatar: NetworkImageNode
    public let userName: TextNode
    public let location: TextNode
    public let time: TextNode
    public let photo: NetworkImageNode
    public let likes: TextNode
    public let caption: TextNode
    public let viewAllComments: TextNode?
    public let comments: [TextNode]
    /// The footer's children as the caption at init had them (`currentFooterChildren`).
    private let footerAtInit: (showsCaption: Bool, children: [any LayoutElement])

    public init(_ model: FeedPhotoModel, measurer: TextMeasurer = .shared) {
        self.model = model
        avatar = NetworkImageNode()
        avatar.url = model.avatarURL
        avatar.style.preferredSize = Size(width: Self.userImageHeight, height: Self.userImageHeight)
        userName = Self.textNode(model.userName, measurer: measurer)
        userName.style.flexShrink = 1
        location = Self.textNode(model.location, measurer: measurer)
        location.style.flexShrink = 1
        location.maximumNumberOfLines = 1
        time = Self.textNode(model.time, measurer: measurer)
        time.style.spacingBefore = Self.horizontalBuffer
        photo = NetworkImageNode()
        photo.url = model.photoURL
        likes = Self.textNode(model.likes, measurer: measurer)
        caption = Self.textNode(model.caption, measurer: measurer)
        caption.maximumNumberOfLines = Self.maximumCaptionLines
        viewAllComments = model.viewAllComments.map { Self.textNode($0, measurer: measurer) }
        comments = model.comments.map { Self.textNode($0, measurer: measurer) }
        let showsCaption = !caption.attributedText.isEmpty
        footerAtInit = (showsCaption, Self.footerChildren(likes: likes, caption: showsCaption ? caption : nil,
                                                          viewAllComments: viewAllComments, comments: comments))
        super.init()
    }

    /// The seeds' reverse-geocoding callback: the location text arrives later (any thread) and the cell asks
    /// for a new layout; with ASM the next applied layout inserts the location node.
    public func locationDidResolve(_ text: AttributedText) {
        location.attributedText = text
        setNeedsLayout()
    }

    override func showUpdate(_ updated: Bool) {
        time.attributedText = updated ? model.updatedTime : model.time
        likes.attributedText = updated ? model.updatedLikes : model.likes
    }

    public override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> any LayoutElement {
        let h = Self.horizontalBuffer, v = Self.verticalBuffer

        // Header: avatar, the name/location column, a spacer, the time. Stacks of a fixed number of children
        // list them (StackLayoutSpec+ListedChildren.swift): no array is built per layout.
        let headerSubStack = location.attributedText.isEmpty
            ? StackLayoutSpec.vertical(children: userName, style: { $0.flexShrink = 1 })
            : StackLayoutSpec.vertical(children: userName, location, style: { $0.flexShrink = 1 })
        let avatarInset = InsetLayoutSpec(insets: EdgeInsets(top: h, left: 0, bottom: h, right: h), child: avatar)
        let headerStack = StackLayoutSpec.horizontal(justifyContent: .start, alignItems: .center,
                                                     children: avatarInset, headerSubStack, LayoutSpec.spacer(), time)
        let headerWithInset = InsetLayoutSpec(insets: EdgeInsets(top: 0, left: h, bottom: 0, right: h),
                                              child: headerStack)

        // Photo: square, as wide as the cell.
        let cellWidth = constrainedSize.max.width
        photo.style.preferredSize = Size(width: cellWidth, height: cellWidth)

        // Footer: likes, caption, comments — as many as the model has, so an array: the one the cell keeps
        // (built once, at init), unless the caption came or went since.
        let footerStack = StackLayoutSpec.vertical(spacing: v, children: currentFooterChildren)
        let footerWithInset = InsetLayoutSpec(insets: EdgeInsets(top: v, left: h, bottom: v, right: h),
                                              child: footerStack)

        return StackLayoutSpec.vertical(justifyContent: .start, alignItems: .stretch,
                                        children: headerWithInset, photo, footerWithInset)
    }

    /// The footer's children, in order: likes, the caption when it has text, "View all", the comments. The
    /// nodes are fixed at init and only the caption's text can change, so the array built at init is the
    /// answer unless the caption's presence changed since (then one is built for this layout).
    private var currentFooterChildren: [any LayoutElement] {
        let showsCaption = !caption.attributedText.isEmpty
        if showsCaption == footerAtInit.showsCaption { return footerAtInit.children }
        return Self.footerChildren(likes: likes, caption: showsCaption ? caption : nil,
                                   viewAllComments: viewAllComments, comments: comments)
    }

    private static func footerChildren(likes: TextNode, caption: TextNode?, viewAllComments: TextNode?,
                                       comments: [TextNode]) -> [any LayoutElement] {
        var children: [any LayoutElement] = []
        children.reserveCapacity(3 + comments.count)
        children.append(likes)
        if let caption { children.append(caption) }
        if let viewAllComments { children.append(viewAllComments) }
        for comment in comments { children.append(comment) }
        return children
    }

    public override var layoutNodes: [DisplayNode] {
        var nodes: [DisplayNode] = [avatar, userName]
        if !location.attributedText.isEmpty { nodes.append(location) }
        nodes += [time, photo, likes]
        if !caption.attributedText.isEmpty { nodes.append(caption) }
        if let viewAllComments { nodes.append(viewAllComments) }
        return nodes + comments
    }

    public override var allNodes: [DisplayNode] {
        [self, avatar, userName, location, time, photo, likes, caption] + (viewAllComments.map { [$0] } ?? [])
            + comments
    }
}

import Foundation
import LayoutCore
import NodeTree
import TextEngine

// The rotation scenario's feed cell: an ASM CellNode with an avatar and a photo (image nodes) and three
// texts (TextNode, DejaVu Sans through TextEngine), plus a fourth text that only the landscape layout shows.
//
//   portrait (width < 500)                       landscape (width ≥ 500)
//   vertical stack                               horizontal stack (spacing 8), inset 8
//     inset (0, 8): header                         ratio 1, 240 wide → photo
//       horizontal (center): avatar 30 × 30,       vertical stack (flexShrink 1, flexGrow 1)
//         vertical (flexShrink 1): name, location    header: avatar, [name, location]
//     ratio 1 → photo                                caption
//     inset 8 → caption                              details   ← only here: inserted / removed by rotating
//
// So a rotation measures new text widths, re-runs both stacks, and its subnode diff has one insertion or
// one removal (and the photo moves ahead of the header in layout order: one move).

public struct RotationCellModel: Hashable, Sendable {
    public var name: String
    public var location: String
    public var caption: String
    public var details: String

    /// Cell `index` of the feed for `seed`: texts of seeded lengths from a fixed word list.
    public static func make(seed: UInt32, index: Int) -> RotationCellModel {
        var rng = SplitMix64(seed: SplitMix64.pairSeed(seed: seed, n: index, mix: -1, input: 0))
        func words(_ count: Int) -> String {
            (0..<count).map { _ in wordList[rng.below(wordList.count)] }.joined(separator: " ")
        }
        let name = words(1 + rng.below(2)).capitalized
        let location = words(1 + rng.below(4)).capitalized
        let caption = words(4 + rng.below(36))
        let details = "\(1 + rng.below(999)) likes · \(rng.below(120)) comments · " + words(2 + rng.below(6))
        return RotationCellModel(name: name, location: location, caption: caption, details: details)
    }

    static let wordList = ["lorem", "ipsum", "dolor", "sit", "amet", "consectetur", "adipiscing", "elit", "sed",
                           "do", "eiusmod", "tempor", "incididunt", "ut", "labore", "et", "dolore", "magna",
                           "aliqua", "enim", "ad", "minim", "veniam", "quis", "nostrud", "exercitation",
                           "ullamco", "laboris", "nisi", "aliquip", "ex", "ea", "commodo", "consequat", "harbour",
                           "sunset", "river", "bridge", "café", "morning", "trail", "summit"]
}

public final class RotationCellNode: CellNode, @unchecked Sendable {
    public static let landscapeFromWidth = 500.0

    public let avatar = ImageNode()
    public let name: TextNode
    public let location: TextNode
    public let photo = ImageNode()
    public let caption: TextNode
    public let details: TextNode

    public init(_ model: RotationCellModel) {
        name = TextNode(text: model.name, fontSize: 14, weight: .bold)
        location = TextNode(text: model.location, fontSize: 12)
        caption = TextNode(text: model.caption, fontSize: 14)
        details = TextNode(text: model.details, fontSize: 12)
        super.init()
        automaticallyManagesSubnodes = true
        avatar.style.preferredSize = Size(width: 30, height: 30)
        photo.image = PlatformImage(size: Size(width: 640, height: 640), name: "photo")
    }

    public override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> any LayoutElement {
        let landscape = constrainedSize.max.width >= Self.landscapeFromWidth
        var headerText = StackLayoutSpec.vertical(children: [name, location])
        headerText.style.flexShrink = 1
        let avatarInset = InsetLayoutSpec(insets: EdgeInsets(top: 8, left: 0, bottom: 8, right: 8), child: avatar)
        let header = StackLayoutSpec.horizontal(alignItems: .center, children: [avatarInset, headerText])
        if !landscape {
            let headerInset = InsetLayoutSpec(insets: EdgeInsets(top: 0, left: 8, bottom: 0, right: 8), child: header)
            let photoRatio = RatioLayoutSpec(ratio: 1, child: photo)
            let captionInset = InsetLayoutSpec(insets: EdgeInsets(all: 8), child: caption)
            return StackLayoutSpec.vertical(children: [headerInset, photoRatio, captionInset])
        }
        var photoBox = RatioLayoutSpec(ratio: 1, child: photo)
        photoBox.style.width = .points(240)
        var column = StackLayoutSpec.vertical(spacing: 4, children: [header, caption, details])
        column.style.flexShrink = 1
        column.style.flexGrow = 1
        let row = StackLayoutSpec.horizontal(spacing: 8, alignItems: .start, children: [photoBox, column])
        return InsetLayoutSpec(insets: EdgeInsets(all: 8), child: row)
    }
}

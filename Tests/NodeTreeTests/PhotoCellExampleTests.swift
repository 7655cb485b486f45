import Foundation
import LayoutCore
import Testing
import TextEngine
@testable import NodeTree

// ASDKgram's PhotoCellNode, as Texture's Automatic Subnode Management documentation shows it, in Swift (layout as
// docs/ARCHITECTURE.md, "The feed cells", describes it), used the way the issue shows: created and measured on any
// thread, in parallel; loaded and laid out on the main actor.

struct PhotoModel: Sendable {
    var userName: String
    var location: String?
    var avatarURL: URL
    var photoURL: URL
    var caption: String

    /// Deterministic sample data (a small LCG, seeded by the index).
    static func sample(_ index: Int) -> PhotoModel {
        var seed = UInt64(index) &* 6364136223846793005 &+ 1442695040888963407
        func next(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(bound))
        }
        let words = ["sunset", "coffee", "mountain", "city", "friends", "weekend", "light", "street"]
        let caption = (0..<(3 + next(25))).map { _ in words[next(words.count)] }.joined(separator: " ")
        return PhotoModel(userName: "user\(index)_" + String(repeating: "x", count: next(12)),
                          location: next(3) == 0 ? nil : "Place \(next(1000)), Somewhere",
                          avatarURL: URL(string: "https://example.invalid/avatar/\(index).jpg")!,
                          photoURL: URL(string: "https://example.invalid/photo/\(index).jpg")!,
                          caption: caption)
    }
}

final class PhotoCellNode: CellNode, @unchecked Sendable {
    // ASDKgram's constants.
    static let horizontalBuffer = 10.0, verticalBuffer = 5.0, userImageHeight = 30.0, fontSize = 14.0

    let avatar = NetworkImageNode(), userName = TextNode(), location = TextNode()
    let photo = NetworkImageNode(), caption = TextNode()

    /// The documentation's two versions: explicit addSubnode calls ("Original code"), or ASM ("Code with ASM").
    init(photo model: PhotoModel, automaticallyManagesSubnodes managed: Bool = false) {
        super.init()
        automaticallyManagesSubnodes = managed
        avatar.url = model.avatarURL
        photo.url = model.photoURL
        for (node, text) in [(userName, model.userName), (location, model.location ?? ""), (caption, model.caption)] {
            node.attributedText = AttributedText(text, attributes: TextAttributes(size: PhotoCellNode.fontSize))
        }
        if !managed {
            addSubnode(avatar)
            addSubnode(userName)
            addSubnode(location)
            addSubnode(photo)
            addSubnode(caption)
        }
    }

    /// ASDKgram's reverse-geocoding callback: the location text arrives later, from another thread, and
    /// the cell asks for a new layout.
    func locationDidResolve(_ text: String) {
        location.attributedText = AttributedText(text, attributes: TextAttributes(size: PhotoCellNode.fontSize))
        setNeedsLayout()
    }

    override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> any LayoutElement {
        let h = PhotoCellNode.horizontalBuffer, v = PhotoCellNode.verticalBuffer
        var headerSubStack = StackLayoutSpec.vertical(children: location.attributedText.isEmpty ? [userName] : [userName, location])
        headerSubStack.style.flexShrink = 1

        avatar.style.preferredSize = Size(width: PhotoCellNode.userImageHeight, height: PhotoCellNode.userImageHeight)
        let spacer = LayoutSpec.spacer()
        let avatarInset = InsetLayoutSpec(insets: EdgeInsets(top: h, left: 0, bottom: h, right: h), child: avatar)
        let headerStack = StackLayoutSpec.horizontal(justifyContent: .start, alignItems: .center,
                                                     children: [avatarInset, headerSubStack, spacer])
        let headerWithInset = InsetLayoutSpec(insets: EdgeInsets(top: 0, left: h, bottom: 0, right: h), child: headerStack)
        let footerWithInset = InsetLayoutSpec(insets: EdgeInsets(top: v, left: h, bottom: v, right: h), child: caption)

        let cellWidth = constrainedSize.max.width
        photo.style.preferredSize = Size(width: cellWidth, height: cellWidth)
        return StackLayoutSpec.vertical(alignItems: .stretch, children: [headerWithInset, photo, footerWithInset])
    }

    @MainActor override func didLoad() {
        super.didLoad()
        // View work belongs here, never in init. Subnodes are loaded already.
        avatar.cornerRadius = PhotoCellNode.userImageHeight / 2
        view.clipsToBounds = true
    }
}

@Suite(.enabled(if: stackAlgorithmAvailable, needsStack))
struct PhotoCellExampleTests {
    static let range = SizeRange(width: 375)

    @Test func aThousandCellsMeasuredConcurrentlyThenLoadedOnTheMainActor() async {
        let count = 1_000
        let cells = Locked([PhotoCellNode?](repeating: nil, count: count))
        // Any thread, in parallel with other cells: create and measure.
        await onThreadsAsync(4, count: count) { i in
            let cell = PhotoCellNode(photo: .sample(i))
            _ = cell.layoutThatFits(PhotoCellExampleTests.range)
            cells.withLock { $0[i] = cell }
        }
        let measured = cells.load().map { $0! }

        // The main actor: load, frame, lay out.
        let host = await MainActor.run { () -> PlatformView in
            let host = PlatformView(frame: Rect(x: 0, y: 0, width: 375, height: 1_000_000))
            var y = 0.0
            for cell in measured {
                host.addSubview(cell.view)
                cell.frame = Rect(origin: Point(x: 0, y: y), size: cell.calculatedSize)
                cell.layoutIfNeeded()
                y += cell.calculatedSize.height
            }
            return host
        }

        // Frames equal a single-threaded computation of fresh cells.
        await MainActor.run {
            var y = 0.0
            for (i, cell) in measured.enumerated() {
                let fresh = PhotoCellNode(photo: .sample(i))
                let expected = fresh.layoutThatFits(PhotoCellExampleTests.range)
                #expect(cell.frame == Rect(origin: Point(x: 0, y: y), size: expected.size), "cell \(i)")
                #expect(cell.subnodes.map(\.frame) == frames(of: fresh, in: expected), "cell \(i)")
                #expect(cell.layoutStatistics.layoutPassMeasurements == 0, "cell \(i) was measured again on main")
                // Independently of the node tree: the header is the avatar's 10 + 30 + 10 (the name block,
                // one or two 14-pt lines of 16.30 → 16.5, is shorter), then the 375-point photo, then the
                // caption 5 below it, stretched to 375 − 2 × 10 and as tall as TextEngine measures it there.
                let caption = measuredText(dejaVu(PhotoModel.sample(i).caption, size: PhotoCellNode.fontSize),
                                           width: 355)
                #expect(cell.caption.frame == Rect(x: 10, y: 430, width: 355, height: caption.size.height), "cell \(i)")
                #expect(cell.frame.size == Size(width: 375, height: 430 + caption.size.height + 5), "cell \(i)")
                #expect(cell.avatar.view.cornerRadius == 15)
                y += expected.size.height
            }
            #expect(host.subviews.count == count)
        }
    }
}

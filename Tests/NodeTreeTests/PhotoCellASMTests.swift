import Foundation
import LayoutCore
import Testing
@testable import NodeTree

// The example of Texture's Automatic Subnode Management documentation: PhotoCellNode with
// automaticallyManagesSubnodes gives the same frames as the version with explicit addSubnode calls, and a
// cell whose location text arrives later (the reverse-geocoding callback calls setNeedsLayout) gains the
// location subnode at the next layout pass.

@MainActor private func layOut(_ cell: PhotoCellNode, in host: PlatformView, y: Double) {
    let size = cell.layoutThatFits(PhotoCellASMTests.range).size
    host.addSubview(cell.view)
    cell.frame = Rect(origin: Point(x: 0, y: y), size: size)
    host.layoutIfNeeded()
}

@Suite(.enabled(if: stackAlgorithmAvailable, needsStack))
struct PhotoCellASMTests {
    static let range = SizeRange(width: 375)

    @MainActor @Test func asmCellsHaveTheFramesOfExplicitCells() {
        let host = PlatformView(frame: Rect(x: 0, y: 0, width: 375, height: 100_000))
        var y = 0.0
        for i in 0..<40 {
            let explicit = PhotoCellNode(photo: .sample(i))
            let managed = PhotoCellNode(photo: .sample(i), automaticallyManagesSubnodes: true)
            layOut(explicit, in: host, y: y)
            layOut(managed, in: host, y: y)
            y += explicit.frame.height
            #expect(managed.frame == explicit.frame, "cell \(i)")

            let pairs = [(explicit.avatar, managed.avatar), (explicit.userName, managed.userName),
                         (explicit.location, managed.location), (explicit.photo, managed.photo),
                         (explicit.caption, managed.caption)] as [(DisplayNode, DisplayNode)]
            let inLayout = pairs.filter { !(explicit.calculatedLayout?.frame(for: $0.0).isNull ?? true) }
            #expect(same(managed.subnodes, inLayout.map(\.1)), "cell \(i): \(subnodeNames(managed))")
            #expect(same(subviewNodes(managed), managed.subnodes), "cell \(i)")
            for (explicitNode, managedNode) in inLayout {
                #expect(managedNode.frame == explicitNode.frame, "cell \(i): \(managedNode)")
            }
            // The location node is a subnode only when the model has a location.
            #expect((managed.location.supernode != nil) == !managed.location.attributedText.string.isEmpty, "cell \(i)")
        }
    }

    @MainActor @Test func aLocationThatArrivesLaterIsInsertedAtTheNextLayoutPass() async {
        var model = PhotoModel.sample(7)
        model.location = nil
        let cell = PhotoCellNode(photo: model, automaticallyManagesSubnodes: true)
        let host = PlatformView(frame: Rect(x: 0, y: 0, width: 375, height: 2_000))
        layOut(cell, in: host, y: 0)
        #expect(same(cell.subnodes, [cell.avatar, cell.userName, cell.photo, cell.caption]))
        #expect(!cell.location.isNodeLoaded)

        // The geocoder calls back on its own queue.
        syncOnOtherThread { cell.locationDidResolve("Place 12, Somewhere") }
        await drainMainQueue()  // the deferred setNeedsLayout reaches the view
        host.layoutIfNeeded()

        #expect(same(cell.subnodes, [cell.avatar, cell.userName, cell.location, cell.photo, cell.caption]))
        #expect(same(subviewNodes(cell), cell.subnodes))
        #expect(cell.location.isNodeLoaded)

        var expectedModel = model
        expectedModel.location = "Place 12, Somewhere"
        let fresh = PhotoCellNode(photo: expectedModel, automaticallyManagesSubnodes: true)
        let expected = fresh.layoutThatFits(PhotoCellASMTests.range)
        #expect(cell.frame.size == expected.size)
        let cellNodes: [DisplayNode] = [cell.avatar, cell.userName, cell.location, cell.photo, cell.caption]
        let freshNodes: [DisplayNode] = [fresh.avatar, fresh.userName, fresh.location, fresh.photo, fresh.caption]
        for (node, freshNode) in zip(cellNodes, freshNodes) {
            #expect(node.frame == expected.frame(for: freshNode), "\(node)")
        }
        #expect(cell.layoutStatistics.automaticInsertions == 5)
    }
}

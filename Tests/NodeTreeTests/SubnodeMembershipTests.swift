import Foundation
import LayoutCore
import Testing
@testable import NodeTree

/// Two threads moving one subnode at once — one detaching it from its supernode (ASM's removal), the other
/// moving it into another node — leave it listed by exactly the node its link names, or by none when the
/// link is nil (SubnodeMembership.swift). Without the membership stripe the detach could clear the link of a
/// subnode the other thread had just inserted.
@Suite struct SubnodeMembershipTests {
    /// The tree after a round: every listed leaf links back, and a linked leaf is listed by its supernode once.
    static func problems(leaf: DisplayNode, parents: [DisplayNode]) -> [String] {
        var problems: [String] = []
        for parent in parents {
            let listed = parent.subnodes.filter { $0 === leaf }.count
            if listed > 1 { problems.append("\(parent) lists the leaf \(listed) times") }
            if listed == 1 && leaf.supernode !== parent { problems.append("\(parent) lists the leaf, which links elsewhere") }
            if listed == 0 && leaf.supernode === parent { problems.append("the leaf links to \(parent), which does not list it") }
        }
        return problems
    }

    @Test func concurrentDetachAndMoveKeepListAndLinkAgreeing() {
        let parents = [DisplayNode(), DisplayNode()]
        let leaf = DisplayNode()
        // The window is a few instructions wide, so many rounds: up to 20,000, or 3 s of wall clock under
        // the sanitizers' slower threads.
        let deadline = Date().addingTimeInterval(3)
        let start = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        var found: [String] = []
        for round in 0..<20_000 where Date() < deadline {
            // Each round starts from the leaf in parent 0, then one thread detaches it while the other moves
            // it into parent 1.
            parents[0].moveSubnode(leaf, to: .after(nil))
            let detach = Thread {
                start.wait()
                leaf.detachFromSupernode(parents[0])
                done.signal()
            }
            let move = Thread {
                start.wait()
                parents[1].moveSubnode(leaf, to: .after(nil))
                done.signal()
            }
            detach.start()
            move.start()
            start.signal()
            start.signal()
            done.wait()
            done.wait()
            found = Self.problems(leaf: leaf, parents: parents)
            if !found.isEmpty {
                found.insert("round \(round)", at: 0)
                break
            }
        }
        #expect(found.isEmpty, "\(found)")
    }

    /// An ASM node's first layout inserting a free leaf (the one-step commit: the new list under the node's
    /// lock, then the links) while another thread moves the same leaf into another node: the leaf ends up
    /// listed by exactly the node it links to. Before the links were written under the leaf's stripe, the move
    /// could land between the ASM node's list and its link, leaving the leaf in both lists.
    @Test func concurrentASMInsertionAndMoveKeepListAndLinkAgreeing() {
        let deadline = Date().addingTimeInterval(3)
        let start = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        var found: [String] = []
        for round in 0..<20_000 where Date() < deadline {
            let leaf = sizedLeaf("leaf", 40, 40), other = DisplayNode()
            let asm = SpecNode("asm") { _ in row([leaf]) }
            asm.frame = Rect(x: 0, y: 0, width: 200, height: 100)
            // The move lands at a different point of the layout pass each round.
            let delay = round % 64
            let layout = Thread {
                start.wait()
                asm.layoutIfNeeded()
                done.signal()
            }
            let move = Thread {
                start.wait()
                var spin = 0
                for i in 0..<(delay * 20) { spin &+= i }
                withExtendedLifetime(spin) {}
                other.moveSubnode(leaf, to: .after(nil))
                done.signal()
            }
            layout.start()
            move.start()
            start.signal()
            start.signal()
            done.wait()
            done.wait()
            found = Self.problems(leaf: leaf, parents: [asm, other])
            if !found.isEmpty {
                found.insert("round \(round)", at: 0)
                break
            }
        }
        #expect(found.isEmpty, "\(found)")
    }

    @Test func stripesSpreadNeighbouringNodes() {
        let nodes = (0..<256).map { _ in DisplayNode() }
        let stripes = Set(nodes.map(SubnodeMembership.stripe(of:)))
        #expect(stripes.count > SubnodeMembership.stripeCount / 2)
        #expect(stripes.allSatisfy { (0..<SubnodeMembership.stripeCount).contains($0) })
    }

    /// Whatever stride an allocator (a sanitizer's, jemalloc's size classes, glibc's chunks of a node and its
    /// state box) places nodes at, they spread; 272 to 4416 are strides that Fibonacci hashing spread
    /// over fewer than half of the stripes.
    @Test(arguments: [16, 48, 64, 256, 272, 304, 544, 576, 608, 1024, 2016, 3312, 4096, 4416])
    func stripesSpreadAddressesAtAnyStride(stride: Int) {
        let stripes = Set((0..<256).map { SubnodeMembership.stripe(ofAddress: UInt(0x7f00_0000_0000 + $0 * stride)) })
        #expect(stripes.count > SubnodeMembership.stripeCount / 2, "stride \(stride): \(stripes.count) stripes")
    }
}

import Foundation
import LayoutCore
import Testing
@testable import NodeTree

// The subnode's reference to its supernode (DisplayNode+SupernodeLink.swift) behaves as Texture's weak
// reference: it does not keep the supernode alive, reads nil once the supernode is gone, and a supernode
// released while other threads read it is never handed out dead. And it leaves no weak reference (so no
// side table) on the supernode.

private final class DeinitFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.lock(); value = true; lock.unlock() }
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
}

private final class ObservedNode: DisplayNode, @unchecked Sendable {
    let flag: DeinitFlag
    init(_ flag: DeinitFlag) { self.flag = flag; super.init() }
    deinit { flag.set() }
}

@Suite struct SupernodeLinkTests {
    @Test func supernodeIsNotKeptAliveAndReadsNilOnceGone() {
        let flag = DeinitFlag()
        let child = DisplayNode()
        do {
            let parent = ObservedNode(flag)
            parent.addSubnode(child)
            #expect(child.supernode === parent)
        }
        #expect(flag.isSet)
        #expect(child.supernode == nil)
    }

    @Test func aDeadSupernodeReleasesWhatItHeld() {
        // The link keeps the supernode's state box; the box must not keep the subnodes and layouts the
        // supernode held (they would retain the box back and leak).
        weak var weakSibling: DisplayNode?
        let child = DisplayNode()
        do {
            let parent = DisplayNode()
            let sibling = DisplayNode()
            weakSibling = sibling
            parent.addSubnode(child)
            parent.addSubnode(sibling)
            parent.layoutSpecBlock = { _, _ in StackLayoutSpec.vertical(children: [child, sibling]) }
            _ = parent.layoutThatFits(SizeRange(width: 100))
        }
        #expect(weakSibling == nil)
        #expect(child.supernode == nil)
    }

    @Test func movingAndRemovingUpdateTheLink() {
        let first = DisplayNode(), second = DisplayNode(), child = DisplayNode()
        first.addSubnode(child)
        second.addSubnode(child)
        #expect(child.supernode === second)
        #expect(first.subnodes.isEmpty)
        child.removeFromSupernode()
        #expect(child.supernode == nil)
    }

    @Test func readersRacingTheLastReleaseSeeTheSupernodeOrNil() async {
        // Threads read `supernode` while the only other reference to it goes away: every read is the live
        // supernode or nil, never a dead one (ThreadSanitizer and the runtime would catch a use after free).
        for round in 0..<50 {
            let flag = DeinitFlag()
            let child = DisplayNode()
            var parent: ObservedNode? = ObservedNode(flag)
            parent!.addSubnode(child)
            let identity = ObjectIdentifier(parent!)
            await withTaskGroup(of: Int.self) { group in
                for _ in 0..<3 {
                    group.addTask {
                        var live = 0
                        for _ in 0..<200 {
                            if let seen = child.supernode {
                                #expect(ObjectIdentifier(seen) == identity, "round \(round)")
                                live += 1
                            }
                        }
                        return live
                    }
                }
                parent = nil
                for await _ in group {}
            }
            #expect(flag.isSet, "round \(round)")
            #expect(child.supernode == nil, "round \(round)")
        }
    }
}

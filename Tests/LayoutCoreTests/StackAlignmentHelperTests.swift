import Testing
@testable import LayoutCore

// horizontalAlignment / verticalAlignment (Texture's ASStackLayoutSpec): for a horizontal stack horizontal →
// justify and vertical → alignItems; for a vertical stack the roles swap; none leaves the value; changing the
// direction re-applies both; setting alignItems/justifyContent directly while one is set asserts.

@Suite struct StackAlignmentHelperTests {
    @Test func defaults() {
        let stack = StackLayoutSpec()
        #expect(stack.direction == .horizontal)
        #expect(stack.spacing == 0)
        #expect(stack.justifyContent == .start)
        #expect(stack.alignItems == .stretch)
        #expect(stack.flexWrap == .noWrap)
        #expect(stack.alignContent == .start)
        #expect(stack.lineSpacing == 0)
        #expect(stack.horizontalAlignment == .none)
        #expect(stack.verticalAlignment == .none)
        #expect(StackLayoutSpec.vertical(children: []).direction == .vertical)
    }

    @Test func directionChangeAfterSettingHorizontalAndVerticalAlignments() {
        // Texture's testDirectionChangeAfterSettingHorizontalAndVerticalAlignments.
        var stack = StackLayoutSpec()
        stack.horizontalAlignment = .right
        stack.verticalAlignment = .center
        #expect(stack.alignItems == .center)
        #expect(stack.justifyContent == .end)

        stack.direction = .vertical
        #expect(stack.alignItems == .end)
        #expect(stack.justifyContent == .center)
    }

    @Test func resettingAlignmentsKeepsTheDerivedValues() {
        // Texture's testAlignItemsAndJustifyContentRestrictionsIfHorizontalAndVerticalAlignmentsAreUsed.
        var stack = StackLayoutSpec()
        stack.alignItems = .end
        stack.justifyContent = .end
        stack.horizontalAlignment = .middle
        stack.verticalAlignment = .center
        #expect(stack.alignItems == .center)
        #expect(stack.justifyContent == .center)

        stack.horizontalAlignment = .none
        stack.verticalAlignment = .none
        #expect(stack.alignItems == .center)
        #expect(stack.justifyContent == .center)

        stack.alignItems = .end
        stack.justifyContent = .end
        #expect(stack.alignItems == .end)
        #expect(stack.justifyContent == .end)
    }

    @Test func noneLeavesTheOtherValueAlone() {
        var stack = StackLayoutSpec(justifyContent: .spaceBetween, alignItems: .baselineFirst)
        stack.horizontalAlignment = .middle
        #expect(stack.justifyContent == .center)
        #expect(stack.alignItems == .baselineFirst)

        var vertical = StackLayoutSpec(direction: .vertical, justifyContent: .spaceAround, alignItems: .stretch)
        vertical.horizontalAlignment = .left  // vertical stack: horizontal → alignItems
        #expect(vertical.alignItems == .start)
        #expect(vertical.justifyContent == .spaceAround)
        vertical.verticalAlignment = .bottom  // vertical stack: vertical → justify
        #expect(vertical.justifyContent == .end)
    }

    @Test func settingAlignItemsWhileAnAlignmentIsSetAsserts() async {
        await #expect(processExitsWith: .failure) {
            var stack = StackLayoutSpec()
            stack.verticalAlignment = .center
            stack.alignItems = .end
        }
        await #expect(processExitsWith: .failure) {
            var stack = StackLayoutSpec()
            stack.horizontalAlignment = .left
            stack.justifyContent = .end
        }
    }

    static let horizontalValues: [(HorizontalAlignment, Double)] = [(.left, 0), (.middle, 125), (.right, 250)]
    static let verticalValues: [(VerticalAlignment, Double)] = [(.top, 0), (.center, 40), (.bottom, 80)]

    @Test(arguments: StackLayoutDirection.allCases, horizontalValues)
    func alignmentsPlaceAChild(_ direction: StackLayoutDirection, _ horizontal: (HorizontalAlignment, Double)) {
        // One 50×20 child in an exact 300×100 stack. Whatever the direction, left/middle/right put it at
        // x 0 / (300−50)/2 = 125 / 250 and top/center/bottom at y 0 / 40 / 80 (both via justify, both via
        // floorPx-centred alignItems: 125 and 40 are already on the pixel grid).
        for vertical in Self.verticalValues {
            var stack = StackLayoutSpec(direction: direction, children: [leaf("A", 50, 20)])
            stack.horizontalAlignment = horizontal.0
            stack.verticalAlignment = vertical.0
            let result = hosted(stack, in: exactRange(300, 100))
            #expect(result["A"] == rect(horizontal.1, vertical.1, 50, 20), "\(direction) \(horizontal.0) \(vertical.0)")
        }
    }
}

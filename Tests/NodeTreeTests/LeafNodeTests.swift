import Foundation
import LayoutCore
import Testing
import TextEngine
@testable import NodeTree

// ImageNode / NetworkImageNode with a simulated loader, EditableTextNode, CellNode's interaction delegate,
// ButtonNode. (TextNode: TextNodeTests.swift and TextNodeBaselineTests.swift; text sizes here are worked out
// the same way, from DejaVu Sans advances in design units.)

@Suite struct ImageNodeTests {
    @Test func anImageGivesItsSize() {
        let node = ImageNode()
        #expect(node.layoutThatFits(SizeRange(width: 100)).size == Size(width: 100, height: 0))
        node.image = PlatformImage(size: Size(width: 40, height: 30))
        #expect(node.layoutThatFits(SizeRange(min: .zero, max: Size(width: 100, height: 100))).size
                    == Size(width: 40, height: 30))
    }

    @Test func removingTheImageMeasuresAsANodeWithout() {
        // calculateSizeThatFits reads the image only while `hasImage` says there is one.
        let node = ImageNode()
        let range = SizeRange(min: .zero, max: Size(width: 100, height: 100))
        node.image = PlatformImage(size: Size(width: 40, height: 30))
        #expect(node.layoutThatFits(range).size == Size(width: 40, height: 30))
        node.image = nil  // the size changed: setNeedsLayout
        #expect(node.layoutThatFits(range).size == Size(width: 100, height: 100))
        node.image = PlatformImage(size: Size(width: 20, height: 10))
        #expect(node.layoutThatFits(range).size == Size(width: 20, height: 10))
    }

    @Test func theStyleSizeWins() {
        let node = NetworkImageNode()
        node.style.preferredSize = Size(width: 30, height: 30)
        node.image = PlatformImage(size: Size(width: 300, height: 200))
        #expect(node.layoutThatFits(SizeRange(width: 375)).size == Size(width: 375, height: 30))
        #expect(node.layoutThatFits(.unconstrained).size == Size(width: 30, height: 30))
    }

    @Test func aSimulatedLoaderDeliversAfterItsLatency() async {
        let loader = SimulatedImageLoader(latency: .milliseconds(20), imageSize: Size(width: 64, height: 48))
        let node = NetworkImageNode(loader: loader)
        let placeholder = PlatformImage(size: Size(width: 10, height: 10), name: "placeholder")
        node.defaultImage = placeholder
        node.url = URL(string: "https://example.invalid/a.jpg")
        #expect(node.image == placeholder)
        let version = node.layoutVersion
        let task = node.startLoading()
        #expect(node.loadState == .loading)
        #expect(node.startLoading() == nil)  // already loading
        await task?.value
        #expect(node.loadState == .loaded)
        #expect(node.image == PlatformImage(size: Size(width: 64, height: 48), name: "https://example.invalid/a.jpg"))
        #expect(node.layoutVersion > version)  // the size changed: setNeedsLayout
    }

    @Test func aURLChangeDropsTheOldLoad() async {
        let loader = SimulatedImageLoader(latency: .milliseconds(50))
        let node = NetworkImageNode(loader: loader)
        node.url = URL(string: "https://example.invalid/old.jpg")
        let task = node.startLoading()
        node.url = URL(string: "https://example.invalid/new.jpg")
        await task?.value
        #expect(node.image == nil)
        #expect(node.loadState == .idle)
    }

    @Test func failuresAreReported() async {
        let url = URL(string: "https://example.invalid/missing.jpg")!
        let failing = NetworkImageNode(loader: SimulatedImageLoader(failing: [url]))
        failing.url = url
        await failing.startLoading()?.value
        #expect(failing.loadState == .failed)

        let offline = NetworkImageNode()  // the default loader: no networking
        offline.url = url
        await offline.startLoading()?.value
        #expect(offline.loadState == .failed)
        #expect(offline.image == nil)
    }
}

@Suite struct EditableTextNodeTests {
    @Test func measuresTextThenPlaceholderWithAtLeastOneLine() {
        // 10 pt DejaVu Sans: a line is 2384 × 10 / 2048 = 11.64 → 12.
        let field = EditableTextNode(placeholder: "Name", fontSize: 10)
        let range = SizeRange(min: .zero, max: Size(width: 200, height: .infinity))
        #expect(field.layoutThatFits(range).size == Size(width: 30, height: 12))  // 6042 units → 29.50
        field.text = "Ada Lovelace"
        #expect(field.layoutThatFits(range).size == Size(width: 67, height: 12))  // 13683 units → 66.81
        field.text = ""
        field.placeholder = ""
        #expect(field.layoutThatFits(range).size == Size(width: 0, height: 12))
        #expect(EditableTextNode().layoutThatFits(range).size == Size(width: 0, height: 20))  // 17 pt: 19.79
        // Narrower than the text: it wraps like a text node, "Ada " | "Lovelace" (44.32 → 44.5), 2 × 11.64 → 23.5.
        field.text = "Ada Lovelace"
        let narrow = SizeRange(min: .zero, max: Size(width: 50, height: .infinity))
        #expect(field.layoutThatFits(narrow).size == Size(width: 44.5, height: 23.5))
        #expect(field.layoutThatFits(narrow).size == measuredText(dejaVu("Ada Lovelace", size: 10), width: 50).size)
    }

    @Test func aFixedOrStyleSize() {
        let field = EditableTextNode(placeholder: "Age")
        field.fixedSize = Size(width: 120, height: 30)
        #expect(field.layoutThatFits(SizeRange(min: .zero, max: square300)).size == Size(width: 120, height: 30))
        field.style.preferredSize = Size(width: 200, height: 44)
        field.setNeedsLayout()  // a style change alone does not invalidate (Texture's rule)
        #expect(field.layoutThatFits(SizeRange(min: .zero, max: square300)).size == Size(width: 200, height: 44))
    }

    private var square300: Size { Size(width: 300, height: 300) }
}

final class SizeInvalidationRecorder: CellNodeInteractionDelegate {
    let cells = EventLog()
    func cellNodeDidInvalidateSize(_ cell: CellNode) { cells.append(cell.debugName ?? "?") }
}

@Suite struct CellNodeTests {
    @MainActor @Test func theOwnerHearsAboutSizeChangesInsteadOfTheCellResizing() {
        let label = TextNode(text: "one", fontSize: 10)
        let cell = named(CellNode(), "cell")
        cell.addSubnode(label)
        cell.layoutSpecBlock = { _, _ in InsetLayoutSpec(insets: EdgeInsets(all: 5), child: label) }
        let recorder = SizeInvalidationRecorder()
        cell.interactionDelegate = recorder
        let layout = cell.layoutThatFits(SizeRange(width: 100))
        cell.frame = Rect(origin: .zero, size: layout.size)
        cell.view.layoutIfNeeded()
        #expect(recorder.cells.all.isEmpty)

        label.attributedText = dejaVu(String(repeating: "long ", count: 20), size: 10)
        cell.view.layoutIfNeeded()
        #expect(recorder.cells.all.first == "cell")
        #expect(cell.frame.size == layout.size)  // the owner resizes it, not the cell
        withExtendedLifetime(recorder) {}
    }

    @Test func selectionState() {
        let cell = CellNode()
        cell.isSelected = true
        cell.isHighlighted = true
        #expect(cell.isSelected && cell.isHighlighted)
    }
}

@Suite(.enabled(if: stackAlgorithmAvailable, needsStack))
struct ButtonNodeTests {
    @Test func titleAndImageInAHorizontalStack() {
        let button = ButtonNode()
        button.setTitle("OK", fontSize: 10)  // 2955 units → 14.43 → 14.5 wide; 11.64 → 12 tall
        button.setImage(PlatformImage(size: Size(width: 20, height: 20)))
        let layout = button.layoutThatFits(.unconstrained)
        // image, 8 spacing, title; centred vertically: floorPx((20 − 12) / 2) = 4.
        #expect(layout.size == Size(width: 42.5, height: 20))
        #expect(layout.frame(for: button.imageNode) == Rect(x: 0, y: 0, width: 20, height: 20))
        #expect(layout.frame(for: button.titleNode) == Rect(x: 28, y: 4, width: 14.5, height: 12))
        #expect(button.automaticallyManagesSubnodes)
        #expect(button.titleNode.attributedText == dejaVu("OK", size: 10))
    }

    @Test func contentInsetsAndBackground() {
        let button = ButtonNode()
        button.setTitle("OK", fontSize: 10)
        button.contentEdgeInsets = EdgeInsets(all: 5)
        button.setBackgroundImage(PlatformImage(size: Size(width: 1, height: 1)))
        let layout = button.layoutThatFits(.unconstrained)
        #expect(layout.size == Size(width: 24.5, height: 22))
        #expect(layout.frame(for: button.backgroundImageNode) == Rect(x: 0, y: 0, width: 24.5, height: 22))
        #expect(layout.frame(for: button.titleNode) == Rect(x: 5, y: 5, width: 14.5, height: 12))
    }

    /// Texture's testMeasureOnLayoutIfNotHappenedBefore with its ASButtonNode subnode.
    @MainActor @Test func measuresOnTheFirstLayoutPassWithAButtonSubnode() {
        let node = DisplayNode()
        node.style.preferredSize = Size(width: 100, height: 100)
        let button = ButtonNode()
        node.addSubnode(button)
        node.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        button.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        #expect(node.calculatedSize == .zero)
        #expect(button.calculatedSize == .zero)
        node.view.layoutIfNeeded()
        #expect(node.calculatedSize == Size(width: 100, height: 100))
        #expect(button.calculatedSize == Size(width: 100, height: 100))
    }

    /// Texture's testMeasureOnLayoutIfNotHappenedBeforeNoRemeasureForSameBounds with a button child.
    @MainActor @Test func noRemeasureForTheSameBoundsWithAButtonChild() {
        let node = DisplayNode()
        node.style.preferredSize = Size(width: 100, height: 100)
        let button = ButtonNode()
        node.addSubnode(button)
        let specCalls = Counter()
        node.layoutSpecBlock = { _, _ in
            specCalls.increment()
            return InsetLayoutSpec(insets: .zero, child: button)
        }
        node.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        node.view.layoutIfNeeded()
        #expect(specCalls.value == 1)
        _ = node.layoutThatFits(SizeRange(exactly: Size(width: 100, height: 100)))
        #expect(specCalls.value == 1)
    }
}

import LayoutCore

// Where each item goes: a table stacks full-width rows; a collection's vertical flow layout fills lines
// left to right with its items (fixed-size or full-width) and wraps, each line as tall as its tallest item.
// Computed on the editing queue after measurement, so a commit on the main actor only swaps it in.

/// Texture's two list kinds, as far as placement and default size ranges go.
public enum ListLayoutKind: Hashable, Sendable {
    /// ASTableNode: rows the list's width, free height.
    case table
    /// ASCollectionNode with a vertical flow layout: `itemSize` exactly when given (Texture's flow layout
    /// itemSize), else up to the list's width and free height.
    case flow(itemSize: Size?)

    /// Texture's default constrained size (ASTableView's, ASCollectionViewFlowLayoutInspector's) when the
    /// delegate gives none.
    func defaultConstrainedSize(width: Double) -> SizeRange {
        switch self {
        case .table:
            return SizeRange(width: width)
        case .flow(let itemSize?):
            return SizeRange(exactly: itemSize)
        case .flow(nil):
            return SizeRange(min: .zero, max: Size(width: width, height: .infinity))
        }
    }
}

/// The committed items in display order with their frames.
struct ListLayoutSnapshot: Sendable {
    var elements: [ListElement] = []
    var frames: [Rect] = []
    /// The top and bottom of each item's line: non-decreasing in index order, for the range search.
    var lineMinY: [Double] = []
    var lineMaxY: [Double] = []
    var contentSize: Size = .zero

    static func make(_ map: ListElementMap, kind: ListLayoutKind, width: Double) -> ListLayoutSnapshot {
        var snapshot = ListLayoutSnapshot()
        let elements = map.allElements
        snapshot.elements = elements
        snapshot.frames.reserveCapacity(elements.count)
        var y = 0.0, x = 0.0, lineHeight = 0.0, lineStart = 0
        func closeLine(upTo end: Int) {
            for _ in lineStart..<end {
                snapshot.lineMinY.append(y)
                snapshot.lineMaxY.append(y + lineHeight)
            }
            y += lineHeight
            x = 0
            lineHeight = 0
            lineStart = end
        }
        for (index, element) in elements.enumerated() {
            let size = element.measurement.size
            switch kind {
            case .table:
                snapshot.frames.append(Rect(x: 0, y: y, width: width, height: size.height))
                lineHeight = size.height
                closeLine(upTo: index + 1)
            case .flow:
                if x > 0, x + size.width > width { closeLine(upTo: index) }
                snapshot.frames.append(Rect(x: x, y: y, width: size.width, height: size.height))
                x += size.width
                lineHeight = max(lineHeight, size.height)
            }
        }
        if lineStart < elements.count { closeLine(upTo: elements.count) }
        snapshot.contentSize = Size(width: width, height: y)
        return snapshot
    }

    /// Indices of the items whose lines intersect minY..<maxY (binary search, then a walk).
    func indices(from minY: Double, to maxY: Double) -> Range<Int> {
        var low = 0, high = lineMaxY.count
        while low < high {
            let mid = (low + high) / 2
            if lineMaxY[mid] <= minY { low = mid + 1 } else { high = mid }
        }
        var end = low
        while end < lineMinY.count, lineMinY[end] < maxY { end += 1 }
        return low..<end
    }
}

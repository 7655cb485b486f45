import LayoutCore

// A laid-out feed cell as the engine and the manual layout both give it: the cell's size and its leaves'
// frames (relative to the cell) in layout order — for a photo cell avatar, user name, location?, time, photo,
// likes, caption?, "View all"?, comments; for a feed item its 15 leaves in spec order. Stored inline (at most
// 16 frames), so the manual layout allocates nothing to return it.

public struct FeedCellFrames: Equatable, Sendable, CustomStringConvertible {
    public static let capacity = 16

    public enum Kind: String, Sendable {
        case photo
        case item
    }

    public var kind: Kind
    public var size: Size
    public private(set) var count = 0
    private var storage: (Rect, Rect, Rect, Rect, Rect, Rect, Rect, Rect,
                          Rect, Rect, Rect, Rect, Rect, Rect, Rect, Rect) =
        (.zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero,
         .zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero)

    public init(kind: Kind, size: Size = .zero) {
        self.kind = kind
        self.size = size
    }

    public init(kind: Kind, size: Size, frames: [Rect]) {
        self.init(kind: kind, size: size)
        for frame in frames { append(frame) }
    }

    /// Adds the next leaf's frame (precondition: fewer than `capacity` so far).
    @inline(__always)
    public mutating func append(_ frame: Rect) {
        precondition(count < Self.capacity, "a feed cell has at most \(Self.capacity) leaves")
        withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: frame, toByteOffset: count * MemoryLayout<Rect>.stride, as: Rect.self) }
        count += 1
    }

    public subscript(index: Int) -> Rect {
        precondition(index >= 0 && index < count, "frame \(index) of \(count)")
        return withUnsafeBytes(of: storage) { $0.load(fromByteOffset: index * MemoryLayout<Rect>.stride, as: Rect.self) }
    }

    public var frames: [Rect] { (0..<count).map { self[$0] } }

    public static func == (a: FeedCellFrames, b: FeedCellFrames) -> Bool {
        guard a.kind == b.kind, a.size == b.size, a.count == b.count else { return false }
        for index in 0..<a.count where a[index] != b[index] { return false }
        return true
    }

    public var description: String {
        "\(kind) cell, size \(size), \(count) leaves: " + frames.map { "\($0)" }.joined(separator: ", ")
    }
}

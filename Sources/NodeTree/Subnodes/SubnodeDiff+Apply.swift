// Applying a diff in Texture's commit order (ASLayoutTransition's commitTransition): first the
// removals, then every moved element is detached, then insertions (ascending index) and moves (ascending
// destination) are merged by target index and inserted there. Elements that keep their place are never touched.
//
// ASM performs these operations with removeFromSupernode / insertSubnode(at:); on an array, performing them in
// order with `remove(at:)` / `insert(_:at:)` yields exactly the new list.

/// One step of applying a `SubnodeDiff`. Every index is valid in the list as it is when the step is performed.
public enum SubnodeOperation<Element> {
    /// The element leaves the list (a removal).
    case remove(Element, at: Int)
    /// The element is taken out to be re-inserted later (the first half of a move).
    case detach(Element, at: Int)
    /// A new element enters the list.
    case insert(Element, at: Int)
    /// A detached element goes back in at its new place (the second half of a move).
    case reinsert(Element, at: Int)

    public var element: Element {
        switch self {
        case .remove(let element, _), .detach(let element, _), .insert(let element, _), .reinsert(let element, _):
            element
        }
    }

    public var index: Int {
        switch self {
        case .remove(_, let index), .detach(_, let index), .insert(_, let index), .reinsert(_, let index): index
        }
    }

    /// Performs the step on an array.
    public func perform(on list: inout [Element]) {
        switch self {
        case .remove(_, let index), .detach(_, let index): list.remove(at: index)
        case .insert(let element, let index), .reinsert(let element, let index): list.insert(element, at: index)
        }
    }
}

extension SubnodeOperation: Sendable where Element: Sendable {}

extension SubnodeOperation: CustomStringConvertible {
    public var description: String {
        switch self {
        case .remove(let element, let index): "remove(\(element), at: \(index))"
        case .detach(let element, let index): "detach(\(element), at: \(index))"
        case .insert(let element, let index): "insert(\(element), at: \(index))"
        case .reinsert(let element, let index): "reinsert(\(element), at: \(index))"
        }
    }
}

extension SubnodeDiff {
    /// Calls `body` with each operation that turns `old` into `new`, in commit order: removals (descending old
    /// index, so each index is still valid), detaches of moved elements (descending old index, shifted by the
    /// removals before them), then insertions and re-insertions in ascending target index. `old` and `new` must be
    /// the lists the diff was computed from; inserted elements come from `new`, moved ones from `old`.
    public func forEachOperation<Element>(
        from old: [Element], to new: [Element], _ body: (SubnodeOperation<Element>) throws -> Void
    ) rethrows {
        // 1. Removals, last first.
        for oldIndex in removals.reversed() {
            try body(.remove(old[oldIndex], at: oldIndex))
        }

        // 2. Detach moved elements, last first; an element's index is its old index minus the removals before it.
        if !moves.isEmpty {
            let sources = moves.map(\.from).sorted(by: >)
            var removalsBefore = removals.count
            for oldIndex in sources {
                while removalsBefore > 0 && removals[removalsBefore - 1] > oldIndex { removalsBefore -= 1 }
                try body(.detach(old[oldIndex], at: oldIndex - removalsBefore))
            }
        }

        // 3. Merge insertions and moves by target index (never equal: a new index is one or the other).
        var i = 0
        var j = 0
        while i < insertions.count || j < moves.count {
            if j == moves.count || (i < insertions.count && insertions[i] < moves[j].to) {
                try body(.insert(new[insertions[i]], at: insertions[i]))
                i += 1
            } else {
                try body(.reinsert(old[moves[j].from], at: moves[j].to))
                j += 1
            }
        }
    }

    /// The operations of `forEachOperation(from:to:_:)` as an array.
    public func operations<Element>(from old: [Element], to new: [Element]) -> [SubnodeOperation<Element>] {
        var operations: [SubnodeOperation<Element>] = []
        operations.reserveCapacity(removals.count + 2 * moves.count + insertions.count)
        forEachOperation(from: old, to: new) { operations.append($0) }
        return operations
    }

    /// Performs the operations on a copy of `old`; the result is `new` (moved and kept elements are the old ones,
    /// inserted ones come from `new`).
    public func apply<Element>(to old: [Element], new: [Element]) -> [Element] {
        var list = old
        forEachOperation(from: old, to: new) { $0.perform(on: &list) }
        return list
    }
}

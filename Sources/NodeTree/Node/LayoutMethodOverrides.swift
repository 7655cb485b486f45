// Texture's ASDisplayNodeMethodOverrides, for the measuring methods: Texture finds out at class
// initialisation which of layoutSpecThatFits:, calculateLayoutThatFits: … a subclass overrides and skips the
// calls it does not need — a leaf that only overrides calculateSizeThatFits: is sized without building,
// laying out and flattening a spec. Swift cannot ask whether a subclass overrides a method, so a class
// declares it (DisplayNode.layoutMethodOverrides), and soundly: a declaration holds only for instances of
// exactly the class that made it. A subclass that does not declare for itself inherits its superclass's
// declaration, which then does not apply to it, and it is measured through the full chain — so a user's
// subclass of TextNode that overrides layoutSpecThatFits gets its spec used, whatever TextNode declares.

/// Which of DisplayNode's measuring methods a class overrides (itself or through its superclasses), as
/// that class declares it in `DisplayNode.layoutMethodOverrides`. Build it with the declaring class itself:
///
///     open override class var layoutMethodOverrides: LayoutMethodOverrides {
///         LayoutMethodOverrides(declaredBy: TextNode.self, [.calculateSizeThatFits])
///     }
///
/// When the declaring class is the node's dynamic class and the declaration names none of
/// `layoutSpecThatFits`, `calculateLayoutThatFits(_:)` and
/// `calculateLayoutThatFits(_:restrictedTo:relativeToParentSize:)`, a measurement without a
/// `layoutSpecBlock` goes straight to the leaf path — Clamp(range, calculateSizeThatFits(range.max)) —
/// instead of calling those three methods to get there: the same layout, the same cache and measure counts.
/// A wrong declaration (naming a class that does override one of them) makes the node skip that override.
public struct LayoutMethodOverrides: Sendable {
    /// The measuring methods a declaration can name (Texture's ASDisplayNodeMethodOverride… flags).
    /// Computed, not stored, members: a stored static is read through a once-check on every node's init.
    public struct Methods: OptionSet, Sendable {
        public let rawValue: UInt8

        public init(rawValue: UInt8) {
            self.rawValue = rawValue
        }

        /// `layoutSpecThatFits(_:)`.
        public static var layoutSpecThatFits: Methods { Methods(rawValue: 1 << 0) }
        /// `calculateSizeThatFits(_:)`.
        public static var calculateSizeThatFits: Methods { Methods(rawValue: 1 << 1) }
        /// `calculateLayoutThatFits(_:)`.
        public static var calculateLayoutThatFits: Methods { Methods(rawValue: 1 << 2) }
        /// `calculateLayoutThatFits(_:restrictedTo:relativeToParentSize:)`.
        public static var calculateLayoutThatFitsRestrictedToSize: Methods { Methods(rawValue: 1 << 3) }

        /// Overriding any of these takes a node off the leaf path.
        static var leafPathBlockers: Methods {
            [.layoutSpecThatFits, .calculateLayoutThatFits, .calculateLayoutThatFitsRestrictedToSize]
        }
    }

    /// The class that made the declaration: it applies to instances of exactly this class.
    public let declaringClass: DisplayNode.Type
    /// The measuring methods the declaring class overrides, itself or through its superclasses.
    public let methods: Methods

    public init(declaredBy declaringClass: DisplayNode.Type, _ methods: Methods) {
        self.declaringClass = declaringClass
        self.methods = methods
    }

    /// A node of class `nodeClass` may be measured by the leaf path directly.
    @inline(__always)
    func allowsLeafPath(for nodeClass: DisplayNode.Type) -> Bool {
        ObjectIdentifier(declaringClass) == ObjectIdentifier(nodeClass) && methods.isDisjoint(with: .leafPathBlockers)
    }
}

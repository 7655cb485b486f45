import LayoutCore

// The feed-parity cell's layout spec, shared by every engine's cell (its layoutSpecThatFits:), and stated
// for other engines in Scenarios/README.md:
//
//     vertical stack (alignItems stretch)
//       inset (0, 8, 0, 8)
//         horizontal stack (alignItems center)
//           inset (8, 0, 8, 8) → avatar 30×30
//           vertical stack (flexShrink 1) → [user name, location]
//           spacer (flexGrow 1)
//       ratio 1 → photo
//       inset (8, 8, 8, 8) → comments

public enum FeedParitySpec {
    /// A fresh spec tree around the cell's five nodes, as a user's layoutSpecThatFits: builds one on
    /// every layout. Generic, as a user's code is: a node subclass passes its node properties by their own
    /// types, which become `any LayoutElement` only where a spec takes them (taken as `any LayoutElement`
    /// here, each was boxed, retained and released once more on the way — harness glue, not the engine).
    /// The stacks' children are listed, not in arrays (StackLayoutSpec+ListedChildren.swift says why). The
    /// header text's flexShrink is given as the stack is built (`style:`; set afterwards, the stack's
    /// fields were copied on write), and the insets and the ratio take their children by their own types
    /// (their generic initializers).
    public static func make<Avatar: LayoutElement, UserName: LayoutElement, Location: LayoutElement,
                            Photo: LayoutElement, Comments: LayoutElement>(
        avatar: Avatar, userName: UserName, location: Location, photo: Photo, comments: Comments
    ) -> any LayoutElement {
        let avatarInset = InsetLayoutSpec(insets: EdgeInsets(top: 8, left: 0, bottom: 8, right: 8), child: avatar)
        let headerText = StackLayoutSpec.vertical(children: userName, location, style: { $0.flexShrink = 1 })
        let header = StackLayoutSpec.horizontal(alignItems: .center,
                                                children: avatarInset, headerText, LayoutSpec.spacer())
        let headerInset = InsetLayoutSpec(insets: EdgeInsets(top: 0, left: 8, bottom: 0, right: 8), child: header)
        let photoRatio = RatioLayoutSpec(ratio: 1, child: photo)
        let commentsInset = InsetLayoutSpec(insets: EdgeInsets(all: 8), child: comments)
        return StackLayoutSpec.vertical(children: headerInset, photoRatio, commentsInset)
    }
}

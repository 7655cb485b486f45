import Foundation
import LayoutCore
import NodeTree

// The seeds' sign-up form (seeds/003, "Layout Transition API"): a name field and an age field
// (EditableTextNode, 200 × 30) and a "Next" button in a stack inside a 15-point inset; `fieldState` picks the
// field the stack shows, and a transition swaps one for the other — with ASM the shown field is inserted and
// the hidden one removed. The same node as Tests/NodeTreeTests/SignupTransitionTests.swift, without the
// seeds' custom slide animation: the harness computes transitions (prepareLayoutTransition) and applies them
// unanimated, so no animation time is ever included.

public enum SignupFieldState: Sendable {
    case name, age

    public var toggled: SignupFieldState { self == .name ? .age : .name }
}

public final class SignupFormNode: DisplayNode, @unchecked Sendable {
    public let nameField = EditableTextNode(placeholder: "Name")
    public let ageField = EditableTextNode(placeholder: "Age")
    public let buttonNode = ButtonNode()
    private let lock = NSLock()
    private var storedState = SignupFieldState.name

    public override init() {
        super.init()
        automaticallyManagesSubnodes = true
        for field in [nameField, ageField] { field.fixedSize = Size(width: 200, height: 30) }
        buttonNode.setTitle("Next", fontSize: 10)
    }

    public var fieldState: SignupFieldState {
        get { lock.withLock { storedState } }
        set { lock.withLock { storedState = newValue } }
    }

    /// The field the current state shows.
    public var shownField: EditableTextNode { fieldState == .name ? nameField : ageField }

    public override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> any LayoutElement {
        let stack = StackLayoutSpec(children: [shownField, buttonNode])
        return InsetLayoutSpec(insets: EdgeInsets(all: 15), child: stack)
    }
}

import LayoutCore
import Testing
@testable import NodeTree

// The example of Texture's Layout Transition API documentation: a SignupNode with name and age fields and a
// button; `fieldState` picks the field; transitionLayout(animated: true) slides the shown field out and the
// other one in, using the context's initial and final frames. Run end to end on a manual animation clock.

enum SignupFieldState: Sendable { case name, age }

final class SignupNode: DisplayNode, @unchecked Sendable {
    let nameField = named(EditableTextNode(placeholder: "Name"), "name")
    let ageField = named(EditableTextNode(placeholder: "Age"), "age")
    let buttonNode = named(ButtonNode(), "next")
    private let stateBox = Locked(SignupFieldState.name)
    let hooks = EventLog()
    /// The animation duration of the documentation's custom animation.
    static let duration = 0.4

    override init() {
        super.init()
        debugName = "signup"
        automaticallyManagesSubnodes = true
        for field in [nameField, ageField] { field.fixedSize = Size(width: 200, height: 30) }
        buttonNode.setTitle("Next", fontSize: 10)
    }

    var fieldState: SignupFieldState {
        get { stateBox.load() }
        set { stateBox.store(newValue) }
    }

    override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> any LayoutElement {
        let field = fieldState == .name ? nameField : ageField
        let stack = StackLayoutSpec(children: [field, buttonNode])
        return InsetLayoutSpec(insets: EdgeInsets(all: 15), child: stack)
    }

    /// The documentation's animateLayoutTransition:, with the Animator standing in for UIView.animate.
    override func animateLayoutTransition(_ context: TransitionContext) {
        hooks.append("animate(animated: \(context.isAnimated), inserted: \(context.insertedSubnodes.map { $0.debugName ?? "?" }), "
                         + "removed: \(context.removedSubnodes.map { $0.debugName ?? "?" }), subnodes: \(subnodeNames(self)))")
        guard context.isAnimated else {
            super.animateLayoutTransition(context)
            return
        }
        let (incoming, outgoing) = fieldState == .name ? (nameField, ageField) : (ageField, nameField)
        var initialFrame = context.initialFrame(for: outgoing)
        initialFrame.origin.x += initialFrame.size.width
        incoming.frame = initialFrame
        incoming.alpha = 0
        var outgoingFinalFrame = context.finalFrame(for: incoming)
        outgoingFinalFrame.origin.x -= outgoingFinalFrame.size.width
        context.animator.animate(withDuration: SignupNode.duration, animations: {
            incoming.frame = context.finalFrame(for: incoming)
            incoming.alpha = 1
            outgoing.frame = outgoingFinalFrame
            outgoing.alpha = 0
        }, completion: { finished in
            context.completeTransition(finished)
        })
    }

    override func didCompleteLayoutTransition(_ context: TransitionContext) {
        hooks.append("didComplete(subnodes before: \(subnodeNames(self)))")
        super.didCompleteLayoutTransition(context)
    }

    override func calculatedLayoutDidChange() {
        super.calculatedLayoutDidChange()
        hooks.append("calculatedLayoutDidChange")
    }
}

@MainActor
private func makeSignup() -> (SignupNode, PlatformView, Animator) {
    let animator = Animator(clock: .manual)
    let signup = SignupNode()
    signup.animator = animator
    let window = PlatformView(frame: Rect(x: 0, y: 0, width: 375, height: 667))
    window.addSubview(signup.view)
    signup.frame = Rect(x: 0, y: 0, width: 375, height: 60)
    window.layoutIfNeeded()
    return (signup, window, animator)
}

@Suite(.enabled(if: stackAlgorithmAvailable, needsStack))
struct SignupTransitionTests {
    static let fieldAtRest = Rect(x: 15, y: 15, width: 200, height: 30)

    @MainActor @Test func signupFormEndToEnd() {
        let (signup, window, animator) = makeSignup()
        let (name, age, button) = (signup.nameField, signup.ageField, signup.buttonNode)
        #expect(same(signup.subnodes, [name, button]))
        #expect(name.frame == Self.fieldAtRest)
        let buttonFrame = button.frame
        #expect(buttonFrame.minX == 215)
        signup.hooks.reset()

        // Name → age.
        signup.fieldState = .age
        let completions = Counter()
        signup.transitionLayout(animated: true, measurementCompletion: {
            completions.increment()
            signup.hooks.append("measurementCompletion")
        })

        // The inserted field is a subnode (and loaded, its view in place) before the animation; the removed
        // one is still there.
        #expect(completions.value == 1)
        #expect(signup.hooks.all.first == "measurementCompletion")
        #expect(signup.hooks.all.dropFirst().first
                    == "animate(animated: true, inserted: [\"age\"], removed: [\"name\"], subnodes: age,name,next)")
        #expect(same(signup.subnodes, [age, name, button]) && same(subviewNodes(signup), [age, name, button]))
        #expect(!signup.isRunningLayoutTransition, "applied; only the animation runs")
        #expect(signup.pendingLayoutTransitionContext != nil)

        // Start: age just right of where the name field is, transparent; name at rest.
        #expect(age.view.presentationFrame == Rect(x: 215, y: 15, width: 200, height: 30))
        #expect(age.view.presentationAlpha == 0 && name.view.presentationAlpha == 1)
        #expect(name.view.presentationFrame == Self.fieldAtRest)

        // Mid-way (ease-in-out is symmetric: half the distance at half the time).
        animator.advance(by: SignupNode.duration / 2)
        #expect(age.view.presentationFrame.minX.isApproximately(115))
        #expect(name.view.presentationFrame.minX.isApproximately(-85))
        #expect(age.view.presentationAlpha.isApproximately(0.5) && name.view.presentationAlpha.isApproximately(0.5))
        #expect(same(signup.subnodes, [age, name, button]), "the removed field stays until completion")
        #expect(!signup.hooks.all.contains { $0.hasPrefix("didComplete") })

        // A layout pass mid-animation changes nothing (the layout is current; the removed field is in no layout).
        window.layoutIfNeeded()
        #expect(name.supernode === signup && name.view.presentationFrame.minX.isApproximately(-85))

        // End.
        animator.advance(by: SignupNode.duration / 2)
        #expect(same(signup.subnodes, [age, button]) && same(subviewNodes(signup), [age, button]))
        #expect(name.supernode == nil && name.view.superview == nil)
        #expect(age.frame == Self.fieldAtRest && age.view.presentationFrame == Self.fieldAtRest && age.alpha == 1)
        #expect(button.frame == buttonFrame)
        #expect(signup.pendingLayoutTransitionContext == nil)
        #expect(Array(signup.hooks.all.suffix(2)) == ["didComplete(subnodes before: age,name,next)", "calculatedLayoutDidChange"])
        #expect(signup.hooks.all.filter { $0 == "calculatedLayoutDidChange" }.count == 1)

        // And back: age → name.
        signup.hooks.reset()
        signup.fieldState = .name
        signup.transitionLayout(animated: true)
        #expect(same(signup.subnodes, [name, age, button]))
        #expect(name.view.presentationFrame == Rect(x: 215, y: 15, width: 200, height: 30) && name.view.presentationAlpha == 0)
        animator.runToCompletion()
        #expect(same(signup.subnodes, [name, button]))
        #expect(name.frame == Self.fieldAtRest && name.alpha == 1)
        #expect(age.frame == Rect(x: -185, y: 15, width: 200, height: 30) && age.alpha == 0,
                "the removed field keeps the values its animation left")
        #expect(signup.layoutStatistics.transitionsApplied == 2)
    }

    /// Not animated: the hooks still run, with isAnimated == false; the default sets the final frames and
    /// completes at once, so the removal happens before transitionLayout returns.
    @MainActor @Test func notAnimatedStillCallsTheHooks() {
        let (signup, _, animator) = makeSignup()
        signup.hooks.reset()
        signup.fieldState = .age
        signup.transitionLayout(animated: false)
        #expect(signup.hooks.all == [
            "animate(animated: false, inserted: [\"age\"], removed: [\"name\"], subnodes: age,name,next)",
            "didComplete(subnodes before: age,name,next)",
            "calculatedLayoutDidChange",
        ])
        #expect(same(signup.subnodes, [signup.ageField, signup.buttonNode]))
        #expect(signup.ageField.frame == Self.fieldAtRest)
        #expect(animator.runningAnimationCount == 0)
    }

    /// The harness's "transition computation": measure + diff + context, nothing applied.
    @MainActor @Test func preparingATransitionChangesNothing() {
        let (signup, _, _) = makeSignup()
        signup.fieldState = .age
        let context = signup.prepareLayoutTransition()
        #expect(same(context.insertedSubnodes, [signup.ageField]) && same(context.removedSubnodes, [signup.nameField]))
        #expect(context.finalFrame(for: signup.ageField) == Self.fieldAtRest)
        #expect(context.initialFrame(for: signup.nameField) == Self.fieldAtRest)
        #expect(context.initialFrame(for: signup.ageField).isNull)
        #expect(context.constrainedSize(for: .to) == SizeRange(exactly: Size(width: 375, height: 60)))
        #expect(context.timings.totalNanoseconds > 0)
        #expect(same(signup.subnodes, [signup.nameField, signup.buttonNode]))
        #expect(same(calculatedNodes(signup), [signup.nameField, signup.buttonNode]))
        context.completeTransition(true)
        #expect(same(signup.subnodes, [signup.nameField, signup.buttonNode]))
    }
}

extension Double {
    func isApproximately(_ other: Double, tolerance: Double = 1e-6) -> Bool { abs(self - other) <= tolerance }
}

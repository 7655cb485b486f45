import LayoutCore
import Testing
@testable import NodeTree

// The animation clock (Animator.swift) and PlatformView's presentation values.

@Suite struct AnimatorTests {
    @Test func curves() {
        for curve in AnimationCurve.allCases {
            #expect(curve.progress(0) == 0 && curve.progress(1) == 1, "\(curve)")
            var previous = 0.0
            for step in 1...100 {
                let value = curve.progress(Double(step) / 100)
                #expect(value >= previous - 1e-12, "\(curve) is monotonic")
                previous = value
            }
        }
        #expect(AnimationCurve.linear.progress(0.3) == 0.3)
        #expect(abs(AnimationCurve.easeInOut.progress(0.5) - 0.5) < 1e-9, "symmetric")
        #expect(AnimationCurve.easeInOut.progress(0.25) < 0.25 && AnimationCurve.easeInOut.progress(0.75) > 0.75)
        #expect(AnimationCurve.easeIn.progress(0.5) < 0.5 && AnimationCurve.easeOut.progress(0.5) > 0.5)
        #expect(AnimationOptions().curve == .easeInOut)
        #expect(AnimationOptions.curveLinear.curve == .linear)
    }

    @MainActor @Test func manualClockInterpolatesAndCompletesOnce() {
        let animator = Animator(clock: .manual)
        let view = PlatformView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        var completions: [Bool] = []
        animator.animate(withDuration: 1, options: .curveLinear, animations: {
            view.frame = Rect(x: 100, y: 0, width: 20, height: 10)
            view.alpha = 0
        }, completion: { completions.append($0) })
        // Model values are final at once; the presentation starts where the view was.
        #expect(view.frame == Rect(x: 100, y: 0, width: 20, height: 10) && view.alpha == 0)
        #expect(view.presentationFrame == Rect(x: 0, y: 0, width: 10, height: 10) && view.presentationAlpha == 1)
        #expect(view.hasRunningAnimations && animator.runningAnimationCount == 1)

        animator.advance(by: 0.25)
        #expect(view.presentationFrame == Rect(x: 25, y: 0, width: 12.5, height: 10))
        #expect(view.presentationAlpha == 0.75)
        animator.advance(by: 0.25)
        #expect(view.presentationFrame.minX == 50)
        #expect(completions.isEmpty)

        animator.advance(by: 0.5)
        #expect(completions == [true])
        #expect(!view.hasRunningAnimations && animator.runningAnimationCount == 0)
        #expect(view.presentationFrame == view.frame)
        animator.advance(by: 1)
        #expect(completions == [true])
    }

    @MainActor @Test func delayHoldsTheStartValue() {
        let animator = Animator(clock: .manual)
        let view = PlatformView()
        animator.animate(withDuration: 1, delay: 0.5, options: .curveLinear, animations: { view.alpha = 0 })
        animator.advance(by: 0.5)
        #expect(view.presentationAlpha == 1)
        animator.advance(by: 0.5)
        #expect(view.presentationAlpha == 0.5)
        animator.runToCompletion()
        #expect(animator.runningAnimationCount == 0 && view.presentationAlpha == 0)
    }

    @MainActor @Test func aNewerAnimationInterruptsTheOlderOne() {
        let animator = Animator(clock: .manual)
        let view = PlatformView()
        var log: [String] = []
        animator.animate(withDuration: 1, options: .curveLinear, animations: { view.alpha = 0 },
                         completion: { log.append("first \($0)") })
        animator.advance(by: 0.5)
        animator.animate(withDuration: 1, options: .curveLinear, animations: { view.alpha = 1 },
                         completion: { log.append("second \($0)") })
        // The new track starts from what was on screen (0.5).
        #expect(view.presentationAlpha == 0.5)
        animator.advance(by: 0)
        #expect(log == ["first false"])
        animator.advance(by: 0.5)
        #expect(view.presentationAlpha == 0.75)
        animator.runToCompletion()
        #expect(log == ["first false", "second true"])
    }

    @MainActor @Test func directWritesCutARunningTrackOnlyWhenTheValueDiffers() {
        let animator = Animator(clock: .manual)
        let view = PlatformView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        var finished: [Bool] = []
        animator.animate(withDuration: 1, animations: { view.frame = Rect(x: 50, y: 0, width: 10, height: 10) },
                         completion: { finished.append($0) })
        view.frame = Rect(x: 50, y: 0, width: 10, height: 10)  // same as the target: keeps animating
        #expect(view.hasRunningAnimations)
        view.frame = Rect(x: 70, y: 0, width: 10, height: 10)  // elsewhere: jumps there
        #expect(!view.hasRunningAnimations && view.presentationFrame.minX == 70)
        animator.advance(by: 0)
        #expect(finished == [false])
    }

    @MainActor @Test func completionsCanChainAnimations() {
        let animator = Animator(clock: .manual)
        let view = PlatformView()
        var steps = 0
        func fade(to alpha: Double) {
            animator.animate(withDuration: 0.1, animations: { view.alpha = alpha }, completion: { _ in
                steps += 1
                if steps < 3 { fade(to: alpha == 0 ? 1 : 0) }
            })
        }
        fade(to: 0)
        animator.runToCompletion()
        #expect(steps == 3 && view.alpha == 0 && animator.runningAnimationCount == 0)
    }

    @MainActor @Test func realTimeClockCompletesByItself() async {
        let animator = Animator()
        #expect(animator.clock == .realTime)
        let view = PlatformView()
        let finished = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            animator.animate(withDuration: 0.03, animations: { view.alpha = 0 }, completion: { continuation.resume(returning: $0) })
        }
        #expect(finished && view.presentationAlpha == 0 && animator.currentTime >= 0.03)
    }
}

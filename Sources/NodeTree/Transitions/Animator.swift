// The animation clock (UIKit's animation machinery, reduced to what layout transitions need). There is no
// UIKit here, so view property animations run on an `Animator`:
//
//   animate(withDuration:delay:options:animations:completion:)
//     1. open a group (start = now + delay, duration, timing curve) and make it the recording group;
//     2. run `animations`: each PlatformView frame/bounds/position/alpha write inside it sets the model value
//        at once (as UIKit does: model = final) and adds a track from the value presented until then to the
//        new one (a track already running on that property is replaced, and its group marked interrupted);
//     3. close the group; the clock completes it once `now ≥ start + duration` (or once all its tracks were
//        replaced), removing its tracks and calling `completion(finished)`, finished = no track interrupted.
//
//   PlatformView.presentationFrame / presentationAlpha sample the tracks at the clock's `currentTime`.
//
// Two clocks: `.realTime` (the default; a main-actor task ticks about every 8 ms while animations run) and
// `.manual`, which only moves when told — `advance(by:)` or `runToCompletion()` — so tests and the harness
// can look at frames at the start, the middle and the end of a transition deterministically.

/// Options of an animation, in UIKit's encoding (curve in bits 16–17; ease-in-out is 0, so the empty set
/// means ease-in-out, as UIKit's default and Texture's defaultLayoutTransitionOptions).
public struct AnimationOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Accepted for source compatibility; tracks always start from the presented value.
    public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
    public static let curveEaseInOut = AnimationOptions([])
    public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
    public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
    public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

    public var curve: AnimationCurve {
        switch (rawValue >> 16) & 3 {
        case 1: .easeIn
        case 2: .easeOut
        case 3: .linear
        default: .easeInOut
        }
    }
}

/// Core Animation's named timing functions (cubic Béziers from (0,0) to (1,1)).
public enum AnimationCurve: Sendable, Hashable, CaseIterable {
    case easeInOut, easeIn, easeOut, linear

    private var controlPoints: (Double, Double, Double, Double) {
        switch self {
        case .easeInOut: (0.42, 0, 0.58, 1)
        case .easeIn: (0.42, 0, 1, 1)
        case .easeOut: (0, 0, 0.58, 1)
        case .linear: (0, 0, 1, 1)
        }
    }

    /// The eased progress for linear time progress `t` (0…1): solve x(s) = t, return y(s).
    public func progress(_ t: Double) -> Double {
        if t <= 0 { return 0 }
        if t >= 1 { return 1 }
        if self == .linear { return t }
        let (x1, y1, x2, y2) = controlPoints
        func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
        }
        func slope(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
        }
        // Newton from s = t, then bisection if it did not converge (flat slopes near the ends).
        var s = t
        for _ in 0..<8 {
            let error = bezier(s, x1, x2) - t
            if abs(error) < 1e-9 { return bezier(s, y1, y2) }
            let d = slope(s, x1, x2)
            if abs(d) < 1e-9 { break }
            s -= error / d
        }
        var lo = 0.0, hi = 1.0
        s = t
        for _ in 0..<60 {
            let x = bezier(s, x1, x2)
            if abs(x - t) < 1e-12 { break }
            if x < t { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return bezier(s, y1, y2)
    }
}

@MainActor
public final class Animator {
    public enum Clock: Sendable, Hashable {
        /// Time passes by itself (a monotonic clock); completions fire from a main-actor ticker.
        case realTime
        /// Time moves only through `advance(by:)` and `runToCompletion()`.
        case manual
    }

    /// The real-time animator nodes use unless they (or an ancestor) have their own.
    public static let shared = Animator(clock: .realTime)

    /// The group whose `animations` block is running, which property writes add tracks to.
    static var recordingGroup: AnimationGroup?

    public let clock: Clock
    private var manualTime = 0.0
    private let origin = ContinuousClock.now
    /// Added to real time by runToCompletion on a real-time clock.
    private var skippedTime = 0.0
    private var groups: [AnimationGroup] = []
    private var ticker: Task<Void, Never>?

    public init(clock: Clock = .realTime) {
        self.clock = clock
    }

    /// Seconds since the animator was created (manual: the sum of the advances).
    public var currentTime: Double {
        switch clock {
        case .manual:
            return manualTime
        case .realTime:
            let elapsed = ContinuousClock.now - origin
            return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18 + skippedTime
        }
    }

    /// Animations started and not completed yet.
    public var runningAnimationCount: Int { groups.count }

    /// UIView.animate(withDuration:delay:options:animations:completion:), on this clock. `animations` runs
    /// right away; view property writes in it animate from their presented values.
    public func animate(withDuration duration: Double, delay: Double = 0, options: AnimationOptions = [],
                        animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        MainActor.assertIsolated()
        let group = AnimationGroup(animator: self, start: currentTime + Swift.max(0, delay),
                                   duration: Swift.max(0, duration), curve: options.curve, completion: completion)
        let outer = Animator.recordingGroup
        Animator.recordingGroup = group
        animations()
        Animator.recordingGroup = outer
        groups.append(group)
        startTickerIfNeeded()
    }

    /// Moves a manual clock forward and completes the animations that ended.
    public func advance(by seconds: Double) {
        precondition(clock == .manual, "Animator.advance(by:) needs a manual clock; this one runs in real time")
        precondition(seconds >= 0, "Animator.advance(by: \(seconds)): time only moves forward")
        manualTime += seconds
        tick()
    }

    /// Moves the clock to the end of every running animation, including ones that completions start, and
    /// completes them all (bounded, in case completions keep starting animations forever).
    public func runToCompletion() {
        for _ in 0..<10_000 {
            guard let end = groups.map(\.endTime).max() else { return }
            let now = currentTime
            if end > now {
                switch clock {
                case .manual: manualTime = end
                case .realTime: skippedTime += end - now
                }
            }
            tick()
        }
    }

    /// Completes the animations that are due (ended, or every track replaced), in order of their end.
    public func tick() {
        let now = currentTime
        let due = groups.filter { $0.isDue(at: now) }.sorted { $0.endTime < $1.endTime }
        guard !due.isEmpty else { return }
        groups.removeAll { group in due.contains { $0 === group } }
        for group in due { group.finish() }
    }

    private func startTickerIfNeeded() {
        guard clock == .realTime, ticker == nil else { return }
        ticker = Task { @MainActor [weak self] in
            while true {
                try? await Task.sleep(nanoseconds: 8_000_000)
                guard let self else { return }
                self.tick()
                if self.groups.isEmpty {
                    self.ticker = nil
                    return
                }
            }
        }
    }
}

/// One animate(…) call: its timing, its tracks and its completion.
@MainActor
final class AnimationGroup {
    unowned let animator: Animator
    let start: Double
    let duration: Double
    let curve: AnimationCurve
    private let completion: ((Bool) -> Void)?
    /// Views with a track of this group (weak: a released view just drops its track).
    private var views: [WeakView] = []
    private var liveTracks = 0
    private(set) var interrupted = false

    private struct WeakView { weak var view: PlatformView? }

    init(animator: Animator, start: Double, duration: Double, curve: AnimationCurve, completion: ((Bool) -> Void)?) {
        self.animator = animator
        self.start = start
        self.duration = duration
        self.curve = curve
        self.completion = completion
    }

    var endTime: Double { start + duration }

    func isDue(at time: Double) -> Bool {
        time >= endTime || (interrupted && liveTracks == 0)
    }

    /// Eased progress at `time`: 0 before the start (delay), 1 at and after the end.
    func progress(at time: Double) -> Double {
        guard duration > 0 else { return time >= start ? 1 : 0 }
        return curve.progress((time - start) / duration)
    }

    func trackAdded(to view: PlatformView) {
        liveTracks += 1
        views.append(WeakView(view: view))
    }

    /// A track of this group was replaced by a newer animation or cut by a direct write.
    func trackInterrupted() {
        liveTracks -= 1
        interrupted = true
    }

    /// Removes the group's remaining tracks (presentation = model from now on) and reports.
    func finish() {
        for entry in views { entry.view?.removeTracks(of: self) }
        views = []
        completion?(!interrupted)
    }
}

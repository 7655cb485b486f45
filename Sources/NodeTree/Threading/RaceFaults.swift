#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

// Deliberate locking mistakes inside the node tree, to show that `bench stress` under the thread sanitizer
// finds each class of them (issue #25), and the schedule perturbation that helps it.
//
// Compiled only with the LOOM_RACE_FAULTS condition (Package.swift sets it for debug builds when the
// environment variable LOOM_RACE_FAULTS=1 is set; `make test-tsan` does): release builds and ordinary debug
// builds contain none of the injection sites and none of the perturbation. The names, `isCompiledIn` and
// the selection exist in every build, so `bench` can say "not in this build" instead of failing to link.
//
// Each fault is one site in the tree, a `#if LOOM_RACE_FAULTS` block of a line or two that calls the
// fault's own function below. That function repeats, without the lock, an access the site just made under
// it — an inout access that stores nothing, or a plain read — so the program computes what it computed
// before, but the access is a data race, which is what each fault stands for. Every fault has its own
// function (never inlined) so a sanitizer report names the fault in its stack. The accesses are ones the
// thread sanitizer sees in Swift: it does not see raw-memory loads and stores, nor a copy of a generic value.
//
// Schedule perturbation: with a seed set for a thread (`RaceSchedule.start(seed:stream:)`, which the stress
// lanes call), every acquisition and release of a node-tree lock (Locked.swift) may spin a little, yield
// the processor, or sleep a few microseconds, by that thread's own random stream. That widens the windows
// in which two threads touch one node without an ordering, in the spirit of probabilistic concurrency
// testing (PCT): a
// seed fixes the shape of each lane's delays, so a schedule's shape replays with it (the operating system's
// scheduling does not). None of it synchronises: it only costs time.

/// A deliberate race inside NodeTree (LOOM_RACE_FAULTS builds only), by the shared state it breaks and the
/// Texture mechanism (its node locking and main-thread rules) that guards that state.
public enum RaceFault: String, CaseIterable, Sendable {
    /// `alpha`'s setter writes the pending view state's alpha again after releasing the node's lock.
    /// Breaks Texture's bridged properties rule: they are read and written under the node's instance lock.
    case bridgedPropertyAfterLock = "bridged-property-after-lock"
    /// A measurement's publish writes the pending layout slot's version again outside the lock.
    /// Breaks Texture's layout cache rule (and docs/ARCHITECTURE.md's versioned cache): the cache is published under
    /// the lock.
    case layoutCachePublish = "layout-cache-publish"
    /// An off-main bridged write sets the "registered for flush" flag again outside the lock.
    /// Breaks Texture's ASPendingStateController rule: registering with the controller is decided under the
    /// node's lock.
    case pendingStateRegistration = "pending-state-registration"
    /// A hand edit (`addSubnode`, `insertSubnode`…) writes the supernode's subnode list again outside its
    /// lock. Breaks Texture's instance lock rule: hierarchy links are edited under the node's lock.
    case hierarchyLink = "hierarchy-link"
    /// Automatic subnode management installs its new subnode list, then writes it again outside the lock.
    /// Breaks Texture's automaticallyManagesSubnodes commit: its subnode list edits happen under the lock.
    case asmPendingSubnodes = "asm-pending-subnodes"
    /// After applying a transition, the main actor writes a field of its context (the timings) again — a
    /// context it published as the node's pending context, which other threads may hold and read. Breaks
    /// Texture's _ASTransitionContext rule: a transition's state is written before it is published under the lock,
    /// never after.
    case transitionContext = "transition-context"
    /// A scroll node's measurement records its content size, then writes it again outside the lock.
    /// Breaks Texture's ASScrollNode rule: the content size is node state, written under the node's lock.
    case scrollContentSize = "scroll-content-size"
    /// A text node's measurement reads its text state (the text's revision) again without the text lock.
    /// Breaks Texture's measurement rule: measurement runs on any thread and reads the node's configuration
    /// under its lock.
    case textReadDuringMeasurement = "text-read-during-measurement"

    /// The file of the injection site (what a report's stack shows next to the fault's function).
    public var site: String {
        switch self {
        case .bridgedPropertyAfterLock, .pendingStateRegistration: "DisplayNode+BridgedProperties.swift"
        case .layoutCachePublish: "DisplayNode+Layout.swift"
        case .hierarchyLink: "DisplayNode+Hierarchy.swift"
        case .asmPendingSubnodes: "DisplayNode+AutomaticSubnodes.swift"
        case .transitionContext: "DisplayNode+Transition.swift"
        case .scrollContentSize: "ScrollNode.swift"
        case .textReadDuringMeasurement: "TextNode.swift"
        }
    }

    /// The function in this file whose name a report's stack shows for the fault.
    public var functionName: String {
        switch self {
        case .bridgedPropertyAfterLock: "injectBridgedPropertyWriteAfterLock"
        case .layoutCachePublish: "injectLayoutCachePublishOutsideLock"
        case .pendingStateRegistration: "injectRegistrationFlagWriteOutsideLock"
        case .hierarchyLink: "injectSubnodeListWriteOutsideLock"
        case .asmPendingSubnodes: "injectASMSubnodeListWriteOutsideLock"
        case .transitionContext: "injectTransitionContextWriteOutsideLock"
        case .scrollContentSize: "injectScrollContentSizeWriteOutsideLock"
        case .textReadDuringMeasurement: "injectTextReadOutsideLock"
        }
    }

    /// The Texture mechanism the fault breaks, in one line.
    public var mechanism: String {
        switch self {
        case .bridgedPropertyAfterLock: "bridged properties are read and written under the node's lock"
        case .layoutCachePublish: "a measurement publishes the layout cache under the lock"
        case .pendingStateRegistration: "the first off-main write registers for the flush under the lock"
        case .hierarchyLink: "hierarchy links are edited under the lock"
        case .asmPendingSubnodes: "ASM's commit edits the subnode list under the lock"
        case .transitionContext: "a transition context is complete before it is published"
        case .scrollContentSize: "the scroll content size is node state under the lock"
        case .textReadDuringMeasurement: "measurement reads the node's configuration under the lock"
        }
    }
}

/// Selecting a race fault at run time.
public enum RaceFaults {
    /// True when this build has the injection sites (the LOOM_RACE_FAULTS condition).
    public static var isCompiledIn: Bool {
        #if LOOM_RACE_FAULTS
        true
        #else
        false
        #endif
    }

    /// The environment variable that selects a fault at startup (`LOOM_INJECT_RACE=NAME`), for programs
    /// other than `bench stress --inject-race`.
    public static let environmentVariable = "LOOM_INJECT_RACE"

    /// The selected fault's index + 1, 0 for none. An atomic read at each site; set before the threads
    /// that may hit the site start.
    static let selectedIndex = Atomic<Int>(-1)

    /// Selects `fault` (nil: none). False when the build has no injection sites.
    @discardableResult
    public static func select(_ fault: RaceFault?) -> Bool {
        guard isCompiledIn else { return fault == nil }
        selectedIndex.store(fault.map { RaceFault.allCases.firstIndex(of: $0)! + 1 } ?? 0, ordering: .relaxed)
        return true
    }

    /// The selected fault (the environment variable's, until `select` is called).
    public static var selected: RaceFault? {
        var index = selectedIndex.load(ordering: .relaxed)
        if index < 0 {
            let named = getenv(environmentVariable).map { String(cString: $0) }.flatMap(RaceFault.init(rawValue:))
            index = named.map { RaceFault.allCases.firstIndex(of: $0)! + 1 } ?? 0
            if !isCompiledIn { index = 0 }
            selectedIndex.store(index, ordering: .relaxed)
        }
        return index == 0 ? nil : RaceFault.allCases[index - 1]
    }

    @inline(__always)
    static func isActive(_ fault: RaceFault) -> Bool { selected == fault }
}

#if LOOM_RACE_FAULTS

extension Locked {
    /// The value's address without taking the lock: only for the deliberate races below.
    func unsynchronizedAddress() -> UnsafeMutablePointer<Value> {
        storage.withUnsafeMutablePointerToHeader { LockedStorage<Value>.value(in: $0) }
    }
}

extension RaceFaults {
    /// Writes the field without any lock, leaving its value as it is: an inout access of the field, which the
    /// thread sanitizer checks against every other access of it (it does not check raw-memory loads and
    /// stores). Nothing is stored, so a reference is neither retained nor released: a stale value cannot be
    /// written back.
    @inline(never)
    static func unsynchronizedWrite<T>(_ field: UnsafeMutablePointer<T>) {
        withUnsafeMutablePointer(to: &field.pointee) { _ in }
    }

    @inline(never)
    static func injectBridgedPropertyWriteAfterLock(_ field: UnsafeMutablePointer<Double>) {
        unsynchronizedWrite(field)
    }

    @inline(never)
    static func injectLayoutCachePublishOutsideLock(_ field: UnsafeMutablePointer<UInt64>) {
        unsynchronizedWrite(field)
    }

    @inline(never)
    static func injectRegistrationFlagWriteOutsideLock(_ field: UnsafeMutablePointer<Bool>) {
        unsynchronizedWrite(field)
    }

    @inline(never)
    static func injectSubnodeListWriteOutsideLock(_ field: UnsafeMutablePointer<[DisplayNode]>) {
        unsynchronizedWrite(field)
    }

    @inline(never)
    static func injectASMSubnodeListWriteOutsideLock(_ field: UnsafeMutablePointer<[DisplayNode]>) {
        unsynchronizedWrite(field)
    }

    @inline(never)
    static func injectTransitionContextWriteOutsideLock(_ context: TransitionContext) {
        context.timings.contextNanoseconds = context.timings.contextNanoseconds
    }

    @inline(never)
    static func injectScrollContentSizeWriteOutsideLock<T>(_ field: UnsafeMutablePointer<T>) {
        unsynchronizedWrite(field)
    }

    @inline(never)
    static func injectTextReadOutsideLock(_ field: UnsafeMutablePointer<UInt64>) {
        // A concrete type: a generic read copies through the type's value witness, which the sanitizer
        // does not see.
        let revision = field.pointee
        withExtendedLifetime(revision) {}
    }
}

#endif

/// Seeded schedule perturbation where the node tree takes and releases its locks (LOOM_RACE_FAULTS builds;
/// a no-op elsewhere).
public enum RaceSchedule {
    /// Perturbs the calling thread's lock acquisitions and releases from now on, by the stream (`seed`,
    /// `stream`).
    public static func start(seed: UInt64, stream: UInt64) {
        #if LOOM_RACE_FAULTS
        let lane = RaceScheduleLane(seed: seed, stream: stream)
        pthread_setspecific(RaceScheduleLane.key, Unmanaged.passRetained(lane).toOpaque())
        #endif
    }

    /// Stops perturbing the calling thread.
    public static func stop() {
        #if LOOM_RACE_FAULTS
        if let raw = pthread_getspecific(RaceScheduleLane.key) {
            Unmanaged<RaceScheduleLane>.fromOpaque(raw).release()
            pthread_setspecific(RaceScheduleLane.key, nil)
        }
        #endif
    }

    /// True when this build perturbs schedules (the LOOM_RACE_FAULTS condition).
    public static var isCompiledIn: Bool { RaceFaults.isCompiledIn }

    #if LOOM_RACE_FAULTS
    /// Called right before a node-tree lock is taken and right after it is released: a delay before
    /// taking it leaves the other lanes a window in which nothing orders them after this one.
    @usableFromInline static func atSynchronizationPoint() {
        guard let raw = pthread_getspecific(RaceScheduleLane.key) else { return }
        Unmanaged<RaceScheduleLane>.fromOpaque(raw).takeUnretainedValue().perturb()
    }
    #endif
}

#if LOOM_RACE_FAULTS
/// One thread's perturbation: a random stream (SplitMix64 of seed and stream) and the thread's
/// "priority", drawn once: how often it delays at a release. Different lanes delay at different rates, so
/// the seed decides which lanes run ahead (PCT's priorities) and where each one pauses (its change points).
final class RaceScheduleLane {
    static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    private var state: UInt64
    /// Out of 256: the chance that a release delays at all (the lane's priority).
    private var delayChance: UInt64 = 0

    init(seed: UInt64, stream: UInt64) {
        state = seed &* 0x9E37_79B9_7F4A_7C15 ^ (stream &+ 1) &* 0xBF58_476D_1CE4_E5B9
        delayChance = [32, 64, 128, 192][Int(next() % 4)]
    }

    private func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    func perturb() {
        let draw = next()
        guard draw & 255 < delayChance else { return }
        switch (draw >> 8) & 63 {
        case 0...15:
            // A long pause: the other lanes run on while this one sits at its lock.
            usleep(UInt32(20 + (draw >> 16) % 80))
        case 16...39:
            // The processor goes to another lane right here, between an access and the next ordering.
            sched_yield()
        default:
            // A short spin: shifts this lane's next accesses by a few hundred instructions.
            var spins = (draw >> 16) % 512
            while spins > 0 {
                spins -= 1
                withExtendedLifetime(spins) {}
            }
        }
    }
}
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import LayoutCore

// What AddressSanitizer sees of an escaped spec (issue #20). These tests run only in the ASan job
// (`make test-asan`); each crashes a child process by design (Swift Testing's exit tests re-run this test
// binary with the body selected).
//
// What an escaped spec does to memory (Memory/SpecArena.swift's header): a spec built in a region keeps its
// fields in a slot of its thread's arena; closing the region zeroes the slot's generation word, and the
// next region reuses the slot. The memory stays allocated for as long as the thread lives, so a spec read
// on its own thread after its region closed reads live memory: ASan cannot see that, and only the
// generation check stops it. When the thread exits, the pthread key's destructor frees the arena's chunks
// (`SpecSlab.release`). ASan poisons them, so a spec that escaped to another thread and is read after its
// builder exited is a heap-use-after-free. ASan reports it as soon as an instrumented load touches the
// slot. In a debug build, though, the generation check's own load (`SpecSlab.generation(of:)`, through
// `UnsafeRawPointer.load(as:)`) is not instrumented: at -Onone it calls the standard library's compiled
// copy in libswiftCore.so, which is built without ASan. That load reads the zero the region's close left,
// and the precondition stops the program before any instrumented read of the fields. So:
// - an instrumented read of that freed slot (here: the fields through the handle's slot pointer, which is
//   what a read without the check, or with a check ASan can see, does) is reported by ASan, with the
//   free's stack in the arena's release;
// - the checked read (`spec.insets`) stops at the precondition, and ASan says nothing;
// - the same-thread escape is never an ASan report (the memory is live).

/// Whether this process was built with `--sanitize=address` (its runtime is linked into the executable).
enum AddressSanitizer {
    static let isActive: Bool = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__asan_init") != nil
}

/// A spec built in a region on a thread of its own that has exited when this returns: its region closed,
/// then the thread's arena freed its slabs (`pthread_join` returns after the key destructors ran).
func insetSpecFromAnExitedThread() -> InsetLayoutSpec {
    final class Escape: @unchecked Sendable { var spec: InsetLayoutSpec? }
    let escape = Escape()
    #if canImport(Darwin)
    var thread: pthread_t?
    #else
    var thread = pthread_t()
    #endif
    let rc = pthread_create(&thread, nil, { raw in
        let escape = Unmanaged<Escape>.fromOpaque(raw!).takeRetainedValue()
        escape.spec = LayoutSpecRegion.with { InsetLayoutSpec(insets: EdgeInsets(all: 3), child: LayoutSpec()) }
        return nil
    }, Unmanaged.passRetained(escape).toOpaque())
    precondition(rc == 0, "pthread_create failed with \(rc)")
    #if canImport(Darwin)
    pthread_join(thread!, nil)
    #else
    pthread_join(thread, nil)
    #endif
    return escape.spec!
}

@Suite(.enabled(if: AddressSanitizer.isActive, "needs an --sanitize=address build (make test-asan)"))
struct SpecEscapeAddressSanitizerTests {
    /// A spec that escaped its region and its thread, its fields read after the thread exited: ASan stops
    /// the read of the freed slab with a heap-use-after-free report that names where the arena freed it.
    @Test func anInstrumentedReadOfASpecWhoseThreadExitedIsAHeapUseAfterFree() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let escaped = insetSpecFromAnExitedThread()
            // The fields through the slot pointer, without the generation check (at -Onone the check's
            // load is the standard library's uninstrumented copy; see above).
            // (Printed: `_ =` of a trivial field through a pointer loads nothing at -Onone.)
            print("escaped spec's top inset:", escaped.storage.slot.unsafelyUnwrapped.pointee.parameter.top)
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("ERROR: AddressSanitizer: heap-use-after-free"), "stderr: \(text)")
        // Freed by the arena's release when its thread exited (SpecSlab.release, mangled).
        #expect(text.contains("freed by thread") && text.contains("SpecSlabO7release"), "stderr: \(text)")
    }

    /// The same spec read the checked way (`spec.insets`): the generation check reads the zero left in the
    /// freed slot through an uninstrumented load and stops with its message; ASan reports nothing. If ASan
    /// reports here one day, the check's load became instrumented (e.g. `loadUnaligned` or `.pointee`,
    /// which are compiled into LayoutCore): then expect the heap-use-after-free here instead.
    @Test func theCheckedReadOfThatSpecStopsAtTheGenerationCheckUnseenByAddressSanitizer() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let escaped = insetSpecFromAnExitedThread()
            _ = escaped.insets
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("a layout spec was used after the layout it was built for ended"), "stderr: \(text)")
        #expect(!text.contains("AddressSanitizer"), "stderr: \(text)")
    }

    /// The control: the same thread reads the spec after its region closed. The slot is still allocated
    /// (reused by the next region), so ASan is silent and the generation check is what stops it.
    @Test func aSpecReadOnItsOwnThreadAfterItsRegionClosedIsNotAnAddressSanitizerReport() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let escaped = LayoutSpecRegion.with { InsetLayoutSpec(insets: EdgeInsets(all: 1), child: LayoutSpec()) }
            LayoutSpecRegion.with { _ = InsetLayoutSpec(insets: EdgeInsets(all: 2), child: LayoutSpec()) }
            _ = escaped.insets
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("a layout spec was used after the layout it was built for ended"), "stderr: \(text)")
        #expect(!text.contains("AddressSanitizer"), "stderr: \(text)")
    }
}

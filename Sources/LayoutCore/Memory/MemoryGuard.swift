// The checks that keep memory safe, on in every build.
//
// The package's release builds use -O, where `precondition` traps; but a build with -Ounchecked (a
// consumer's flags, or these targets' own until they dropped it) evaluates no `precondition` or `assert`
// at all and takes `preconditionFailure` as unreachable — reaching it is undefined behaviour. That is fine
// for a programmer-error check whose failure leaves memory intact (a wrong frame, a refused request), but
// not for one that stands between a caller and memory it must not touch: a spec handle whose arena slot
// was emptied and refilled by another spec, an index into a slab, a record buffer or an array whose own
// bounds check -Ounchecked removes. Those go through `memoryGuard`, which calls `fatalError` — the one trap
// every configuration keeps — so any build stops with the message instead of reading or writing someone
// else's memory (DESIGN.md: memory-safety guards always on).
//
// The test is inlined (a compare and a branch); the failure is a call of its own, out of line, so the
// message is built only when the process is about to stop and the hot path carries no string code.
//
// Invariants: every check that guards memory in this layer (a handle's generation, an index into a slab
// or a record buffer) goes through `memoryGuard` and so holds in every build; `assert` is kept for checks
// whose failure leaves memory intact. Neither evaluates work with side effects.

/// Stops the process with `message` unless `condition` holds — in every build, -Ounchecked included.
/// For checks whose failure would otherwise read or write memory the code does not own; programmer
/// errors that leave memory intact stay `precondition`s.
@inlinable @inline(__always)
package func memoryGuard(_ condition: Bool, _ message: @autoclosure () -> String,
                         file: StaticString = #fileID, line: UInt = #line) {
    if _slowPath(!condition) { memoryGuardFailure(message(), file: file, line: line) }
}

/// The failure of `memoryGuard`: a trap that -Ounchecked does not remove. The prefix names the kind of
/// check in crash logs (and lets tests tell this trap from a debug-only precondition's).
@usableFromInline @inline(never)
package func memoryGuardFailure(_ message: String, file: StaticString, line: UInt) -> Never {
    fatalError("memory-safety guard: " + message, file: file, line: line)
}

// Per-thread state of NodeTree's measuring path, as C11 thread-locals. Owned by NodeTree: nothing else reads
// or writes them.
//
// Why C: Swift has no thread-local storage of its own, and pthread_getspecific/setspecific are library
// calls (plus a lazy-global check for the key). A node measurement reads and sets the current measurement
// ticket three to four times; an initial-exec thread-local read in an executable is a single load, and
// these static inline accessors are inlined into the Swift callers (except in witness thunks, see
// loom_measurement_tickets_address).
#ifndef LOOM_MEASURING_THREAD_H
#define LOOM_MEASURING_THREAD_H

#include <stdint.h>

/// The measuring thread's tickets: the current measurement's (0 outside one) and the next of the thread's
/// block (0 until the thread takes its first; NodeTree hands out tickets from per-thread blocks so that
/// measuring never writes a cache line another thread writes). One thread-local for both, so that a
/// measurement, which reads the one and takes the other, computes one thread-local address instead of
/// two.
typedef struct {
    uint64_t current;
    uint64_t next;
} loom_measurement_tickets_t;

extern _Thread_local loom_measurement_tickets_t loom_measurement_tickets;
extern _Thread_local void *_Nullable loom_layout_spec_owner;

/// This thread's tickets; NodeTree reads and writes their fields through this address, taken once per
/// measurement. Why not an accessor per field: Swift marks calls to C functions inside a protocol witness
/// thunk `noinline`, and a measurement runs inside one (LayoutCore's call of a node child): there, field
/// accessors were a call each, one address is one call.
static inline loom_measurement_tickets_t *_Nonnull loom_measurement_tickets_address(void) {
    return &loom_measurement_tickets;
}

/// The node whose layoutSpecThatFits or layoutSpecBlock runs on this thread now (the innermost one: an
/// unretained object pointer), else NULL. NodeTree's hierarchy edits read it to refuse editing that node's
/// subnodes from inside its own spec (DisplayNode+SpecBuildingCheck.swift); setting and restoring it is
/// two stores around the spec call.
static inline void *_Nullable loom_current_layout_spec_owner(void) { return loom_layout_spec_owner; }

static inline void loom_set_current_layout_spec_owner(void *_Nullable node) { loom_layout_spec_owner = node; }

#endif

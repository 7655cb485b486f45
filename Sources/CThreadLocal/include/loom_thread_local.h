// Per-thread words for NodeTree's measuring path, as C11 thread-locals.
//
// Why C: Swift has no thread-local storage of its own, and pthread_getspecific/setspecific cost ~40
// instructions a call (plus a lazy-global check for the key). A node measurement reads and sets the
// current measurement ticket three to four times, so the calls were ~110 instructions of every leaf
// measurement (callgrind, feed-parity fresh). An initial-exec thread-local read in an executable is one
// instruction; these static inline accessors are inlined into the Swift callers.
#ifndef LOOM_THREAD_LOCAL_H
#define LOOM_THREAD_LOCAL_H

#include <stdint.h>

/// The measuring thread's tickets: the current measurement's (0 outside one) and the next of the thread's
/// block. One thread-local for both, so that a measurement, which reads the one and takes the other,
/// computes one thread-local address instead of two (−3.5 instructions per leaf measurement, callgrind,
/// feed-parity fresh).
typedef struct {
    uint64_t current;
    uint64_t next;
} loom_measurement_tickets_t;

extern _Thread_local loom_measurement_tickets_t loom_measurement_tickets;
extern _Thread_local void *_Nullable loom_layout_scratch_pool;
extern _Thread_local void *_Nullable loom_spec_arena;

/// The ticket of the measurement running on this thread (0 outside one).
static inline uint64_t loom_current_measurement_ticket(void) { return loom_measurement_tickets.current; }

/// Makes `ticket` the current one and returns the previous.
static inline uint64_t loom_exchange_measurement_ticket(uint64_t ticket) {
    uint64_t previous = loom_measurement_tickets.current;
    loom_measurement_tickets.current = ticket;
    return previous;
}

/// The next ticket of this thread's block (0 until the thread takes its first block); NodeTree hands
/// out tickets from per-thread blocks so that measuring never writes a cache line another thread writes.
static inline uint64_t loom_take_measurement_ticket(void) { return loom_measurement_tickets.next++; }

static inline uint64_t loom_peek_measurement_ticket(void) { return loom_measurement_tickets.next; }

static inline void loom_set_next_measurement_ticket(uint64_t ticket) { loom_measurement_tickets.next = ticket; }

/// This thread's layout scratch pool (an unretained object pointer; NULL until the thread first uses one).
static inline void *_Nullable loom_current_layout_scratch_pool(void) { return loom_layout_scratch_pool; }

static inline void loom_set_current_layout_scratch_pool(void *_Nullable pool) { loom_layout_scratch_pool = pool; }

/// This thread's layout spec arena (LayoutCore's SpecArena: an unretained object pointer; NULL until the
/// thread first opens a spec region). A spec initializer reads it to decide where its fields live.
static inline void *_Nullable loom_current_spec_arena(void) { return loom_spec_arena; }

static inline void loom_set_current_spec_arena(void *_Nullable arena) { loom_spec_arena = arena; }

#endif

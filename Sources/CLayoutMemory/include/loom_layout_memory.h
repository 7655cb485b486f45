// Per-thread roots of LayoutCore's memory layer (Sources/LayoutCore/Memory), as C11 thread-locals. Owned by
// LayoutCore: nothing else reads or writes them.
//
// Why C: Swift has no thread-local storage of its own, and pthread_getspecific/setspecific are library
// calls (plus a lazy-global check for the key) on a path that every spec initializer and every node
// measurement takes. An initial-exec thread-local read in an executable is a single load; these static
// inline accessors are inlined into the Swift callers. Each pointer is an unretained address of plain
// memory that LayoutCore allocates on the thread's first use and frees from a pthread key's destructor when
// the thread exits (SpecArena.swift, LayoutScratchPool.swift).
#ifndef LOOM_LAYOUT_MEMORY_H
#define LOOM_LAYOUT_MEMORY_H

extern _Thread_local void *_Nullable loom_layout_scratch_pool;
extern _Thread_local void *_Nullable loom_spec_arena;
extern _Thread_local void *_Nullable loom_spec_build_arena;

/// This thread's layout scratch pool (NULL until the thread first uses one).
static inline void *_Nullable loom_current_layout_scratch_pool(void) { return loom_layout_scratch_pool; }

static inline void loom_set_current_layout_scratch_pool(void *_Nullable pool) { loom_layout_scratch_pool = pool; }

/// This thread's spec arena (NULL until the thread first opens a spec region). A spec initializer reads it
/// to decide where its fields live.
static inline void *_Nullable loom_current_spec_arena(void) { return loom_spec_arena; }

static inline void loom_set_current_spec_arena(void *_Nullable arena) { loom_spec_arena = arena; }

/// The same arena while the innermost spec region open on this thread is ready for specs to be built in
/// it (its mark taken), else NULL: a spec initializer finds where its fields go with one load and one
/// test (SpecArena.forBuilding).
static inline void *_Nullable loom_current_spec_build_arena(void) { return loom_spec_build_arena; }

static inline void loom_set_current_spec_build_arena(void *_Nullable arena) { loom_spec_build_arena = arena; }

#endif

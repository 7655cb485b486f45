// Storage of the thread-locals declared in loom_thread_local.h.
#include "loom_thread_local.h"

_Thread_local uint64_t loom_measurement_ticket = 0;
_Thread_local void *_Nullable loom_layout_scratch_pool = 0;
_Thread_local uint64_t loom_next_measurement_ticket = 0;
_Thread_local void *_Nullable loom_spec_arena = 0;

// Storage of the thread-locals declared in loom_thread_local.h.
#include "loom_thread_local.h"

_Thread_local loom_measurement_tickets_t loom_measurement_tickets = {0, 0};
_Thread_local void *_Nullable loom_layout_scratch_pool = 0;
_Thread_local void *_Nullable loom_spec_arena = 0;
_Thread_local void *_Nullable loom_spec_build_arena = 0;
_Thread_local void *_Nullable loom_layout_spec_owner = 0;

// Storage of the thread-locals declared in loom_layout_memory.h.
#include "loom_layout_memory.h"

_Thread_local void *_Nullable loom_layout_scratch_pool = 0;
_Thread_local void *_Nullable loom_spec_arena = 0;
_Thread_local void *_Nullable loom_spec_build_arena = 0;

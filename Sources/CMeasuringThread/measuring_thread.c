// Storage of the thread-locals declared in loom_measuring_thread.h.
#include "loom_measuring_thread.h"

_Thread_local loom_measurement_tickets_t loom_measurement_tickets = {0, 0};
_Thread_local void *_Nullable loom_layout_spec_owner = 0;

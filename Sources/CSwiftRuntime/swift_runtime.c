// SwiftPM builds a C target only with a source file; the target's content is its header
// (include/loom_swift_runtime.h), whose function the Swift runtime defines.
#include "loom_swift_runtime.h"

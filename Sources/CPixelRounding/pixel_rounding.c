// Empty: the module is the header (loom_pixel.h's static inline function); SwiftPM builds a C target only
// from at least one source file.
#include "loom_pixel.h"

#pragma once
// Debian's libjemalloc-dev: built without a prefix, so mallctl and friends have their plain names.
#include <jemalloc/jemalloc.h>

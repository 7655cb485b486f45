// jemalloc reads the global `malloc_conf` at its first allocation, before main runs, so bench's options have to
// be compiled in; MALLOC_CONF in the environment still adds to or overrides them.
//
// thp:always, metadata_thp:always — jemalloc asks the kernel for transparent huge pages on its mappings
// (madvise(MADV_HUGEPAGE); machines whose THP setting is "madvise" give them only when asked, "never" ignores
// it). With 4 KiB pages each process gets its heap on different physical pages, so which cells and nodes
// share a cache set changes from process to process, and a run's layout times with it: repetitions within a
// process agree while two processes of one binary do not (Results/PERFORMANCE.md has the measurements). A
// 2 MiB page keeps a range's cache mapping what its virtual addresses say, and the processes agree.
#include "loom_jemalloc_config.h"

__attribute__((used, visibility("default")))
const char *malloc_conf = "thp:always,metadata_thp:always";

const char *loom_jemalloc_options(void) { return malloc_conf; }

// bench's jemalloc options, compiled into the executable (jemalloc_config.c says which and why).
#ifndef LOOM_JEMALLOC_CONFIG_H
#define LOOM_JEMALLOC_CONFIG_H

/// The options string jemalloc reads at its first allocation (its `malloc_conf` symbol).
const char *_Nonnull loom_jemalloc_options(void);

#endif

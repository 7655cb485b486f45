// CPU affinity for the bench worker pool (BenchHarness/Runner/CPUAffinity.swift says why it pins).
//
// Why C: glibc declares sched_getaffinity and pthread_setaffinity_np only under _GNU_SOURCE, and the
// CPU_SET macros do not import into Swift.
#ifndef LOOM_CPU_PINNING_H
#define LOOM_CPU_PINNING_H

/// Writes the CPUs this process may run on, ascending, into `cpus` (at most `capacity`) and returns how
/// many it wrote; -1 when the platform cannot say.
int loom_allowed_cpus(int *_Nonnull cpus, int capacity);

/// Pins the calling thread to `cpu`; returns 0 on success, an errno value otherwise (-1 where unsupported).
int loom_pin_current_thread(int cpu);

/// The CPU the calling thread runs on now; -1 where unsupported.
int loom_current_cpu(void);

#endif

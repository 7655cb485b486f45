#define _GNU_SOURCE
#include "loom_cpu_pinning.h"

#if defined(__linux__)
#include <pthread.h>
#include <sched.h>

int loom_allowed_cpus(int *cpus, int capacity) {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) != 0) return -1;
    int count = 0;
    for (int cpu = 0; cpu < CPU_SETSIZE && count < capacity; cpu++) {
        if (CPU_ISSET(cpu, &set)) cpus[count++] = cpu;
    }
    return count;
}

int loom_pin_current_thread(int cpu) {
    if (cpu < 0 || cpu >= CPU_SETSIZE) return -1;
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    return pthread_setaffinity_np(pthread_self(), sizeof set, &set);
}

int loom_current_cpu(void) { return sched_getcpu(); }
#else
int loom_current_cpu(void) { return -1; }
int loom_allowed_cpus(int *cpus, int capacity) { (void)cpus; (void)capacity; return -1; }
int loom_pin_current_thread(int cpu) { (void)cpu; return -1; }
#endif

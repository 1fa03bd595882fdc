#ifndef KBBENCH_ALLOCATION_COUNTER_H
#define KBBENCH_ALLOCATION_COUNTER_H

#include <stdint.h>

/// Counts heap allocations (malloc, calloc, realloc, posix_memalign,
/// aligned_alloc, memalign) made by the *calling thread* between begin and
/// end, by interposing glibc's allocator in the executable that links this
/// target. Other threads are never counted, so a busy test runner does not
/// disturb a measurement.
///
/// Returns 0 from kb_allocation_counting_available() where interposition is
/// not compiled in (not glibc, or under AddressSanitizer, which owns malloc).
int kb_allocation_counting_available(void);
void kb_allocation_count_begin(void);
uint64_t kb_allocation_count_end(void);

#endif

#include "allocation_counter.h"

#include <errno.h>
#include <stddef.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define KB_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define KB_SANITIZED 1
#endif

#if defined(__GLIBC__) && !defined(KB_SANITIZED)

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

static __thread __attribute__((tls_model("initial-exec"))) uint64_t kb_count;
static __thread __attribute__((tls_model("initial-exec"))) int kb_enabled;

#define KB_COUNT() do { if (kb_enabled) kb_count++; } while (0)

void *malloc(size_t size) { KB_COUNT(); return __libc_malloc(size); }
void *calloc(size_t n, size_t size) { KB_COUNT(); return __libc_calloc(n, size); }
void *realloc(void *p, size_t size) { KB_COUNT(); return __libc_realloc(p, size); }
void free(void *p) { __libc_free(p); }
void *memalign(size_t alignment, size_t size) { KB_COUNT(); return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { KB_COUNT(); return __libc_memalign(alignment, size); }
int posix_memalign(void **out, size_t alignment, size_t size) {
    KB_COUNT();
    void *p = __libc_memalign(alignment, size);
    if (p == NULL) return ENOMEM;
    *out = p;
    return 0;
}

int kb_allocation_counting_available(void) { return 1; }
void kb_allocation_count_begin(void) { kb_count = 0; kb_enabled = 1; }
uint64_t kb_allocation_count_end(void) { kb_enabled = 0; return kb_count; }

#else

int kb_allocation_counting_available(void) { return 0; }
void kb_allocation_count_begin(void) {}
uint64_t kb_allocation_count_end(void) { return 0; }

#endif

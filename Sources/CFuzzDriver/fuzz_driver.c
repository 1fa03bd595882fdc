#include "fuzz_driver.h"

// Weak, so that a plain `swift build` links without libFuzzer; with
// -sanitize=fuzzer the real driver is linked in and this resolves to it.
extern int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *, size_t)) __attribute__((weak));

int kb_fuzzer_available(void) { return LLVMFuzzerRunDriver != 0; }

int kb_run_fuzzer(int argc, char **argv, kb_fuzz_callback callback) {
    if (!LLVMFuzzerRunDriver) return -1;
    return LLVMFuzzerRunDriver(&argc, &argv, callback);
}

// LeakSanitizer reads this at start-up. The Swift runtime allocates each
// type's name once, the first time it is printed (swift_getTypeName, called
// when an error message names a value's type), and keeps it in a cache for
// the life of the process. Linked statically, as the fuzzers are for
// ClusterFuzzLite, LeakSanitizer does not see that cache and reports each
// name as leaked. Nothing of ours allocates there; every other leak is still
// reported.
const char *__lsan_default_suppressions(void) { return "leak:swift_getTypeName\n"; }

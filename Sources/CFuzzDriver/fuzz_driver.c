#include "fuzz_driver.h"

// Weak, so that a plain `swift build` links without libFuzzer; with
// -sanitize=fuzzer the real driver is linked in and this resolves to it.
extern int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *, size_t)) __attribute__((weak));

int kb_fuzzer_available(void) { return LLVMFuzzerRunDriver != 0; }

int kb_run_fuzzer(int argc, char **argv, kb_fuzz_callback callback) {
    if (!LLVMFuzzerRunDriver) return -1;
    return LLVMFuzzerRunDriver(&argc, &argv, callback);
}

#ifndef KBBENCH_FUZZ_DRIVER_H
#define KBBENCH_FUZZ_DRIVER_H

#include <stddef.h>
#include <stdint.h>

typedef int (*kb_fuzz_callback)(const uint8_t *data, size_t size);

/// 1 when the binary was linked with libFuzzer (-sanitize=fuzzer), else 0.
int kb_fuzzer_available(void);

/// Runs libFuzzer's driver with the process's arguments and `callback` as the
/// target; returns -1 when libFuzzer is not linked (a plain build).
int kb_run_fuzzer(int argc, char **argv, kb_fuzz_callback callback);

#endif

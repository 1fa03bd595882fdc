#!/bin/bash -eu
# Builds the libFuzzer target as ClusterFuzzLite expects: one binary per
# target in $OUT, with its seed corpus. Swift targets are ASan-only there.
cd "$SRC/kbbench"
swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld --product KeyboardFuzz --build-path .build-fuzz
cp .build-fuzz/release/KeyboardFuzz "$OUT/KeyboardFuzz"
if [ -d corpora/libfuzzer ] && [ -n "$(ls corpora/libfuzzer)" ]; then
  (cd corpora/libfuzzer && zip -q "$OUT/KeyboardFuzz_seed_corpus.zip" *)
fi

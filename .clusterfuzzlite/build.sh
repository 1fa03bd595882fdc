#!/bin/bash -eu
# Builds the libFuzzer targets as ClusterFuzzLite expects: one binary per
# target in $OUT, with its seed corpus. Swift targets are ASan-only there.
cd "$SRC/kbbench"
for pair in KeyboardFuzz:corpora/libfuzzer InputFuzz:corpora/inputfuzz; do
  target=${pair%%:*}
  corpus=${pair#*:}
  swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld --product "$target" --build-path .build-fuzz
  cp ".build-fuzz/release/$target" "$OUT/$target"
  if [ -d "$corpus" ] && [ -n "$(ls "$corpus")" ]; then
    (cd "$corpus" && zip -q "$OUT/${target}_seed_corpus.zip" *)
  fi
done

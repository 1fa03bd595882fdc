#!/bin/bash -eu
# ClusterFuzzLite / OSS-Fuzz build: one binary per libFuzzer target in $OUT,
# with its seed corpus. precompile_swift (from the base image) copies the
# symbolizer and sets $SWIFTFLAGS for $SANITIZER: the Swift runtime linked
# statically (the runner image has no toolchain), -sanitize=fuzzer and the
# image's $CFLAGS. scripts/build-fuzzers builds with those flags and fails if
# a binary still needs a Swift shared library.
. precompile_swift
cd "$SRC/kbbench"
BUILD_PATH="$WORK/kbbench-build" scripts/build-fuzzers "$OUT"

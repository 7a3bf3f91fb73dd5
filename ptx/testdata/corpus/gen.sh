#!/bin/sh
# gen.sh regenerates the PTX of the corpus: every CUDA C file NAME.cu in
# this directory is compiled by clang-16 (LLVM's NVPTX backend, with the
# CUDA headers and libdevice of Debian's nvidia-cuda-toolkit) into
# NAME.sm_70.ptx, NAME.sm_80.ptx and NAME.sm_90.ptx. A file whose first
# line is "// targets: sm_XX ..." is compiled for those targets only.
#
# Usage: sh ptx/testdata/corpus/gen.sh   (or go generate ./ptx/corpustest)
# Environment: CLANG (default clang-16), CUDA_PATH (default /usr/lib/cuda).
set -eu
cd "$(dirname "$0")"
clang=${CLANG:-clang-16}
cuda=${CUDA_PATH:-/usr/lib/cuda}
for cu in *.cu; do
	base=${cu%.cu}
	targets=$(sed -n '1s|^// targets: ||p' "$cu")
	[ -n "$targets" ] || targets="sm_70 sm_80 sm_90"
	for t in $targets; do
		# -Wno-unknown-cuda-version: clang-16 knows CUDA up to 11.8 only
		# "partially" and says so for every file.
		"$clang" --cuda-device-only --cuda-gpu-arch="$t" --cuda-path="$cuda" -O2 -S \
			-Wno-unknown-cuda-version "$cu" -o "$base.$t.ptx"
	done
done

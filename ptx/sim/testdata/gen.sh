#!/bin/sh
# Regenerates kernels.sm_XX.ptx from kernels.cu with Debian's clang-16 and
# the nvidia-cuda-toolkit headers and libdevice.
set -e
cd "$(dirname "$0")"
for sm in 70 80 90; do
	clang-16 --cuda-device-only --cuda-gpu-arch=sm_$sm --cuda-path=/usr/lib/cuda -O2 -S kernels.cu -o kernels.sm_$sm.ptx
done

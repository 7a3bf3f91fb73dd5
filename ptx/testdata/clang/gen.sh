#!/bin/sh
# Regenerates the clang-16 PTX of kernels.cu for sm_70, sm_80 and sm_90.
# Run from this directory; needs clang-16 and the CUDA toolkit headers
# (Debian nvidia-cuda-toolkit: --cuda-path=/usr/lib/cuda).
set -e
for sm in 70 80 90; do
  clang-16 --cuda-device-only --cuda-gpu-arch=sm_$sm --cuda-path=/usr/lib/cuda -O2 -S kernels.cu -o kernels_sm$sm.ptx
done

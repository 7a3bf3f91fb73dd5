// Warp shuffles: __shfl_up_sync, __shfl_down_sync, __shfl_xor_sync and
// __shfl_sync (idx) on int with a run-time delta and segment width
// (width < 32 splits the warp into independent segments: up/down leave
// the lanes whose source falls outside their segment unchanged, xor
// returns the caller's own value when the partner is in a later segment
// and reads it from an earlier one (the xor mask here is delta + width, so
// both happen), idx reads lane srcLane mod width of the caller's segment),
// plus float and double (two 32-bit shuffles) values.

extern "C" __global__ void shfl_int(const int* in, int* up, int* down, int* bfly, int* idx,
                                   int delta, int width) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[i];
  up[i] = __shfl_up_sync(0xffffffffu, v, delta, width);
  down[i] = __shfl_down_sync(0xffffffffu, v, delta, width);
  bfly[i] = __shfl_xor_sync(0xffffffffu, v, delta + width, width);
  idx[i] = __shfl_sync(0xffffffffu, v, threadIdx.x * 7 + 3, width);
}

extern "C" __global__ void shfl_float_double(const float* f, const double* d, float* fdown,
                                             double* dxor, double* didx) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  fdown[i] = __shfl_down_sync(0xffffffffu, f[i], 1);
  dxor[i] = __shfl_xor_sync(0xffffffffu, d[i], 5);
  didx[i] = __shfl_sync(0xffffffffu, d[i], 31 - (threadIdx.x & 31));
}

// Block and warp reductions. block_sum_smem: a tree in shared memory
// (blockDim.x == 256, each thread first adds two elements), one partial sum
// per block. block_sum_shfl: a grid-stride loop, then __shfl_down_sync
// within each warp and across the warps' sums in shared memory.
// warp_max_i32: a butterfly (__shfl_xor_sync) maximum, every lane gets
// its warp's maximum. block_sum_f64: the shared-memory tree in double.

extern "C" __global__ void block_sum_smem(const float* x, float* partial, int n) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x * 2 + t;
  float v = 0.0f;
  if (i < n) v = x[i];
  if (i + blockDim.x < n) v += x[i + blockDim.x];
  s[t] = v;
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (t < stride) s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0) partial[blockIdx.x] = s[0];
}

__device__ float warp_sum(float v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
  return v;
}

extern "C" __global__ void block_sum_shfl(const float* x, float* partial, int n) {
  __shared__ float warp_sums[32];
  int t = threadIdx.x;
  float v = 0.0f;
  for (int i = blockIdx.x * blockDim.x + t; i < n; i += gridDim.x * blockDim.x) v += x[i];
  v = warp_sum(v);
  int lane = t & 31, w = t >> 5;
  if (lane == 0) warp_sums[w] = v;
  __syncthreads();
  if (w == 0) {
    v = lane < (int)(blockDim.x >> 5) ? warp_sums[lane] : 0.0f;
    v = warp_sum(v);
    if (lane == 0) partial[blockIdx.x] = v;
  }
}

extern "C" __global__ void warp_max_i32(const int* x, int* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = x[i];
  for (int o = 16; o > 0; o >>= 1) v = max(v, __shfl_xor_sync(0xffffffffu, v, o));
  out[i] = v;
}

extern "C" __global__ void block_sum_f64(const double* x, double* partial, int n) {
  __shared__ double s[128];
  unsigned t = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + t;
  s[t] = i < n ? x[i] : 0.0;
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (t < stride) s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0) partial[blockIdx.x] = s[0];
}

// Row-wise softmax and layer normalization: one block of 128 threads
// (four warps) per row, columns strided over the threads, block-wide
// maximum and sum through __shfl_xor_sync and shared memory. The precise
// forms use expf (libdevice, within 2 ulp), IEEE division and
// 1 / __fsqrt_rn (two correctly rounded steps; libdevice 11.8's
// __frsqrt_rn is rsqrt.approx.ftz, so it is not used); the fast forms use
// the intrinsics __expf, __fdividef and rsqrtf (ex2.approx, div.approx and
// rsqrt.approx in the PTX).

#define NWARPS 4  // blockDim.x == 32 * NWARPS

__device__ float warp_max(float v) {
  for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
  return v;
}

__device__ float warp_sum(float v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}

// block_reduce combines each warp's value through shared memory; every
// thread gets the result. The barrier at the start makes the scratch
// buffer reusable by consecutive calls.
__device__ float block_reduce(float v, bool is_max) {
  __shared__ float scratch[NWARPS];
  int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
  v = is_max ? warp_max(v) : warp_sum(v);
  __syncthreads();
  if (lane == 0) scratch[w] = v;
  __syncthreads();
  v = scratch[0];
  for (int k = 1; k < NWARPS; ++k) v = is_max ? fmaxf(v, scratch[k]) : v + scratch[k];
  return v;
}

extern "C" __global__ void softmax_rows(const float* x, float* y, int cols) {
  const float* row = x + (size_t)blockIdx.x * cols;
  float* out = y + (size_t)blockIdx.x * cols;
  float m = -INFINITY;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) m = fmaxf(m, row[c]);
  m = block_reduce(m, true);
  float s = 0.0f;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) s += expf(row[c] - m);
  s = block_reduce(s, false);
  for (int c = threadIdx.x; c < cols; c += blockDim.x) out[c] = expf(row[c] - m) / s;
}

extern "C" __global__ void softmax_rows_fast(const float* x, float* y, int cols) {
  const float* row = x + (size_t)blockIdx.x * cols;
  float* out = y + (size_t)blockIdx.x * cols;
  float m = -INFINITY;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) m = fmaxf(m, row[c]);
  m = block_reduce(m, true);
  float s = 0.0f;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) s += __expf(row[c] - m);
  s = block_reduce(s, false);
  for (int c = threadIdx.x; c < cols; c += blockDim.x) out[c] = __fdividef(__expf(row[c] - m), s);
}

// y = (x - mean) * rstd * gamma + beta, with the mean and rstd of each row
// written out too.
extern "C" __global__ void layernorm_rows(const float* x, const float* gamma, const float* beta,
                                          float* y, float* mean_out, float* rstd_out, int cols,
                                          float eps) {
  const float* row = x + (size_t)blockIdx.x * cols;
  float* out = y + (size_t)blockIdx.x * cols;
  float s = 0.0f;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) s += row[c];
  float mean = block_reduce(s, false) / cols;
  float q = 0.0f;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) {
    float d = row[c] - mean;
    q = fmaf(d, d, q);
  }
  float var = block_reduce(q, false) / cols;
  float rstd = 1.0f / __fsqrt_rn(var + eps);
  for (int c = threadIdx.x; c < cols; c += blockDim.x)
    out[c] = fmaf((row[c] - mean) * rstd, gamma[c], beta[c]);
  if (threadIdx.x == 0) {
    mean_out[blockIdx.x] = mean;
    rstd_out[blockIdx.x] = rstd;
  }
}

extern "C" __global__ void layernorm_rows_fast(const float* x, const float* gamma, const float* beta,
                                               float* y, float* mean_out, float* rstd_out, int cols,
                                               float eps) {
  const float* row = x + (size_t)blockIdx.x * cols;
  float* out = y + (size_t)blockIdx.x * cols;
  float s = 0.0f;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) s += row[c];
  float mean = __fdividef(block_reduce(s, false), (float)cols);
  float q = 0.0f;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) {
    float d = row[c] - mean;
    q = fmaf(d, d, q);
  }
  float var = __fdividef(block_reduce(q, false), (float)cols);
  float rstd = rsqrtf(var + eps);
  for (int c = threadIdx.x; c < cols; c += blockDim.x)
    out[c] = fmaf((row[c] - mean) * rstd, gamma[c], beta[c]);
  if (threadIdx.x == 0) {
    mean_out[blockIdx.x] = mean;
    rstd_out[blockIdx.x] = rstd;
  }
}

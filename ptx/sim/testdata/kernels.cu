// Kernels the simulator's tests run; kernels.sm_XX.ptx are clang-16's
// output for them (see gen.sh). Expected results are computed in Go by
// kernels_test.go.
#include <cuda_fp16.h>

extern "C" __global__ void saxpy(float a, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

// One partial sum per CTA: a shared-memory tree of blockDim.x (a power
// of two, at most 256) values.
extern "C" __global__ void block_sum(const float *in, float *out, int n) {
  __shared__ float s[256];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  s[t] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (int k = blockDim.x / 2; k > 0; k >>= 1) {
    if (t < k)
      s[t] += s[t + k];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}

// One sum per warp through shuffles.
extern "C" __global__ void warp_sum(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  for (int o = 16; o > 0; o >>= 1)
    v += __shfl_down_sync(0xffffffffu, v, o);
  if ((threadIdx.x & 31) == 0)
    out[i / 32] = v;
}

// Butterfly all-reduce of integers: every lane gets the warp's maximum.
extern "C" __global__ void warp_max(const int *in, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[i];
  for (int o = 1; o < 32; o <<= 1)
    v = max(v, __shfl_xor_sync(0xffffffffu, v, o));
  out[i] = v;
}

// Votes: per warp the ballot of positive inputs, and any/all flags.
extern "C" __global__ void votes(const int *in, unsigned *ballots, int *flags) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int p = in[i] > 0;
  unsigned b = __ballot_sync(0xffffffffu, p);
  int any = __any_sync(0xffffffffu, p);
  int all = __all_sync(0xffffffffu, p);
  if ((threadIdx.x & 31) == 0) {
    ballots[i / 32] = b;
    flags[i / 32] = any + 2 * all;
  }
}

// Atomics: a histogram of in[i] % nbins and a float total.
extern "C" __global__ void histogram(const int *in, unsigned *bins, int nbins, float *total, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    atomicAdd(&bins[in[i] % nbins], 1u);
    atomicAdd(total, 1.0f);
    atomicMax((int *)&bins[nbins], in[i]);
  }
}

// A loop whose trip count differs per thread.
extern "C" __global__ void divergent_loop(int *out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int acc = 0;
  for (int k = 0; k < t % 7; k++) {
    if (k & 1)
      acc += k * t;
    else
      acc -= k;
  }
  out[t] = acc;
}

__device__ __noinline__ float poly(float x, float c) { return x * x + c; }

extern "C" __global__ void calls(const float *in, float *out, float c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  if (v > 0)
    v = poly(v, c);
  out[i] = v;
}

// Integer edge cases (division by values chosen by the test, shifts of
// every amount, min/max, bit operations).
extern "C" __global__ void intops(const int *a, const int *b, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int x = a[i], y = b[i];
  int *o = out + 8 * i;
  o[0] = y != 0 ? x / y : 0;
  o[1] = y != 0 ? x % y : 0;
  o[2] = (unsigned)x >> (y & 31);
  o[3] = x >> (y & 31);
  o[4] = min(x, y) + max((unsigned)x, (unsigned)y);
  o[5] = __popc(x) + __clz(y) + __brev(x);
  o[6] = __mulhi(x, y) ^ __umulhi(x, y);
  o[7] = __byte_perm(x, y, 0x5140);
}

// A 2-D tile transposed through shared memory (32x32 tiles, 32x8 threads).
extern "C" __global__ void transpose(const float *in, float *out, int w, int h) {
  __shared__ float tile[32][33];
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    if (x < w && y + j < h)
      tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * w + x];
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x;
  y = blockIdx.x * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    if (x < h && y + j < w)
      out[(y + j) * h + x] = tile[threadIdx.x][threadIdx.y + j];
}

// Half precision: d = a*b + c in f16, and conversions.
extern "C" __global__ void halves(const __half *a, const __half *b, const __half *c, __half *d, float *f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  __half r = __hfma(a[i], b[i], c[i]);
  d[i] = r;
  f[i] = __half2float(r) + __half2float(__hadd(a[i], b[i]));
}

// Conversions and math functions.
extern "C" __global__ void mathfns(const float *x, float *out, int *iout) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = x[i];
  out[4 * i + 0] = expf(v);
  out[4 * i + 1] = sqrtf(fabsf(v));
  out[4 * i + 2] = 1.0f / v;
  out[4 * i + 3] = __fdividef(v, 3.0f);
  iout[4 * i + 0] = __float2int_rn(v * 1000.0f);
  iout[4 * i + 1] = __float2int_rz(v * 1000.0f);
  iout[4 * i + 2] = __float2int_rd(v * 1000.0f);
  iout[4 * i + 3] = (int)__float2uint_ru(v * 1000.0f);
}

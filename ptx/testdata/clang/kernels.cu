// Kernels compiled by clang-16 to PTX (gen.sh) to test that package ptx
// parses, prints and verifies what LLVM's NVPTX backend emits.
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cstdint>

extern "C" __global__ void axpy(float a, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

extern "C" __global__ void daxpy2d(double a, const double *x, double *y, int w, int h) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  int r = blockIdx.y * blockDim.y + threadIdx.y;
  if (c < w && r < h) y[r * w + c] = fma(a, x[r * w + c], y[r * w + c]);
}

extern "C" __global__ void block_sum(const float *in, float *out, int n) {
  __shared__ float buf[256];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  buf[t] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s) buf[t] += buf[t + s];
    __syncthreads();
  }
  if (t == 0) atomicAdd(out, buf[0]);
}

extern "C" __global__ void warp_sum(const float *in, float *out) {
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(0xffffffffu, v, o);
  if ((threadIdx.x & 31) == 0) atomicAdd(out, v);
}

extern "C" __global__ void shuffles(const int *in, int *out) {
  int v = in[threadIdx.x];
  int a = __shfl_sync(0xffffffffu, v, 3);
  int b = __shfl_up_sync(0xffffffffu, v, 1);
  int c = __shfl_xor_sync(0xffffffffu, v, 5);
  out[threadIdx.x] = a + b + c;
}

extern "C" __global__ void votes(const int *in, unsigned *out) {
  int v = in[threadIdx.x];
  unsigned m = __activemask();
  unsigned b = __ballot_sync(m, v > 0);
  int all = __all_sync(0xffffffffu, v != 0);
  int any = __any_sync(0xffffffffu, v < 0);
  out[threadIdx.x] = b + all * 2 + any * 4 + __popc(b) + __clz(v) + __brev(v);
  __syncwarp();
}

extern "C" __global__ void atomics(int *p, unsigned *q, float *f, double *d, unsigned long long *l) {
  atomicAdd(p, 1);
  atomicSub(p + 1, 2);
  atomicMin(p + 2, (int)threadIdx.x);
  atomicMax(p + 3, (int)threadIdx.x);
  atomicExch(p + 4, 7);
  atomicCAS(p + 5, 0, 1);
  atomicAnd(q, 0xf0u);
  atomicOr(q + 1, 1u);
  atomicXor(q + 2, 3u);
  atomicInc(q + 3, 100u);
  atomicDec(q + 4, 100u);
  atomicAdd(f, 1.5f);
  atomicAdd(d, 2.5);
  atomicAdd(l, 3ull);
  __threadfence();
  __threadfence_block();
}

extern "C" __global__ void shared_atomics(int *out) {
  __shared__ int hist[16];
  if (threadIdx.x < 16) hist[threadIdx.x] = 0;
  __syncthreads();
  atomicAdd(&hist[threadIdx.x % 16], 1);
  __syncthreads();
  if (threadIdx.x < 16) out[threadIdx.x] = hist[threadIdx.x];
}

extern "C" __global__ void softmax_row(const float *x, float *y, int n) {
  const float *row = x + blockIdx.x * n;
  float m = -INFINITY;
  for (int i = threadIdx.x; i < n; i += blockDim.x) m = fmaxf(m, row[i]);
  for (int o = 16; o > 0; o /= 2) m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, o));
  float s = 0;
  for (int i = threadIdx.x; i < n; i += blockDim.x) s += __expf(row[i] - m);
  for (int o = 16; o > 0; o /= 2) s += __shfl_xor_sync(0xffffffffu, s, o);
  for (int i = threadIdx.x; i < n; i += blockDim.x) y[blockIdx.x * n + i] = __expf(row[i] - m) / s;
}

extern "C" __global__ void mathfns(const float *x, float *y, const double *dx, double *dy) {
  int i = threadIdx.x;
  float v = x[i];
  y[i] = expf(v) + logf(fabsf(v) + 1.0f) + sqrtf(fabsf(v)) + rsqrtf(fabsf(v) + 1.0f) + sinf(v) +
         cosf(v) + tanhf(v) + __fdividef(v, 3.0f) + copysignf(v, -1.0f) + (isinf(v) ? 1.0f : 0.0f) +
         (isnan(v) ? 2.0f : 0.0f) + exp2f(v) + log2f(fabsf(v) + 1.0f) + __sinf(v) + __cosf(v) + __log2f(v + 2.0f);
  double d = dx[i];
  dy[i] = sqrt(fabs(d)) + 1.0 / (d + 3.0) + exp(d) + floor(d) + ceil(d) + trunc(d) + round(d);
}

extern "C" __global__ void intops(const int *a, const unsigned *b, int *out, long long *wide) {
  int i = threadIdx.x;
  int x = a[i];
  unsigned y = b[i];
  out[i * 8 + 0] = x / (y | 1) + x % 7;
  out[i * 8 + 1] = (int)(y / 3u) + (int)(y % 5u);
  out[i * 8 + 2] = x >> (y & 31);
  out[i * 8 + 3] = (int)(y >> (x & 31));
  out[i * 8 + 4] = min(x, (int)y) + max(x, -x) + abs(x);
  out[i * 8 + 5] = __mulhi(x, (int)y) + __umulhi(y, y);
  out[i * 8 + 6] = __byte_perm(x, y, 0x3210) + __ffs(x) + __sad(x, (int)y, 0u);
  out[i * 8 + 7] = (x & 0xff) | ((y << 3) ^ ~y);
  wide[i] = (long long)x * (long long)y + ((long long)x << 40);
}

extern "C" __global__ void conversions(const float *f, const double *d, int *i, unsigned *u, float *g,
                                       long long *l, short *s, signed char *c, double *o) {
  int k = threadIdx.x;
  i[k * 4 + 0] = __float2int_rn(f[k]);
  i[k * 4 + 1] = __float2int_rz(f[k]);
  i[k * 4 + 2] = __float2int_rd(f[k]);
  i[k * 4 + 3] = __float2int_ru(f[k]);
  u[k] = __float2uint_rn(f[k]);
  g[k * 4 + 0] = __int2float_rn(i[k]);
  g[k * 4 + 1] = __int2float_rz(i[k]);
  g[k * 4 + 2] = __double2float_rd(d[k]);
  g[k * 4 + 3] = __double2float_ru(d[k]);
  l[k] = __double2ll_rn(d[k]) + (long long)f[k];
  s[k] = (short)f[k];
  c[k] = (signed char)d[k];
  o[k] = (double)f[k] + (double)l[k] + (double)u[k];
}

extern "C" __global__ void halves(const __half *a, const __half *b, __half *c, __half2 *h2, float *f) {
  int i = threadIdx.x;
  __half x = a[i], y = b[i];
  c[i] = __hfma(x, y, __hadd(x, y));
  h2[i] = __hmul2(h2[i], __halves2half2(x, y));
  f[i] = __half2float(x) + (__hlt(x, y) ? 1.0f : 0.0f);
  c[i + 64] = __float2half_rn(f[i]);
}

extern "C" __global__ void bfloats(const __nv_bfloat16 *a, __nv_bfloat16 *c, float *f) {
  int i = threadIdx.x;
  __nv_bfloat16 x = a[i];
  f[i] = __bfloat162float(x) * 2.0f;
  c[i] = __float2bfloat16(f[i] + 1.0f);
  c[i + 64] = __float2bfloat16(__bfloat162float(x) * __bfloat162float(x));
}

__device__ __noinline__ int helper(int x, float y) { return x * 3 + (int)y; }
__device__ __noinline__ void store3(int *p, int v) { p[0] = v; p[1] = v + 1; p[2] = v + 2; }

extern "C" __global__ void calls(int *out) {
  int v = helper(threadIdx.x, 2.5f);
  store3(out + threadIdx.x * 3, v);
}

typedef int (*binop)(int, int);
__device__ __noinline__ int addop(int a, int b) { return a + b; }
__device__ __noinline__ int mulop(int a, int b) { return a * b; }

extern "C" __global__ void indirect(int *out, int which) {
  binop f = which ? addop : mulop;
  out[threadIdx.x] = f(threadIdx.x, 3);
}

extern "C" __global__ void local_array(const int *in, int *out, int k) {
  int tmp[16];
  for (int j = 0; j < 16; j++) tmp[j] = in[threadIdx.x * 16 + j] * j;
  out[threadIdx.x] = tmp[k & 15];
}

extern "C" __global__ void dyn_shared(const float *in, float *out) {
  extern __shared__ float dyn[];
  dyn[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = dyn[blockDim.x - 1 - threadIdx.x];
}

__constant__ float coeffs[4] = {1.0f, 0.5f, 0.25f, 0.125f};
__device__ int counter = 7;

extern "C" __global__ void constants(const float *in, float *out) {
  float x = in[threadIdx.x];
  out[threadIdx.x] = coeffs[0] + x * (coeffs[1] + x * (coeffs[2] + x * coeffs[3])) + counter;
}

extern "C" __global__ void vectors(const float4 *in, float4 *out, const float2 *in2, float2 *out2) {
  int i = threadIdx.x;
  float4 v = __ldg(&in[i]);
  out[i] = make_float4(v.w, v.z, v.y, v.x);
  float2 w = in2[i];
  out2[i] = make_float2(w.y, w.x);
}

extern "C" __global__ void __launch_bounds__(128, 2) bounded(int *p) {
  p[threadIdx.x] += 1;
}

extern "C" __global__ void divergent(const int *in, int *out) {
  int x = in[threadIdx.x];
  int steps = 0;
  while (x != 1 && steps < 1000) {
    x = (x & 1) ? 3 * x + 1 : x / 2;
    steps++;
  }
  switch (threadIdx.x & 3) {
  case 0: steps += 10; break;
  case 1: steps *= 2; break;
  case 2: steps -= 1; break;
  default: steps = -steps;
  }
  out[threadIdx.x] = steps;
}

extern "C" __global__ void clocks(long long *t, unsigned *ids) {
  long long a = clock64();
  ids[0] = threadIdx.x + threadIdx.y + threadIdx.z;
  ids[1] = gridDim.x + gridDim.y + gridDim.z + blockDim.z;
  unsigned lane;
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
  ids[2] = lane;
  t[0] = clock64() - a + clock();
}

extern "C" __global__ void mma_f16(const unsigned *a, const unsigned *b, float *c) {
  unsigned a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3], b0 = b[0], b1 = b[1];
  float d0 = 0, d1 = 0, d2 = 0, d3 = 0;
#if __CUDA_ARCH__ >= 800
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};"
               : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3)
               : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "f"(c[0]), "f"(c[1]), "f"(c[2]), "f"(c[3]));
#endif
  c[threadIdx.x * 4 + 0] = d0; c[threadIdx.x * 4 + 1] = d1; c[threadIdx.x * 4 + 2] = d2; c[threadIdx.x * 4 + 3] = d3;
}

extern "C" __global__ void printer(int x) {
  printf("thread %d x %d\n", threadIdx.x, x);
}

extern "C" __global__ void tile_transpose(const float *in, float *out, int n) {
  __shared__ float tile[32][33];
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  if (x < n && y < n) tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x; y = blockIdx.x * 32 + threadIdx.y;
  if (x < n && y < n) out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}

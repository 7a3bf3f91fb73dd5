// Conversions and arithmetic with every rounding mode. For each f32 input
// x (specials, halfway cases, out-of-range values): float to int32,
// uint32 and int64 in the four modes (cvt.rni/rzi/rpi/rmi, saturating,
// NaN to 0); __saturatef; float to half and to bfloat16 in every mode the
// headers offer; int/uint/int64 to float in four modes; and for pairs
// (x, y) the four modes of __fadd/__fmul/__fdiv/__fmaf/__fsqrt and
// __frcp. For f64 inputs: double to float and double to int in four modes,
// and __dadd/__dmul/__ddiv/__fma/__dsqrt in four modes.

#include <cuda_fp16.h>
#include <cuda_bf16.h>

// toint: 12 per element: int rn rz ru rd, uint rn rz ru rd, ll rn rz ru rd.
extern "C" __global__ void f32_to_int(const float* x, int* i32, unsigned* u32, long long* i64,
                                      float* sat, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = x[i];
  i32[4 * i] = __float2int_rn(v);
  i32[4 * i + 1] = __float2int_rz(v);
  i32[4 * i + 2] = __float2int_ru(v);
  i32[4 * i + 3] = __float2int_rd(v);
  u32[4 * i] = __float2uint_rn(v);
  u32[4 * i + 1] = __float2uint_rz(v);
  u32[4 * i + 2] = __float2uint_ru(v);
  u32[4 * i + 3] = __float2uint_rd(v);
  i64[4 * i] = __float2ll_rn(v);
  i64[4 * i + 1] = __float2ll_rz(v);
  i64[4 * i + 2] = __float2ll_ru(v);
  i64[4 * i + 3] = __float2ll_rd(v);
  sat[i] = __saturatef(v);
}

// h: f16 rn rz ru rd of x; bf: bf16 rn rz ru rd of x, widened to float.
extern "C" __global__ void f32_to_half(const float* x, __half* h, float* bf, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = x[i];
  h[4 * i] = __float2half_rn(v);
  h[4 * i + 1] = __float2half_rz(v);
  h[4 * i + 2] = __float2half_ru(v);
  h[4 * i + 3] = __float2half_rd(v);
  bf[4 * i] = __bfloat162float(__float2bfloat16_rn(v));
  bf[4 * i + 1] = __bfloat162float(__float2bfloat16_rz(v));
  bf[4 * i + 2] = __bfloat162float(__float2bfloat16_ru(v));
  bf[4 * i + 3] = __bfloat162float(__float2bfloat16_rd(v));
}

// clang-16 with CUDA 11.8's libdevice compiles __int2float_rz,
// __uint2float_rz and __ll2float_rz to a round-to-nearest cvt (the other
// modes keep theirs), so the rz conversions are written as inline PTX.
__device__ float s32_to_f32_rz(int v) {
  float f;
  asm("cvt.rz.f32.s32 %0, %1;" : "=f"(f) : "r"(v));
  return f;
}
__device__ float u32_to_f32_rz(unsigned v) {
  float f;
  asm("cvt.rz.f32.u32 %0, %1;" : "=f"(f) : "r"(v));
  return f;
}
__device__ float s64_to_f32_rz(long long v) {
  float f;
  asm("cvt.rz.f32.s64 %0, %1;" : "=f"(f) : "l"(v));
  return f;
}

// f: 12 per element: int rn rz ru rd, uint rn rz ru rd, ll rn rz ru rd.
extern "C" __global__ void int_to_f32(const int* a, const long long* b, float* f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int v = a[i];
  long long w = b[i];
  f[12 * i] = __int2float_rn(v);
  f[12 * i + 1] = s32_to_f32_rz(v);
  f[12 * i + 2] = __int2float_ru(v);
  f[12 * i + 3] = __int2float_rd(v);
  f[12 * i + 4] = __uint2float_rn((unsigned)v);
  f[12 * i + 5] = u32_to_f32_rz((unsigned)v);
  f[12 * i + 6] = __uint2float_ru((unsigned)v);
  f[12 * i + 7] = __uint2float_rd((unsigned)v);
  f[12 * i + 8] = __ll2float_rn(w);
  f[12 * i + 9] = s64_to_f32_rz(w);
  f[12 * i + 10] = __ll2float_ru(w);
  f[12 * i + 11] = __ll2float_rd(w);
}

// out: 26 per element: add, mul, div, fma(x, y, x) in rn rz ru rd; sqrt(|x|)
// rn rz ru rd; rcp(y) rn rz ru rd; then __fsub_rn and __fsub_rz.
extern "C" __global__ void f32_rounding(const float* x, const float* y, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float a = x[i], b = y[i];
  float* o = out + 26 * i;
  o[0] = __fadd_rn(a, b);
  o[1] = __fadd_rz(a, b);
  o[2] = __fadd_ru(a, b);
  o[3] = __fadd_rd(a, b);
  o[4] = __fmul_rn(a, b);
  o[5] = __fmul_rz(a, b);
  o[6] = __fmul_ru(a, b);
  o[7] = __fmul_rd(a, b);
  o[8] = __fdiv_rn(a, b);
  o[9] = __fdiv_rz(a, b);
  o[10] = __fdiv_ru(a, b);
  o[11] = __fdiv_rd(a, b);
  o[12] = __fmaf_rn(a, b, a);
  o[13] = __fmaf_rz(a, b, a);
  o[14] = __fmaf_ru(a, b, a);
  o[15] = __fmaf_rd(a, b, a);
  o[16] = __fsqrt_rn(fabsf(a));
  o[17] = __fsqrt_rz(fabsf(a));
  o[18] = __fsqrt_ru(fabsf(a));
  o[19] = __fsqrt_rd(fabsf(a));
  o[20] = __frcp_rn(b);
  o[21] = __frcp_rz(b);
  o[22] = __frcp_ru(b);
  o[23] = __frcp_rd(b);
  o[24] = __fsub_rn(a, b);
  o[25] = __fsub_rz(a, b);
}

// f: double to float rn rz ru rd; i: double to int rn rz ru rd;
// d: 20 per element: dadd, dmul, ddiv, fma(x, y, x), dsqrt(|x|) in rn rz
// ru rd.
extern "C" __global__ void f64_rounding(const double* x, const double* y, float* f, int* i32,
                                        double* d, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double a = x[i], b = y[i];
  f[4 * i] = __double2float_rn(a);
  f[4 * i + 1] = __double2float_rz(a);
  f[4 * i + 2] = __double2float_ru(a);
  f[4 * i + 3] = __double2float_rd(a);
  i32[4 * i] = __double2int_rn(a);
  i32[4 * i + 1] = __double2int_rz(a);
  i32[4 * i + 2] = __double2int_ru(a);
  i32[4 * i + 3] = __double2int_rd(a);
  double* o = d + 20 * i;
  o[0] = __dadd_rn(a, b);
  o[1] = __dadd_rz(a, b);
  o[2] = __dadd_ru(a, b);
  o[3] = __dadd_rd(a, b);
  o[4] = __dmul_rn(a, b);
  o[5] = __dmul_rz(a, b);
  o[6] = __dmul_ru(a, b);
  o[7] = __dmul_rd(a, b);
  o[8] = __ddiv_rn(a, b);
  o[9] = __ddiv_rz(a, b);
  o[10] = __ddiv_ru(a, b);
  o[11] = __ddiv_rd(a, b);
  o[12] = __fma_rn(a, b, a);
  o[13] = __fma_rz(a, b, a);
  o[14] = __fma_ru(a, b, a);
  o[15] = __fma_rd(a, b, a);
  o[16] = __dsqrt_rn(fabs(a));
  o[17] = __dsqrt_rz(fabs(a));
  o[18] = __dsqrt_ru(fabs(a));
  o[19] = __dsqrt_rd(fabs(a));
}

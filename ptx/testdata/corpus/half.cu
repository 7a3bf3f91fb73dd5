// f16 and bf16 through cuda_fp16.h and cuda_bf16.h. half_arith: __hadd,
// __hsub, __hmul, __hfma, __hneg, __habs, __hmax/__hmin, __hlt and the
// conversions to and from float, on __half buffers. half2_arith: the
// paired forms __hadd2, __hmul2, __hfma2 on __half2. bf16_arith: bf16
// values made from f32 inputs (__float2bfloat16, round to nearest even),
// then __hadd, __hmul, __hfma, __hmax in bf16, widened back to float for
// output (the .npy format has no bf16). CUDA 11.8's cuda_bf16.h has no
// bf16 arithmetic before sm_80; there the kernel computes in f32 and
// rounds the result to bf16 (one rounding in f32, one to bf16).

#include <cuda_fp16.h>
#include <cuda_bf16.h>

// out: 8 per element: a+b, a-b, a*b, fma(a, b, b), -a, |a|, max(a, b),
// min(a, b); lt: a < b; wide: float(a) + float(b) in f32.
extern "C" __global__ void half_arith(const __half* a, const __half* b, __half* out, int* lt,
                                      float* wide, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __half x = a[i], y = b[i];
  __half* o = out + 8 * i;
  o[0] = __hadd(x, y);
  o[1] = __hsub(x, y);
  o[2] = __hmul(x, y);
  o[3] = __hfma(x, y, y);
  o[4] = __hneg(x);
  o[5] = __habs(x);
  o[6] = __hmax(x, y);
  o[7] = __hmin(x, y);
  lt[i] = __hlt(x, y);
  wide[i] = __half2float(x) + __half2float(y);
}

// out: 3 per element pair: sum, product, fma(a, b, b) of the __half2 pairs.
extern "C" __global__ void half2_arith(const __half2* a, const __half2* b, __half2* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __half2 x = a[i], y = b[i];
  out[3 * i] = __hadd2(x, y);
  out[3 * i + 1] = __hmul2(x, y);
  out[3 * i + 2] = __hfma2(x, y, y);
}

// out: 6 per element: bf16(a), bf16(b), a+b, a*b, fma(a, b, b), max(a, b),
// all in bf16 and widened to float.
extern "C" __global__ void bf16_arith(const float* a, const float* b, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __nv_bfloat16 x = __float2bfloat16(a[i]), y = __float2bfloat16(b[i]);
  float* o = out + 6 * i;
  o[0] = __bfloat162float(x);
  o[1] = __bfloat162float(y);
#if __CUDA_ARCH__ >= 800
  o[2] = __bfloat162float(__hadd(x, y));
  o[3] = __bfloat162float(__hmul(x, y));
  o[4] = __bfloat162float(__hfma(x, y, y));
  o[5] = __bfloat162float(__hmax(x, y));
#else
  float fx = __bfloat162float(x), fy = __bfloat162float(y);
  o[2] = __bfloat162float(__float2bfloat16(fx + fy));
  o[3] = __bfloat162float(__float2bfloat16(fx * fy));
  o[4] = __bfloat162float(__float2bfloat16(fmaf(fx, fy, fy)));
  o[5] = __bfloat162float(__float2bfloat16(fmaxf(fx, fy)));
#endif
}

// Element-wise kernels with bounds guards. Each thread handles element
// i = blockIdx.x * blockDim.x + threadIdx.x and does nothing when i >= n;
// the tests launch more threads than elements, so the guard matters.
// Covers f32 (fma, correctly rounded division and square root, and
// sqrtf, which clang compiles to sqrt.approx.f32 unless
// -fcuda-prec-sqrt is given), f64 (fma Horner, division, square root) and 32/64-bit integer arithmetic with
// wrap-around in unsigned types. Fused multiply-adds are written as
// fmaf/fma and products that must not be fused as __fmul_rn, so the
// source fixes every rounding (clang contracts a*b+c into fma by default
// for CUDA).

extern "C" __global__ void axpy_f32(float a, const float* x, const float* y, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = fmaf(a, x[i], y[i]);
}

extern "C" __global__ void div_sqrt_f32(const float* x, const float* y, float* q, float* r,
                                        float* approx, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    q[i] = x[i] / y[i];
    r[i] = __fsqrt_rn(fabsf(x[i]));
    approx[i] = sqrtf(fabsf(x[i]));
  }
}

extern "C" __global__ void poly_f64(const double* x, double* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double v = x[i];
    double p = fma(fma(fma(v, 0.125, 0.25), v, 0.5), v, 1.0);
    out[i] = p / fma(v, v, 1.0) + sqrt(fabs(v));
  }
}

// Integer arithmetic: x and y are in [-1000, 1000], so the signed
// expressions cannot overflow; the unsigned product wraps around.
extern "C" __global__ void int_arith(const int* a, const int* b, int* out, unsigned* hash,
                                     long long* wide, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int x = a[i], y = b[i];
  out[i] = (x * y) ^ (x + 7 * y) - (x >> 2);
  hash[i] = ((unsigned)x * 2654435761u + (unsigned)y) >> 3;
  wide[i] = (long long)x * y * 1000003LL - (long long)y * (1LL << 40);
}

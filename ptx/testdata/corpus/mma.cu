// targets: sm_80 sm_90
// Warp-level matrix multiply-accumulate through inline PTX mma.sync
// (sm_80 and later; sm_70 only has the m8n8k4 shape, which tt's GPU
// lowering does not use, so this file is not compiled for sm_70). One
// warp computes D (16x8, f32) = A (16xK) * B (Kx8) + C (16x8, f32) for
//   mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32   (K = 16)
//   mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 (K = 16)
//   mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32  (K = 8)
//   mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32  (K = 8, after
//                                                          cvt.rna.tf32.f32)
// A is row-major 16xK, B is stored K-major as 8 columns of K (B[n*K + k]),
// C and D are row-major 16x8. Each lane gathers its fragments as the PTX
// ISA lays them out: with g = lane / 4 and t = lane % 4, 16-bit A
// elements (row g or g+8, columns 2t, 2t+1, +8), B elements (rows 2t,
// 2t+1, +8; column g), tf32 A elements (row g or g+8, column t or t+4), B
// (row t or t+4, column g), and accumulators (row g or g+8, columns 2t,
// 2t+1). Launch one warp per block, one block per tile (tiles stacked).

#include <cuda_fp16.h>
#include <cuda_bf16.h>

__device__ unsigned pack_half(__half lo, __half hi) {
  return (unsigned)__half_as_ushort(lo) | ((unsigned)__half_as_ushort(hi) << 16);
}

__device__ unsigned pack_bf16(__nv_bfloat16 lo, __nv_bfloat16 hi) {
  return (unsigned)__bfloat16_as_ushort(lo) | ((unsigned)__bfloat16_as_ushort(hi) << 16);
}

__device__ void load_c(const float* C, int g, int t, float c[4]) {
  c[0] = C[g * 8 + 2 * t];
  c[1] = C[g * 8 + 2 * t + 1];
  c[2] = C[(g + 8) * 8 + 2 * t];
  c[3] = C[(g + 8) * 8 + 2 * t + 1];
}

__device__ void store_d(float* D, int g, int t, const float d[4]) {
  D[g * 8 + 2 * t] = d[0];
  D[g * 8 + 2 * t + 1] = d[1];
  D[(g + 8) * 8 + 2 * t] = d[2];
  D[(g + 8) * 8 + 2 * t + 1] = d[3];
}

extern "C" __global__ void mma_f16_m16n8k16(const __half* A, const __half* B, const float* C, float* D) {
  int lane = threadIdx.x & 31, g = lane >> 2, t = lane & 3;
  const __half* a = A + blockIdx.x * 16 * 16;
  const __half* b = B + blockIdx.x * 8 * 16;
  unsigned ra[4], rb[2];
  ra[0] = pack_half(a[g * 16 + 2 * t], a[g * 16 + 2 * t + 1]);
  ra[1] = pack_half(a[(g + 8) * 16 + 2 * t], a[(g + 8) * 16 + 2 * t + 1]);
  ra[2] = pack_half(a[g * 16 + 2 * t + 8], a[g * 16 + 2 * t + 9]);
  ra[3] = pack_half(a[(g + 8) * 16 + 2 * t + 8], a[(g + 8) * 16 + 2 * t + 9]);
  rb[0] = pack_half(b[g * 16 + 2 * t], b[g * 16 + 2 * t + 1]);
  rb[1] = pack_half(b[g * 16 + 2 * t + 8], b[g * 16 + 2 * t + 9]);
  float c[4], d[4];
  load_c(C + blockIdx.x * 128, g, t, c);
  asm volatile(
      "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
      "{%10,%11,%12,%13};"
      : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
      : "r"(ra[0]), "r"(ra[1]), "r"(ra[2]), "r"(ra[3]), "r"(rb[0]), "r"(rb[1]), "f"(c[0]), "f"(c[1]),
        "f"(c[2]), "f"(c[3]));
  store_d(D + blockIdx.x * 128, g, t, d);
}

// A and B hold bf16 bit patterns (uint16 in memory, passed as unsigned
// short so that the .npy files can carry them as pairs in uint32).
extern "C" __global__ void mma_bf16_m16n8k16(const unsigned short* A, const unsigned short* B, const float* C,
                                             float* D) {
  int lane = threadIdx.x & 31, g = lane >> 2, t = lane & 3;
  const unsigned short* a = A + blockIdx.x * 16 * 16;
  const unsigned short* b = B + blockIdx.x * 8 * 16;
  unsigned ra[4], rb[2];
  ra[0] = a[g * 16 + 2 * t] | (unsigned)a[g * 16 + 2 * t + 1] << 16;
  ra[1] = a[(g + 8) * 16 + 2 * t] | (unsigned)a[(g + 8) * 16 + 2 * t + 1] << 16;
  ra[2] = a[g * 16 + 2 * t + 8] | (unsigned)a[g * 16 + 2 * t + 9] << 16;
  ra[3] = a[(g + 8) * 16 + 2 * t + 8] | (unsigned)a[(g + 8) * 16 + 2 * t + 9] << 16;
  rb[0] = b[g * 16 + 2 * t] | (unsigned)b[g * 16 + 2 * t + 1] << 16;
  rb[1] = b[g * 16 + 2 * t + 8] | (unsigned)b[g * 16 + 2 * t + 9] << 16;
  float c[4], d[4];
  load_c(C + blockIdx.x * 128, g, t, c);
  asm volatile(
      "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
      "{%10,%11,%12,%13};"
      : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
      : "r"(ra[0]), "r"(ra[1]), "r"(ra[2]), "r"(ra[3]), "r"(rb[0]), "r"(rb[1]), "f"(c[0]), "f"(c[1]),
        "f"(c[2]), "f"(c[3]));
  store_d(D + blockIdx.x * 128, g, t, d);
}

// bf16 inputs made from f32 inputs with __float2bfloat16 (nearest even).
extern "C" __global__ void mma_bf16_m16n8k8(const float* A, const float* B, const float* C, float* D) {
  int lane = threadIdx.x & 31, g = lane >> 2, t = lane & 3;
  const float* a = A + blockIdx.x * 16 * 8;
  const float* b = B + blockIdx.x * 8 * 8;
  unsigned ra[2], rb;
  ra[0] = pack_bf16(__float2bfloat16(a[g * 8 + 2 * t]), __float2bfloat16(a[g * 8 + 2 * t + 1]));
  ra[1] = pack_bf16(__float2bfloat16(a[(g + 8) * 8 + 2 * t]), __float2bfloat16(a[(g + 8) * 8 + 2 * t + 1]));
  rb = pack_bf16(__float2bfloat16(b[g * 8 + 2 * t]), __float2bfloat16(b[g * 8 + 2 * t + 1]));
  float c[4], d[4];
  load_c(C + blockIdx.x * 128, g, t, c);
  asm volatile(
      "mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%7,%8,%9,%10};"
      : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
      : "r"(ra[0]), "r"(ra[1]), "r"(rb), "f"(c[0]), "f"(c[1]), "f"(c[2]), "f"(c[3]));
  store_d(D + blockIdx.x * 128, g, t, d);
}

__device__ unsigned to_tf32(float f) {
  unsigned r;
  asm("cvt.rna.tf32.f32 %0, %1;" : "=r"(r) : "f"(f));
  return r;
}

extern "C" __global__ void mma_tf32_m16n8k8(const float* A, const float* B, const float* C, float* D) {
  int lane = threadIdx.x & 31, g = lane >> 2, t = lane & 3;
  const float* a = A + blockIdx.x * 16 * 8;
  const float* b = B + blockIdx.x * 8 * 8;
  unsigned ra[4], rb[2];
  ra[0] = to_tf32(a[g * 8 + t]);
  ra[1] = to_tf32(a[(g + 8) * 8 + t]);
  ra[2] = to_tf32(a[g * 8 + t + 4]);
  ra[3] = to_tf32(a[(g + 8) * 8 + t + 4]);
  rb[0] = to_tf32(b[g * 8 + t]);
  rb[1] = to_tf32(b[g * 8 + t + 4]);
  float c[4], d[4];
  load_c(C + blockIdx.x * 128, g, t, c);
  asm volatile(
      "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
      "{%10,%11,%12,%13};"
      : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
      : "r"(ra[0]), "r"(ra[1]), "r"(ra[2]), "r"(ra[3]), "r"(rb[0]), "r"(rb[1]), "f"(c[0]), "f"(c[1]),
        "f"(c[2]), "f"(c[3]));
  store_d(D + blockIdx.x * 128, g, t, d);
}

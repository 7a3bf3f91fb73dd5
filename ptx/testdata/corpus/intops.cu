// Integer edge cases. Signed division and remainder truncate toward zero
// (the remainder takes the dividend's sign) for negative operands, in 32
// and 64 bits, by run-time divisors and by constants (which clang turns
// into mul.hi and shifts); unsigned division; shifts by amounts >= the
// width through PTX inline asm (shl/shr clamp the amount: shl and shr.u
// give 0, shr.s the sign) and the funnel shifts (__funnelshift_l/r wrap
// the amount mod 32, the _lc/_rc forms clamp it to 32); min/max signed
// and unsigned, abs; popc/clz/brev/ffs in 32 and 64 bits; bfe (signed and
// unsigned, positions and lengths past the msb) and bfi through inline
// asm; __byte_perm (prmt with the selectors masked to 3 bits, as CUDA
// defines it) and prmt through inline asm with the selectors' sign bits
// (sign-replicating bytes); mul.hi.

extern "C" __global__ void div_rem(const int* a, const int* b, int* q, int* r, unsigned* uq,
                                   unsigned* ur, long long* q64, long long* r64, int* q7, int* rm3,
                                   int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int x = a[i], y = b[i];
  q[i] = x / y;
  r[i] = x % y;
  uq[i] = (unsigned)x / (unsigned)y;
  ur[i] = (unsigned)x % (unsigned)y;
  long long X = (long long)x * 1000003LL;
  q64[i] = X / y;
  r64[i] = X % y;
  q7[i] = x / 7;
  rm3[i] = x % -3;
}

__device__ unsigned shl32(unsigned a, unsigned s) {
  unsigned d;
  asm("shl.b32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(s));
  return d;
}
__device__ unsigned shr_u32(unsigned a, unsigned s) {
  unsigned d;
  asm("shr.u32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(s));
  return d;
}
__device__ int shr_s32(int a, unsigned s) {
  int d;
  asm("shr.s32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(s));
  return d;
}
__device__ unsigned long long shl64(unsigned long long a, unsigned s) {
  unsigned long long d;
  asm("shl.b64 %0, %1, %2;" : "=l"(d) : "l"(a), "r"(s));
  return d;
}
__device__ long long shr_s64(long long a, unsigned s) {
  long long d;
  asm("shr.s64 %0, %1, %2;" : "=l"(d) : "l"(a), "r"(s));
  return d;
}

// s holds shift amounts in [0, 80).
extern "C" __global__ void shifts(const int* a, const unsigned* s, unsigned* shl, unsigned* shru,
                                  int* shrs, unsigned long long* shl_64, long long* shrs_64,
                                  unsigned* fl, unsigned* flc, unsigned* fr, unsigned* frc, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int x = a[i];
  unsigned k = s[i];
  shl[i] = shl32((unsigned)x, k);
  shru[i] = shr_u32((unsigned)x, k);
  shrs[i] = shr_s32(x, k);
  unsigned long long w = (unsigned long long)(long long)x * 0x9E3779B97F4A7C15ull;
  shl_64[i] = shl64(w, k);
  shrs_64[i] = shr_s64((long long)w, k);
  unsigned hi = (unsigned)x * 2654435761u;
  fl[i] = __funnelshift_l((unsigned)x, hi, k);
  flc[i] = __funnelshift_lc((unsigned)x, hi, k);
  fr[i] = __funnelshift_r((unsigned)x, hi, k);
  frc[i] = __funnelshift_rc((unsigned)x, hi, k);
}

// mm: [2i] min, [2i+1] max; umm: [2i] umin, [2i+1] umax; mm64: [2i]
// llmin, [2i+1] llmax; abs_ is abs(a) (a is never INT_MIN).
extern "C" __global__ void min_max_abs(const int* a, const int* b, int* mm, unsigned* umm,
                                       int* abs_, long long* mm64, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int x = a[i], y = b[i];
  mm[2 * i] = min(x, y);
  mm[2 * i + 1] = max(x, y);
  umm[2 * i] = umin((unsigned)x, (unsigned)y);
  umm[2 * i + 1] = umax((unsigned)x, (unsigned)y);
  abs_[i] = abs(x);
  mm64[2 * i] = llmin((long long)x * (1LL << 20), (long long)y * 3);
  mm64[2 * i + 1] = llmax((long long)x * (1LL << 20), (long long)y * 3);
}

// bits: [6i..6i+5] popc, clz, ffs of u; popcll, clzll, ffsll of w;
// rev: [2i] brev(u), [2i+1] low word of brevll(w), rev64 brevll(w).
extern "C" __global__ void bit_ops(const unsigned* a, int* bits, unsigned* rev,
                                   unsigned long long* rev64, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned u = a[i];
  unsigned long long w = ((unsigned long long)u << 32 | (u ^ 0xA5A5A5A5u)) >> (i & 7);
  bits[6 * i] = __popc(u);
  bits[6 * i + 1] = __clz((int)u);
  bits[6 * i + 2] = __ffs((int)u);
  bits[6 * i + 3] = __popcll(w);
  bits[6 * i + 4] = __clzll((long long)w);
  bits[6 * i + 5] = __ffsll((long long)w);
  rev[2 * i] = __brev(u);
  rev[2 * i + 1] = (unsigned)__brevll(w);
  rev64[i] = __brevll(w);
}

__device__ unsigned bfe_u32(unsigned a, unsigned pos, unsigned len) {
  unsigned d;
  asm("bfe.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(pos), "r"(len));
  return d;
}
__device__ int bfe_s32(int a, unsigned pos, unsigned len) {
  int d;
  asm("bfe.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(pos), "r"(len));
  return d;
}
__device__ unsigned prmt_b32(unsigned a, unsigned b, unsigned c) {
  unsigned d;
  asm("prmt.b32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
  return d;
}
__device__ unsigned bfi_b32(unsigned a, unsigned b, unsigned pos, unsigned len) {
  unsigned d;
  asm("bfi.b32 %0, %1, %2, %3, %4;" : "=r"(d) : "r"(a), "r"(b), "r"(pos), "r"(len));
  return d;
}

// pl holds (pos, len) pairs, each in [0, 40).
extern "C" __global__ void bitfields(const unsigned* a, const unsigned* b, const unsigned* pl,
                                     unsigned* bfeu, int* bfes, unsigned* bfi, unsigned* perm,
                                     unsigned* perm_sign, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned x = a[i], y = b[i], pos = pl[2 * i], len = pl[2 * i + 1];
  bfeu[i] = bfe_u32(x, pos, len);
  bfes[i] = bfe_s32((int)x, pos, len);
  bfi[i] = bfi_b32(x, y, pos, len);
  perm[i] = __byte_perm(x, y, y ^ (x >> 7));
  perm_sign[i] = prmt_b32(x, y, y ^ (x >> 7));
}

// hi: [2i] __mulhi, [2i+1] __umulhi; hi64: [2i] __mul64hi, [2i+1]
// __umul64hi.
extern "C" __global__ void mul_hi(const int* a, const int* b, int* hi, long long* hi64, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int x = a[i], y = b[i];
  hi[2 * i] = __mulhi(x, y);
  hi[2 * i + 1] = (int)__umulhi((unsigned)x, (unsigned)y);
  // Products wrap around (computed unsigned; signed overflow is undefined).
  long long X = (long long)((unsigned long long)(long long)x * 0x1F2E3D4C5BULL);
  long long Y = (long long)((unsigned long long)(long long)y * 0xFFFFFF8594A3B2C2ULL);
  hi64[2 * i] = __mul64hi(X, Y);
  hi64[2 * i + 1] = (long long)__umul64hi((unsigned long long)X, (unsigned long long)Y);
}

// Divergent control flow. collatz_steps: a data-dependent trip count per
// thread (capped). find_first: a loop with an early exit (break) and an
// early return for threads past the last row. branches: a three-way
// branch whose arms loop different numbers of times, followed by a
// butterfly sum over the whole warp, which needs every lane back after the
// divergence. partial_shuffle: shuffles with half-warp member masks inside
// the two arms of a branch. gcd_calls: a __noinline__ device function
// (.func, call, ret) with a loop, called from divergent code.

extern "C" __global__ void collatz_steps(const unsigned* start, int* steps, int n, int cap) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned v = start[i];
  int s = 0;
  while (v != 1 && s < cap) {
    v = (v & 1) ? 3 * v + 1 : v >> 1;
    ++s;
  }
  steps[i] = s;
}

// idx[r] is the first column c of row r with x[r][c] > thr, or -1.
extern "C" __global__ void find_first(const float* x, int* idx, int rows, int cols, float thr) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  int found = -1;
  for (int c = 0; c < cols; ++c) {
    if (x[r * cols + c] > thr) {
      found = c;
      break;
    }
  }
  idx[r] = found;
}

// x has one element per launched thread; warp_total one per warp.
extern "C" __global__ void branches(const int* x, int* out, int* warp_total) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = x[i];
  int r;
  int m = v % 3;
  if (m == 0) {
    r = v * 2;
    for (int k = 0; k < (v & 7); ++k) r += k * k;
  } else if (m == 1 || m == -1) {
    r = -v;
    while (r < 0) r += 37;
  } else {
    r = v;
    for (int k = v & 15; k > 0; --k) {
      if (r > 1000) break;
      r = r * 3 + k;
    }
  }
  out[i] = r;
  int s = r;
  for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffffu, s, o);
  if ((threadIdx.x & 31) == 0) warp_total[i >> 5] = s;
}

extern "C" __global__ void partial_shuffle(const int* x, int* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31;
  int v = x[i];
  if (lane < 16)
    out[i] = __shfl_xor_sync(0x0000ffffu, v, 1);
  else
    out[i] = __shfl_down_sync(0xffff0000u, v, 2, 16);
}

__noinline__ __device__ int gcd(int a, int b) {
  while (b != 0) {
    int t = a % b;
    a = b;
    b = t;
  }
  return a;
}

extern "C" __global__ void gcd_calls(const int* a, const int* b, int* g, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int x = a[i], y = b[i];
  g[i] = (x & 1) ? gcd(x, y) : gcd(y + 1, x + 1) + 1000;
}

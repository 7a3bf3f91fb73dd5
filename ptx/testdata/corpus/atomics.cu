// Atomics on global and shared memory. Every result is independent of the
// order in which threads win: integer operations, float additions of
// small integers (exact in any order), a compare-and-swap loop computing a
// float maximum, and a ticket counter whose tickets must be a permutation.
// atomic_exch_tickets' exch results are checked as a multiset (the values
// handed back plus the final one are the initial value and every thread's
// id), since which thread sees which old value depends on the order.

// ops: [0] sum, [1] min, [2] max (int); uops: [0] max, [1] and, [2] or,
// [3] xor (unsigned); fsum: [0] float sum. Initial values come in.
extern "C" __global__ void atomic_global(const int* x, const float* f, int* ops, unsigned* uops,
                                         float* fsum, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int v = x[i];
  atomicAdd(&ops[0], v);
  atomicMin(&ops[1], v);
  atomicMax(&ops[2], v);
  atomicMax(&uops[0], (unsigned)v);
  atomicAnd(&uops[1], ~(1u << (i & 31)) | 0x80000000u);
  atomicOr(&uops[2], 1u << (v & 31));
  atomicXor(&uops[3], (unsigned)v * 2654435761u);
  atomicAdd(&fsum[0], f[i]);
}

__device__ float atomic_max_float(float* addr, float v) {
  int* a = (int*)addr;
  int old = *a, assumed;
  do {
    assumed = old;
    if (__int_as_float(assumed) >= v) break;
    old = atomicCAS(a, assumed, __float_as_int(v));
  } while (old != assumed);
  return __int_as_float(old);
}

extern "C" __global__ void atomic_cas_max(const float* x, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomic_max_float(out, x[i]);
}

extern "C" __global__ void atomic_exch_tickets(int* counter, int* tickets, int* slot, int* olds, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  tickets[i] = atomicAdd(counter, 1);
  olds[i] = atomicExch(slot, i);
}

// A histogram of x mod 64 in shared memory, merged into the global one;
// and the shared-memory forms of min, max, exch, cas and float add.
// stats: [0] min, [1] max, [2] number of successful cas increments,
// [3] 1 if the last exch holds a thread id of the block; fstats: [0] sum.
extern "C" __global__ void atomic_shared(const int* x, int* hist, int* stats, float* fstats, int n) {
  __shared__ int bins[64];
  __shared__ int smin, smax, scas, sexch;
  __shared__ float sf;
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  for (int b = t; b < 64; b += blockDim.x) bins[b] = 0;
  if (t == 0) {
    smin = 0x7fffffff;
    smax = -0x7fffffff - 1;
    scas = 0;
    sexch = -1;
    sf = 0.0f;
  }
  __syncthreads();
  if (i < n) {
    int v = x[i];
    atomicAdd(&bins[v & 63], 1);
    atomicMin(&smin, v);
    atomicMax(&smax, v);
    atomicExch(&sexch, t);
    atomicAdd(&sf, (float)(v & 15));
    int old = scas, assumed;
    do {
      assumed = old;
      old = atomicCAS(&scas, assumed, assumed + 1);
    } while (old != assumed);
  }
  __syncthreads();
  for (int b = t; b < 64; b += blockDim.x) atomicAdd(&hist[b], bins[b]);
  if (t == 0) {
    atomicMin(&stats[0], smin);
    atomicMax(&stats[1], smax);
    atomicAdd(&stats[2], scas);
    atomicAdd(&stats[3], sexch >= 0 && sexch < (int)blockDim.x);
    atomicAdd(&fstats[0], sf);
  }
}

// Warp votes: __all_sync, __any_sync, __ballot_sync and __uni_sync over
// the full warp (threads past n vote with v = 0 rather than returning, so
// every lane of the mask takes part), and ballots with half-warp masks in
// the two sides of a divergent branch.

extern "C" __global__ void votes(const int* in, int* all, int* any, unsigned* ballot, int* uni,
                                 int* popc, unsigned* half, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31;
  int v = i < n ? in[i] : 0;
  all[i] = __all_sync(0xffffffffu, v > 0);
  any[i] = __any_sync(0xffffffffu, v > 100);
  unsigned b = __ballot_sync(0xffffffffu, v & 1);
  ballot[i] = b;
  uni[i] = __uni_sync(0xffffffffu, v >= 0);
  popc[i] = __popc(b);
  if (lane < 16)
    half[i] = __ballot_sync(0x0000ffffu, v & 2);
  else
    half[i] = __ballot_sync(0xffff0000u, v & 4);
}

// 2-D tiles through shared memory, with 2-D grids and blocks and bounds
// guards on ragged edges (the matrix sizes are not multiples of the tile).
// transpose_tiled stages a 32x32 tile in shared memory padded to 33
// columns (no bank conflicts); transpose_tiled_conflicts is the same
// without the padding (32-way bank conflicts on the column reads, for
// tt-ptx run --stats). matmul_tiled multiplies 16x16 tiles with fmaf in
// ascending k, zero-padding the tiles past the matrix edges.

#define TILE 32
#define TILE_ROWS 8  // blockDim = (TILE, TILE_ROWS)

extern "C" __global__ void transpose_tiled(const float* in, float* out, int rows, int cols) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += TILE_ROWS)
    if (x < cols && y + j < rows) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * cols + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += TILE_ROWS)
    if (x < rows && y + j < cols) out[(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
}

extern "C" __global__ void transpose_tiled_conflicts(const float* in, float* out, int rows, int cols) {
  __shared__ float tile[TILE][TILE];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += TILE_ROWS)
    if (x < cols && y + j < rows) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * cols + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += TILE_ROWS)
    if (x < rows && y + j < cols) out[(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
}

#define MT 16  // blockDim = (MT, MT)

// C (M x N) = A (M x K) * B (K x N), all row-major.
extern "C" __global__ void matmul_tiled(const float* A, const float* B, float* C, int M, int N, int K) {
  __shared__ float As[MT][MT];
  __shared__ float Bs[MT][MT];
  int row = blockIdx.y * MT + threadIdx.y;
  int col = blockIdx.x * MT + threadIdx.x;
  float acc = 0.0f;
  for (int k0 = 0; k0 < K; k0 += MT) {
    int ka = k0 + threadIdx.x, kb = k0 + threadIdx.y;
    As[threadIdx.y][threadIdx.x] = (row < M && ka < K) ? A[row * K + ka] : 0.0f;
    Bs[threadIdx.y][threadIdx.x] = (kb < K && col < N) ? B[kb * N + col] : 0.0f;
    __syncthreads();
    for (int k = 0; k < MT; ++k) acc = fmaf(As[threadIdx.y][k], Bs[k][threadIdx.x], acc);
    __syncthreads();
  }
  if (row < M && col < N) C[row * N + col] = acc;
}

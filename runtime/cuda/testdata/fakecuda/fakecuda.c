// A fake libcuda for runtime/cuda's tests: every entry point the package
// binds, with the C signatures of cuda.h, over host memory. Built by the
// test with the machine's C compiler and loaded with purego like the real
// driver, it checks the Go declarations against the C calling convention
// (integer widths, 64-bit sizes, pointers, the eleven arguments of
// cuLaunchKernel, five of them on the stack) and, with a thread-local
// current context as the driver keeps one, that every call runs on a
// thread where its context is current. The kernels of ../*.ptx are C
// functions here, found by name; any other kernel of a loaded module is a
// no-op (backend/cuda's tests run tt's kernels on it to count the driver
// calls, not to check results). fakecuda_counts reports the copies and
// allocations so far.
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

typedef int CUresult;
typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef void *CUcontext, *CUmodule, *CUfunction, *CUstream, *CUevent;

enum {
	OK = 0, INVALID_VALUE = 1, OUT_OF_MEMORY = 2, INVALID_DEVICE = 101,
	INVALID_CONTEXT = 201, INVALID_PTX = 218, NOT_FOUND = 500,
};

#define CTX ((CUcontext)0x1000)
static __thread CUcontext current;
static int retained;
static int dyn_shared[5] = {0, 48 << 10, 48 << 10, 48 << 10, 48 << 10};

#define NEED_CTX() do { if (current != CTX || retained == 0) return INVALID_CONTEXT; } while (0)

CUresult cuInit(unsigned flags) { return flags == 0 ? OK : INVALID_VALUE; }
CUresult cuDriverGetVersion(int *v) { *v = 12040; return OK; }
CUresult cuDeviceGetCount(int *n) { *n = 1; return OK; }
CUresult cuDeviceGet(CUdevice *d, int ordinal) {
	if (ordinal != 0) return INVALID_DEVICE;
	*d = 0;
	return OK;
}
CUresult cuDeviceGetName(char *name, int len, CUdevice d) {
	if (d != 0 || len < 1) return INVALID_VALUE;
	snprintf(name, len, "%s", "tt fake libcuda");
	return OK;
}
CUresult cuDeviceGetAttribute(int *v, int attr, CUdevice d) {
	if (d != 0) return INVALID_DEVICE;
	switch (attr) {
	case 1: *v = 1024; return OK;      // max threads per block
	case 8: *v = 48 << 10; return OK;  // shared memory per block
	case 10: *v = 32; return OK;       // warp size
	case 16: *v = 132; return OK;      // SMs
	case 36: *v = 2619000; return OK;  // memory clock, kHz
	case 37: *v = 6144; return OK;     // bus width
	case 38: *v = 50 << 20; return OK; // L2
	case 75: *v = 9; return OK;
	case 76: *v = 0; return OK;
	case 97: *v = 227 << 10; return OK; // shared memory opt-in
	}
	return INVALID_VALUE; // the clock rate: as a driver that dropped it
}
CUresult cuDeviceTotalMem_v2(size_t *bytes, CUdevice d) { *bytes = (size_t)1 << 36; return OK; }
CUresult cuDevicePrimaryCtxRetain(CUcontext *c, CUdevice d) { retained++; *c = CTX; return OK; }
CUresult cuDevicePrimaryCtxRelease_v2(CUdevice d) {
	if (retained == 0) return INVALID_CONTEXT;
	retained--;
	return OK;
}
CUresult cuCtxSetCurrent(CUcontext c) {
	if (c != CTX || retained == 0) return INVALID_CONTEXT;
	current = c;
	return OK;
}
CUresult cuCtxSynchronize(void) { NEED_CTX(); return OK; }

CUresult cuStreamCreate(CUstream *s, unsigned flags) { NEED_CTX(); *s = malloc(1); return OK; }
CUresult cuStreamDestroy_v2(CUstream s) { NEED_CTX(); free(s); return OK; }
CUresult cuStreamSynchronize(CUstream s) { NEED_CTX(); return s ? OK : INVALID_VALUE; }

static int launches;
CUresult cuEventCreate(CUevent *e, unsigned flags) { NEED_CTX(); *e = calloc(1, sizeof(int)); return OK; }
CUresult cuEventRecord(CUevent e, CUstream s) { NEED_CTX(); *(int *)e = __atomic_load_n(&launches, __ATOMIC_RELAXED); return OK; }
CUresult cuEventSynchronize(CUevent e) { NEED_CTX(); return OK; }
// The fake clock: 0.25 ms per launch.
CUresult cuEventElapsedTime(float *ms, CUevent a, CUevent b) {
	*ms = 0.25f * (float)(*(int *)b - *(int *)a);
	return OK;
}
CUresult cuEventDestroy_v2(CUevent e) { NEED_CTX(); free(e); return OK; }

// allocated is updated from many threads (the goroutines test), as the
// real driver's bookkeeping is: atomically.
static size_t allocated;
static int htod, dtoh, allocs, frees;
CUresult cuMemAlloc_v2(CUdeviceptr *p, size_t n) {
	NEED_CTX();
	if (n == 0) return INVALID_VALUE;
	if (n > (size_t)1 << 32) return OUT_OF_MEMORY;
	size_t *block = malloc(n + 16);
	if (!block) return OUT_OF_MEMORY;
	block[0] = n;
	__atomic_add_fetch(&allocated, n, __ATOMIC_RELAXED);
	__atomic_add_fetch(&allocs, 1, __ATOMIC_RELAXED);
	*p = (CUdeviceptr)(uintptr_t)(block + 2);
	return OK;
}
CUresult cuMemFree_v2(CUdeviceptr p) {
	NEED_CTX();
	size_t *block = (size_t *)(uintptr_t)p - 2;
	__atomic_sub_fetch(&allocated, block[0], __ATOMIC_RELAXED);
	__atomic_add_fetch(&frees, 1, __ATOMIC_RELAXED);
	free(block);
	return OK;
}
CUresult cuMemGetInfo_v2(size_t *free_, size_t *total) {
	NEED_CTX();
	*total = (size_t)1 << 36;
	*free_ = *total - __atomic_load_n(&allocated, __ATOMIC_RELAXED);
	return OK;
}
#define DEV(p) ((void *)(uintptr_t)(p))
void fakecuda_counts(int *h2d, int *d2h, int *alloc, int *free_) {
	*h2d = __atomic_load_n(&htod, __ATOMIC_RELAXED);
	*d2h = __atomic_load_n(&dtoh, __ATOMIC_RELAXED);
	*alloc = __atomic_load_n(&allocs, __ATOMIC_RELAXED);
	*free_ = __atomic_load_n(&frees, __ATOMIC_RELAXED);
}
CUresult cuMemcpyHtoD_v2(CUdeviceptr dst, const void *src, size_t n) {
	NEED_CTX();
	__atomic_add_fetch(&htod, 1, __ATOMIC_RELAXED);
	memcpy(DEV(dst), src, n);
	return OK;
}
CUresult cuMemcpyDtoH_v2(void *dst, CUdeviceptr src, size_t n) {
	NEED_CTX();
	__atomic_add_fetch(&dtoh, 1, __ATOMIC_RELAXED);
	memcpy(dst, DEV(src), n);
	return OK;
}
CUresult cuMemcpyHtoDAsync_v2(CUdeviceptr dst, const void *src, size_t n, CUstream s) {
	NEED_CTX();
	if (!s) return INVALID_VALUE;
	memcpy(DEV(dst), src, n);
	return OK;
}
CUresult cuMemcpyDtoHAsync_v2(void *dst, CUdeviceptr src, size_t n, CUstream s) {
	NEED_CTX();
	if (!s) return INVALID_VALUE;
	memcpy(dst, DEV(src), n);
	return OK;
}
CUresult cuMemsetD8_v2(CUdeviceptr dst, unsigned char v, size_t n) { NEED_CTX(); memset(DEV(dst), v, n); return OK; }

// cuModuleLoadDataEx fails on PTX that names %undefined, with a log in the
// driver's format, and otherwise keeps a copy of the text.
CUresult cuModuleLoadDataEx(CUmodule *m, const void *image, unsigned n, int *options, void **values) {
	NEED_CTX();
	char *err = 0, *info = 0;
	size_t errn = 0, infon = 0;
	int errsize = -1, infosize = -1;
	for (unsigned i = 0; i < n; i++) {
		switch (options[i]) {
		case 3: info = values[i]; break;
		case 4: infon = (size_t)values[i]; infosize = i; break;
		case 5: err = values[i]; break;
		case 6: errn = (size_t)values[i]; errsize = i; break;
		}
	}
	if (!err || !info || errsize < 0 || infosize < 0) return INVALID_VALUE;
	int w = snprintf(info, infon, "ptxas info    : Compiling entry function for 'sm_90'\nptxas info    : Used 8 registers");
	values[infosize] = (void *)(size_t)(w + 1);
	const char *ptx = image, *bad = strstr(ptx, "%undefined");
	if (bad) {
		int line = 1;
		for (const char *c = ptx; c < bad; c++) line += *c == '\n';
		w = snprintf(err, errn, "ptxas application ptx input, line %d; error   : Unknown symbol '%%undefined'\n"
			"ptxas fatal   : Ptx assembly aborted due to errors", line);
		values[errsize] = (void *)(size_t)(w + 1);
		return INVALID_PTX;
	}
	*m = strdup(ptx);
	return OK;
}
CUresult cuModuleUnload(CUmodule m) { NEED_CTX(); free(m); return OK; }

#define NOOP 4
static const char *kernels[] = {0, "vecadd", "params", "reverse"};
CUresult cuModuleGetFunction(CUfunction *f, CUmodule m, const char *name) {
	NEED_CTX();
	char entry[256];
	snprintf(entry, sizeof entry, ".entry %s(", name);
	if (!strstr(m, entry)) return NOT_FOUND;
	*f = (CUfunction)(uintptr_t)NOOP;
	for (uintptr_t k = 1; k < NOOP; k++)
		if (strcmp(name, kernels[k]) == 0) *f = (CUfunction)k;
	return OK;
}
CUresult cuFuncGetAttribute(int *v, int attr, CUfunction f) {
	uintptr_t k = (uintptr_t)f;
	if (k < 1 || k > NOOP) return INVALID_VALUE;
	switch (attr) {
	case 0: *v = 1024; return OK;
	case 1: case 2: case 3: *v = 0; return OK;
	case 4: *v = 8; return OK;
	case 5: *v = 70; return OK;
	case 6: *v = 90; return OK;
	case 8: *v = dyn_shared[k]; return OK;
	}
	return INVALID_VALUE;
}
CUresult cuFuncSetAttribute(CUfunction f, int attr, int v) {
	NEED_CTX();
	uintptr_t k = (uintptr_t)f;
	if (k < 1 || k > NOOP || attr != 8 || v < 0 || v > 227 << 10) return INVALID_VALUE;
	dyn_shared[k] = v;
	return OK;
}

CUresult cuLaunchKernel(CUfunction f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
	unsigned shared, CUstream s, void **p, void **extra) {
	NEED_CTX();
	uintptr_t k = (uintptr_t)f;
	if (k < 1 || k > NOOP || extra || gx * gy * gz == 0 || bx * by * bz == 0 || bx * by * bz > 1024) return INVALID_VALUE;
	if ((int)shared > dyn_shared[k]) return INVALID_VALUE;
	uint64_t threads = (uint64_t)gx * gy * gz * bx * by * bz;
	__atomic_add_fetch(&launches, 1, __ATOMIC_RELAXED);
	if (k == 1) {
		float *a = DEV(*(uint64_t *)p[0]), *b = DEV(*(uint64_t *)p[1]), *c = DEV(*(uint64_t *)p[2]);
		uint32_t n = *(uint32_t *)p[3];
		for (uint64_t i = 0; i < threads && i < n; i++) c[i] = a[i] + b[i];
	} else if (k == 2) {
		uint64_t *out = DEV(*(uint64_t *)p[0]);
		static const int width[] = {4, 8, 4, 8, 4, 8, 4, 4};
		for (int i = 0; i < 8; i++) out[i] = width[i] == 4 ? *(uint32_t *)p[i + 1] : *(uint64_t *)p[i + 1];
	} else if (k == 3) {
		if (shared < 4 * bx) return INVALID_VALUE; // the kernel would read past its shared memory
		float *in = DEV(*(uint64_t *)p[0]), *out = DEV(*(uint64_t *)p[1]);
		for (uint64_t i = 0; i < threads; i++) {
			uint64_t blk = i / bx, t = i % bx;
			out[i] = in[blk * bx + bx - 1 - t];
		}
	}
	return OK;
}

static const struct { int code; const char *name, *desc; } names[] = {
	{0, "CUDA_SUCCESS", "no error"},
	{1, "CUDA_ERROR_INVALID_VALUE", "invalid argument"},
	{2, "CUDA_ERROR_OUT_OF_MEMORY", "out of memory"},
	{101, "CUDA_ERROR_INVALID_DEVICE", "invalid device ordinal"},
	{201, "CUDA_ERROR_INVALID_CONTEXT", "invalid device context"},
	{218, "CUDA_ERROR_INVALID_PTX", "a PTX JIT compilation failed"},
	{500, "CUDA_ERROR_NOT_FOUND", "named symbol not found"},
};
CUresult cuGetErrorName(CUresult r, const char **s) {
	for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++)
		if (names[i].code == r) { *s = names[i].name; return OK; }
	*s = 0;
	return INVALID_VALUE;
}
CUresult cuGetErrorString(CUresult r, const char **s) {
	for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++)
		if (names[i].code == r) { *s = names[i].desc; return OK; }
	*s = 0;
	return INVALID_VALUE;
}

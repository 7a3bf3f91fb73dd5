#!/usr/bin/python3
"""PyTorch eager twins of the interpreter benchmarks (interp/bench_test.go).

Run with Debian's PyTorch 1.13 on the same machine:

    /usr/bin/python3 interp/testdata/bench_torch.py [runs]

Same shapes and ops as the Go benchmarks, float32, torch.set_num_threads(2),
inputs created once, 3 warm-up runs, then the median wall time of `runs`
(default 20) runs, in milliseconds: wall time, and process CPU time of all
threads (the steadier measure on a shared machine; the Go benchmarks print
ns/op and cpu-ms/op).
"""

import statistics
import sys
import time

import torch
import torch.nn.functional as F

torch.set_num_threads(2)
torch.manual_seed(0)
RUNS = int(sys.argv[1]) if len(sys.argv) > 1 else 20


def median_ms(fn):
    """Median wall time and median process CPU time (all threads) in ms."""
    for _ in range(3):
        fn()
    wall, cpu = [], []
    for _ in range(RUNS):
        c0, t0 = time.process_time(), time.perf_counter()
        fn()
        wall.append((time.perf_counter() - t0) * 1e3)
        cpu.append((time.process_time() - c0) * 1e3)
    return statistics.median(wall), statistics.median(cpu)


def main():
    r = torch.randn
    x = r(4096, 1024)
    a, b = r(1024), r(1024)
    ln_x, g, beta = r(8192, 1024), r(1024), r(1024)
    ma, mb = r(1024, 1024), r(1024, 1024)
    mx, w1, b1, w2, b2, w3, b3 = r(256, 784), r(784, 1024), r(1024), r(1024, 1024), r(1024), r(1024, 10), r(10)

    def mlp():
        h = torch.relu(torch.matmul(mx, w1) + b1)
        h = torch.relu(torch.matmul(h, w2) + b2)
        return torch.matmul(h, w3) + b3

    with torch.no_grad():
        results = [
            ("Softmax4096x1024", median_ms(lambda: torch.softmax(x, 1)), 0),
            ("LayerNorm8192x1024", median_ms(lambda: F.layer_norm(ln_x, (1024,), g, beta, 1e-5)), 0),
            ("GELUChain4096x1024", median_ms(lambda: F.gelu(x * a + b)), 0),
            ("Matmul1024", median_ms(lambda: torch.matmul(ma, mb)), 2 * 1024 ** 3),
            ("MLP256", median_ms(mlp), 2 * 256 * (784 * 1024 + 1024 * 1024 + 1024 * 10)),
        ]
    print("torch %s, %d threads, median of %d runs (wall ms, process CPU ms)" % (torch.__version__, torch.get_num_threads(), RUNS))
    for name, (ms, cpu), flops in results:
        extra = "  %.2f GFLOP/s" % (flops / ms / 1e6) if flops else ""
        print("%-20s %10.3f ms %10.3f cpu-ms%s" % (name, ms, cpu, extra))


if __name__ == "__main__":
    main()

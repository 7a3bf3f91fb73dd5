#!/usr/bin/env python3
"""PyTorch twins of gpucheck's benchmarks on the GPU (run.sh runs it where
`import torch; torch.cuda.is_available()` holds).

Same shapes as `gpucheck bench`: a copy of ROWS x 1024 f32 (the bandwidth
roofline), softmax, layer_norm and the GELU chain on ROWS x 1024 f32,
matmul 4096^3 in f32 (TF32 off, so that it is an f32 product) and f16, and
the MLP 784-1024-1024-10 training step (batch 256, cross-entropy, SGD).
Each is timed with CUDA events around one call, after warm-up calls; the
median of RUNS calls is reported. Prints one JSON object.

usage: torch_bench.py [ROWS] [RUNS] [--cpu]

--cpu runs everything on the CPU (wall time, matmul 256^3) instead: the
test of this script on machines without a GPU.
"""

import json
import statistics
import sys
import time


def main():
    argv = [a for a in sys.argv[1:] if a != "--cpu"]
    cpu = "--cpu" in sys.argv[1:]
    rows = int(argv[0]) if len(argv) > 0 else 262144
    runs = int(argv[1]) if len(argv) > 1 else 5
    mm = 256 if cpu else 4096
    out = {"rows": rows, "runs": runs, "results": []}
    try:
        import torch
        import torch.nn.functional as F
    except Exception as e:  # noqa: BLE001 - report any import failure
        out["error"] = "import torch: %s" % e
        print(json.dumps(out))
        return
    out["torch"] = torch.__version__
    if cpu:
        out["device"], dev = "cpu", "cpu"
    elif not torch.cuda.is_available():
        out["error"] = "torch.cuda.is_available() is False"
        print(json.dumps(out))
        return
    else:
        out["device"], dev = torch.cuda.get_device_name(0), "cuda"
        torch.backends.cuda.matmul.allow_tf32 = False
        torch.backends.cudnn.allow_tf32 = False
    out["timing"] = "wall" if cpu else "cuda-events"
    torch.manual_seed(0)

    def once_ms(fn):
        if cpu:
            t0 = time.perf_counter()
            fn()
            return (time.perf_counter() - t0) * 1e3
        a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        a.record()
        fn()
        b.record()
        b.synchronize()
        return a.elapsed_time(b)

    def timed(fn):
        for _ in range(2):
            fn()
        return statistics.median(once_ms(fn) for _ in range(runs))

    def add(name, fn, nbytes=0, flops=0):
        r = {"name": name}
        try:
            ms = timed(fn)
            r["median_ms"] = ms
            if nbytes:
                r["bytes"] = nbytes
                r["gb_s"] = nbytes / (ms * 1e-3) / 1e9
            if flops:
                r["flops"] = flops
                r["tflop_s"] = flops / (ms * 1e-3) / 1e12
        except Exception as e:  # noqa: BLE001 - record and go on
            r["error"] = str(e).splitlines()[0] if str(e) else repr(e)
        out["results"].append(r)
        if not cpu:
            torch.cuda.empty_cache()

    x = torch.rand(rows, 1024, device=dev) * 2 - 1
    n = x.numel() * 4
    y = torch.empty_like(x)
    add("copy", lambda: y.copy_(x), 2 * n)
    del y
    with torch.no_grad():
        add("softmax", lambda: torch.softmax(x, 1), 2 * n)
        g, b = torch.rand(1024, device=dev), torch.rand(1024, device=dev)
        add("layer_norm", lambda: F.layer_norm(x, (1024,), g, b, 1e-5), 2 * n + 2 * 4096)
        add("gelu_chain", lambda: F.gelu(x * g + b), 2 * n + 2 * 4096)
    del x
    for dt, name in ((torch.float32, "matmul_%d_f32" % mm), (torch.float16, "matmul_%d_f16" % mm)):
        a = torch.rand(mm, mm, device=dev, dtype=dt)
        bm = torch.rand(mm, mm, device=dev, dtype=dt)
        add(name, lambda: torch.matmul(a, bm), flops=2 * mm ** 3)
        del a, bm

    mx = torch.rand(256, 784, device=dev) * 2 - 1
    labels = torch.randint(0, 10, (256,), device=dev)
    params = [torch.rand(s, device=dev, requires_grad=True) for s in ((784, 1024), (1024,), (1024, 1024), (1024,), (1024, 10), (10,))]

    def step():
        w1, b1, w2, b2, w3, b3 = params
        h = torch.relu(mx @ w1 + b1)
        h = torch.relu(h @ w2 + b2)
        loss = F.cross_entropy(h @ w3 + b3, labels)
        grads = torch.autograd.grad(loss, params)
        with torch.no_grad():
            for p, gr in zip(params, grads):
                p.sub_(0.05 * gr)

    add("mlp_train_step", step, flops=3 * 2 * 256 * (784 * 1024 + 1024 * 1024 + 1024 * 10))
    print(json.dumps(out))


if __name__ == "__main__":
    main()

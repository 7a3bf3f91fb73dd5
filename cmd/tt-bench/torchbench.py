"""The PyTorch and NumPy side of tt-bench (embedded in the command).

tt-bench runs this script once per invocation with Debian's python3-torch
(PyTorch 1.13) and drives it over standard input and output, so that its
runs alternate with the interpreter's and the compiled Go code's:

    python3 torchbench.py THREADS

It sets torch.set_num_threads(THREADS) (tt-bench also sets
OMP_NUM_THREADS and OPENBLAS_NUM_THREADS in its environment) and answers

    ready {"torch": ..., "numpy": ..., "threads": ..., "blas": [...]}

then, per request line:

    load {"key": K, "dir": D, "n": N, "train": [...], "lr": LR, "numpy": B}
        reads D/in0.npy ... D/in<N-1>.npy (tt-bench's arguments), builds
        model K, runs it once and writes its results to D/torch<i>.npy
        (and, when B, NumPy's matmul to D/numpy0.npy); answers "ok <r>"
        with r the number of results
    run torch | run numpy
        runs the loaded model (or NumPy's matmul) once; answers
        "ok <nanoseconds>"

and "error <message>" on failure. The models are written as a PyTorch user
would write them (torch.addmm for a linear layer with bias, as nn.Linear
does; F.layer_norm, F.gelu, torch.softmax, F.conv2d, F.max_pool2d,
F.cross_entropy), on the same shapes and the same inputs as tt's. A
training step (train lists the positions of the parameters) computes the
loss, its gradients with torch.autograd.grad, and returns the loss and each
parameter minus lr times its gradient, as tt's @train_step does.
"""

import json
import math
import os
import sys
import time

import numpy as np
import torch
import torch.nn.functional as F


def linear(x, w, b):
    return torch.addmm(b, x, w)


def heads(t, b, s, h, dh):
    """[b*s, h*dh] -> [b*h, s, dh]."""
    return t.reshape(b, s, h, dh).permute(0, 2, 1, 3).reshape(b * h, s, dh)


def merge_heads(t, b, s, h, dh):
    """[b*h, s, dh] -> [b*s, h*dh]."""
    return t.reshape(b, h, s, dh).permute(0, 2, 1, 3).reshape(b * s, h * dh)


def self_attention(x2, wq, wk, wv, wo, b, s, h):
    """Multi-head self-attention of x2 = [b*s, d] without masking."""
    d = x2.shape[1]
    dh = d // h
    q, k, v = heads(x2 @ wq, b, s, h, dh), heads(x2 @ wk, b, s, h, dh), heads(x2 @ wv, b, s, h, dh)
    p = torch.softmax(torch.bmm(q, k.transpose(1, 2)) * (1 / math.sqrt(dh)), -1)
    return merge_heads(torch.bmm(p, v), b, s, h, dh) @ wo


def attention(x, wq, wk, wv, wo):
    b, s, d = x.shape
    return self_attention(x.reshape(b * s, d), wq, wk, wv, wo, b, s, 4).reshape(b, s, d) + x


def transformer_block(x, g1, be1, wq, wk, wv, wo, g2, be2, w1, b1, w2, b2):
    b, s, d = x.shape
    x2 = x.reshape(b * s, d)
    h = F.layer_norm(x2, (d,), g1, be1, 1e-5)
    x2 = x2 + self_attention(h, wq, wk, wv, wo, b, s, 4)
    h = F.layer_norm(x2, (d,), g2, be2, 1e-5)
    x2 = x2 + linear(F.gelu(linear(h, w1, b1)), w2, b2)
    return x2.reshape(b, s, d)


def mlp_loss(x, y, w1, b1, w2, b2, w3, b3):
    h = F.relu(linear(x, w1, b1))
    h = F.relu(linear(h, w2, b2))
    return F.cross_entropy(linear(h, w3, b3), y)


def digits_loss(x, y, w1, b1, w2, b2):
    return F.cross_entropy(linear(F.relu(linear(x, w1, b1)), w2, b2), y)


def cnn_loss(x, y, w1, b1, w2, b2, w3, b3):
    h = F.max_pool2d(F.relu(F.conv2d(x, w1, b1, padding=1)), 2)
    h = F.max_pool2d(F.relu(F.conv2d(h, w2, b2, padding=1)), 2)
    return F.cross_entropy(linear(h.reshape(h.shape[0], -1), w3, b3), y)


FORWARD = {
    "softmax": lambda x: torch.softmax(x, 1),
    "layer_norm": lambda x, g, b: F.layer_norm(x, (x.shape[-1],), g, b, 1e-5),
    "gelu": lambda x, a, b: F.gelu(x * a + b),
    "attention": attention,
    "matmul": torch.matmul,
    "transformer": transformer_block,
}

LOSS = {"mlp_train": mlp_loss, "digits_train": digits_loss, "cnn_train": cnn_loss}


def blas_libraries():
    """The BLAS and LAPACK libraries mapped into this process."""
    libs = set()
    with open("/proc/self/maps") as f:
        for line in f:
            path = line.split()[-1]
            name = os.path.basename(path).lower()
            if path.startswith("/") and ("blas" in name or "lapack" in name or "mkl" in name):
                libs.add(os.path.realpath(path))
    return sorted(libs)


class Bench:
    def __init__(self):
        self.fn = None
        self.args = None
        self.np_args = None

    def load(self, req):
        d = req["dir"]
        arrays = [np.load(os.path.join(d, "in%d.npy" % i)) for i in range(req["n"])]
        args = [torch.from_numpy(a) for a in arrays]
        key = req["key"]
        if key in LOSS:
            loss_fn, lr = LOSS[key], req["lr"]
            train = req["train"]
            for i in train:
                args[i].requires_grad_(True)
            params = [args[i] for i in train]

            def step():
                loss = loss_fn(*args)
                grads = torch.autograd.grad(loss, params)
                with torch.no_grad():
                    return [loss.detach()] + [p - g * lr for p, g in zip(params, grads)]
            self.fn = step
        else:
            fn = FORWARD[key]

            def forward():
                with torch.no_grad():
                    return [fn(*args)]
            self.fn = forward
        self.args = args
        outs = self.fn()
        for i, t in enumerate(outs):
            np.save(os.path.join(d, "torch%d.npy" % i), t.detach().numpy())
        self.np_args = arrays if req.get("numpy") else None
        if self.np_args is not None:
            np.save(os.path.join(d, "numpy0.npy"), np.matmul(*arrays))
        return len(outs)

    def run(self, what):
        if what == "torch":
            fn = self.fn
        elif what == "numpy" and self.np_args is not None:
            a, b = self.np_args

            def fn():
                return np.matmul(a, b)
        else:
            raise ValueError("nothing loaded to run with %s" % what)
        start = time.perf_counter_ns()
        fn()
        return time.perf_counter_ns() - start


def main():
    threads = int(sys.argv[1])
    torch.set_num_threads(threads)
    info = {"torch": torch.__version__, "numpy": np.__version__, "threads": torch.get_num_threads(),
            "blas": blas_libraries()}
    print("ready " + json.dumps(info), flush=True)
    bench = Bench()
    for line in sys.stdin:
        cmd, _, rest = line.strip().partition(" ")
        try:
            if cmd == "load":
                print("ok %d" % bench.load(json.loads(rest)), flush=True)
            elif cmd == "run":
                print("ok %d" % bench.run(rest), flush=True)
            else:
                raise ValueError("unknown request %r" % cmd)
        except Exception as e:  # reported to tt-bench, which stops
            print("error " + json.dumps("%s: %s" % (type(e).__name__, e)), flush=True)


if __name__ == "__main__":
    main()

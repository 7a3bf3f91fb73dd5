"""Writes the PyTorch reference fixtures of tt's nn, optim and safetensors
packages (nn/testdata, optim/testdata, safetensors/testdata) with Debian's
python3-torch:

    /usr/bin/python3 tools/refgen/nnref.py

Every file is written by stwriter.py, a safetensors writer independent of
tt's. The output is deterministic (fixed seeds)."""

import json
import math
import os
import sys

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(__file__))
import stwriter  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def out(*parts):
    return os.path.join(ROOT, *parts)


class Attention(nn.Module):
    """GPT-2's causal self-attention, as tt's nn.Attention."""

    def __init__(self, dim, heads):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)
        self.heads = heads

    def forward(self, x):
        B, T, C = x.shape
        h, d = self.heads, C // self.heads
        q, k, v = self.qkv(x).split(C, dim=2)
        q, k, v = (t.reshape(B, T, h, d).permute(0, 2, 1, 3) for t in (q, k, v))
        att = (q @ k.transpose(2, 3)) * (1.0 / math.sqrt(d))
        mask = torch.tril(torch.ones(T, T, dtype=torch.bool))
        att = att.masked_fill(~mask, float("-inf"))
        att = F.softmax(att, dim=-1)
        y = (att @ v).permute(0, 2, 1, 3).reshape(B, T, C)
        return self.proj(y)


def layer_cases():
    torch.manual_seed(0)
    yield "linear", nn.Linear(5, 4), torch.randn(2, 3, 5)
    yield "linear_nobias", nn.Linear(6, 3, bias=False), torch.randn(4, 6)
    yield "embedding", nn.Embedding(7, 5), torch.tensor([[0, 3, 6], [3, 1, 2]])
    ln = nn.LayerNorm(6)
    with torch.no_grad():  # non-default affine parameters exercise their gradients
        ln.weight.copy_(torch.randn(6))
        ln.bias.copy_(torch.randn(6))
    yield "layernorm", ln, torch.randn(2, 3, 6)
    yield "conv2d", nn.Conv2d(2, 3, 3, stride=1, padding=1), torch.randn(2, 2, 5, 5)
    yield "conv2d_stride", nn.Conv2d(3, 2, 3, stride=2, padding=0), torch.randn(1, 3, 7, 7)
    yield "sequential_cnn", nn.Sequential(
        nn.Conv2d(1, 2, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2), nn.Flatten(), nn.Linear(2 * 3 * 3, 4), nn.GELU()
    ), torch.randn(2, 1, 6, 6)
    yield "attention", Attention(8, 2), torch.randn(2, 5, 8)


def write_layers():
    for name, m, x in layer_cases():
        r = None
        inputs = [("in.x", x.numpy())]
        if x.dtype.is_floating_point:
            x = x.clone().requires_grad_(True)
        y = m(x)
        r = torch.randn(y.shape)
        loss = (y * r).sum()
        loss.backward()
        ts = inputs + [("in.r", r.numpy()), ("out.y", y.detach().numpy()), ("out.loss", loss.detach().numpy())]
        for pn, p in m.named_parameters():
            ts.append(("param." + pn, p.detach().numpy()))
            ts.append(("grad." + pn, p.grad.numpy()))
        if x.requires_grad:
            ts.append(("grad.x", x.grad.numpy()))
        stwriter.write(out("nn", "testdata", name + ".safetensors"), ts, {"layer": name, "torch": torch.__version__})


OPTIMS = [
    ("sgd", "SGD", dict(lr=0.1)),
    ("sgd_momentum", "SGD", dict(lr=0.05, momentum=0.9, dampening=0.1, weight_decay=0.01)),
    ("sgd_nesterov", "SGD", dict(lr=0.05, momentum=0.9, nesterov=True, weight_decay=0.01)),
    ("adamw", "AdamW", dict(lr=1e-3)),
    ("adamw_custom", "AdamW", dict(lr=0.1, betas=(0.8, 0.95), eps=1e-6, weight_decay=0.1)),
]


def write_optims(steps=10):
    for name, cls, hp in OPTIMS:
        g = torch.Generator().manual_seed(1)
        params = [torch.randn(3, 4, generator=g).requires_grad_(True), torch.randn(5, generator=g).requires_grad_(True)]
        ts = [("init.%d" % i, p.detach().numpy().copy()) for i, p in enumerate(params)]
        opt = getattr(torch.optim, cls)(params, **hp)
        for s in range(steps):
            for i, p in enumerate(params):
                p.grad = torch.randn(p.shape, generator=g)
                ts.append(("grad.%d.%d" % (s, i), p.grad.numpy().copy()))
            opt.step()
            for i, p in enumerate(params):
                ts.append(("param.%d.%d" % (s, i), p.detach().numpy().copy()))
        for i, p in enumerate(params):
            for k, v in opt.state[p].items():
                if torch.is_tensor(v) and v.dim() > 0:
                    ts.append(("state.%d.%s" % (i, k), v.numpy().copy()))
        meta = {"optimizer": cls, "hyper": json.dumps(hp), "steps": str(steps), "torch": torch.__version__}
        stwriter.write(out("optim", "testdata", name + ".safetensors"), ts, meta)


def write_safetensors():
    d = out("safetensors", "testdata")
    f32 = np.array([[1.5, -2.25, 3e-39], [np.inf, -0.0, 65504.0]], dtype=np.float32)
    half = torch.tensor([1.0, -2.5, 65504.0, 6e-5, 5.96e-8, float("inf")], dtype=torch.float16)
    bf = torch.tensor([1.0, -2.5, 3.0e38, 1e-30], dtype=torch.bfloat16)
    ts = [
        ("f32", f32),
        ("f64", np.array([math.pi, -1e300, 5e-324], dtype=np.float64)),
        ("i64", np.array([[-(2**63), 2**63 - 1], [0, -1]], dtype=np.int64)),
        ("i32", np.array([-(2**31), 7, 2**31 - 1], dtype=np.int32)),
        ("f16", half.numpy()),
        ("bf16", "BF16", [4], bf.view(torch.int16).numpy().astype("<i2").tobytes()),
        ("bool", np.array([True, False, True], dtype=np.bool_)),
        ("scalar", np.array(2.5, dtype=np.float32)),
        ("empty", np.zeros((0, 3), dtype=np.float32)),
    ]
    stwriter.write(os.path.join(d, "dtypes.safetensors"), ts, {"format": "pt", "writer": "stwriter.py"})
    # The expected values of the half-precision tensors, as torch widens them.
    stwriter.write(os.path.join(d, "dtypes_widened.safetensors"),
                   [("f16", half.float().numpy()), ("bf16", bf.float().numpy())])


if __name__ == "__main__":
    write_layers()
    write_optims()
    write_safetensors()
    total = 0
    for sub in ("nn", "optim", "safetensors"):
        dd = out(sub, "testdata")
        total += sum(os.path.getsize(os.path.join(dd, f)) for f in os.listdir(dd))
    print("wrote fixtures:", total, "bytes")

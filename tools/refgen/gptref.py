"""PyTorch reference of examples/gpt: the same character-level GPT, the
same initial parameters and batches (exported by the Go program as
safetensors), the same AdamW, and the losses of each step.

    go run ./examples/gpt -export-ref /tmp/gpt_init.safetensors -steps 20 \\
        -layers 2 -dim 16 -heads 2 -block 8 -batch 4 -backend interp
    /usr/bin/python3 tools/refgen/gptref.py /tmp/gpt_init.safetensors \\
        examples/gpt/testdata/ref.safetensors

The output file holds the inputs too ("param.*", "x.*", "y.*") and the
losses ("loss", F64 [steps]), so the Go test needs only it. With --bench N
it times N more training steps (PyTorch eager, ms/step) instead."""

import math
import os
import sys
import time

import torch
import torch.nn as nn
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(__file__))
import stwriter  # noqa: E402
from nnref import Attention  # noqa: E402


class Block(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.ln1 = nn.LayerNorm(dim)
        self.attn = Attention(dim, heads)
        self.ln2 = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, 4 * dim)
        self.proj = nn.Linear(4 * dim, dim)

    def forward(self, x):
        x = x + self.attn(self.ln1(x))
        return x + self.proj(F.gelu(self.fc(self.ln2(x))))


class GPT(nn.Module):
    def __init__(self, vocab, block, dim, heads, layers, tied):
        super().__init__()
        self.tok_emb = nn.Embedding(vocab, dim)
        self.pos_emb = nn.Embedding(block, dim)
        self.blocks = nn.ModuleList([Block(dim, heads) for _ in range(layers)])
        self.ln_f = nn.LayerNorm(dim)
        self.head = None if tied else nn.Linear(dim, vocab, bias=False)

    def forward(self, idx, targets):
        B, T = idx.shape
        x = self.tok_emb(idx) + self.pos_emb(torch.arange(T))
        for b in self.blocks:
            x = b(x)
        x = self.ln_f(x)
        logits = self.head(x) if self.head is not None else x @ self.tok_emb.weight.t()
        return F.cross_entropy(logits.reshape(-1, logits.shape[-1]), targets.reshape(-1))


def main():
    args = sys.argv[1:]
    bench = 0
    if args[0] == "--bench":
        bench, args = int(args[1]), args[2:]
    src = args[0]
    ts, meta = stwriter.read(src)
    i = lambda k: int(meta[k])  # noqa: E731
    torch.set_num_threads(int(os.environ.get("THREADS", "1")))
    m = GPT(i("vocab"), i("block"), i("dim"), i("heads"), i("layers"), meta["tied"] == "true")
    sd = {k[len("param."):]: torch.from_numpy(v) for k, v in ts.items() if k.startswith("param.")}
    m.load_state_dict(sd, strict=True)
    opt = torch.optim.AdamW(m.parameters(), lr=float(meta["lr"]), weight_decay=float(meta["weight_decay"]))
    steps = i("steps")
    losses = []

    def step(s):
        x, y = torch.from_numpy(ts["x.%d" % s]), torch.from_numpy(ts["y.%d" % s])
        opt.zero_grad()
        loss = m(x, y)
        loss.backward()
        opt.step()
        return loss.item()

    if bench:
        for s in range(min(steps, 5)):  # warm up
            step(s)
        t0 = time.perf_counter()
        for k in range(bench):
            step(k % steps)
        dt = (time.perf_counter() - t0) / bench
        print("pytorch %s eager: %.2f ms/step (%d steps, %d threads)" % (torch.__version__, dt * 1000, bench, torch.get_num_threads()))
        return
    for s in range(steps):
        losses.append(step(s))
    out = [(k, v) for k, v in ts.items()]
    import numpy as np
    out.append(("loss", np.array(losses, dtype=np.float64)))
    meta = dict(meta, torch=torch.__version__)
    stwriter.write(args[1], out, meta)
    print("losses:", " ".join("%.5f" % l for l in losses))


if __name__ == "__main__":
    main()

#!/usr/bin/python3
"""Generates PyTorch reference data for whole tt programs (test/refdata).

Run from anywhere with Debian's PyTorch (see README.md):

    /usr/bin/python3 tools/refgen/refgen.py

Each program is written once, as calls on a Prog builder: every call emits
one tensor-dialect op (generic form, so no custom-form subtleties) and
computes the same op with PyTorch on the same data, so the .mlir text and
the reference outputs come from one spec. The generator rewrites:

  test/refdata/<program>/program.mlir   the module
  test/refdata/<program>/in<i>.npy      argument i
  test/refdata/<program>/out<i>.npy     PyTorch's result i
  test/refdata/manifest.json            the list of cases
  test/programs/{transformer_block,cnn_train}.mlir
                                        tt-bench's models, from the specs of
                                        the refdata cases of the same names
  test/lit/ttrun/Inputs/*.npy           inputs and PyTorch results of the
                                        tt-run lit tests (their small programs
                                        are checked in next to them; lit_inputs
                                        names each one's PyTorch expression)

The manifest has interp/testdata's "tt-ref/1" format (see
interp/testdata/gen_ref.py) with paths relative to the manifest and these
extra fields:

  "pipeline": a pass pipeline tt-run runs first (--pass-pipeline); the
              gradient cases run builtin.module(aot-autograd{func=NAME})
              and call NAME_grad, which returns the loss and the gradient
              of every floating-point argument, in argument order
  "kind":     "forward" or "grad"
  "ops":      the tensor ops the program uses
  "note":     why the tolerance is what it is, where it is not the default

Conventions: bf16 arguments and results are stored as float32 .npy files
(NumPy has no bfloat16; every stored value is exactly a bfloat16), which
is how tt-run reads and writes them. Arguments and results of type index
are int64 .npy files. f16 ops that CPU PyTorch 1.13 does not implement
("not implemented for 'Half'") are computed in float32 on the same
(float16) values and rounded to float16 once, which is what PyTorch does
on GPUs and what tt's f16 semantics are; the case's "torch" field says so.
Integer max_pool2d (not implemented on CPU) is computed in float64 and
converted back, which is exact.
"""

import json
import math
import os
import shutil
import sys

import numpy as np
import torch
import torch.nn.functional as F

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
OUT = os.path.join(ROOT, "test", "refdata")
LIT = os.path.join(ROOT, "test", "lit", "ttrun")

torch.manual_seed(0)
rng = np.random.RandomState(20240611)

ET = {torch.float32: "f32", torch.float64: "f64", torch.float16: "f16", torch.bfloat16: "bf16",
      torch.int32: "i32", torch.int64: "i64", torch.bool: "i1"}
TORCH_DT = {v: k for k, v in ET.items()}
FLOATS = ("f16", "bf16", "f32", "f64")

# Default tolerances (|got - want| <= atol + rtol*|want|) of float results,
# by element type; a program may override them per element type.
#   f32:  1e-5 relative (the brief's bound) plus 1e-6 absolute for results
#         near zero that are differences of O(1) values;
#   f64:  1e-12 relative and absolute;
#   f16:  2^-10 relative, one f16 ulp (the reference is PyTorch's float32
#         value rounded once, tt may round an ulp away near a tie), plus the
#         smallest f16 subnormal;
#   bf16: 2^-7 relative, one bf16 ulp, for the same reason.
DEFAULT_TOL = {"f32": (1e-5, 1e-6), "f64": (1e-12, 1e-12), "f16": (2 ** -10, 2 ** -24), "bf16": (2 ** -7, 2 ** -133)}


def ttype(shape, et):
    if shape is None:
        return et  # a scalar type (index)
    if len(shape) == 0:
        return "tensor<%s>" % et
    return "tensor<%sx%s>" % ("x".join("?" if d is None else str(d) for d in shape), et)


def i64arr(v):
    return "array<i64%s>" % ("" if len(v) == 0 else ": " + ", ".join(str(int(x)) for x in v))


HEX = {"f32": {"inf": "0x7F800000", "-inf": "0xFF800000", "nan": "0x7FC00000"},
       "f64": {"inf": "0x7FF0000000000000", "-inf": "0xFFF0000000000000", "nan": "0x7FF8000000000000"},
       "f16": {"inf": "0x7C00", "-inf": "0xFC00", "nan": "0x7E00"},
       "bf16": {"inf": "0x7F80", "-inf": "0xFF80", "nan": "0x7FC0"}}


def fnum(v, et):
    """A float literal of type et (without the type)."""
    v = float(v)
    if math.isnan(v):
        return HEX[et]["nan"]
    if math.isinf(v):
        return HEX[et]["inf" if v > 0 else "-inf"]
    return ("%.17e" if et == "f64" else "%.9e") % v


def scalar_attr(v, et):
    if et in FLOATS:
        return "%s : %s" % (fnum(v, et), et)
    if et == "i1":
        return "true" if v else "false"
    return "%d : %s" % (int(v), et)


def dense(a, et):
    a = np.asarray(a)

    def lit(x):
        if et in FLOATS:
            return fnum(x, et)
        if et == "i1":
            return "true" if x else "false"
        return str(int(x))

    def rec(x):
        if x.ndim == 0:
            return lit(x)
        return "[" + ", ".join(rec(y) for y in x) + "]"
    if a.size > 0 and np.all(a.reshape(-1) == a.reshape(-1)[0]) and not (et in FLOATS and np.isnan(a.reshape(-1)[0])):
        return "dense<%s>" % lit(a.reshape(-1)[0])
    return "dense<%s>" % rec(a)


def to_np(t):
    """The .npy form of a torch value (bf16 widened to float32)."""
    if isinstance(t, int):
        return np.array(t, np.int64)
    t = t.detach()
    if t.dtype == torch.bfloat16:
        t = t.float()
    return np.array(t.cpu().numpy(), copy=True, order="C")


def merge(a, b):
    if a is None:
        return b
    if b is not None and a != b:
        raise ValueError("incompatible static sizes %s and %s" % (a, b))
    return a


class V:
    """A value of a program: its SSA name, static shape (None entries are
    dynamic; the shape is None for index scalars), element type and the
    PyTorch value."""

    def __init__(self, name, t, shape, et):
        self.name, self.t, self.shape, self.et = name, t, shape, et
        if shape is not None and not isinstance(t, int):
            assert len(shape) == t.dim(), (name, shape, tuple(t.shape))
            for s, d in zip(shape, t.shape):
                assert s is None or s == d, (name, shape, tuple(t.shape))
            assert ET[t.dtype] == et, (name, t.dtype, et)

    @property
    def type(self):
        return ttype(self.shape, self.et)

    @property
    def rank(self):
        return len(self.shape)


def half_fallback(fn, *ts):
    """Applies fn with PyTorch; when CPU PyTorch lacks the float16 kernel,
    computes in float32 and rounds once. Returns the result and whether
    the fallback was used."""
    try:
        return fn(*ts), False
    except RuntimeError as e:
        if "Half" not in str(e):
            raise
        out = fn(*[t.float() if isinstance(t, torch.Tensor) and t.dtype == torch.float16 else t for t in ts])
        return out.half() if out.dtype == torch.float32 else out, True


def bf16_via_f32(fn, *ts):
    """Applies fn to bf16 tensors the way tt defines bf16 composites: in
    float32 on the same values, rounded to bf16 once. (PyTorch's CPU bf16
    kernels for gelu, log_softmax and layer_norm round intermediate values
    and land up to two ulps, or 6e-4 absolute after a cancellation, away
    from the correctly rounded result, which this gives.) Returns the
    result and whether any input was bf16."""
    if not any(isinstance(t, torch.Tensor) and t.dtype == torch.bfloat16 for t in ts):
        return fn(*ts), False
    out = fn(*[t.float() if isinstance(t, torch.Tensor) and t.dtype == torch.bfloat16 else t for t in ts])
    return out.bfloat16(), True


class Prog:
    def __init__(self, name, doc, kind="forward", tol=None, note=""):
        """tol maps element types to (rtol, atol) overrides of DEFAULT_TOL;
        note says why."""
        self.name, self.doc, self.kind = name, doc, kind
        self.tol = dict(DEFAULT_TOL)
        self.tol.update(tol or {})
        self.note = note
        self.args, self.lines, self.ops, self.torch = [], [], [], []
        self.n = 0
        self.fallback = False
        self.bf16_f32 = False

    def composite(self, fn, *ts):
        """fn applied to ts with PyTorch: bf16 through float32 (see
        bf16_via_f32), f16 through half_fallback."""
        t, b = bf16_via_f32(lambda *xs: half_fallback(fn, *xs)[0], *ts)
        self.bf16_f32 |= b
        self.fallback |= any(isinstance(x, torch.Tensor) and x.dtype == torch.float16 for x in ts)
        return t

    # ---- arguments ----

    def arg(self, a, dynamic=(), et=None):
        """An argument holding the numpy array a; dims listed in dynamic
        are ? in the signature. et "bf16" rounds float32 data to bf16."""
        a = np.array(a, copy=True, order="C")
        t = torch.from_numpy(a.copy())
        if et == "bf16":
            t = t.to(torch.bfloat16)
        et = ET[t.dtype]
        if self.kind == "grad" and et in FLOATS:
            t.requires_grad_(True)
        v = V("%%arg%d" % len(self.args), t, [None if i in dynamic else d for i, d in enumerate(a.shape)], et)
        self.args.append(v)
        return v

    def index_arg(self, n):
        """A scalar index argument (stored as a rank-0 int64 array)."""
        v = V("%%arg%d" % len(self.args), int(n), None, "index")
        self.args.append(v)
        return v

    # ---- emission ----

    def emit(self, op, operands, attrs, t, shape, et=None, expr=None):
        et = et or ET[t.dtype]
        v = V("%%%d" % self.n, t, shape, et)
        self.n += 1
        attr = ""
        if attrs:
            attr = " {" + ", ".join("%s = %s" % kv for kv in sorted(attrs.items())) + "}"
        self.lines.append('  %s = "%s"(%s)%s : (%s) -> %s' % (
            v.name, op, ", ".join(o.name for o in operands), attr, ", ".join(o.type for o in operands), v.type))
        if op not in self.ops:
            self.ops.append(op)
        if expr:
            self.torch.append(expr)
        return v

    def ret(self, *vals):
        self.results = list(vals)

    # ---- element-wise ----

    BINARY = {"add": torch.add, "sub": torch.sub, "mul": torch.mul, "max": torch.maximum, "min": torch.minimum, "pow": torch.pow}

    def binary(self, op, a, b):
        assert a.type == b.type, (op, a.type, b.type)
        if op == "div":
            fn = torch.div if a.et in FLOATS else (lambda x, y: torch.div(x, y, rounding_mode="trunc"))
        else:
            fn = self.BINARY[op]
        t, fb = half_fallback(fn, a.t, b.t)
        self.fallback |= fb
        return self.emit("tensor." + op, [a, b], {}, t, list(a.shape))

    UNARY = {"neg": torch.neg, "abs": torch.abs, "exp": torch.exp, "log": torch.log, "sqrt": torch.sqrt,
             "rsqrt": torch.rsqrt, "tanh": torch.tanh, "sigmoid": torch.sigmoid, "relu": torch.relu, "sin": torch.sin,
             "cos": torch.cos, "erf": torch.erf, "reciprocal": torch.reciprocal}

    def unary(self, op, x):
        t, fb = half_fallback(self.UNARY[op], x.t)
        self.fallback |= fb
        return self.emit("tensor." + op, [x], {}, t, list(x.shape))

    def gelu(self, x, approximate=None):
        t = self.composite(lambda y: F.gelu(y, approximate=approximate or "none"), x.t)
        return self.emit("tensor.gelu", [x], {"approximate": '"%s"' % approximate} if approximate else {}, t, list(x.shape))

    def cmp(self, pred, a, b):
        assert a.type == b.type
        t = {"eq": torch.eq, "ne": torch.ne, "lt": torch.lt, "le": torch.le, "gt": torch.gt, "ge": torch.ge}[pred](a.t, b.t)
        return self.emit("tensor.cmp", [a, b], {"predicate": '"%s"' % pred}, t, list(a.shape))

    def select(self, c, a, b):
        assert a.type == b.type and c.et == "i1"
        return self.emit("tensor.select", [c, a, b], {}, torch.where(c.t, a.t, b.t), list(a.shape))

    def cast(self, x, et):
        return self.emit("tensor.cast", [x], {}, x.t.to(TORCH_DT[et]), list(x.shape))

    # ---- creation ----

    def constant(self, a, et=None):
        a = np.asarray(a)
        t = torch.from_numpy(a.copy())
        if et == "bf16":
            t = t.to(torch.bfloat16)
        et = ET[t.dtype]
        return self.emit("tensor.constant", [], {"value": "%s : %s" % (dense(to_np(t), et), ttype(list(a.shape), et))},
                         t, list(a.shape))

    def sizes_of(self, shape, sizes):
        """Checks that sizes (index values) cover the dynamic dims of shape
        and returns the concrete shape."""
        dyn = [i for i, d in enumerate(shape) if d is None]
        assert len(dyn) == len(sizes), (shape, len(sizes))
        conc = list(shape)
        for i, s in zip(dyn, sizes):
            assert s.et == "index"
            conc[i] = s.t
        return conc

    def full(self, shape, value, et, sizes=()):
        conc = self.sizes_of(shape, sizes)
        t = torch.full(conc, value, dtype=TORCH_DT[et])
        return self.emit("tensor.full", list(sizes), {"value": scalar_attr(value, et)}, t, list(shape))

    def iota(self, shape, dim, et, sizes=()):
        conc = self.sizes_of(shape, sizes)
        d = dim % len(conc)
        view = [1] * len(conc)
        view[d] = conc[d]
        t = torch.arange(conc[d], dtype=torch.float64).to(TORCH_DT[et]).reshape(view).expand(*conc).contiguous()
        return self.emit("tensor.iota", list(sizes), {"dim": "%d : i64" % dim}, t, list(shape))

    def dim(self, x, d):
        n = x.t.shape[d]
        return self.emit("tensor.dim", [x], {"dim": "%d : i64" % d}, int(n), None, et="index")

    # ---- layout ----

    def broadcast(self, x, dims, shape, sizes=()):
        conc = self.sizes_of(shape, sizes)
        view = [1] * len(conc)
        for i, d in enumerate(dims):
            view[d] = x.t.shape[i]
        t = x.t.reshape(view).expand(*conc)
        return self.emit("tensor.broadcast", [x] + list(sizes), {"dims": i64arr(dims)}, t, list(shape))

    def reshape(self, x, shape, sizes=()):
        if sizes:
            conc = self.sizes_of(shape, sizes)
        else:
            conc = [-1 if d is None else d for d in shape]
        return self.emit("tensor.reshape", [x] + list(sizes), {}, x.t.reshape(conc), list(shape))

    def transpose(self, x, perm):
        return self.emit("tensor.transpose", [x], {"perm": i64arr(perm)}, x.t.permute(*perm) if perm else x.t.clone(),
                         [x.shape[p] for p in perm])

    def slice(self, x, start, limit, step=None):
        st = step or [1] * len(start)
        t = x.t[tuple(slice(s, l, k) for s, l, k in zip(start, limit, st))]
        attrs = {"start": i64arr(start), "limit": i64arr(limit)}
        if step is not None:
            attrs["step"] = i64arr(step)
        return self.emit("tensor.slice", [x], attrs, t, [(l - s + k - 1) // k for s, l, k in zip(start, limit, st)])

    def concat(self, xs, dim):
        d = dim % xs[0].rank
        shape = list(xs[0].shape)
        for x in xs[1:]:
            for k in range(len(shape)):
                if k == d:
                    shape[k] = None if shape[k] is None or x.shape[k] is None else shape[k] + x.shape[k]
                else:
                    shape[k] = merge(shape[k], x.shape[k])
        return self.emit("tensor.concat", xs, {"dim": "%d : i64" % dim}, torch.cat([x.t for x in xs], dim), shape)

    def pad(self, x, low, high, value=None):
        pairs = []
        for lo, hi in reversed(list(zip(low, high))):
            pairs += [lo, hi]
        v = 0 if value is None else value
        if x.et == "i1":
            t = F.pad(x.t.to(torch.uint8), pairs, value=int(v)).to(torch.bool)
        else:
            t = F.pad(x.t, pairs, value=v)
        attrs = {"low": i64arr(low), "high": i64arr(high)}
        if value is not None:
            attrs["value"] = scalar_attr(value, x.et)
        return self.emit("tensor.pad", [x], attrs, t,
                         [None if d is None else d + lo + hi for d, lo, hi in zip(x.shape, low, high)])

    def gather(self, x, idx, dim):
        d = dim % x.rank
        shape = list(x.shape)
        shape[d] = idx.shape[0]
        return self.emit("tensor.gather", [x, idx], {"dim": "%d : i64" % dim}, torch.index_select(x.t, dim, idx.t), shape)

    def scatter_add(self, base, idx, src, dim):
        return self.emit("tensor.scatter_add", [base, idx, src], {"dim": "%d : i64" % dim},
                         base.t.index_add(dim, idx.t, src.t), list(base.shape))

    # ---- reductions ----

    def reduce(self, kind, x, dims, keepdim=None):
        keep = bool(keepdim)
        nd = [d % x.rank for d in dims]
        if not dims:
            t = x.t.clone()
        elif kind == "sum":
            t, fb = half_fallback(lambda y: torch.sum(y, dims, keepdim=keep, dtype=y.dtype), x.t)
            self.fallback |= fb
        elif kind == "mean":
            t, fb = half_fallback(lambda y: torch.mean(y, dims, keepdim=keep), x.t)
            self.fallback |= fb
        else:
            t = {"max": torch.amax, "min": torch.amin}[kind](x.t, dims, keepdim=keep)
        shape = []
        for i, s in enumerate(x.shape):
            if i not in nd:
                shape.append(s)
            elif keep:
                shape.append(1)
        attrs = {"dims": i64arr(dims)}
        if keepdim is not None:
            attrs["keepdim"] = "true" if keepdim else "false"
        return self.emit("tensor.reduce_" + kind, [x], attrs, t, shape)

    def argmax(self, x, dim, keepdim=None):
        keep = bool(keepdim)
        d = dim % x.rank
        shape = [1 if i == d else s for i, s in enumerate(x.shape) if i != d or keep]
        attrs = {"dim": "%d : i64" % dim}
        if keepdim is not None:
            attrs["keepdim"] = "true" if keepdim else "false"
        return self.emit("tensor.argmax", [x], attrs, torch.argmax(x.t, dim, keepdim=keep), shape)

    # ---- nn ----

    def matmul(self, a, b):
        r = a.rank
        shape = [merge(a.shape[i], b.shape[i]) for i in range(r - 2)] + [a.shape[r - 2], b.shape[r - 1]]
        merge(a.shape[r - 1], b.shape[r - 2])
        t, fb = half_fallback(torch.matmul, a.t, b.t)
        self.fallback |= fb
        return self.emit("tensor.matmul", [a, b], {}, t, shape)

    def conv2d(self, x, w, stride=None, padding=None, dilation=None, groups=None):
        s, p, d, g = stride or [1, 1], padding or [0, 0], dilation or [1, 1], groups or 1
        t, fb = half_fallback(lambda a, b: F.conv2d(a, b, None, s, p, d, g), x.t, w.t)
        self.fallback |= fb
        attrs = {}
        for k, v in [("stride", stride), ("padding", padding), ("dilation", dilation)]:
            if v is not None:
                attrs[k] = i64arr(v)
        if groups is not None:
            attrs["groups"] = "%d : i64" % groups

        def out(i, k, st, pd, dl):
            return None if i is None else (i + 2 * pd - dl * (k - 1) - 1) // st + 1
        shape = [x.shape[0], w.shape[0], out(x.shape[2], w.shape[2], s[0], p[0], d[0]), out(x.shape[3], w.shape[3], s[1], p[1], d[1])]
        return self.emit("tensor.conv2d", [x, w], attrs, t, shape)

    def max_pool2d(self, x, kernel, stride=None, padding=None):
        s, p = stride or kernel, padding or [0, 0]
        if x.et in ("i32", "i64"):
            t = F.max_pool2d(x.t.double(), kernel, s, p).to(x.t.dtype)
            self.fallback = True
        else:
            t, fb = half_fallback(lambda y: F.max_pool2d(y, kernel, s, p), x.t)
            self.fallback |= fb
        attrs = {"kernel": i64arr(kernel)}
        if stride is not None:
            attrs["stride"] = i64arr(stride)
        if padding is not None:
            attrs["padding"] = i64arr(padding)

        def out(i, k, st, pd):
            return None if i is None else (i + 2 * pd - k) // st + 1
        shape = [x.shape[0], x.shape[1], out(x.shape[2], kernel[0], s[0], p[0]), out(x.shape[3], kernel[1], s[1], p[1])]
        return self.emit("tensor.max_pool2d", [x], attrs, t, shape)

    def softmax(self, x, dim, log=False):
        fn = torch.log_softmax if log else torch.softmax
        t = self.composite(lambda y: fn(y, dim), x.t)
        return self.emit("tensor.log_softmax" if log else "tensor.softmax", [x], {"dim": "%d : i64" % dim}, t, list(x.shape))

    def layer_norm(self, x, g, b, k, eps=None):
        norm = tuple(x.t.shape[x.rank - k:])
        t = self.composite(lambda y, gg, bb: F.layer_norm(y, norm, gg, bb, 1e-5 if eps is None else eps), x.t, g.t, b.t)
        attrs = {"normalized_dims": "%d : i64" % k}
        if eps is not None:
            attrs["eps"] = scalar_attr(eps, "f32")
        return self.emit("tensor.layer_norm", [x, g, b], attrs, t, list(x.shape))

    def cross_entropy(self, logits, target, reduction=None):
        t = self.composite(lambda l: F.cross_entropy(l, target.t, reduction=reduction or "mean"), logits.t)
        attrs = {"reduction": '"%s"' % reduction} if reduction else {}
        return self.emit("tensor.cross_entropy", [logits, target], attrs, t, [])

    # ---- output ----

    def mlir(self):
        sig = ", ".join("%s: %s" % (a.name, a.type) for a in self.args)
        rts = [r.type for r in self.results]
        rt = rts[0] if len(rts) == 1 else "(" + ", ".join(rts) + ")"
        head = "".join("// " + line + "\n" for line in self.doc.strip().split("\n"))
        return "%s// Generated by tools/refgen/refgen.py; do not edit.\nfunc.func @%s(%s) -> %s {\n%s\n  return %s : %s\n}\n" % (
            head, self.name, sig, rt, "\n".join(self.lines), ", ".join(r.name for r in self.results), ", ".join(rts))


cases = []
total_bytes = [0]


def save(path, arr):
    np.save(path, np.array(arr, copy=True, order="C"), allow_pickle=False)
    total_bytes[0] += os.path.getsize(path)


def finish(p, torch_expr):
    """Writes program p and its data, and records its manifest entry."""
    d = os.path.join(OUT, p.name)
    os.makedirs(d)
    with open(os.path.join(d, "program.mlir"), "w") as f:
        f.write(p.mlir())
    total_bytes[0] += os.path.getsize(os.path.join(d, "program.mlir"))
    inputs = []
    for i, a in enumerate(p.args):
        save(os.path.join(d, "in%d.npy" % i), to_np(a.t))
        inputs.append("%s/in%d.npy" % (p.name, i))
    outs = [r.t for r in p.results]
    func, pipeline = p.name, ""
    if p.kind == "grad":
        (loss,) = outs
        assert loss.dim() == 0 and loss.dtype.is_floating_point
        fl = [a.t for a in p.args if a.et in FLOATS]
        grads = torch.autograd.grad(loss, fl, allow_unused=True)
        grads = [torch.zeros_like(x) if g is None else g for x, g in zip(fl, grads)]
        outs = [loss] + list(grads)
        func, pipeline = p.name + "_grad", "builtin.module(aot-autograd{func=%s})" % p.name
    outputs, tols = [], []
    for i, t in enumerate(outs):
        save(os.path.join(d, "out%d.npy" % i), to_np(t))
        outputs.append("%s/out%d.npy" % (p.name, i))
        et = "index" if isinstance(t, int) else ET[t.dtype]
        tols.append(list(p.tol[et]) if et in FLOATS else [0, 0])
    # tt-ref/1's single rtol/atol: the loosest; "tolerances" has one pair
    # per output.
    rtol, atol = max(t[0] for t in tols), max(t[1] for t in tols)
    expr = torch_expr
    if p.fallback:
        expr += " [float16 ops without a CPU kernel computed in float32 and rounded once; integer max_pool2d in float64]"
    if p.bf16_f32:
        expr += " [bf16 composites (gelu, softmax, log_softmax, layer_norm, cross_entropy) computed in float32 and rounded once]"
    case = {"name": p.name, "op": p.ops[0] if len(p.ops) == 1 else "program", "ops": p.ops, "kind": p.kind,
            "torch": expr, "mlir_file": "%s/program.mlir" % p.name, "func": func, "inputs": inputs,
            "outputs": outputs, "rtol": rtol, "atol": atol, "tolerances": tols}
    if pipeline:
        case["pipeline"] = pipeline
    if p.note:
        case["note"] = p.note
    cases.append(case)


def randn(*shape, dtype=np.float32):
    return rng.randn(*shape).astype(dtype)


def bf(*shape):
    """float32 data exactly representable in bfloat16."""
    return torch.from_numpy(randn(*shape)).to(torch.bfloat16).float().numpy()


def ints(lo, hi, *shape, dtype=np.int64):
    return rng.randint(lo, hi, size=shape).astype(dtype)


SPECIALS = [np.nan, np.inf, -np.inf, 0.0, -0.0]


def with_specials(a):
    a = a.copy().reshape(-1)
    for i, v in enumerate(SPECIALS[: a.size]):
        a[(i * 5 + 1) % a.size] = v
    return a


# Start from a clean test/refdata (the Go test and README stay).
os.makedirs(OUT, exist_ok=True)
for name in os.listdir(OUT):
    if os.path.isdir(os.path.join(OUT, name)):
        shutil.rmtree(os.path.join(OUT, name))

# ======================================================================
# Forward programs (issue 4): op variants not in interp/testdata.
# ======================================================================

# ---- element-wise binary ----

p = Prog("ew_bf16_binary", "Every binary element-wise op on bf16 (PyTorch's bfloat16 kernels).")
a, b = p.arg(bf(3, 4), et="bf16"), p.arg(bf(3, 4), et="bf16")
pb, pe = p.arg(np.abs(bf(3, 4)) + 0.5, et="bf16"), p.arg(bf(3, 4), et="bf16")
p.ret(*[p.binary(op, a, b) for op in ["add", "sub", "mul", "div", "max", "min"]], p.binary("pow", pb, pe))
finish(p, "torch.add/sub/mul/div/maximum/minimum/pow on bfloat16")

p = Prog("ew_f64_binary_specials", "Binary ops on f64 with NaN, infinities and signed zeros.")
x = with_specials(randn(20, dtype=np.float64))
y = randn(20, dtype=np.float64)
y[[0, 3, 7]] = [0.0, np.nan, -np.inf]
a, b = p.arg(x.reshape(4, 5)), p.arg(y.reshape(4, 5))
pb = p.arg(np.array([2, -2, -8, 0, 0, np.nan, 1, 1, -1, 4, 0.5, -0.5], np.float64))
pe = p.arg(np.array([3, 3, 1 / 3, 0, -1, 0, np.nan, np.inf, np.inf, 0.5, -2, 2.5], np.float64))
p.ret(*[p.binary(op, a, b) for op in ["add", "sub", "mul", "div", "max", "min"]], p.binary("pow", pb, pe))
finish(p, "torch.add/sub/mul/div/maximum/minimum/pow on float64")

p = Prog("ew_i32_div_pow_minmax", "Integer division truncating toward zero, integer powers, min/max on i32 and i64.")
ia = np.array([7, -7, 7, -7, 0, 1, -2147483647, 100, 3, -3], np.int32)
ib = np.array([2, 2, -2, -2, 5, 3, -1, 7, 1, 1], np.int32)
pa = np.array([2, -3, 3, 0, 1, -1, 5, 10, 7, -2], np.int32)
pn = np.array([10, 3, 19, 0, 7, 5, 0, 9, 11, 31], np.int32)
a, b, c, e = p.arg(ia), p.arg(ib), p.arg(pa), p.arg(pn)
la, lb = p.arg(ia.astype(np.int64) * 3000000000), p.arg(ib.astype(np.int64))
p.ret(p.binary("div", a, b), p.binary("pow", c, e), p.binary("max", a, b), p.binary("min", a, b),
      p.binary("div", la, lb), p.binary("sub", la, lb), p.binary("max", la, lb), p.binary("min", la, lb), p.binary("add", la, lb))
finish(p, "torch.div(a, b, rounding_mode='trunc'), torch.pow, torch.maximum/minimum, +, - on int32/int64")

p = Prog("ew_f16_binary_more", "max, min and pow on f16 (computed in f32 and rounded where CPU PyTorch has no kernel).")
a, b = p.arg(randn(2, 5).astype(np.float16)), p.arg(randn(2, 5).astype(np.float16))
pb, pe = p.arg((np.abs(randn(2, 5)) + 0.5).astype(np.float16)), p.arg(randn(2, 5).astype(np.float16))
p.ret(p.binary("max", a, b), p.binary("min", a, b), p.binary("pow", pb, pe))
finish(p, "torch.maximum/minimum/pow on float16")

p = Prog("ew_rank0_size0", "Element-wise ops on rank-0 tensors and on tensors with a size-0 dimension.")
s0, s1 = p.arg(np.array(1.5, np.float32)), p.arg(np.array(-0.25, np.float32))
z0, z1 = p.arg(np.zeros((0, 3), np.float32)), p.arg(np.zeros((0, 3), np.float32))
iz = p.arg(np.array(7, np.int64))
r0 = p.binary("mul", s0, s1)
p.ret(p.binary("add", r0, s0), p.unary("exp", s1), p.binary("add", z0, z1), p.unary("tanh", z0),
      p.binary("pow", iz, iz), p.unary("neg", iz))
finish(p, "a * b + a, exp, tanh on rank-0 and (0, 3) tensors")

# ---- element-wise unary ----

U = ["neg", "abs", "exp", "log", "sqrt", "rsqrt", "tanh", "sigmoid", "relu", "sin", "cos", "erf", "reciprocal"]
POS = {"log", "sqrt", "rsqrt"}

p = Prog("unary_f64", "Every unary element-wise op on f64, with NaN, infinities and signed zeros.")
u = np.concatenate([with_specials(randn(14, dtype=np.float64) * 3), np.array([30, -30, 700, 710, -745, 1e-3], np.float64)])
up = np.abs(randn(14, dtype=np.float64)) * 4 + 1e-3
up[:4] = [0, -0.0, -1, np.inf]
xa, xp = p.arg(u), p.arg(up)
p.ret(*[p.unary(op, xp if op in POS else xa) for op in U], p.gelu(xa), p.gelu(xa, "tanh"))
finish(p, "torch.<op>(x), F.gelu(x), F.gelu(x, approximate='tanh') on float64")

p = Prog("unary_f16", "Every unary element-wise op on f16: CPU PyTorch has no float16 kernels for most, so they are computed in f32 and rounded once.",
         note="rtol 2^-10 (one f16 ulp): the f32 value rounded once may differ by an ulp from tt's where it lies near a rounding boundary")
u16 = np.concatenate([randn(14) * 3, np.array([np.nan, np.inf, -np.inf, 0, 12, -12])]).astype(np.float16)
up16 = (np.abs(randn(10)) * 4 + 1e-2).astype(np.float16)
xa, xp = p.arg(u16), p.arg(up16)
p.ret(*[p.unary(op, xp if op in POS else xa) for op in U], p.gelu(xa), p.gelu(xa, "tanh"))
finish(p, "torch.<op>(x) and F.gelu on float16")

p = Prog("unary_bf16", "Every unary element-wise op on bf16 (PyTorch's bfloat16 kernels; gelu through float32, see bf16_via_f32).",
         tol={"bf16": (2 ** -7, 1e-7)},
         note="bf16 atol 1e-7: PyTorch's float32 GELU returns 0 below x = -5.5 or so (1 + erf(x/sqrt(2)) cancels in float32) where tt gives the accurate tiny value (-1.04e-8 at x = -5.906)")
ub = np.concatenate([bf(14) * 3, np.array([np.nan, np.inf, -np.inf, 0, 12, -12], np.float32)]).astype(np.float32)
upb = np.abs(bf(10)) * 4 + 0.125
xa, xp = p.arg(ub, et="bf16"), p.arg(upb, et="bf16")
p.ret(*[p.unary(op, xp if op in POS else xa) for op in U], p.gelu(xa), p.gelu(xa, "tanh"))
finish(p, "torch.<op>(x) and F.gelu on bfloat16")

p = Prog("unary_int", "neg, abs and relu on i32 and i64 (wrapping at the minimum).")
i32 = np.array([5, -5, 0, 2147483647, -2147483648, -1], np.int32)
i64 = np.array([5, -5, 0, 9223372036854775807, -9223372036854775808, -1], np.int64)
a, b = p.arg(i32), p.arg(i64)
p.ret(p.unary("relu", a), p.unary("neg", b), p.unary("abs", b))
finish(p, "torch.relu / neg / abs on int32 and int64")

p = Prog("unary_dynamic", "Unary ops and gelu on a tensor with dynamic dimensions.")
xd = p.arg(randn(3, 5) * 2, dynamic=(0, 1))
p.ret(p.unary("sigmoid", xd), p.gelu(xd, "tanh"), p.unary("sqrt", p.unary("abs", xd)))
finish(p, "sigmoid, gelu(tanh), sqrt(abs) on a tensor<?x?xf32>")

# ---- cmp, select, cast ----

p = Prog("cmp_i32_i1_bf16", "Every cmp predicate on i32 (with extremes), on i1, and on bf16 with ties and NaN.")
ca = np.array([1, -2, 2147483647, -2147483648, 0, 5], np.int32)
cb = np.array([1, 2, -2147483648, -2147483648, -1, 6], np.int32)
a, b = p.arg(ca), p.arg(cb)
ba, bb = p.arg(np.array([True, True, False, False])), p.arg(np.array([True, False, True, False]))
fa = p.arg(np.array([1, 2, np.nan, 3, -0.0, np.inf, 0.5], np.float32), et="bf16")
fb = p.arg(np.array([1, 3, 1, np.nan, 0.0, np.inf, 0.25], np.float32), et="bf16")
res = []
for pred in ["eq", "ne", "lt", "le", "gt", "ge"]:
    res += [p.cmp(pred, a, b), p.cmp(pred, ba, bb), p.cmp(pred, fa, fb)]
p.ret(*res)
finish(p, "torch.eq/ne/lt/le/gt/ge on int32, bool and bfloat16")

p = Prog("select_variants", "select on i1, f16, rank-0, dynamic and size-0 operands.")
c = p.arg(rng.rand(3, 4) > 0.5)
x1, y1 = p.arg(rng.rand(3, 4) > 0.5), p.arg(rng.rand(3, 4) > 0.5)
h1, h2 = p.arg(randn(3, 4).astype(np.float16)), p.arg(randn(3, 4).astype(np.float16))
c0, s0, s1 = p.arg(np.array(False)), p.arg(np.array(2.5, np.float32)), p.arg(np.array(-1.0, np.float32))
cd, d1, d2 = p.arg(rng.rand(2, 5) > 0.5, dynamic=(1,)), p.arg(randn(2, 5), dynamic=(1,)), p.arg(randn(2, 5), dynamic=(1,))
cz, z1, z2 = p.arg(np.zeros((2, 0), bool)), p.arg(np.zeros((2, 0), np.int32)), p.arg(np.zeros((2, 0), np.int32))
p.ret(p.select(c, x1, y1), p.select(c, h1, h2), p.select(c0, s0, s1), p.select(cd, d1, d2), p.select(cz, z1, z2))
finish(p, "torch.where(c, a, b)")

p = Prog("cast_more", "Casts not in interp/testdata: to and from bf16, f64 and f16 to integers, between integer widths, i1 to i64 and f16.")
fx = np.array([0.5, -0.5, 1.7, -1.7, 2.5, -2.5, 1e6, -123456.78, 0, 3.0e38, 1e-40, 3.14159265], np.float32)
a = p.arg(fx)
bfa = p.arg(bf(6), et="bf16")
d = p.arg(np.array([1.9, -1.9, 1e10, -1e10, 0.49999999999999994, 1 / 3, 65519.0, 65520.0], np.float64))
h = p.arg(np.array([1.5, -1.5, 100.25, -0.0, 65504, -7.75], np.float16))
i = p.arg(np.array([1, -1, 2147483647, -2147483648, 7, 16777217], np.int32))
l = p.arg(np.array([1, (1 << 53) + 1, -(1 << 40) - 3, 123456789, 0, -5], np.int64))
bl = p.arg(np.array([True, False, True]))
p.ret(p.cast(a, "bf16"), p.cast(bfa, "f32"), p.cast(bfa, "f16"), p.cast(bfa, "i32"), p.cast(d, "i64"), p.cast(d, "f16"),
      p.cast(d, "bf16"), p.cast(h, "i32"), p.cast(h, "f64"), p.cast(h, "bf16"), p.cast(i, "i64"), p.cast(i, "f32"),
      p.cast(i, "bf16"), p.cast(l, "f64"), p.cast(l, "i1"), p.cast(bl, "i64"), p.cast(bl, "f16"), p.cast(bl, "i32"))
finish(p, "x.to(dtype)")

# ---- creation ----

p = Prog("creation_variants", "constant, full and iota of several element types, rank 0 and dynamic shapes (sizes from tensor.dim and from an index argument).")
x = p.arg(randn(3, 2), dynamic=(0,))
n = p.index_arg(5)
k = p.dim(x, 0)
p.ret(p.constant(randn(2, 3).astype(np.float64)), p.constant(np.array([[True, False], [False, True]])),
      p.constant(np.array([-1, 0, 2147483647], np.int32)), p.constant(bf(2, 2), et="bf16"),
      p.constant(np.array(3.5, np.float32)), p.constant(np.full((2, 2), np.nan, np.float32)),
      p.full([2, 2], -0.5, "f64"), p.full([3], 1.5, "bf16"), p.full([2], -7, "i32"), p.full([], 2.0, "f16"),
      p.full([None, 2], 0.25, "f32", [k]), p.full([None], 9, "i64", [n]),
      p.iota([2, 4], 0, "i32"), p.iota([3], 0, "f64"), p.iota([2, 3, 2], -1, "bf16"),
      p.iota([None, 3], 0, "i64", [k]), p.iota([2, None], 1, "f32", [n]), k)
finish(p, "torch.tensor / torch.full / torch.arange(...).expand(...); x.size(0)")

# ---- layout ----

p = Prog("broadcast_patterns", "Broadcasting made explicit: outer sum [4,1]+[1,5], a channel bias over NCHW, a scalar, a row over a batch, i1 and dynamic sizes.")
c4, r5 = p.arg(randn(4, 1)), p.arg(randn(1, 5))
bias, xs = p.arg(randn(3)), p.arg(randn(2, 3, 2, 2))
s = p.arg(np.array(0.5, np.float32))
row = p.arg(randn(4))
bm = p.arg(np.array([True, False, True]))
xd = p.arg(randn(5, 3), dynamic=(0,))
outer = p.binary("add", p.broadcast(c4, [0, 1], [4, 5]), p.broadcast(r5, [0, 1], [4, 5]))
nchw = p.binary("add", xs, p.broadcast(bias, [1], [2, 3, 2, 2]))
sc = p.binary("mul", p.broadcast(s, [], [2, 3]), p.broadcast(s, [], [2, 3]))
rows = p.broadcast(row, [2], [2, 3, 4])
bb = p.broadcast(bm, [1], [2, 3])
n = p.dim(xd, 0)
dyn = p.binary("sub", xd, p.broadcast(bias, [1], [None, 3], [n]))
p.ret(outer, nchw, sc, rows, bb, dyn)
finish(p, "torch broadcasting: a + b, x + bias[None, :, None, None], s * s, row.expand, x - bias")

p = Prog("reshape_variants", "reshape with two dynamic sizes given as operands, with a size-0 dimension, to and from rank 0, and of i1.")
x = p.arg(randn(2, 3, 4), dynamic=(0, 1))
z = p.arg(np.zeros((0, 3), np.float32))
o = p.arg(np.array([[2.5]], np.float32))
bl = p.arg(rng.rand(2, 3) > 0.5)
d0, d1 = p.dim(x, 0), p.dim(x, 1)
p.ret(p.reshape(x, [None, None, 2, 2], [d1, d0]), p.reshape(z, [3, 0]), p.reshape(z, [0]), p.reshape(o, []),
      p.reshape(p.reshape(o, []), [1, 1, 1]), p.reshape(bl, [3, 2]), p.reshape(x, [None, 4]))
finish(p, "x.reshape(...)")

p = Prog("transpose_variants", "transpose of rank 4 (NCHW to NHWC), rank 1, rank 0, dynamic dims, i1 and f16.")
x4 = p.arg(randn(2, 3, 2, 4))
x1 = p.arg(randn(5))
x0 = p.arg(np.array(1.25, np.float32))
xd = p.arg(randn(3, 4, 2), dynamic=(0, 2))
xb = p.arg(rng.rand(2, 3) > 0.5)
xh = p.arg(randn(2, 3, 4).astype(np.float16))
p.ret(p.transpose(x4, [0, 2, 3, 1]), p.transpose(x1, [0]), p.transpose(x0, []), p.transpose(xd, [2, 0, 1]),
      p.transpose(xb, [1, 0]), p.transpose(xh, [1, 2, 0]))
finish(p, "x.permute(...)")

p = Prog("slice_variants", "slice with steps on a 3-D tensor, a step longer than the dimension, a last-dimension step, size-0 input, dynamic input, i64 and i1.")
x = p.arg(randn(4, 5, 6))
z = p.arg(np.zeros((0, 4), np.float32))
xd = p.arg(randn(6, 3), dynamic=(0,))
xi = p.arg(np.arange(20, dtype=np.int64).reshape(4, 5))
xb = p.arg(rng.rand(5) > 0.5)
p.ret(p.slice(x, [1, 0, 1], [4, 5, 6], [2, 2, 3]), p.slice(x, [0, 1, 0], [3, 2, 6], [7, 1, 1]),
      p.slice(x, [3, 4, 0], [4, 5, 6], [1, 1, 2]), p.slice(z, [0, 1], [0, 4], [1, 2]), p.slice(xd, [1, 0], [5, 3], [3, 1]),
      p.slice(xi, [1, 1], [4, 5], [1, 2]), p.slice(xb, [1], [5], [2]), p.slice(x, [0, 0, 0], [4, 5, 6]))
finish(p, "x[start:limit:step, ...]")

p = Prog("concat_variants", "concat of i1, of dynamic sizes, of one operand, along a negative dimension, with a size-0 operand, of f16.")
b1, b2 = p.arg(rng.rand(2, 2) > 0.5), p.arg(rng.rand(1, 2) > 0.5)
d1, d2 = p.arg(randn(3, 2), dynamic=(0,)), p.arg(randn(2, 2), dynamic=(0,))
s = p.arg(randn(2, 3))
t1, t2 = p.arg(randn(2, 3, 4)), p.arg(randn(2, 1, 4))
e1, e2 = p.arg(np.zeros((2, 0), np.int64)), p.arg(np.arange(6, dtype=np.int64).reshape(2, 3))
h1, h2 = p.arg(randn(2).astype(np.float16)), p.arg(randn(3).astype(np.float16))
p.ret(p.concat([b1, b2], 0), p.concat([d1, d2, d1], 0), p.concat([s], 1), p.concat([t1, t2, t1], -2),
      p.concat([e1, e2, e1], 1), p.concat([h1, h2], 0))
finish(p, "torch.cat(xs, dim)")

p = Prog("pad_variants", "pad of the spatial dims of NCHW with -inf, of f16, of a size-0 dim, of a dynamic dim, of i1 and i32, of rank 1 on one side only.")
x4 = p.arg(randn(1, 2, 3, 3))
h = p.arg(randn(2, 3).astype(np.float16))
z = p.arg(np.zeros((0, 2), np.float32))
xd = p.arg(randn(3, 2), dynamic=(0,))
xb = p.arg(rng.rand(2, 2) > 0.5)
xi = p.arg(ints(-5, 5, 3, dtype=np.int32))
x1 = p.arg(randn(4))
p.ret(p.pad(x4, [0, 0, 1, 2], [0, 0, 2, 0], -math.inf), p.pad(h, [1, 0], [0, 2], 0.5), p.pad(z, [1, 1], [2, 0], 3.0),
      p.pad(xd, [2, 0], [1, 1]), p.pad(xb, [1, 0], [0, 1], True), p.pad(xi, [2], [1], -9), p.pad(x1, [0], [3]))
finish(p, "F.pad(x, pads, value=v) (constant mode)")

p = Prog("gather_variants", "gather along the middle dim of a 3-D tensor, along a negative dim, with repeated and empty index lists, from a dynamic table, of i1.")
x = p.arg(randn(3, 5, 2))
i1 = p.arg(np.array([4, 0, 4, 1, 4, 2], np.int64))
ie = p.arg(np.zeros((0,), np.int64))
td = p.arg(randn(6, 3), dynamic=(0,))
i2 = p.arg(np.array([5, 0], np.int64))
xb = p.arg(rng.rand(4, 3) > 0.5)
i3 = p.arg(np.array([2, 2, 0], np.int64))
p.ret(p.gather(x, i1, 1), p.gather(x, i3, -3), p.gather(x, ie, 1), p.gather(td, i2, 0), p.gather(xb, i3, -1))
finish(p, "torch.index_select(x, dim, idx)")

p = Prog("scatter_add_variants", "scatter_add along the middle dim of a 3-D tensor, along a negative dim, of f64 and i32, with an empty index list.")
base, src = p.arg(randn(2, 4, 3)), p.arg(randn(2, 5, 3))
idx = p.arg(np.array([3, 0, 3, 3, 1], np.int64))
bd, sd = p.arg(randn(3, 4, dtype=np.float64)), p.arg(randn(3, 2, dtype=np.float64))
i2 = p.arg(np.array([1, 1], np.int64))
bi, si = p.arg(ints(-9, 9, 4, 2, dtype=np.int32)), p.arg(ints(-9, 9, 3, 2, dtype=np.int32))
i3 = p.arg(np.array([0, 3, 0], np.int64))
se = p.arg(np.zeros((2, 0, 3), np.float32))
ie = p.arg(np.zeros((0,), np.int64))
p.ret(p.scatter_add(base, idx, src, 1), p.scatter_add(bd, i2, sd, -1), p.scatter_add(bi, i3, si, 0),
      p.scatter_add(base, ie, se, 1))
finish(p, "base.index_add(dim, idx, src)")

# ---- reductions ----

p = Prog("reduce_variants", "Reductions with keepdim and negative dims, on f64, i32, i1, f16 and bf16, on rank 0, dynamic dims and size-0 dims (sum 0, mean NaN), with ties.")
x = p.arg(randn(3, 4, 5))
xd = p.arg(randn(2, 3, 4, dtype=np.float64))
xi = p.arg(ints(-1000, 1000, 3, 4, dtype=np.int32))
xb = p.arg(rng.rand(3, 4) > 0.7)
xh = p.arg(randn(4, 6).astype(np.float16))
xbf = p.arg(bf(4, 6), et="bf16")
x0 = p.arg(np.array(2.5, np.float32))
xdyn = p.arg(randn(3, 5), dynamic=(0, 1))
xz = p.arg(np.zeros((0, 4), np.float32))
xt = p.arg(np.array([[1, 3, 3], [-2, -2, -5], [0, -0.0, 0]], np.float32))
p.ret(p.reduce("max", x, [-1, 0], True), p.reduce("min", x, [-2], True), p.reduce("sum", x, [0, 1, 2], True),
      p.reduce("mean", xd, [1, 2]), p.reduce("sum", xd, [-3], False),
      p.reduce("sum", xi, [1]), p.reduce("max", xi, [0]), p.reduce("min", xi, [0, 1]),
      p.reduce("max", xb, [1]), p.reduce("min", xb, [0]),
      p.reduce("sum", xh, [1]), p.reduce("mean", xh, [0]), p.reduce("max", xbf, [1]), p.reduce("sum", xbf, [0]),
      p.reduce("sum", x0, []), p.reduce("max", x0, [], True),
      p.reduce("sum", xdyn, [1]), p.reduce("mean", xdyn, [0], True),
      p.reduce("sum", xz, [0]), p.reduce("mean", xz, [0]), p.reduce("max", xz, [1]), p.reduce("sum", xz, [1], True),
      p.reduce("max", xt, [1]), p.reduce("min", xt, [0]))
finish(p, "torch.sum/mean/amax/amin(x, dims, keepdim) (dims=[] is the identity in tt)")

p = Prog("argmax_variants", "argmax of i32, f16 and bf16, keepdim with a negative dim, ties of -inf, a size-1 dim, a dynamic dim, rank 4.")
xi = p.arg(np.array([[3, 9, 9], [-4, -4, -7]], np.int32))
xh = p.arg(np.array([[0.5, 2, 2, -1], [np.nan, 1, np.nan, 0]], np.float16))
xbf = p.arg(bf(3, 4), et="bf16")
xk = p.arg(randn(2, 3, 4))
xn = p.arg(np.array([[-np.inf, -np.inf], [-np.inf, 1]], np.float32))
x1 = p.arg(randn(3, 1))
xd = p.arg(randn(4, 5), dynamic=(0, 1))
x4 = p.arg(randn(2, 2, 3, 2))
p.ret(p.argmax(xi, 1), p.argmax(xh, -1), p.argmax(xbf, 0), p.argmax(xk, -2, True), p.argmax(xn, 1), p.argmax(xn, 0),
      p.argmax(x1, 1), p.argmax(x1, 0, False), p.argmax(xd, 1), p.argmax(x4, 2, True))
finish(p, "torch.argmax(x, dim, keepdim) (first maximum, first NaN)")

# ---- nn ----

p = Prog("matmul_variants", "matmul of rank 4, with M = 0 and N = 0, of i32, f64 batched, with a dynamic batch, of bf16 and f16.",
         tol={"f32": (1e-5, 1e-5)}, note="f32 atol 1e-5: sums of products accumulated in a different order")
a4, b4 = p.arg(randn(2, 3, 4, 5)), p.arg(randn(2, 3, 5, 2))
am, bm = p.arg(np.zeros((0, 3), np.float32)), p.arg(randn(3, 4))
an, bn = p.arg(randn(2, 3)), p.arg(np.zeros((3, 0), np.float32))
ai, bi = p.arg(ints(-50, 50, 3, 4, dtype=np.int32)), p.arg(ints(-50, 50, 4, 2, dtype=np.int32))
ad, bd = p.arg(randn(3, 2, 4, dtype=np.float64)), p.arg(randn(3, 4, 3, dtype=np.float64))
ab, bb = p.arg(randn(2, 3, 4), dynamic=(0,)), p.arg(randn(2, 4, 2), dynamic=(0,))
af, bf_ = p.arg(bf(3, 8), et="bf16"), p.arg(bf(8, 2), et="bf16")
ah, bh = p.arg(randn(3, 8).astype(np.float16)), p.arg(randn(8, 2).astype(np.float16))
p.ret(p.matmul(a4, b4), p.matmul(am, bm), p.matmul(an, bn), p.matmul(ai, bi), p.matmul(ad, bd), p.matmul(ab, bb),
      p.matmul(af, bf_), p.matmul(ah, bh))
finish(p, "torch.matmul(a, b)")

p = Prog("conv2d_variants", "conv2d of f64; groups with stride and dilation; kernel as large as the padded input; batch 0; asymmetric dilation; padding larger than the kernel; dynamic batch; attributes given with their default values.",
         tol={"f32": (1e-5, 1e-5)}, note="f32 atol 1e-5: sums of up to 72 products accumulated in a different order")
xd, wd = p.arg(randn(1, 2, 5, 5, dtype=np.float64)), p.arg(randn(3, 2, 3, 3, dtype=np.float64))
xg, wg = p.arg(randn(2, 4, 9, 9)), p.arg(randn(6, 2, 3, 2))
xk, wk = p.arg(randn(1, 3, 4, 5)), p.arg(randn(2, 3, 6, 5))
x0, w0 = p.arg(np.zeros((0, 2, 4, 4), np.float32)), p.arg(randn(3, 2, 2, 2))
xa, wa = p.arg(randn(1, 2, 6, 9)), p.arg(randn(2, 2, 2, 3))
xp, wp = p.arg(randn(1, 1, 3, 3)), p.arg(randn(2, 1, 2, 2))
xn, wn = p.arg(randn(2, 3, 5, 4), dynamic=(0,)), p.arg(randn(4, 3, 3, 3))
p.ret(p.conv2d(xd, wd, padding=[1, 0]), p.conv2d(xg, wg, stride=[2, 3], padding=[1, 2], dilation=[2, 1], groups=2),
      p.conv2d(xk, wk, padding=[1, 0]), p.conv2d(x0, w0), p.conv2d(xa, wa, dilation=[1, 3], stride=[1, 2]),
      p.conv2d(xp, wp, padding=[3, 2]), p.conv2d(xn, wn, padding=[1, 1]),
      p.conv2d(xn, wn, stride=[1, 1], padding=[0, 0], dilation=[1, 1], groups=1))
finish(p, "F.conv2d(x, w, None, stride, padding, dilation, groups)")

p = Prog("max_pool2d_variants", "max_pool2d of all-negative input with padding (padding is -inf, not 0), stride larger than the kernel, f64, a dynamic batch, a kernel that does not divide the input, asymmetric padding, i32 and i64, bf16, explicit default attributes.")
xneg = p.arg(-np.abs(randn(1, 2, 4, 4)) - 1)
xs = p.arg(randn(1, 1, 7, 7))
xd = p.arg(randn(1, 2, 5, 5, dtype=np.float64))
xn = p.arg(randn(3, 1, 4, 6), dynamic=(0,))
xi = p.arg(ints(-100, 100, 1, 2, 5, 5, dtype=np.int32))
xl = p.arg(ints(-100, 100, 1, 1, 4, 4, dtype=np.int64))
xb = p.arg(bf(1, 2, 4, 4), et="bf16")
p.ret(p.max_pool2d(xneg, [3, 3], [1, 1], [1, 1]), p.max_pool2d(xs, [2, 2], [3, 3]), p.max_pool2d(xd, [3, 2], [2, 1], [1, 0]),
      p.max_pool2d(xn, [2, 3]), p.max_pool2d(xs, [3, 3], [2, 2]), p.max_pool2d(xneg, [2, 4], [1, 2], [0, 2]),
      p.max_pool2d(xi, [2, 2], [1, 1], [1, 1]), p.max_pool2d(xl, [3, 3]), p.max_pool2d(xb, [2, 2], [1, 1]),
      p.max_pool2d(xs, [2, 2], [2, 2], [0, 0]))
finish(p, "F.max_pool2d(x, kernel, stride, padding)")

p = Prog("softmax_variants", "softmax and log_softmax on rank 1, on a size-1 dim, along a negative dim, on dynamic dims, on bf16 and f16.")
x1 = p.arg(randn(7) * 3)
xs = p.arg(randn(4, 1))
x3 = p.arg(randn(2, 3, 4) * 2)
xd = p.arg(randn(3, 5), dynamic=(0, 1))
xb = p.arg(bf(3, 6) * 2, et="bf16")
xh = p.arg((randn(3, 6) * 2).astype(np.float16))
res = []
for log in (False, True):
    res += [p.softmax(x1, 0, log), p.softmax(xs, 1, log), p.softmax(x3, -2, log), p.softmax(xd, -1, log),
            p.softmax(xb, 1, log), p.softmax(xh, 0, log)]
p.ret(*res)
finish(p, "torch.softmax(x, dim), torch.log_softmax(x, dim)")

p = Prog("softmax_large_logits", "softmax and log_softmax of logits of magnitude 1000 to 5000, where log_softmax must compute (x - max) - log(sum) rather than x - (max + log(sum)) to keep the small results accurate.")
xl = p.arg(np.array([[1000, 999, -1000, 0], [-5000, -5001, -5002, -5003], [3e4, 3e4, 3e4 - 1, 3e4 - 2]], np.float32))
xc = p.arg(np.array([[1000, 999, -1000, 0], [-5000, -5001, -5002, -5003]], np.float32).T.copy())
p.ret(p.softmax(xl, 1), p.softmax(xl, 1, True), p.softmax(xc, 0, True))
finish(p, "torch.softmax(x, 1), torch.log_softmax(x, 1), torch.log_softmax(x.T, 0)")

p = Prog("layer_norm_variants", "layer_norm over all dims, on f64, with eps absent (1e-5), over the last dim of a 3-D tensor, with a dynamic batch, with a large eps, on bf16.",
         tol={"f32": (1e-5, 1e-5)}, note="f32 atol 1e-5: normalized outputs near 0 are differences of O(1) values")
xa, ga, ba = p.arg(randn(3, 4)), p.arg(randn(3, 4)), p.arg(randn(3, 4))
xd, gd, bd = p.arg(randn(2, 5, dtype=np.float64)), p.arg(randn(5, dtype=np.float64)), p.arg(randn(5, dtype=np.float64))
x3, g3, b3 = p.arg(randn(2, 3, 6)), p.arg(randn(6)), p.arg(randn(6))
xn = p.arg(randn(4, 6), dynamic=(0,))
xb, gb, bb = p.arg(bf(2, 8), et="bf16"), p.arg(bf(8), et="bf16"), p.arg(bf(8), et="bf16")
p.ret(p.layer_norm(xa, ga, ba, 2, 1e-5), p.layer_norm(xd, gd, bd, 1, 2 ** -10), p.layer_norm(x3, g3, b3, 1),
      p.layer_norm(xn, g3, b3, 1, 1e-5), p.layer_norm(x3, g3, b3, 1, 0.5), p.layer_norm(xb, gb, bb, 1))
finish(p, "F.layer_norm(x, x.shape[-k:], gamma, beta, eps)")

p = Prog("cross_entropy_variants", "cross_entropy of f64 (mean and sum), one sample, one class, logits of magnitude 1000, a dynamic batch, bf16.")
ld = p.arg(randn(5, 4, dtype=np.float64) * 2)
td = p.arg(np.array([0, 3, 1, 1, 2], np.int64))
l1, t1 = p.arg(randn(1, 6)), p.arg(np.array([5], np.int64))
lc, tc = p.arg(randn(3, 1)), p.arg(np.zeros(3, np.int64))
lb, tb = p.arg(np.array([[1000, -1000, 0], [-1000, 1000, 999]], np.float32)), p.arg(np.array([1, 2], np.int64))
ln, tn = p.arg(randn(4, 3), dynamic=(0,)), p.arg(np.array([2, 0, 1, 1], np.int64), dynamic=(0,))
lh, th = p.arg(bf(4, 5), et="bf16"), p.arg(np.array([4, 0, 2, 2], np.int64))
p.ret(p.cross_entropy(ld, td), p.cross_entropy(ld, td, "sum"), p.cross_entropy(l1, t1, "mean"), p.cross_entropy(lc, tc),
      p.cross_entropy(lb, tb, "sum"), p.cross_entropy(ln, tn), p.cross_entropy(lh, th))
finish(p, "F.cross_entropy(logits, target, reduction)")

# ---- multi-op programs ----

p = Prog("softmax_logits", "A linear classifier head: logits = x @ w + b, then softmax, log-probabilities, predicted class and loss.")
x, w, b, t = p.arg(randn(6, 10)), p.arg(randn(10, 5) * 0.5), p.arg(randn(5)), p.arg(np.array([0, 4, 2, 2, 1, 3], np.int64))
logits = p.binary("add", p.matmul(x, w), p.broadcast(b, [1], [6, 5]))
p.ret(p.softmax(logits, 1), p.softmax(logits, -1, True), p.argmax(logits, 1), p.cross_entropy(logits, t))
finish(p, "z = x @ w + b; softmax(z, 1), log_softmax(z, -1), argmax(z, 1), F.cross_entropy(z, t)")

p = Prog("layernorm_gelu_block", "A transformer MLP block: y = x + W2 gelu(W1 layer_norm(x) + b1) + b2 on [2, 4, 8] tokens.",
         tol={"f32": (1e-5, 1e-5)}, note="f32 atol 1e-5: two matmuls and erf; values are O(1)")
x = p.arg(randn(2, 4, 8))
g, be = p.arg(randn(8) * 0.2 + 1), p.arg(randn(8) * 0.1)
w1, b1 = p.arg(randn(8, 16) * 0.3), p.arg(randn(16) * 0.1)
w2, b2 = p.arg(randn(16, 8) * 0.3), p.arg(randn(8) * 0.1)
h = p.reshape(p.layer_norm(x, g, be, 1), [8, 8])
h = p.gelu(p.binary("add", p.matmul(h, w1), p.broadcast(b1, [1], [8, 16])))
h = p.binary("add", p.matmul(h, w2), p.broadcast(b2, [1], [8, 8]))
p.ret(p.binary("add", x, p.reshape(h, [2, 4, 8])))
finish(p, "x + (gelu(layer_norm(x) @ w1 + b1) @ w2 + b2)")

p = Prog("conv_relu_pool", "A CNN stage: conv2d (padding 1) + bias, relu, 2x2 max_pool2d, flatten.",
         tol={"f32": (1e-5, 1e-5)}, note="f32 atol 1e-5: sums of 27 products")
x, w, b = p.arg(randn(2, 3, 8, 8)), p.arg(randn(4, 3, 3, 3) * 0.3), p.arg(randn(4) * 0.1)
h = p.binary("add", p.conv2d(x, w, padding=[1, 1]), p.broadcast(b, [1], [2, 4, 8, 8]))
h = p.max_pool2d(p.unary("relu", h), [2, 2])
p.ret(p.reshape(h, [2, 64]))
finish(p, "max_pool2d(relu(conv2d(x, w, padding=1) + b), 2).reshape(2, 64)")

p = Prog("attention_block", "Causal scaled dot-product attention on [2, 5, 8]: scores = q k^T / sqrt(8), masked with -inf above the diagonal (iota, cmp, select), softmax, times v.")
q, k, v = p.arg(randn(2, 5, 8)), p.arg(randn(2, 5, 8)), p.arg(randn(2, 5, 8))
scores = p.binary("mul", p.matmul(q, p.transpose(k, [0, 2, 1])), p.full([2, 5, 5], 1 / math.sqrt(8), "f32"))
rows, cols = p.iota([2, 5, 5], 1, "i64"), p.iota([2, 5, 5], 2, "i64")
masked = p.select(p.cmp("le", cols, rows), scores, p.full([2, 5, 5], -math.inf, "f32"))
attn = p.softmax(masked, -1)
p.ret(p.matmul(attn, v), attn)
finish(p, "softmax((q @ k.transpose(1, 2)) * 8**-0.5 masked by tril, -1) @ v")

p = Prog("mlp_dynamic_batch", "An MLP on a dynamic batch: relu(x W1 + b1) W2, with the bias broadcast to the run-time batch size.")
x, w1, b1, w2 = p.arg(randn(5, 6), dynamic=(0,)), p.arg(randn(6, 7)), p.arg(randn(7)), p.arg(randn(7, 3))
n = p.dim(x, 0)
h = p.unary("relu", p.binary("add", p.matmul(x, w1), p.broadcast(b1, [1], [None, 7], [n])))
p.ret(p.matmul(h, w2))
finish(p, "relu(x @ w1 + b1) @ w2 with x of shape (?, 6)")

# ======================================================================
# Gradient programs (issue 5): loss and d loss / d every float argument.
# ======================================================================

p = Prog("grad_mlp", "An MLP with cross-entropy (the same model as test/lit/autodiff/mlp.mlir).", kind="grad")
x, w1, b1 = p.arg(randn(8, 16)), p.arg(randn(16, 32) * 0.25), p.arg(randn(32) * 0.1)
w2, t = p.arg(randn(32, 4) * 0.25), p.arg(np.array([0, 3, 1, 2, 2, 0, 1, 3], np.int64))
h = p.unary("relu", p.binary("add", p.matmul(x, w1), p.broadcast(b1, [1], [8, 32])))
p.ret(p.cross_entropy(p.matmul(h, w2), t))
finish(p, "F.cross_entropy(relu(x @ w1 + b1) @ w2, t); torch.autograd.grad")

p = Prog("grad_layernorm_gelu", "layer_norm, GELU (exact and tanh) and a linear layer; loss = mean of squares.",
         kind="grad")
x, g, be = p.arg(randn(4, 16)), p.arg(randn(16) * 0.2 + 1), p.arg(randn(16) * 0.1)
w, w2 = p.arg(randn(16, 8) * 0.3), p.arg(randn(8, 8) * 0.3)
h = p.gelu(p.layer_norm(x, g, be, 1, 1e-5))
h = p.gelu(p.matmul(h, w), "tanh")
y = p.matmul(h, w2)
p.ret(p.reduce("mean", p.binary("mul", y, y), [0, 1]))
finish(p, "y = gelu(gelu(layer_norm(x)) @ w, 'tanh') @ w2; (y * y).mean()")

p = Prog("grad_cnn", "A small CNN: conv2d + bias, relu, max_pool2d, reshape, matmul, cross_entropy.",
         kind="grad")
x, w1, b1 = p.arg(randn(2, 1, 8, 8)), p.arg(randn(4, 1, 3, 3) * 0.5), p.arg(randn(4) * 0.1)
w2, t = p.arg(randn(64, 3) * 0.2), p.arg(np.array([2, 0], np.int64))
h = p.binary("add", p.conv2d(x, w1, padding=[1, 1]), p.broadcast(b1, [1], [2, 4, 8, 8]))
h = p.reshape(p.max_pool2d(p.unary("relu", h), [2, 2]), [2, 64])
p.ret(p.cross_entropy(p.matmul(h, w2), t))
finish(p, "F.cross_entropy(max_pool2d(relu(conv2d(x, w1, padding=1) + b1), 2).reshape(2, 64) @ w2, t)")

p = Prog("grad_cnn_strided", "conv2d with stride, dilation and groups, max_pool2d with padding and overlapping windows; loss = sum of the outputs times fixed weights.",
         kind="grad")
x, w = p.arg(randn(2, 4, 9, 9)), p.arg(randn(6, 2, 3, 3) * 0.3)
r = p.arg(randn(2, 6, 3, 3))
h = p.conv2d(x, w, stride=[2, 1], padding=[1, 0], dilation=[1, 2], groups=2)
h = p.max_pool2d(h, [3, 3], [2, 2], [1, 1])
p.ret(p.reduce("sum", p.binary("mul", h, r), [0, 1, 2, 3]))
finish(p, "(max_pool2d(conv2d(x, w, None, (2, 1), (1, 0), (1, 2), 2), 3, 2, 1) * r).sum()")

p = Prog("grad_attention", "Self-attention: q, k, v projections, batched matmul with a transpose, softmax, output projection; loss = mean of squares.",
         kind="grad")
x = p.arg(randn(2, 4, 8))
wq, wk, wv, wo = [p.arg(randn(8, 8) * 0.3) for _ in range(4)]
xf = p.reshape(x, [8, 8])
qq, kk, vv = [p.reshape(p.matmul(xf, w_), [2, 4, 8]) for w_ in (wq, wk, wv)]
s = p.binary("mul", p.matmul(qq, p.transpose(kk, [0, 2, 1])), p.full([2, 4, 4], 1 / math.sqrt(8), "f32"))
o = p.reshape(p.matmul(p.softmax(s, -1), vv), [8, 8])
y = p.matmul(o, wo)
p.ret(p.reduce("mean", p.binary("mul", y, y), [0, 1]))
finish(p, "softmax(q @ k^T / sqrt(8), -1) @ v @ wo with q, k, v = x @ wq, x @ wk, x @ wv; (y * y).mean()")

p = Prog("grad_embedding", "An embedding model: gather rows of a table (with repeated ids), mean over the sequence, linear layer, cross_entropy.",
         kind="grad")
table = p.arg(randn(10, 6))
ids = p.arg(np.array([3, 7, 3, 0, 9, 3, 1, 7], np.int64))
w, t = p.arg(randn(6, 4) * 0.5), p.arg(np.array([1, 3], np.int64))
e = p.reshape(p.gather(table, ids, 0), [2, 4, 6])
p.ret(p.cross_entropy(p.matmul(p.reduce("mean", e, [1]), w), t))
finish(p, "F.cross_entropy(table.index_select(0, ids).reshape(2, 4, 6).mean(1) @ w, t)")

p = Prog("grad_elementwise", "Gradients of the element-wise ops, including PyTorch's conventions at kinks: ties of max/min split evenly, relu'(0) = 0, abs'(0) = 0.",
         kind="grad")
xa = np.array([[0.5, -1.0, 2.0, 0.0], [1.5, -0.25, 0.75, -2.0], [0.3, 0.0, -0.7, 1.2]], np.float32)
xb = np.array([[0.5, 2.0, -1.0, 0.0], [1.0, -0.25, 0.5, 1.0], [0.3, 1.0, 0.7, -1.2]], np.float32)
a, b = p.arg(xa), p.arg(xb)
pos = p.arg(np.abs(randn(3, 4)) + 0.5)
t1 = p.binary("mul", p.binary("max", a, b), p.binary("min", a, b))
t2 = p.binary("div", p.unary("exp", a), pos)
t3 = p.binary("add", p.unary("log", pos), p.unary("sqrt", pos))
t4 = p.binary("add", p.unary("tanh", b), p.unary("sigmoid", a))
t5 = p.binary("add", p.unary("relu", a), p.unary("abs", b))
t6 = p.binary("add", p.unary("sin", a), p.unary("cos", b))
t7 = p.binary("add", p.unary("erf", a), p.unary("rsqrt", pos))
t8 = p.binary("add", p.binary("pow", pos, b), p.unary("reciprocal", pos))
t9 = p.binary("sub", p.unary("neg", a), p.select(p.cmp("gt", a, b), a, b))
acc = t1
for t_ in (t2, t3, t4, t5, t6, t7, t8, t9):
    acc = p.binary("add", acc, t_)
p.ret(p.reduce("sum", acc, [0, 1]))
finish(p, "sum of max*min, exp/p, log+sqrt, tanh+sigmoid, relu+abs, sin+cos, erf+rsqrt, p**b + 1/p, -a - where(a > b, a, b)")

p = Prog("grad_shapes", "Gradients through layout and reduction ops: broadcast, transpose, slice with steps, concat, pad, reshape, reduce_max with ties (split evenly), reduce_min, log_softmax, scatter_add, cast.",
         kind="grad")
x = p.arg(np.array([[1.0, 3.0, 3.0, 0.5], [2.0, -1.0, 2.0, 2.0], [0.25, 0.5, -0.5, 4.0]], np.float32))
y = p.arg(randn(4, 3))
z = p.arg(randn(3))
base = p.arg(randn(5, 4))
idx = p.arg(np.array([4, 0, 4], np.int64))
xt = p.transpose(x, [1, 0])
s1 = p.binary("mul", xt, y)
s2 = p.slice(s1, [0, 0], [4, 3], [2, 1])
c = p.concat([s2, p.pad(p.broadcast(z, [1], [1, 3]), [0, 0], [0, 0], None), s2], 0)
m = p.binary("add", p.reduce("max", x, [1], True), p.reduce("min", x, [1], True))
lm = p.softmax(p.binary("mul", x, p.broadcast(p.reshape(m, [3]), [0], [3, 4])), 1, True)
sc = p.scatter_add(base, idx, lm, 0)
pd = p.pad(c, [1, 0], [0, 2], 0.5)
total = p.binary("add", p.reduce("sum", pd, [0, 1]), p.reduce("sum", p.binary("mul", sc, sc), [0, 1]))
p.ret(p.binary("add", total, p.reduce("sum", p.cast(p.cast(z, "f64"), "f32"), [0])))
finish(p, "see program.mlir: transpose, mul, strided slice, concat, pad, amax/amin ties, log_softmax, index_add, casts")

# ======================================================================
# Data of the tt-run lit tests (test/lit/ttrun).
# ======================================================================


def lit_inputs():
    inp = os.path.join(LIT, "Inputs")
    if os.path.isdir(inp):
        shutil.rmtree(inp)
    os.makedirs(inp)
    x = randn(4, 8)
    y = randn(4, 8)
    save(os.path.join(inp, "x.npy"), x)
    save(os.path.join(inp, "y.npy"), y)
    save(os.path.join(inp, "x_f64.npy"), x.astype(np.float64))
    save(os.path.join(inp, "x_3x8.npy"), x[:3])
    save(os.path.join(inp, "x_rank1.npy"), x.reshape(-1))
    save(os.path.join(inp, "x_int8.npy"), (x * 10).astype(np.int8))
    # run_softmax.mlir: softmax(x + y, dim 1) and its row sums.
    s = torch.softmax(torch.from_numpy(x) + torch.from_numpy(y), 1)
    save(os.path.join(inp, "softmax_want.npy"), s.numpy())
    # run_dtypes.mlir: results of every element type, from x.
    tx = torch.from_numpy(x)
    save(os.path.join(inp, "dtypes_want_f64.npy"), tx.double().numpy())
    save(os.path.join(inp, "dtypes_want_f16.npy"), tx.half().numpy())
    save(os.path.join(inp, "dtypes_want_bf16.npy"), tx.bfloat16().float().numpy())
    save(os.path.join(inp, "dtypes_want_i1.npy"), (tx > 0).numpy())
    save(os.path.join(inp, "dtypes_want_i32.npy"), tx.argmax(1).int().numpy())
    save(os.path.join(inp, "dtypes_want_i64.npy"), tx.argmax(1).numpy())
    save(os.path.join(inp, "dtypes_want_index.npy"), np.array(8, np.int64))
    # run_dynamic.mlir: relu of a ?x? input.
    save(os.path.join(inp, "dynamic_want.npy"), torch.relu(tx[:3, :5]).numpy())
    save(os.path.join(inp, "x_3x5.npy"), x[:3, :5])
    # run_halves.mlir: f16 and bf16 arguments (bf16 read from float32).
    xh = x.astype(np.float16)
    save(os.path.join(inp, "x_f16.npy"), xh)
    save(os.path.join(inp, "f16_neg_want.npy"), torch.neg(torch.from_numpy(xh)).numpy())
    save(os.path.join(inp, "bf16_relu_want.npy"), torch.relu(tx.bfloat16()).float().numpy())
    # run_halves.mlir: an index argument sizing tensor.full.
    save(os.path.join(inp, "n3.npy"), np.array(3, np.int64))
    save(os.path.join(inp, "full_want.npy"), torch.full((3,), 1.5).numpy())
    # errors.mlir: a cross_entropy target with a class out of range.
    save(os.path.join(inp, "target_bad.npy"), np.array([0, 9, 1, 2], np.int64))


lit_inputs()

# ======================================================================
# Benchmark models (tt-bench): each spec is written once and emitted twice,
# at tt-bench's sizes as test/programs/<name>.mlir (the program only; tt-bench
# compares it with PyTorch on the benchmark's own data) and at small sizes
# as test/refdata cases (forward and gradients with PyTorch's results).
# They draw from their own random state so that the data above stay as
# they are.
# ======================================================================

brng = np.random.RandomState(20261202)


def bench_randn(*shape):
    return brng.randn(*shape).astype(np.float32)


def transformer_block(p, b, s, d, h, ff):
    """A pre-LN transformer block on x = [b, s, d]: x + attention(layer_norm(x))
    with h heads, then + W2 gelu(W1 layer_norm(.) + b1) + b2."""
    x = p.arg(bench_randn(b, s, d))
    g1, be1 = p.arg(1 + 0.1 * bench_randn(d)), p.arg(0.1 * bench_randn(d))
    wq, wk, wv, wo = [p.arg(bench_randn(d, d) / math.sqrt(d)) for _ in range(4)]
    g2, be2 = p.arg(1 + 0.1 * bench_randn(d)), p.arg(0.1 * bench_randn(d))
    w1, b1 = p.arg(bench_randn(d, ff) / math.sqrt(d)), p.arg(0.1 * bench_randn(ff))
    w2, b2 = p.arg(bench_randn(ff, d) / math.sqrt(ff)), p.arg(0.1 * bench_randn(d))
    n, dh = b * s, d // h

    def heads(t):
        return p.reshape(p.transpose(p.reshape(t, [b, s, h, dh]), [0, 2, 1, 3]), [b * h, s, dh])
    x2 = p.reshape(x, [n, d])
    a = p.layer_norm(x2, g1, be1, 1)
    q, k, v = heads(p.matmul(a, wq)), heads(p.matmul(a, wk)), heads(p.matmul(a, wv))
    sc = p.binary("mul", p.matmul(q, p.transpose(k, [0, 2, 1])), p.full([b * h, s, s], 1 / math.sqrt(dh), "f32"))
    o = p.matmul(p.softmax(sc, 2), v)
    o = p.reshape(p.transpose(p.reshape(o, [b, h, s, dh]), [0, 2, 1, 3]), [n, d])
    x2 = p.binary("add", x2, p.matmul(o, wo))
    m = p.layer_norm(x2, g2, be2, 1)
    m = p.gelu(p.binary("add", p.matmul(m, w1), p.broadcast(b1, [1], [n, ff])))
    m = p.binary("add", p.matmul(m, w2), p.broadcast(b2, [1], [n, d]))
    return p.reshape(p.binary("add", x2, m), [b, s, d])


def cnn_loss(p, n, hw, c1, c2, classes):
    """Cross-entropy of a two-stage CNN on n images [1, hw, hw]: conv2d 3x3
    (padding 1) + bias, relu, 2x2 max_pool2d, twice, then flatten and a
    linear layer. Arguments: x, labels, w1, b1, w2, b2, w3, b3."""
    f = c2 * (hw // 4) ** 2
    x = p.arg(bench_randn(n, 1, hw, hw))
    y = p.arg(brng.randint(0, classes, size=n).astype(np.int64))
    w1, b1 = p.arg(bench_randn(c1, 1, 3, 3) / 3), p.arg(0.1 * bench_randn(c1))
    w2, b2 = p.arg(bench_randn(c2, c1, 3, 3) / math.sqrt(9 * c1)), p.arg(0.1 * bench_randn(c2))
    w3, b3 = p.arg(bench_randn(f, classes) / math.sqrt(f)), p.arg(0.1 * bench_randn(classes))
    h = p.binary("add", p.conv2d(x, w1, padding=[1, 1]), p.broadcast(b1, [1], [n, c1, hw, hw]))
    h = p.max_pool2d(p.unary("relu", h), [2, 2])
    h = p.binary("add", p.conv2d(h, w2, padding=[1, 1]), p.broadcast(b2, [1], [n, c2, hw // 2, hw // 2]))
    h = p.reshape(p.max_pool2d(p.unary("relu", h), [2, 2]), [n, f])
    logits = p.binary("add", p.matmul(h, w3), p.broadcast(b3, [1], [n, classes]))
    return p.cross_entropy(logits, y)


def write_program(p, used_by):
    """Writes program p (without data) as test/programs/<name>.mlir."""
    p.doc += "\n" + used_by
    path = os.path.join(ROOT, "test", "programs", p.name + ".mlir")
    with open(path, "w") as f:
        f.write(p.mlir())


TRANSFORMER_DOC = "A pre-LN transformer block: y = x + attention(layer_norm(x)), then y + W2 gelu(W1 layer_norm(y) + b1) + b2"
CNN_DOC = "A small CNN's loss: conv2d 3x3 + bias, relu, 2x2 max_pool2d, twice, flatten, linear, cross_entropy"

p = Prog("transformer_block", TRANSFORMER_DOC + ", on [8, 128, 256] with 4 heads and a 1024-wide MLP.")
p.ret(transformer_block(p, 8, 128, 256, 4, 1024))
write_program(p, "A benchmark model of tt-bench; tools/refgen/refgen.py writes it from the spec of test/refdata/transformer_block.")

p = Prog("cnn_train", CNN_DOC + ", on 64 images 1x28x28 with 16 and 32 channels and 10 classes.")
p.ret(cnn_loss(p, 64, 28, 16, 32, 10))
write_program(p, "tt-bench differentiates it and times an SGD step; tools/refgen/refgen.py writes it from the spec of test/refdata/cnn_train.")

p = Prog("transformer_block", TRANSFORMER_DOC + ", on [2, 4, 8] with 2 heads and a 16-wide MLP (the spec of the benchmark model test/programs/transformer_block.mlir).",
         tol={"f32": (1e-5, 1e-5)}, note="f32 atol 1e-5: eight matmuls, two layer_norms, softmax and erf; values are O(1)")
p.ret(transformer_block(p, 2, 4, 8, 2, 16))
finish(p, "x2 = x + attention(layer_norm(x)) (4 heads, no mask); x2 + linear(gelu(linear(layer_norm(x2))))")

p = Prog("grad_transformer_block", TRANSFORMER_DOC + ", on [2, 4, 8] with 2 heads; loss = mean of squares.", kind="grad",
         tol={"f32": (1e-5, 1e-5)}, note="f32 atol 1e-5: gradients through eight matmuls, two layer_norms, softmax and erf")
y = transformer_block(p, 2, 4, 8, 2, 16)
p.ret(p.reduce("mean", p.binary("mul", y, y), [0, 1, 2]))
finish(p, "(transformer_block(x) ** 2).mean(); torch.autograd.grad")

p = Prog("cnn_train", CNN_DOC + ", on 2 images 1x8x8 with 2 and 4 channels and 3 classes (the spec of the benchmark model test/programs/cnn_train.mlir).",
         kind="grad", tol={"f32": (1e-5, 1e-5)}, note="f32 atol 1e-5: sums of up to 18 products per convolution output")
p.ret(cnn_loss(p, 2, 8, 2, 4, 3))
finish(p, "F.cross_entropy(linear(max_pool2d(relu(conv2d(max_pool2d(relu(conv2d(x, w1, b1, padding=1)), 2), w2, b2, padding=1)), 2).flatten(1)), y); torch.autograd.grad")

# Added after the others so that their random inputs stay as they were.
p = Prog("grad_mixed_sizes", "Gradients where one operand's size is static and the other's dynamic: matmul of 2x3 by ?x4, batched matmul of ?x2x3 by 2x3x4, concat of 1x? and 1x4 (each gradient keeps its operand's type).",
         kind="grad")
a, b = p.arg(randn(2, 3)), p.arg(randn(3, 4), dynamic=(0,))
c, d = p.arg(randn(2, 2, 3), dynamic=(0,)), p.arg(randn(2, 3, 4))
e, f = p.arg(randn(1, 4), dynamic=(1,)), p.arg(randn(1, 4))
m1 = p.reduce("sum", p.matmul(a, b), [0, 1])
cd = p.matmul(c, d)
m2 = p.reduce("sum", p.binary("mul", cd, cd), [0, 1, 2])
ef = p.concat([e, f], 0)
m3 = p.reduce("sum", p.binary("mul", ef, ef), [0, 1])
p.ret(p.binary("add", p.binary("add", m1, m2), m3))
finish(p, "(a @ b).sum() + ((c @ d) ** 2).sum() + (cat([e, f]) ** 2).sum(); torch.autograd.grad")

p = Prog("grad_broadcast_dynamic", "Gradients of broadcasts from dynamic sizes decided at run time: a ?-sized operand of size 1 expanded to 5 (its gradient is the sum), one of size 5 (the identity), and a ?x1-typed 3x1 expanded to 3x4.",
         kind="grad")
u, v = p.arg(randn(1), dynamic=(0,)), p.arg(randn(5), dynamic=(0,))
w, y = p.arg(randn(3, 1), dynamic=(0, 1)), p.arg(randn(5))
z = p.arg(randn(3, 4))
bu = p.broadcast(u, [0], [5])
bv = p.broadcast(v, [0], [5])
bw = p.broadcast(w, [0, 1], [3, 4])
s1 = p.reduce("sum", p.binary("mul", p.binary("mul", bu, bv), y), [0])
s2 = p.reduce("sum", p.binary("mul", bw, z), [0, 1])
p.ret(p.binary("add", s1, s2))
finish(p, "(u.expand(5) * v * y).sum() + (w.expand(3, 4) * z).sum(); torch.autograd.grad")

p = Prog("grad_dynamic_shapes", "Gradients of slice (unit and strided steps), pad and concat (along a dynamic dimension and along a static one of dynamic-sized operands) with dynamic sizes.",
         kind="grad")
x = p.arg(randn(4, 6), dynamic=(0, 1))
y = p.arg(randn(3, 3), dynamic=(0,))
c1, c2 = p.arg(randn(2, 3), dynamic=(0,)), p.arg(randn(2, 3))
c3, c4 = p.arg(randn(2, 2), dynamic=(0,)), p.arg(randn(2, 3), dynamic=(0,))
r1, r2, r3, r4 = p.arg(randn(2, 3)), p.arg(randn(6, 4), dynamic=(0,)), p.arg(randn(4, 3), dynamic=(0,)), p.arg(randn(2, 5), dynamic=(0,))
sl = p.slice(x, [1, 0], [3, 6], [1, 2])
pd = p.pad(y, [1, 0], [2, 1])
ca = p.concat([c1, c2], 0)
cb = p.concat([c3, c4], 1)
t1 = p.reduce("sum", p.binary("mul", sl, r1), [0, 1])
t2 = p.reduce("sum", p.binary("mul", pd, r2), [0, 1])
t3 = p.reduce("sum", p.binary("mul", ca, r3), [0, 1])
t4 = p.reduce("sum", p.binary("mul", cb, r4), [0, 1])
p.ret(p.binary("add", p.binary("add", t1, t2), p.binary("add", t3, t4)))
finish(p, "(x[1:3, 0:6:2] * r1).sum() + (pad(y) * r2).sum() + (cat([c1, c2]) * r3).sum() + (cat([c3, c4], 1) * r4).sum(); torch.autograd.grad")

p = Prog("grad_conv_pool_dynamic", "Gradients of conv2d and max_pool2d with dynamic sizes: batch and spatial dimensions (stride, padding, dilation, groups, overlapping pooling windows), channels of the input and the weight, tiling pooling windows with a remainder.",
         kind="grad")
x, w = p.arg(randn(2, 4, 9, 8), dynamic=(0, 2, 3)), p.arg(randn(6, 2, 3, 3) * 0.3)
r = p.arg(randn(2, 6, 3, 2), dynamic=(0, 2, 3))
h = p.conv2d(x, w, stride=[2, 1], padding=[1, 0], dilation=[1, 2], groups=2)
h = p.max_pool2d(h, [3, 3], [2, 2], [1, 1])
x2, w2 = p.arg(randn(1, 3, 6, 7), dynamic=(0, 1, 2, 3)), p.arg(randn(2, 3, 2, 2) * 0.3, dynamic=(0, 1))
r2 = p.arg(randn(1, 2, 3, 2), dynamic=(0, 1, 2, 3))
h2 = p.max_pool2d(p.conv2d(x2, w2, padding=[1, 0]), [2, 3])
t1 = p.reduce("sum", p.binary("mul", h, r), [0, 1, 2, 3])
t2 = p.reduce("sum", p.binary("mul", h2, r2), [0, 1, 2, 3])
p.ret(p.binary("add", t1, t2))
finish(p, "(max_pool2d(conv2d(x, w, None, (2, 1), (1, 0), (1, 2), 2), 3, 2, 1) * r).sum() + (max_pool2d(conv2d(x2, w2, None, 1, (1, 0)), (2, 3)) * r2).sum(); torch.autograd.grad")

manifest = {"format": "tt-ref/1", "generator": "tools/refgen/refgen.py", "torch": torch.__version__, "numpy": np.__version__,
            "cases": cases}
with open(os.path.join(OUT, "manifest.json"), "w") as f:
    json.dump(manifest, f, indent=1)
    f.write("\n")
total_bytes[0] += os.path.getsize(os.path.join(OUT, "manifest.json"))
print("%d cases (%d forward, %d grad), %d bytes written" % (
    len(cases), sum(c["kind"] == "forward" for c in cases), sum(c["kind"] == "grad" for c in cases), total_bytes[0]),
    file=sys.stderr)
if total_bytes[0] > 3_000_000:
    sys.exit("refgen: the data exceed 3 MB; make the programs smaller")

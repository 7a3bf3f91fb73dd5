#!/usr/bin/python3
"""Generates the PyTorch reference fixtures of the tt interpreter.

Run from this directory with Debian's PyTorch:

    /usr/bin/python3 gen_ref.py

It rewrites ref/manifest.json and the ref/*.npy files. Each case is one
small MLIR function (generic form, so any parser reads it) applying a
tensor-dialect op, the .npy inputs, and the .npy outputs PyTorch computes
for the same op (see the "torch" field of each case). The Go test
TestPyTorchReference in interp/ref_test.go runs every case through the
interpreter and compares; interp/interptest.Manifest loads and runs such
manifests for other tools.

Manifest format (version "tt-ref/1"), meant to be reused for whole-program
fixtures:

    {"format": "tt-ref/1",
     "generator": "...", "torch": "<torch version>",
     "cases": [{
        "name":    unique case name,
        "op":      the op under test (informative),
        "torch":   the PyTorch expression that produced the outputs (informative),
        "mlir":    the module text (or "mlir_file": a path relative to the manifest),
        "func":    the function to run,
        "inputs":  [.npy files, one per function argument],
        "outputs": [.npy files, one per function result],
        "rtol": r, "atol": a   (floats compare |got-want| <= atol + rtol*|want|;
                                 integers and booleans compare exactly)
     }, ...]}

Function arguments and results of type index are stored as int64 .npy.
"""

import json
import math
import os
import sys

import numpy as np
import torch
import torch.nn.functional as F

OUT = "ref"
torch.manual_seed(0)
rng = np.random.RandomState(1234)
cases = []

NP_TO_MLIR = {
    np.dtype(np.float32): "f32", np.dtype(np.float64): "f64", np.dtype(np.float16): "f16",
    np.dtype(np.int32): "i32", np.dtype(np.int64): "i64", np.dtype(np.bool_): "i1",
}


def elem(a):
    return NP_TO_MLIR[np.asarray(a).dtype]


def ttype(shape, et):
    if len(shape) == 0:
        return "tensor<%s>" % et
    return "tensor<%sx%s>" % ("x".join("?" if d is None else str(d) for d in shape), et)


def tensor_type(a, dynamic=()):
    a = np.asarray(a)
    shape = [None if i in dynamic else d for i, d in enumerate(a.shape)]
    return ttype(shape, elem(a))


def np_of(t):
    if isinstance(t, torch.Tensor):
        return t.detach().cpu().numpy()
    return np.asarray(t)


def i64arr(v):
    return "array<i64%s>" % ("" if len(v) == 0 else ": " + ", ".join(str(int(x)) for x in v))


def fattr(v, et="f32"):
    if math.isnan(v):
        return "0x7FC00000 : f32" if et == "f32" else "0x7FF8000000000000 : f64"
    if math.isinf(v):
        return ("0x7F800000" if v > 0 else "0xFF800000") + " : f32"
    return "%.9e : %s" % (v, et)


def save(name, arr):
    np.save(os.path.join(OUT, name), np.array(arr, copy=True, order="C"), allow_pickle=False)
    return name


def add(name, op, inputs, outputs, attrs="", torch_expr="", rtol=1e-5, atol=1e-6,
        dynamic=None, body=None, in_types=None, out_types=None):
    """Records a case applying op to the inputs (numpy arrays)."""
    inputs = [np_of(x) for x in inputs]
    outputs = [np_of(y) for y in outputs]
    dynamic = dynamic or {}
    in_types = in_types or [tensor_type(x, dynamic.get(i, ())) for i, x in enumerate(inputs)]
    out_types = out_types or [tensor_type(y) for y in outputs]
    args = ", ".join("%%arg%d: %s" % (i, t) for i, t in enumerate(in_types))
    if body is None:
        body = '  %%0 = "%s"(%s) %s : (%s) -> %s\n' % (
            op, ", ".join("%%arg%d" % i for i in range(len(inputs))), attrs,
            ", ".join(in_types), out_types[0])
        ret = "%0"
    else:
        ret = "%r"
    mlir = "func.func @main(%s) -> %s {\n%s  return %s : %s\n}\n" % (
        args, out_types[0] if len(out_types) == 1 else "(" + ", ".join(out_types) + ")",
        body, ret, ", ".join(out_types))
    files_in = [save("%s.in%d.npy" % (name, i), x) for i, x in enumerate(inputs)]
    files_out = [save("%s.out%d.npy" % (name, i), y) for i, y in enumerate(outputs)]
    cases.append({"name": name, "op": op, "torch": torch_expr, "mlir": mlir, "func": "main",
                  "inputs": files_in, "outputs": files_out, "rtol": rtol, "atol": atol})


def randn(*shape, dtype=np.float32):
    return rng.randn(*shape).astype(dtype)


def with_specials(a):
    """Plants NaN, ±Inf, ±0 and a tie in a float array (flat positions)."""
    a = a.copy().reshape(-1)
    specials = [np.nan, np.inf, -np.inf, 0.0, -0.0, 1.0, 1.0]
    for i, v in enumerate(specials[: a.size]):
        a[(i * 7) % a.size] = v
    return a.reshape(-1)


def T(a):
    return torch.from_numpy(np.ascontiguousarray(a))


# ---- element-wise binary ----

x = with_specials(randn(4, 6)).reshape(4, 6)
y = randn(4, 6)
y[0, 0], y[1, 1], y[2, 2] = 0.0, np.nan, -np.inf
for name, fn, expr in [("add", torch.add, "torch.add(a, b)"), ("sub", torch.sub, "torch.sub(a, b)"),
                       ("mul", torch.mul, "torch.mul(a, b)"), ("div", torch.div, "torch.div(a, b)"),
                       ("max", torch.maximum, "torch.maximum(a, b)"), ("min", torch.minimum, "torch.minimum(a, b)")]:
    add("%s_f32" % name, "tensor." + name, [x, y], [fn(T(x), T(y))], torch_expr=expr, rtol=0, atol=0)
    xd, yd = x.astype(np.float64), y.astype(np.float64)
    add("%s_f64_dyn" % name, "tensor." + name, [xd, yd], [fn(T(xd), T(yd))], torch_expr=expr, rtol=0, atol=0,
        dynamic={0: (0,), 1: (0,)}, out_types=["tensor<?x6xf64>"])

pb = np.array([2, -2, -8, 0, 0, np.nan, 1, 1, -1, 4, 0.5, -0.5], np.float32)
pe = np.array([3, 3, 1 / 3, 0, -1, 0, np.nan, np.inf, np.inf, 0.5, -2, 2.5], np.float32)
add("pow_f32", "tensor.pow", [pb, pe], [torch.pow(T(pb), T(pe))], torch_expr="torch.pow(a, b)", rtol=1e-6, atol=0)

ia = np.array([2147483647, -2147483648, 7, -7, 100000, -3, 0, 5], np.int32)
ib = np.array([1, -1, 2, 2, 100000, 5, 9, -2], np.int32)
for name, fn in [("add", torch.add), ("sub", torch.sub), ("mul", torch.mul), ("max", torch.maximum), ("min", torch.minimum)]:
    add("%s_i32" % name, "tensor." + name, [ia, ib], [fn(T(ia), T(ib))], torch_expr="torch.%s(a, b) (int32, wraps)" % fn.__name__, rtol=0, atol=0)
la = np.array([7, -7, 7, -7, -9223372036854775807, 0, 1 << 40, 3], np.int64)
lb = np.array([2, 2, -2, -2, 2, 5, 1 << 30, 40], np.int64)
add("div_i64", "tensor.div", [la, lb], [torch.div(T(la), T(lb), rounding_mode="trunc")],
    torch_expr="torch.div(a, b, rounding_mode='trunc')", rtol=0, atol=0)
add("mul_i64_wrap", "tensor.mul", [la, lb], [torch.mul(T(la), T(lb))], torch_expr="torch.mul(a, b) (wraps)", rtol=0, atol=0)
pa = np.array([2, -3, 3, 0, 1, -1, 5, 10], np.int64)
pn = np.array([10, 3, 40, 0, 7, 5, 0, 19], np.int64)
add("pow_i64", "tensor.pow", [pa, pn], [torch.pow(T(pa), T(pn))], torch_expr="torch.pow(a, b) (int64, wraps)", rtol=0, atol=0)

ba = np.array([True, True, False, False])
bb = np.array([True, False, True, False])
add("max_i1", "tensor.max", [ba, bb], [torch.maximum(T(ba), T(bb))], torch_expr="torch.maximum (logical or)", rtol=0, atol=0)
add("min_i1", "tensor.min", [ba, bb], [torch.minimum(T(ba), T(bb))], torch_expr="torch.minimum (logical and)", rtol=0, atol=0)

h1 = randn(3, 5).astype(np.float16)
h2 = randn(3, 5).astype(np.float16)
h1[0, 0] = 60000
h2[0, 0] = 60000  # overflows to inf in f16
for name, fn in [("add", torch.add), ("mul", torch.mul), ("div", torch.div), ("sub", torch.sub)]:
    add("%s_f16" % name, "tensor." + name, [h1, h2], [fn(T(h1), T(h2))], torch_expr="torch.%s on float16" % fn.__name__, rtol=0, atol=0)

# ---- element-wise unary ----

u = np.concatenate([with_specials(randn(20) * 3), np.array([30, -30, 88, 89, -104, 1e-3, -1e-3, 0.5, 2, 100], np.float32)]).astype(np.float32)
upos = np.abs(randn(16)) * 4 + 1e-3
upos[:4] = [0, -0.0, -1, np.inf]
for name, fn, data, tol in [
        ("neg", torch.neg, u, 0), ("abs", torch.abs, u, 0), ("exp", torch.exp, u, 2e-6), ("tanh", torch.tanh, u, 2e-6),
        ("sigmoid", torch.sigmoid, u, 2e-6), ("relu", torch.relu, u, 0), ("sin", torch.sin, u[:20], 2e-6),
        ("cos", torch.cos, u[:20], 2e-6), ("erf", torch.erf, u, 2e-6), ("reciprocal", torch.reciprocal, u, 0),
        ("log", torch.log, upos, 2e-6), ("sqrt", torch.sqrt, upos, 1e-6), ("rsqrt", torch.rsqrt, upos, 2e-6)]:
    add("%s_f32" % name, "tensor." + name, [data], [fn(T(data))], torch_expr="torch.%s(x)" % name, rtol=tol, atol=1e-7 if tol else 0)
ud = u.astype(np.float64)
for name, fn in [("exp", torch.exp), ("tanh", torch.tanh), ("sigmoid", torch.sigmoid), ("erf", torch.erf)]:
    add("%s_f64" % name, "tensor." + name, [ud], [fn(T(ud))], torch_expr="torch.%s(x) float64" % name, rtol=1e-14, atol=1e-300)
iu = np.array([5, -5, 0, 2147483647, -2147483648, -1], np.int32)
add("neg_i32", "tensor.neg", [iu], [torch.neg(T(iu))], torch_expr="torch.neg (wraps)", rtol=0, atol=0)
add("abs_i32", "tensor.abs", [iu], [torch.abs(T(iu))], torch_expr="torch.abs (MIN stays MIN)", rtol=0, atol=0)
lu = iu.astype(np.int64)
add("relu_i64", "tensor.relu", [lu], [torch.relu(T(lu))], torch_expr="torch.relu", rtol=0, atol=0)
hu = randn(12).astype(np.float16)
add("exp_f16", "tensor.exp", [hu], [torch.exp(T(hu).float()).half()], torch_expr="exp in f32, rounded to f16", rtol=1e-3, atol=0)
add("tanh_f16", "tensor.tanh", [hu], [torch.tanh(T(hu).float()).half()], torch_expr="tanh in f32, rounded to f16", rtol=1e-3, atol=0)

g = np.concatenate([randn(30) * 3, np.array([np.nan, np.inf, -np.inf, 0, -10, 10], np.float32)]).astype(np.float32)
# ATen's vectorized erf (used by gelu) is off by up to ~2e-7 absolute in the
# tails, where tt's (float64) result is the accurate one: atol 1e-6.
add("gelu_none", "tensor.gelu", [g], [F.gelu(T(g))], attrs='{approximate = "none"}', torch_expr="F.gelu(x)", rtol=1e-5, atol=1e-6)
add("gelu_default", "tensor.gelu", [g], [F.gelu(T(g))], torch_expr="F.gelu(x) (attribute absent)", rtol=1e-5, atol=1e-6)
add("gelu_tanh", "tensor.gelu", [g], [F.gelu(T(g), approximate="tanh")], attrs='{approximate = "tanh"}',
    torch_expr="F.gelu(x, approximate='tanh')", rtol=1e-5, atol=1e-7)

# ---- cmp, select, cast ----

ca = np.array([1, 2, np.nan, 3, -0.0, np.inf, 5, np.nan], np.float32)
cb = np.array([1, 3, 1, np.nan, 0.0, np.inf, 4, np.nan], np.float32)
for pred, fn in [("eq", torch.eq), ("ne", torch.ne), ("lt", torch.lt), ("le", torch.le), ("gt", torch.gt), ("ge", torch.ge)]:
    add("cmp_%s_f32" % pred, "tensor.cmp", [ca, cb], [fn(T(ca), T(cb))], attrs='{predicate = "%s"}' % pred,
        torch_expr="torch.%s(a, b)" % pred, rtol=0, atol=0)
ci, cj = np.array([1, -2, 3, 9], np.int64), np.array([1, 2, -3, 9], np.int64)
add("cmp_lt_i64", "tensor.cmp", [ci, cj], [torch.lt(T(ci), T(cj))], attrs='{predicate = "lt"}', torch_expr="torch.lt", rtol=0, atol=0)
cond = rng.rand(3, 4) > 0.5
sa, sb = randn(3, 4), randn(3, 4)
add("select_f32", "tensor.select", [cond, sa, sb], [torch.where(T(cond), T(sa), T(sb))], torch_expr="torch.where(c, a, b)", rtol=0, atol=0)
li, lj = np.arange(12, dtype=np.int64).reshape(3, 4), -np.arange(12, dtype=np.int64).reshape(3, 4)
add("select_i64", "tensor.select", [cond, li, lj], [torch.where(T(cond), T(li), T(lj))], torch_expr="torch.where(c, a, b)", rtol=0, atol=0)

cx = np.array([0.5, -0.5, 1.7, -1.7, 2.5, -2.5, 1e6, -123456.78, 0, 3e9], np.float32)
for name, src, dtype, expr in [
        ("f32_to_i32", cx[:9], torch.int32, "x.to(torch.int32) (truncates)"),
        ("f32_to_i64", cx, torch.int64, "x.to(torch.int64)"),
        ("f32_to_i1", np.array([0, -0.0, 0.1, np.nan, -2], np.float32), torch.bool, "x.to(torch.bool)"),
        ("f32_to_f16", np.array([1, 65504, 65520, 1e-8, 3.14159, 2.0009765625, np.nan, -np.inf, 6.1e-5], np.float32), torch.float16, "x.to(torch.float16)"),
        ("f32_to_f64", cx, torch.float64, "x.to(torch.float64)"),
        ("f64_to_f32", np.array([1 / 3, 1e39, -1e-50, np.pi], np.float64), torch.float32, "x.to(torch.float32)"),
        ("f16_to_f32", np.array([1, 0.1, 65504, 6e-8], np.float16), torch.float32, "x.to(torch.float32)"),
        ("i64_to_f32", np.array([1, (1 << 24) + 1, -(1 << 40) - 3, 123456789], np.int64), torch.float32, "x.to(torch.float32)"),
        ("i64_to_i32", np.array([1, (1 << 32) + 5, -(1 << 31) - 1, -7], np.int64), torch.int32, "x.to(torch.int32) (wraps)"),
        ("i1_to_f32", np.array([True, False, True]), torch.float32, "x.to(torch.float32)"),
        ("i32_to_i1", np.array([0, 5, -1], np.int32), torch.bool, "x.to(torch.bool)"),
        ("i32_to_f64", np.array([0, 5, -2147483648], np.int32), torch.float64, "x.to(torch.float64)")]:
    out = T(src).to(dtype)
    add("cast_" + name, "tensor.cast", [src], [out], torch_expr=expr, rtol=0, atol=0)

# ---- creation ----

cv = randn(2, 3)
add("constant_f32", "tensor.constant", [], [T(cv)], torch_expr="torch.tensor(v)", rtol=0, atol=0,
    body='  %%r = "tensor.constant"() {value = dense<%s> : tensor<2x3xf32>} : () -> tensor<2x3xf32>\n' %
    ("[" + ", ".join("[" + ", ".join("%.9e" % v for v in row) + "]" for row in cv) + "]"))
add("constant_i64_splat", "tensor.constant", [], [torch.full((4,), -3, dtype=torch.int64)], torch_expr="torch.full((4,), -3)", rtol=0, atol=0,
    body='  %r = "tensor.constant"() {value = dense<-3> : tensor<4xi64>} : () -> tensor<4xi64>\n')
add("full_f32", "tensor.full", [], [torch.full((2, 3), 0.25)], torch_expr="torch.full((2, 3), 0.25)", rtol=0, atol=0,
    body='  %r = "tensor.full"() {value = 2.500000e-01 : f32} : () -> tensor<2x3xf32>\n')
add("full_i1", "tensor.full", [], [torch.full((3,), True)], torch_expr="torch.full((3,), True)", rtol=0, atol=0,
    body='  %r = "tensor.full"() {value = true} : () -> tensor<3xi1>\n')
add("full_i64_rank0", "tensor.full", [], [torch.tensor(7)], torch_expr="torch.tensor(7)", rtol=0, atol=0,
    body='  %r = "tensor.full"() {value = 7 : i64} : () -> tensor<i64>\n')
add("iota_i64_dim1", "tensor.iota", [], [torch.arange(4).expand(3, 4)], torch_expr="torch.arange(4).expand(3, 4)", rtol=0, atol=0,
    body='  %r = "tensor.iota"() {dim = 1 : i64} : () -> tensor<3x4xi64>\n')
add("iota_f32_dim0", "tensor.iota", [], [torch.arange(3.0).unsqueeze(1).expand(3, 2)], torch_expr="torch.arange(3.).unsqueeze(1).expand(3, 2)", rtol=0, atol=0,
    body='  %r = "tensor.iota"() {dim = -2 : i64} : () -> tensor<3x2xf32>\n')
dx = randn(5, 2)
add("full_dynamic_sizes", "tensor.full", [dx], [torch.full((5,), 1.5)], torch_expr="torch.full((x.size(0),), 1.5)", rtol=0, atol=0,
    in_types=["tensor<?x2xf32>"], out_types=["tensor<?xf32>"],
    body='  %n = "tensor.dim"(%arg0) {dim = 0 : i64} : (tensor<?x2xf32>) -> index\n'
         '  %r = "tensor.full"(%n) {value = 1.500000e+00 : f32} : (index) -> tensor<?xf32>\n')
add("dim_dynamic", "tensor.dim", [dx], [np.array(2, np.int64)], torch_expr="x.size(-1)", rtol=0, atol=0,
    in_types=["tensor<?x?xf32>"], out_types=["index"],
    body='  %r = "tensor.dim"(%arg0) {dim = -1 : i64} : (tensor<?x?xf32>) -> index\n')

# ---- layout ----

b1 = randn(3)
add("broadcast_row", "tensor.broadcast", [b1], [T(b1).expand(2, 3)], attrs="{dims = %s}" % i64arr([1]),
    torch_expr="x.expand(2, 3)", rtol=0, atol=0, out_types=["tensor<2x3xf32>"])
b2 = randn(2, 1)
add("broadcast_col", "tensor.broadcast", [b2], [T(b2).expand(2, 3)], attrs="{dims = %s}" % i64arr([0, 1]),
    torch_expr="x.expand(2, 3)", rtol=0, atol=0, out_types=["tensor<2x3xf32>"])
b3 = randn(3, 1)
add("broadcast_new_dims", "tensor.broadcast", [b3], [T(b3).unsqueeze(0).expand(2, 3, 4)], attrs="{dims = %s}" % i64arr([1, 2]),
    torch_expr="x[None].expand(2, 3, 4)", rtol=0, atol=0, out_types=["tensor<2x3x4xf32>"])
b0 = np.array(2.5, np.float32)
add("broadcast_scalar", "tensor.broadcast", [b0], [T(b0).expand(2, 2)], attrs="{dims = %s}" % i64arr([]),
    torch_expr="x.expand(2, 2)", rtol=0, atol=0, out_types=["tensor<2x2xf32>"])
bd = randn(4, 1)
add("broadcast_dynamic_sizes", "tensor.broadcast", [bd], [T(bd).expand(4, 5)], torch_expr="x.expand(x.size(0), 5)", rtol=0, atol=0,
    in_types=["tensor<?x1xf32>"], out_types=["tensor<?x5xf32>"],
    body='  %n = "tensor.dim"(%arg0) {dim = 0 : i64} : (tensor<?x1xf32>) -> index\n'
         '  %r = "tensor.broadcast"(%arg0, %n) {dims = array<i64: 0, 1>} : (tensor<?x1xf32>, index) -> tensor<?x5xf32>\n')
r1 = randn(2, 3, 4)
add("reshape_flat", "tensor.reshape", [r1], [T(r1).reshape(24)], torch_expr="x.reshape(24)", rtol=0, atol=0, out_types=["tensor<24xf32>"])
add("reshape_infer", "tensor.reshape", [r1], [T(r1).reshape(-1, 4)], torch_expr="x.reshape(-1, 4)", rtol=0, atol=0,
    dynamic={0: (0,)}, out_types=["tensor<?x4xf32>"])
add("reshape_rank0", "tensor.reshape", [np.array([3.5], np.float32)], [torch.tensor(3.5)], torch_expr="x.reshape(())", rtol=0, atol=0)
add("transpose_2d", "tensor.transpose", [r1[0]], [T(r1[0]).t()], attrs="{perm = %s}" % i64arr([1, 0]), torch_expr="x.t()", rtol=0, atol=0)
add("transpose_3d", "tensor.transpose", [r1], [T(r1).permute(2, 0, 1)], attrs="{perm = %s}" % i64arr([2, 0, 1]),
    torch_expr="x.permute(2, 0, 1)", rtol=0, atol=0)
lt3 = np.arange(24, dtype=np.int64).reshape(2, 3, 4)
add("transpose_i64", "tensor.transpose", [lt3], [T(lt3).permute(1, 2, 0)], attrs="{perm = %s}" % i64arr([1, 2, 0]),
    torch_expr="x.permute(1, 2, 0)", rtol=0, atol=0)
sl = randn(5, 6)
add("slice_step", "tensor.slice", [sl], [T(sl)[1:4:2, 0:6:3]], attrs="{limit = %s, start = %s, step = %s}" % (i64arr([4, 6]), i64arr([1, 0]), i64arr([2, 3])),
    torch_expr="x[1:4:2, 0:6:3]", rtol=0, atol=0)
add("slice_nostep", "tensor.slice", [sl], [T(sl)[2:5, 1:2]], attrs="{limit = %s, start = %s}" % (i64arr([5, 2]), i64arr([2, 1])),
    torch_expr="x[2:5, 1:2]", rtol=0, atol=0)
add("slice_empty", "tensor.slice", [sl], [T(sl)[2:2, :]], attrs="{limit = %s, start = %s}" % (i64arr([2, 6]), i64arr([2, 0])),
    torch_expr="x[2:2, :]", rtol=0, atol=0)
c1, c2, c3 = randn(2, 1), randn(2, 3), randn(2, 0)
add("concat_dim1", "tensor.concat", [c1, c2, c3], [torch.cat([T(c1), T(c2), T(c3)], 1)], attrs="{dim = -1 : i64}",
    torch_expr="torch.cat([a, b, c], -1)", rtol=0, atol=0)
c4 = randn(3, 3)
add("concat_dim0", "tensor.concat", [c2, c4], [torch.cat([T(c2), T(c4)], 0)], attrs="{dim = 0 : i64}",
    torch_expr="torch.cat([a, b], 0)", rtol=0, atol=0)
px = randn(2, 3)
add("pad_value", "tensor.pad", [px], [F.pad(T(px), (2, 1, 0, 1), value=-1.0)],
    attrs="{high = %s, low = %s, value = -1.000000e+00 : f32}" % (i64arr([1, 1]), i64arr([0, 2])),
    torch_expr="F.pad(x, (2, 1, 0, 1), value=-1)", rtol=0, atol=0)
add("pad_zero_default", "tensor.pad", [px], [F.pad(T(px), (0, 0, 1, 2))],
    attrs="{high = %s, low = %s}" % (i64arr([2, 0]), i64arr([1, 0])), torch_expr="F.pad(x, (0, 0, 1, 2))", rtol=0, atol=0)
pi = np.arange(6, dtype=np.int64).reshape(2, 3)
add("pad_i64", "tensor.pad", [pi], [F.pad(T(pi), (1, 1, 1, 1), value=9)],
    attrs="{high = %s, low = %s, value = 9 : i64}" % (i64arr([1, 1]), i64arr([1, 1])), torch_expr="F.pad(x, (1, 1, 1, 1), value=9)", rtol=0, atol=0)

# ---- gather / scatter_add ----

gx = randn(5, 4)
gi = np.array([4, 0, 0, 2], np.int64)
add("gather_dim0", "tensor.gather", [gx, gi], [torch.index_select(T(gx), 0, T(gi))], attrs="{dim = 0 : i64}",
    torch_expr="torch.index_select(x, 0, idx)", rtol=0, atol=0)
gi1 = np.array([3, 1], np.int64)
add("gather_dim1", "tensor.gather", [gx, gi1], [torch.index_select(T(gx), 1, T(gi1))], attrs="{dim = -1 : i64}",
    torch_expr="torch.index_select(x, -1, idx)", rtol=0, atol=0)
gl = np.arange(20, dtype=np.int64).reshape(5, 4)
add("gather_i64", "tensor.gather", [gl, gi], [torch.index_select(T(gl), 0, T(gi))], attrs="{dim = 0 : i64}",
    torch_expr="torch.index_select(x, 0, idx)", rtol=0, atol=0)
sbase, ssrc = randn(5, 3), randn(4, 3)
add("scatter_add_dim0", "tensor.scatter_add", [sbase, gi, ssrc], [T(sbase).index_add(0, T(gi), T(ssrc))], attrs="{dim = 0 : i64}",
    torch_expr="base.index_add(0, idx, src) (repeated index 0)", rtol=1e-6, atol=1e-7)
sbase1, ssrc1 = randn(2, 5), randn(2, 3)
si1 = np.array([1, 1, 4], np.int64)
add("scatter_add_dim1", "tensor.scatter_add", [sbase1, si1, ssrc1], [T(sbase1).index_add(1, T(si1), T(ssrc1))], attrs="{dim = 1 : i64}",
    torch_expr="base.index_add(1, idx, src)", rtol=1e-6, atol=1e-7)
lbase, lsrc = np.zeros((3, 2), np.int64), np.arange(8, dtype=np.int64).reshape(4, 2)
add("scatter_add_i64", "tensor.scatter_add", [lbase, gi[[1, 1, 3, 2]], lsrc], [T(lbase).index_add(0, T(gi[[1, 1, 3, 2]]), T(lsrc))],
    attrs="{dim = 0 : i64}", torch_expr="base.index_add(0, idx, src)", rtol=0, atol=0)

# ---- reductions ----

rx = randn(3, 4, 5)
for name, fn, dims, keep in [("sum", torch.sum, [1], False), ("sum", torch.sum, [0, 2], True), ("sum", torch.sum, [-1], False),
                             ("sum", torch.sum, [0, 1, 2], False), ("mean", torch.mean, [0, 1], True), ("mean", torch.mean, [2], False),
                             ("max", torch.amax, [1], False), ("max", torch.amax, [0, 2], True), ("min", torch.amin, [0], False),
                             ("min", torch.amin, [2, 1], False)]:
    tag = "_".join(str(d).replace("-", "m") for d in dims)
    add("reduce_%s_%s%s" % (name, tag, "_keep" if keep else ""), "tensor.reduce_" + name, [rx], [fn(T(rx), dims, keepdim=keep)],
        attrs="{dims = %s, keepdim = %s}" % (i64arr(dims), "true" if keep else "false"),
        torch_expr="torch.%s(x, %s, keepdim=%s)" % (fn.__name__, dims, keep), rtol=1e-5, atol=1e-6)
rn = randn(3, 4)
rn[1, 2] = np.nan
rn[2, 0] = np.inf
add("reduce_max_nan", "tensor.reduce_max", [rn], [torch.amax(T(rn), 1)], attrs="{dims = %s}" % i64arr([1]),
    torch_expr="torch.amax(x, 1) (NaN propagates)", rtol=0, atol=0)
add("reduce_sum_nan", "tensor.reduce_sum", [rn], [torch.sum(T(rn), 0)], attrs="{dims = %s}" % i64arr([0]),
    torch_expr="torch.sum(x, 0)", rtol=1e-6, atol=1e-6)
ri = (np.arange(24, dtype=np.int32).reshape(4, 6) * 100000000)
add("reduce_sum_i32_wrap", "tensor.reduce_sum", [ri], [torch.sum(T(ri), 0, dtype=torch.int32)], attrs="{dims = %s}" % i64arr([0]),
    torch_expr="torch.sum(x, 0, dtype=torch.int32) (wraps)", rtol=0, atol=0)
rl = np.array([[3, -1, 7], [2, 9, -4]], np.int64)
add("reduce_max_i64", "tensor.reduce_max", [rl], [torch.amax(T(rl), 1)], attrs="{dims = %s}" % i64arr([1]), torch_expr="torch.amax(x, 1)", rtol=0, atol=0)
rz = np.zeros((3, 0), np.float32)
add("reduce_sum_empty", "tensor.reduce_sum", [rz], [torch.sum(T(rz), 1)], attrs="{dims = %s}" % i64arr([1]), torch_expr="torch.sum(x, 1) of a size-0 dim", rtol=0, atol=0)
add("reduce_sum_identity", "tensor.reduce_sum", [rn[:2]], [T(rn[:2])], attrs="{dims = %s}" % i64arr([]), torch_expr="x (empty dims: identity)", rtol=0, atol=0)
rdyn = randn(6, 5)
add("reduce_mean_dynamic", "tensor.reduce_mean", [rdyn], [torch.mean(T(rdyn), 1)], attrs="{dims = %s}" % i64arr([1]),
    torch_expr="torch.mean(x, 1)", rtol=1e-6, atol=1e-7, dynamic={0: (0, 1)}, out_types=["tensor<?xf32>"])

am = np.array([[1, 5, 5, 2], [np.nan, 1, np.nan, 9], [-1, -1, -1, -1], [0, 3, np.inf, 3]], np.float32)
add("argmax_ties_nan", "tensor.argmax", [am], [torch.argmax(T(am), 1)], attrs="{dim = 1 : i64}",
    torch_expr="torch.argmax(x, 1) (first max, first NaN)", rtol=0, atol=0)
add("argmax_dim0_keep", "tensor.argmax", [am], [torch.argmax(T(am), 0, keepdim=True)], attrs="{dim = 0 : i64, keepdim = true}",
    torch_expr="torch.argmax(x, 0, keepdim=True)", rtol=0, atol=0)
ar = randn(2, 3, 4)
add("argmax_3d_mid", "tensor.argmax", [ar], [torch.argmax(T(ar), -2)], attrs="{dim = -2 : i64}", torch_expr="torch.argmax(x, -2)", rtol=0, atol=0)
ali = np.array([[4, 9, 9], [-3, -3, -5]], np.int64)
add("argmax_i64", "tensor.argmax", [ali], [torch.argmax(T(ali), 1)], attrs="{dim = 1 : i64}", torch_expr="torch.argmax(x, 1)", rtol=0, atol=0)

# ---- matmul ----

for name, m, k, n, batch in [("small", 3, 4, 5, None), ("edges", 37, 70, 33, None), ("batched", 5, 6, 7, 3),
                             ("tall", 130, 9, 6, None), ("row", 1, 64, 50, None), ("k0", 3, 0, 4, None)]:
    sa = (batch,) if batch else ()
    a, b = randn(*sa, m, k), randn(*sa, k, n)
    add("matmul_" + name, "tensor.matmul", [a, b], [torch.matmul(T(a), T(b))], torch_expr="torch.matmul(a, b)", rtol=1e-5, atol=1e-5)
a64, b64 = randn(20, 30, dtype=np.float64), randn(30, 10, dtype=np.float64)
add("matmul_f64", "tensor.matmul", [a64, b64], [torch.matmul(T(a64), T(b64))], torch_expr="torch.matmul(a, b)", rtol=1e-12, atol=1e-12)
al, bl = np.arange(12, dtype=np.int64).reshape(3, 4) - 5, np.arange(8, dtype=np.int64).reshape(4, 2) * 3
add("matmul_i64", "tensor.matmul", [al, bl], [torch.matmul(T(al), T(bl))], torch_expr="torch.matmul(a, b)", rtol=0, atol=0)
ad, bd2 = randn(6, 9), randn(9, 4)
add("matmul_dynamic", "tensor.matmul", [ad, bd2], [torch.matmul(T(ad), T(bd2))], torch_expr="torch.matmul(a, b)", rtol=1e-5, atol=1e-5,
    dynamic={0: (0,), 1: (1,)}, out_types=["tensor<?x?xf32>"])

# ---- conv2d / max_pool2d ----

def conv_case(name, n, c, h, w, o, kh, kw, stride=(1, 1), padding=(0, 0), dilation=(1, 1), groups=1):
    x = randn(n, c, h, w)
    wt = randn(o, c // groups, kh, kw)
    y = F.conv2d(T(x), T(wt), None, stride, padding, dilation, groups)
    attrs = "{dilation = %s, groups = %d : i64, padding = %s, stride = %s}" % (i64arr(dilation), groups, i64arr(padding), i64arr(stride))
    add("conv2d_" + name, "tensor.conv2d", [x, wt], [y], attrs=attrs,
        torch_expr="F.conv2d(x, w, None, %s, %s, %s, %d)" % (stride, padding, dilation, groups), rtol=1e-5, atol=1e-5)


conv_case("basic", 2, 3, 7, 6, 4, 3, 3)
conv_case("stride2_pad1", 1, 4, 9, 9, 5, 3, 3, stride=(2, 2), padding=(1, 1))
conv_case("dilation2", 1, 2, 10, 8, 3, 3, 2, dilation=(2, 2), padding=(2, 1))
conv_case("groups2", 2, 4, 6, 6, 6, 3, 3, groups=2, padding=(1, 1))
conv_case("depthwise", 1, 5, 8, 7, 5, 3, 3, groups=5, stride=(1, 2))
conv_case("pointwise", 2, 6, 5, 5, 4, 1, 1)
conv_case("asym", 1, 3, 11, 12, 2, 2, 5, stride=(3, 2), padding=(1, 2))
xw = randn(1, 2, 5, 5)
ww = randn(3, 2, 3, 3)
add("conv2d_defaults", "tensor.conv2d", [xw, ww], [F.conv2d(T(xw), T(ww))], torch_expr="F.conv2d(x, w)", rtol=1e-5, atol=1e-5)


def pool_case(name, x, kernel, stride=None, padding=(0, 0), explicit_stride=True):
    y = F.max_pool2d(T(x), kernel, stride if stride else kernel, padding)
    attrs = "kernel = %s, padding = %s" % (i64arr(kernel), i64arr(padding))
    if stride:
        attrs += ", stride = %s" % i64arr(stride)
    add("max_pool2d_" + name, "tensor.max_pool2d", [x], [y], attrs="{" + attrs + "}",
        torch_expr="F.max_pool2d(x, %s, %s, %s)" % (kernel, stride, padding), rtol=0, atol=0)


pool_case("k2s2", randn(2, 3, 6, 7), [2, 2], [2, 2])
pool_case("k3s1p1", randn(1, 2, 5, 5), [3, 3], [1, 1], [1, 1])
pn2 = randn(1, 1, 4, 4)
pn2[0, 0, 1, 1] = np.nan
pn2[0, 0, 3, 3] = -np.inf
pool_case("nan", pn2, [2, 2], None)
pool_case("rect", randn(1, 2, 7, 9), [2, 3], [1, 2], [1, 1])

# ---- softmax family, layer_norm, cross_entropy ----

sx = randn(4, 7) * 3
sx[0, :] = -np.inf
sx[1, 2] = -np.inf
sx[2, 3] = np.nan
sx[3, 5] = 80
add("softmax_last", "tensor.softmax", [sx], [torch.softmax(T(sx), -1)], attrs="{dim = -1 : i64}", torch_expr="torch.softmax(x, -1)", rtol=1e-5, atol=1e-7)
add("log_softmax_last", "tensor.log_softmax", [sx], [torch.log_softmax(T(sx), -1)], attrs="{dim = 1 : i64}", torch_expr="torch.log_softmax(x, 1)", rtol=1e-5, atol=1e-6)
s3 = randn(3, 5, 4) * 2
add("softmax_mid", "tensor.softmax", [s3], [torch.softmax(T(s3), 1)], attrs="{dim = 1 : i64}", torch_expr="torch.softmax(x, 1)", rtol=1e-5, atol=1e-7)
add("log_softmax_dim0", "tensor.log_softmax", [s3], [torch.log_softmax(T(s3), 0)], attrs="{dim = 0 : i64}", torch_expr="torch.log_softmax(x, 0)", rtol=1e-5, atol=1e-6)
s64 = randn(3, 6, dtype=np.float64)
add("softmax_f64", "tensor.softmax", [s64], [torch.softmax(T(s64), 1)], attrs="{dim = 1 : i64}", torch_expr="torch.softmax(x, 1)", rtol=1e-13, atol=1e-300)

for name, shape, k, eps in [("last", (4, 10), 1, 1e-5), ("two", (2, 3, 4, 5), 2, 1e-3), ("big_mean", (3, 16), 1, 1e-5)]:
    lx = randn(*shape)
    if name == "big_mean":
        lx = lx + 1000
    norm = shape[len(shape) - k:]
    gam, bet = randn(*norm), randn(*norm)
    y = F.layer_norm(T(lx), norm, T(gam), T(bet), eps)
    add("layer_norm_" + name, "tensor.layer_norm", [lx, gam, bet], [y], attrs="{eps = %s, normalized_dims = %d : i64}" % (fattr(eps), k),
        torch_expr="F.layer_norm(x, %s, g, b, %g)" % (norm, eps), rtol=1e-4 if name == "big_mean" else 1e-5, atol=1e-5)

logits = randn(6, 5) * 2
target = np.array([0, 4, 2, 2, 1, 3], np.int64)
for red in ["mean", "sum"]:
    add("cross_entropy_" + red, "tensor.cross_entropy", [logits, target], [F.cross_entropy(T(logits), T(target), reduction=red)],
        attrs='{reduction = "%s"}' % red, torch_expr="F.cross_entropy(x, t, reduction='%s')" % red, rtol=1e-5, atol=1e-6)
add("cross_entropy_default", "tensor.cross_entropy", [logits, target], [F.cross_entropy(T(logits), T(target))],
    torch_expr="F.cross_entropy(x, t)", rtol=1e-5, atol=1e-6)

manifest = {"format": "tt-ref/1", "generator": "interp/testdata/gen_ref.py", "torch": torch.__version__, "cases": cases}
with open(os.path.join(OUT, "manifest.json"), "w") as f:
    json.dump(manifest, f, indent=1)
print("%d cases" % len(cases), file=sys.stderr)

"""A minimal safetensors writer and reader written from the format's
specification (8-byte little-endian header length, JSON header, raw
little-endian data), used by nnref.py so the fixtures do not depend on the
tt implementation under test nor on the `safetensors` Python package.

Deliberately unlike tt's writer: header members and data are in the order
given (not sorted), and "__metadata__" comes last."""

import json
import struct

import numpy as np

DTYPES = {
    np.dtype("float32"): "F32", np.dtype("float64"): "F64", np.dtype("int64"): "I64",
    np.dtype("int32"): "I32", np.dtype("float16"): "F16", np.dtype("bool"): "BOOL",
}


def write(path, tensors, metadata=None):
    """tensors: list of (name, array) or (name, "BF16", shape, raw bytes)."""
    header, chunks, off = {}, [], 0
    for item in tensors:
        if len(item) == 4:
            name, dtype, shape, raw = item
        else:
            name, a = item
            a = np.array(a, order="C")  # ascontiguousarray would make rank 0 rank 1
            dtype, shape, raw = DTYPES[a.dtype], list(a.shape), a.astype(a.dtype.newbyteorder("<")).tobytes()
        header[name] = {"dtype": dtype, "shape": [int(s) for s in shape], "data_offsets": [off, off + len(raw)]}
        chunks.append(raw)
        off += len(raw)
    if metadata is not None:
        header["__metadata__"] = metadata
    h = json.dumps(header, separators=(",", ":")).encode()
    h += b" " * ((8 - len(h) % 8) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(h)))
        f.write(h)
        for c in chunks:
            f.write(c)


NP = {"F32": np.float32, "F64": np.float64, "I64": np.int64, "I32": np.int32, "BOOL": np.bool_}


def read(path):
    """Returns ({name: array}, metadata) for F32/F64/I64/I32/BOOL files."""
    data = open(path, "rb").read()
    (n,) = struct.unpack("<Q", data[:8])
    header = json.loads(data[8:8 + n])
    meta = header.pop("__metadata__", None)
    body = data[8 + n:]
    out = {}
    for name, e in header.items():
        b, end = e["data_offsets"]
        out[name] = np.frombuffer(body[b:end], dtype=NP[e["dtype"]]).reshape(e["shape"]).copy()
    return out, meta

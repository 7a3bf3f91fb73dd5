#!/usr/bin/env python3
"""Generate the .npy fixtures used by the Go tests in runtime/npy.

Run from anywhere with a Python that has numpy (the fixtures were made with
Debian's python3-numpy 1.24.2):

    /usr/bin/python3 runtime/npy/testdata/gen.py

Every file is written with numpy.lib.format.write_array and an explicit format
version, so the bytes are exactly what numpy writes.  The contents are fixed
(no randomness), so re-running the script reproduces identical files.

Files:
  <dtype>_<shape>.npy   supported dtypes, version 1.0, read back exactly and
                        re-written byte-identically by the Go writer
  v2_f4.npy, v3_i8.npy  the same kind of data in format versions 2.0 and 3.0
  bad_*.npy             valid numpy files the Go reader must reject with a
                        clear error (Fortran order, big-endian, complex,
                        unicode, object)
  f16_*.npy             float16 <-> float32 conversions computed by numpy, to
                        check Float16ToFloat32 and Float32ToFloat16
"""

import os
import struct

import numpy as np
from numpy.lib import format as npformat

HERE = os.path.dirname(os.path.abspath(__file__))


def save(name, arr, version=(1, 0)):
    with open(os.path.join(HERE, name), "wb") as f:
        npformat.write_array(f, arr, version=version, allow_pickle=True)


def f32_from_bits(bits):
    return np.array(bits, dtype=np.uint32).view(np.float32)


def f16_from_bits(bits):
    return np.array(bits, dtype=np.uint16).view(np.float16)


# --- supported dtypes, version 1.0 ------------------------------------------

save("f2_2x3.npy", f16_from_bits([0x0000, 0x8000, 0x0001, 0x3c00, 0x7bff, 0x7c00]).reshape(2, 3))
save("f4_2x3.npy", np.array([[1.5, -2.25, 3.0e38], [np.inf, -0.0, 1e-45]], dtype=np.float32))
save("f8_4.npy", np.array([np.pi, -np.e, 5e-324, -np.inf], dtype=np.float64))
save("i4_2x2x2.npy", np.arange(-4, 4, dtype=np.int32).reshape(2, 2, 2) * 536870911)
save("i8_scalar.npy", np.array(-9223372036854775807 - 1, dtype=np.int64))
save("b1_5.npy", np.array([True, False, False, True, True]))
save("i1_4.npy", np.array([-128, -1, 0, 127], dtype=np.int8))
save("u1_4.npy", np.array([0, 1, 128, 255], dtype=np.uint8))
save("u4_4.npy", np.array([0, 1, 2147483648, 4294967295], dtype=np.uint32))
save("u8_3.npy", np.array([0, 9223372036854775808, 18446744073709551615], dtype=np.uint64))
save("f4_0x3.npy", np.zeros((0, 3), dtype=np.float32))
save("i4_1x2x3x2.npy", np.arange(12, dtype=np.int32).reshape(1, 2, 3, 2))
# A 1-D array with a long first axis exercises the growth padding numpy adds.
save("i8_1000.npy", np.arange(1000, dtype=np.int64) * 1000003)

# --- other format versions ---------------------------------------------------

save("v2_f4.npy", np.array([[1, 2], [3, 4], [5, 6]], dtype=np.float32), version=(2, 0))
save("v3_i8.npy", np.array([7, -7, 1 << 40], dtype=np.int64), version=(3, 0))

# --- valid numpy files that must be rejected ---------------------------------

save("bad_fortran.npy", np.asfortranarray(np.arange(6, dtype=np.float32).reshape(2, 3)))
save("bad_bigendian.npy", np.array([1, 2, 3], dtype=">f4"))
save("bad_complex.npy", np.array([1 + 2j, 3 - 4j], dtype=np.complex64))
save("bad_unicode.npy", np.array(["ab", "cdef"], dtype="<U4"))
save("bad_object.npy", np.array([1, "x", None], dtype=object))

# --- float16 conversions done by numpy ---------------------------------------

# float16 -> float32: every subnormal, inf and NaN pattern of both signs, and a
# stride through the normal range.
halves = sorted({b for b in range(65536) if (b & 0x7C00) in (0, 0x7C00) or b % 61 == 0})
save("f16_to_f32_in.npy", f16_from_bits(halves))
save("f16_to_f32_out.npy", f16_from_bits(halves).astype(np.float32))

# float32 -> float16: rounding ties and near-ties around many half values,
# the subnormal and overflow boundaries, specials, and a stride through the
# float32 bit patterns.
bits = set()
for h in list(range(0, 0x7C01, 101)) + list(range(0, 0x0404, 8)) + list(range(0x7BF0, 0x7C01)):
    f = int(np.array(h, dtype=np.uint16).view(np.float16).astype(np.float32).view(np.uint32))
    for d in (-0x1001, -0x1000, -0x0FFF, -1, 0, 1, 0x0FFF, 0x1000, 0x1001):
        b = f + d
        if 0 <= b < 0x7F800000:
            bits.add(b)
            bits.add(b | 0x80000000)
for e in range(0x30000000, 0x38800001, 0x00100000):  # around the subnormal range
    for d in (-1, 0, 1):
        bits.add(e + d)
for f in (65504.0, 65519.0, 65519.99, 65520.0, 65536.0, 1e10, 2.0**-24, 2.0**-25, 2.0**-26, 1e-45):
    b = struct.unpack("<I", struct.pack("<f", f))[0]
    bits.add(b)
    bits.add(b | 0x80000000)
bits.update(range(0, 1 << 32, 0x00A7F3B1))
bits.update([0x7F800000, 0xFF800000, 0x7F800001, 0x7FC00000, 0xFFC00001, 0x7F802000, 0x7FFFFFFF])
bits = sorted(bits)
with np.errstate(over="ignore"):
    save("f32_to_f16_in.npy", f32_from_bits(bits))
    save("f32_to_f16_out.npy", f32_from_bits(bits).astype(np.float16))

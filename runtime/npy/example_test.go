package npy_test

import (
	"bytes"
	"errors"
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/tt-compiler/tt/runtime/npy"
)

func ExampleWrite() {
	a := &npy.Array{DType: npy.Float32, Shape: []int{2, 3}, F32: []float32{1, 2, 3, 4, 5, 6}}
	var buf bytes.Buffer
	if err := npy.Write(&buf, a); err != nil {
		log.Fatal(err)
	}
	// A 128-byte header, as numpy writes it, then 6 float32s.
	fmt.Println(buf.Len())
	fmt.Printf("%q\n", bytes.TrimRight(buf.Bytes()[10:128], " \n"))
	// Output:
	// 152
	// "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }"
}

func ExampleRead() {
	var buf bytes.Buffer
	in := &npy.Array{DType: npy.Int64, Shape: []int{2, 2}, I64: []int64{1, 2, 3, 4}}
	if err := npy.Write(&buf, in); err != nil {
		log.Fatal(err)
	}

	a, err := npy.Read(&buf)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(a.DType, a.Shape, a.Len(), a.I64)
	// Output: <i8 [2 2] 4 [1 2 3 4]
}

func ExampleReadFile() {
	// testdata/f2_2x3.npy was written by numpy.
	a, err := npy.ReadFile("testdata/f2_2x3.npy")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(a.DType, a.Shape)
	for _, h := range a.F16 {
		fmt.Print(npy.Float16ToFloat32(h), " ")
	}
	fmt.Println()
	// Output:
	// <f2 [2 3]
	// 0 -0 5.9604645e-08 1 65504 +Inf
}

func ExampleReadFile_unsupported() {
	_, err := npy.ReadFile("testdata/bad_complex.npy")
	fmt.Println(errors.Is(err, npy.ErrUnsupported))
	fmt.Println(err)
	// Output:
	// true
	// npy: read testdata/bad_complex.npy: unsupported dtype '<c8' (complex64); supported dtypes are '<f2', '<f4', '<f8', '|i1', '|u1', '<i4', '<i8', '|b1', '<u4', '<u8'
}

func ExampleWriteFile() {
	dir, err := os.MkdirTemp("", "npy")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "mask.npy")

	mask := &npy.Array{DType: npy.Bool, Shape: []int{3}, Bool: []bool{true, false, true}}
	if err := npy.WriteFile(path, mask); err != nil {
		log.Fatal(err)
	}
	a, err := npy.ReadFile(path)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(a.DType, a.Bool)
	// Output: |b1 [true false true]
}

func ExampleWriteVersion() {
	a := &npy.Array{DType: npy.Uint8, Shape: []int{}, U8: []uint8{7}}
	var buf bytes.Buffer
	if err := npy.WriteVersion(&buf, a, 3); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%q\n", buf.Bytes()[:12])
	// Output: "\x93NUMPY\x03\x00t\x00\x00\x00"
}

func ExampleFloat32ToFloat16() {
	for _, f := range []float32{1, 0.1, 65504, 1e6, 1e-8} {
		h := npy.Float32ToFloat16(f)
		fmt.Printf("%g -> %#04x -> %g\n", f, h, npy.Float16ToFloat32(h))
	}
	// Output:
	// 1 -> 0x3c00 -> 1
	// 0.1 -> 0x2e66 -> 0.099975586
	// 65504 -> 0x7bff -> 65504
	// 1e+06 -> 0x7c00 -> +Inf
	// 1e-08 -> 0x0000 -> 0
}

func ExampleFloat16ToFloat32() {
	fmt.Println(npy.Float16ToFloat32(0x3555), npy.Float16ToFloat32(0x0001), npy.Float16ToFloat32(0xfc00))
	// Output: 0.33325195 5.9604645e-08 -Inf
}

func ExampleDType_String() {
	fmt.Println(npy.Float16, npy.Float32, npy.Int64, npy.Bool)
	// Output: <f2 <f4 <i8 |b1
}

func ExampleArray_Len() {
	fmt.Println((&npy.Array{Shape: []int{2, 3, 4}}).Len(), (&npy.Array{Shape: []int{}}).Len(), (&npy.Array{Shape: []int{5, 0}}).Len())
	// Output: 24 1 0
}

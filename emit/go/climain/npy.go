package climain

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
)

// ttArray is an n-dimensional array of .npy files: one of the slices holds
// the elements, by dtype.
type ttArray struct {
	dtype string // "<f4", "<f8", "|b1", "<i4", "<i8" or "<f2"
	shape []int
	u16   []uint16 // f16 bits
	f32   []float32
	f64   []float64
	b     []bool
	i32   []int32
	i64   []int64
}

// ttItemSize returns the bytes per element of a supported dtype, or 0.
func ttItemSize(dtype string) int {
	switch dtype {
	case "<f4", "<i4":
		return 4
	case "<f8", "<i8":
		return 8
	case "|b1":
		return 1
	case "<f2":
		return 2
	}
	return 0
}

// ttNewArray returns a zero array.
func ttNewArray(dtype string, shape []int) *ttArray {
	n := 1
	for _, d := range shape {
		n *= d
	}
	a := &ttArray{dtype: dtype, shape: shape}
	switch dtype {
	case "<f4":
		a.f32 = make([]float32, n)
	case "<f8":
		a.f64 = make([]float64, n)
	case "|b1":
		a.b = make([]bool, n)
	case "<i4":
		a.i32 = make([]int32, n)
	case "<i8":
		a.i64 = make([]int64, n)
	case "<f2":
		a.u16 = make([]uint16, n)
	}
	return a
}

// len returns the number of elements.
func (a *ttArray) len() int {
	switch a.dtype {
	case "<f4":
		return len(a.f32)
	case "<f8":
		return len(a.f64)
	case "|b1":
		return len(a.b)
	case "<i4":
		return len(a.i32)
	case "<f2":
		return len(a.u16)
	}
	return len(a.i64)
}

// ttReadNPY reads one .npy array from r, consuming exactly its bytes.
func ttReadNPY(r io.Reader) (*ttArray, error) {
	var pre [8]byte
	if _, err := io.ReadFull(r, pre[:]); err != nil {
		if err == io.EOF {
			return nil, err
		}
		return nil, fmt.Errorf("reading .npy: %v", err)
	}
	if string(pre[:6]) != "\x93NUMPY" {
		return nil, errors.New("not a .npy array (bad magic)")
	}
	var hlen int
	switch pre[6] {
	case 1:
		var b [2]byte
		if _, err := io.ReadFull(r, b[:]); err != nil {
			return nil, fmt.Errorf("reading .npy header: %v", err)
		}
		hlen = int(binary.LittleEndian.Uint16(b[:]))
	case 2, 3:
		var b [4]byte
		if _, err := io.ReadFull(r, b[:]); err != nil {
			return nil, fmt.Errorf("reading .npy header: %v", err)
		}
		hlen = int(binary.LittleEndian.Uint32(b[:]))
	default:
		return nil, fmt.Errorf("unsupported .npy version %d", pre[6])
	}
	if hlen > 1<<20 {
		return nil, fmt.Errorf(".npy header of %d bytes is too long", hlen)
	}
	head := make([]byte, hlen)
	if _, err := io.ReadFull(r, head); err != nil {
		return nil, fmt.Errorf("reading .npy header: %v", err)
	}
	dtype, shape, err := ttParseHeader(string(head))
	if err != nil {
		return nil, err
	}
	size := ttItemSize(dtype)
	n := 1
	for _, d := range shape {
		if d != 0 && n > (1<<40)/d {
			return nil, fmt.Errorf(".npy array of shape %v is too large", shape)
		}
		n *= d
	}
	data := make([]byte, n*size)
	if _, err := io.ReadFull(r, data); err != nil {
		return nil, fmt.Errorf("reading .npy data: %v", err)
	}
	a := ttNewArray(dtype, shape)
	for i := 0; i < n; i++ {
		switch dtype {
		case "<f4":
			a.f32[i] = math.Float32frombits(binary.LittleEndian.Uint32(data[4*i:]))
		case "<f8":
			a.f64[i] = math.Float64frombits(binary.LittleEndian.Uint64(data[8*i:]))
		case "|b1":
			a.b[i] = data[i] != 0
		case "<i4":
			a.i32[i] = int32(binary.LittleEndian.Uint32(data[4*i:]))
		case "<i8":
			a.i64[i] = int64(binary.LittleEndian.Uint64(data[8*i:]))
		case "<f2":
			a.u16[i] = binary.LittleEndian.Uint16(data[2*i:])
		}
	}
	return a, nil
}

// ttParseHeader reads the dtype and shape of a .npy header dictionary
// such as {'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }.
func ttParseHeader(h string) (string, []int, error) {
	field := func(key string) (string, bool) {
		i := strings.Index(h, "'"+key+"'")
		if i < 0 {
			return "", false
		}
		rest := strings.TrimLeft(h[i+len(key)+2:], " ")
		if !strings.HasPrefix(rest, ":") {
			return "", false
		}
		return strings.TrimLeft(rest[1:], " "), true
	}
	d, ok := field("descr")
	if !ok || len(d) < 2 || d[0] != '\'' {
		return "", nil, fmt.Errorf("malformed .npy header %q", h)
	}
	end := strings.IndexByte(d[1:], '\'')
	if end < 0 {
		return "", nil, fmt.Errorf("malformed .npy header %q", h)
	}
	dtype := d[1 : 1+end]
	switch dtype {
	case "=f4", "<f4", "=f8", "<f8", "=i4", "<i4", "=i8", "<i8", "=f2", "<f2":
		dtype = "<" + dtype[1:]
	case "|b1", "<b1", "=b1", "|?", "?", "b1":
		dtype = "|b1"
	default:
		return "", nil, fmt.Errorf(".npy dtype %q is not supported (want <f4, <f8, |b1, <i4, <i8 or <f2)", dtype)
	}
	fo, ok := field("fortran_order")
	if ok && strings.HasPrefix(fo, "True") {
		return "", nil, errors.New("fortran-order .npy arrays are not supported")
	}
	s, ok := field("shape")
	if !ok || !strings.HasPrefix(s, "(") {
		return "", nil, fmt.Errorf("malformed .npy header %q", h)
	}
	end = strings.IndexByte(s, ')')
	if end < 0 {
		return "", nil, fmt.Errorf("malformed .npy header %q", h)
	}
	shape := []int{}
	for _, p := range strings.Split(s[1:end], ",") {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		p = strings.TrimSuffix(p, "L")
		v, err := strconv.Atoi(p)
		if err != nil || v < 0 {
			return "", nil, fmt.Errorf("malformed .npy shape %q", s[:end+1])
		}
		shape = append(shape, v)
	}
	return dtype, shape, nil
}

// ttWriteNPY writes a as a version 1.0 .npy array.
func ttWriteNPY(w io.Writer, a *ttArray) error {
	var sb strings.Builder
	sb.WriteString("{'descr': '" + a.dtype + "', 'fortran_order': False, 'shape': (")
	for i, d := range a.shape {
		sb.WriteString(strconv.Itoa(d))
		if i == 0 || i < len(a.shape)-1 {
			sb.WriteString(",")
		}
		if i < len(a.shape)-1 {
			sb.WriteString(" ")
		}
	}
	sb.WriteString("), }")
	head := sb.String()
	pad := 64 - (10+len(head)+1)%64
	if pad == 64 {
		pad = 0
	}
	head += strings.Repeat(" ", pad) + "\n"
	bw := bufio.NewWriter(w)
	bw.WriteString("\x93NUMPY\x01\x00")
	var l [2]byte
	binary.LittleEndian.PutUint16(l[:], uint16(len(head)))
	bw.Write(l[:])
	bw.WriteString(head)
	var buf [8]byte
	n := a.len()
	for i := 0; i < n; i++ {
		switch a.dtype {
		case "<f4":
			binary.LittleEndian.PutUint32(buf[:], math.Float32bits(a.f32[i]))
			bw.Write(buf[:4])
		case "<f8":
			binary.LittleEndian.PutUint64(buf[:], math.Float64bits(a.f64[i]))
			bw.Write(buf[:8])
		case "|b1":
			if a.b[i] {
				bw.WriteByte(1)
			} else {
				bw.WriteByte(0)
			}
		case "<i4":
			binary.LittleEndian.PutUint32(buf[:], uint32(a.i32[i]))
			bw.Write(buf[:4])
		case "<i8":
			binary.LittleEndian.PutUint64(buf[:], uint64(a.i64[i]))
			bw.Write(buf[:8])
		case "<f2":
			binary.LittleEndian.PutUint16(buf[:], a.u16[i])
			bw.Write(buf[:2])
		}
	}
	return bw.Flush()
}

// ttReadNPYFile reads a .npy file.
func ttReadNPYFile(path string) (*ttArray, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	a, err := ttReadNPY(bufio.NewReader(f))
	if err == io.EOF {
		err = errors.New("empty file")
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return a, nil
}

// ttWriteNPYFile writes a .npy file.
func ttWriteNPYFile(path string, a *ttArray) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := ttWriteNPY(f, a); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// ttToInts converts int64 elements to ints (index buffers).
func ttToInts(v []int64) []int {
	out := make([]int, len(v))
	for i, x := range v {
		out[i] = int(x)
	}
	return out
}

// ttFromInts converts ints (index buffers) to int64 elements.
func ttFromInts(v []int) []int64 {
	out := make([]int64, len(v))
	for i, x := range v {
		out[i] = int64(x)
	}
	return out
}

// ttCloneArrays returns deep copies of arrays (a function may write into
// its argument buffers; every run starts from the same arguments).
func ttCloneArrays(arrays []*ttArray) []*ttArray {
	out := make([]*ttArray, len(arrays))
	for i, a := range arrays {
		c := *a
		c.shape = append([]int(nil), a.shape...)
		c.f32 = append([]float32(nil), a.f32...)
		c.f64 = append([]float64(nil), a.f64...)
		c.b = append([]bool(nil), a.b...)
		c.i32 = append([]int32(nil), a.i32...)
		c.i64 = append([]int64(nil), a.i64...)
		c.u16 = append([]uint16(nil), a.u16...)
		out[i] = &c
	}
	return out
}

package npy

import (
	"encoding/binary"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

const (
	magicPrefix = "\x93NUMPY"
	magicLen    = len(magicPrefix) + 2 // prefix, major and minor version
	arrayAlign  = 64                   // numpy aligns the data to 64 bytes

	// growthAxisMaxDigits is numpy's GROWTH_AXIS_MAX_DIGITS: numpy pads
	// the header with spaces so that the first dimension can grow to this
	// many digits in place.
	growthAxisMaxDigits = 21

	// MaxHeaderLen is the largest header, in bytes, that Read accepts and
	// Write produces. It keeps a lying version 2.0 or 3.0 header length
	// from causing a large read; the header of any array of rank up to
	// MaxRank fits.
	MaxHeaderLen = 1 << 20

	// MaxRank is the largest number of dimensions Read and Write accept.
	// NumPy itself allows at most 32 (64 since NumPy 2.0); arrays of rank
	// above about 20000 need format version 2.0.
	MaxRank = 1 << 15
)

// header is the decoded content of a .npy header dict.
type header struct {
	dtype DType
	shape []int
	n     int // number of elements
	nbyte int // size of the data in bytes
}

// decodeHeader decodes and checks the header dict text of a file with the
// given major format version.
func decodeHeader(raw []byte, major int) (header, error) {
	var text string
	if major >= 3 {
		if !utf8.Valid(raw) {
			return header{}, formatErr("header of a version 3.0 file is not valid UTF-8")
		}
		text = string(raw)
	} else {
		text = latin1(raw)
	}
	v, err := parsePyLiteral(text, major <= 2)
	if err != nil {
		return header{}, formatErr("cannot parse header %s: %v", quoteHeader(text), err)
	}
	if v.kind != pyDict {
		return header{}, formatErr("header is not a dictionary: %s", truncateText(v.repr(), 200))
	}
	var descr, fortran, shape *pyVal
	var extra []string
	for i := 0; i+1 < len(v.elems); i += 2 {
		k, val := v.elems[i], &v.elems[i+1]
		switch {
		case k.kind == pyStr && k.s == "descr":
			descr = val
		case k.kind == pyStr && k.s == "fortran_order":
			fortran = val
		case k.kind == pyStr && k.s == "shape":
			shape = val
		default:
			extra = append(extra, truncateText(k.repr(), 50))
		}
	}
	switch {
	case len(extra) > 0:
		return header{}, formatErr("header has unexpected key %s; want exactly 'descr', 'fortran_order' and 'shape'", extra[0])
	case descr == nil:
		return header{}, formatErr("header has no 'descr' key")
	case fortran == nil:
		return header{}, formatErr("header has no 'fortran_order' key")
	case shape == nil:
		return header{}, formatErr("header has no 'shape' key")
	}

	if shape.kind != pyTuple {
		return header{}, formatErr("shape is not a tuple: %s", truncateText(shape.repr(), 200))
	}
	if len(shape.elems) > MaxRank {
		return header{}, formatErr("shape has rank %d, more than MaxRank (%d)", len(shape.elems), MaxRank)
	}
	dims := make([]int, len(shape.elems))
	for i, d := range shape.elems {
		switch {
		case d.kind != pyInt:
			return header{}, formatErr("shape is not a tuple of integers: dimension %d is %s", i, truncateText(d.repr(), 100))
		case d.big && strings.HasPrefix(d.s, "-") || !d.big && d.i < 0:
			return header{}, formatErr("shape has a negative dimension %s at index %d", d.repr(), i)
		case d.big || d.i > math.MaxInt:
			return header{}, formatErr("shape has a dimension too large, %s at index %d", d.repr(), i)
		}
		dims[i] = int(d.i)
	}
	if fortran.kind != pyBool {
		return header{}, formatErr("fortran_order is not a bool: %s", truncateText(fortran.repr(), 200))
	}

	var dt DType
	switch descr.kind {
	case pyStr, pyBytes:
		if dt, err = lookupDescr(descr.s); err != nil {
			return header{}, err
		}
	default:
		return header{}, unsupportedErr("unsupported dtype %s (structured or non-standard descr)", truncateText(descr.repr(), 200))
	}
	if fortran.b {
		return header{}, unsupportedErr("unsupported layout: fortran_order is True (dtype '%s', shape %s); only C-order arrays are supported", dt, shortShape(dims))
	}
	n, ok := numElements(dims, dt.Size())
	if !ok {
		return header{}, formatErr("shape %s of dtype '%s' is too large", shortShape(dims), dt)
	}
	return header{dtype: dt, shape: dims, n: n, nbyte: n * dt.Size()}, nil
}

func latin1(b []byte) string {
	ascii := true
	for _, c := range b {
		if c >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		return string(b)
	}
	r := make([]rune, len(b))
	for i, c := range b {
		r[i] = rune(c)
	}
	return string(r)
}

// quoteHeader quotes header text for an error message.
func quoteHeader(s string) string {
	return pyQuote(truncateText(strings.TrimRight(s, " \n"), 200))
}

// lookupDescr maps a numpy dtype descr string to a DType.
func lookupDescr(descr string) (DType, error) {
	order, rest := byte(0), descr
	if rest != "" && strings.IndexByte("<>|=", rest[0]) >= 0 {
		order, rest = rest[0], rest[1:]
	}
	var kind byte
	var sizeText, unit string
	parsed := rest != "" && isIdentStart(rest[0])
	if parsed {
		kind, sizeText = rest[0], rest[1:]
		if i := strings.IndexByte(sizeText, '['); i >= 0 && strings.HasSuffix(sizeText, "]") {
			sizeText, unit = sizeText[:i], sizeText[i:] // datetime unit, as in <M8[ns]
		}
	}
	size := 0
	if parsed && sizeText != "" {
		s, err := strconv.Atoi(sizeText)
		parsed = err == nil && isDigit(sizeText[0]) && s <= 1<<30
		size = s
	}
	if !parsed {
		return 0, unsupportedErr("unsupported dtype %s; supported dtypes are %s", pyQuote(descr), supportedList())
	}
	for dt := Float16; dt.valid(); dt++ {
		info := dtypes[dt]
		if info.descr[1] != kind || info.size != size {
			continue
		}
		switch {
		case size == 1 || order == '<':
			return dt, nil
		case order == '>':
			return 0, unsupportedErr("unsupported dtype %s: big-endian %s; only little-endian data is supported", pyQuote(descr), info.name)
		default:
			return 0, unsupportedErr("unsupported dtype %s: %s without an explicit little-endian byte order", pyQuote(descr), info.name)
		}
	}
	name := describeKind(kind, size) + unit
	if order == '>' && size > 1 {
		name = "big-endian " + name
	}
	return 0, unsupportedErr("unsupported dtype %s (%s); supported dtypes are %s", pyQuote(descr), name, supportedList())
}

// describeKind names a numpy kind character and item size.
func describeKind(kind byte, size int) string {
	bits := strconv.Itoa(8 * size)
	switch kind {
	case 'b':
		return "bool of " + strconv.Itoa(size) + " bytes"
	case 'i':
		return "int" + bits
	case 'u':
		return "uint" + bits
	case 'f':
		return "float" + bits
	case 'c':
		return "complex" + bits
	case 'm':
		return "timedelta" + bits
	case 'M':
		return "datetime" + bits
	case 'O':
		return "Python object"
	case 'S', 'a':
		return "byte string of " + strconv.Itoa(size) + " bytes"
	case 'U':
		return "unicode string of " + strconv.Itoa(size) + " characters"
	case 'V':
		return "raw data of " + strconv.Itoa(size) + " bytes"
	}
	return "unknown kind " + strconv.QuoteRune(rune(kind))
}

func supportedList() string {
	var sb strings.Builder
	for dt := Float16; dt.valid(); dt++ {
		if dt > Float16 {
			sb.WriteString(", ")
		}
		sb.WriteString("'" + dt.String() + "'")
	}
	return sb.String()
}

// formatShape formats a shape as a Python tuple, as numpy does: (), (3,),
// (2, 3).
func formatShape(shape []int) string {
	var sb strings.Builder
	sb.WriteByte('(')
	for i, d := range shape {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(strconv.Itoa(d))
	}
	if len(shape) == 1 {
		sb.WriteByte(',')
	}
	sb.WriteByte(')')
	return sb.String()
}

// shortShape formats a shape for an error message, eliding the middle of
// a very long one.
func shortShape(shape []int) string {
	if len(shape) <= 16 {
		return formatShape(shape)
	}
	head, tail := formatShape(shape[:8]), formatShape(shape[len(shape)-8:])
	return head[:len(head)-1] + ", ... (" + strconv.Itoa(len(shape)) + " dimensions) ..., " + tail[1:]
}

// encodeHeader returns the magic string, version, header length and header
// for an array, exactly as numpy writes them. major is the format version to
// use, or 0 to use 1 unless the header is too long for it, as numpy does.
func encodeHeader(dt DType, shape []int, major int) ([]byte, error) {
	dict := "{'descr': '" + dt.String() + "', 'fortran_order': False, 'shape': " + formatShape(shape) + ", }"
	if len(shape) > 0 {
		// numpy leaves room for the first axis to grow in place.
		if pad := growthAxisMaxDigits - len(strconv.Itoa(shape[0])); pad > 0 {
			dict += strings.Repeat(" ", pad)
		}
	}
	hlen := len(dict) + 1 // the final newline
	total := func(major int) int {
		prefix := len(headerPrefix(major))
		return hlen + arrayAlign - (prefix+hlen)%arrayAlign
	}
	if major == 0 {
		major = 1
		if total(1) > math.MaxUint16 {
			major = 2
		}
	}
	if major == 1 && total(1) > math.MaxUint16 {
		return nil, formatErr("header of %d bytes is too long for format version 1.0", total(1))
	}
	if total(major) > MaxHeaderLen {
		return nil, formatErr("header of %d bytes for shape of rank %d is longer than MaxHeaderLen (%d)", total(major), len(shape), MaxHeaderLen)
	}
	prefix := headerPrefix(major)
	padlen := total(major) - hlen
	buf := make([]byte, 0, len(prefix)+total(major))
	buf = append(buf, prefix...)
	if major == 1 {
		binary.LittleEndian.PutUint16(buf[magicLen:], uint16(hlen+padlen))
	} else {
		binary.LittleEndian.PutUint32(buf[magicLen:], uint32(hlen+padlen))
	}
	buf = append(buf, dict...)
	for range padlen {
		buf = append(buf, ' ')
	}
	return append(buf, '\n'), nil
}

// headerPrefix returns the magic string and version for a format version
// followed by zero bytes for the header length.
func headerPrefix(major int) []byte {
	b := []byte(magicPrefix + string([]byte{byte(major), 0}))
	if major == 1 {
		return append(b, 0, 0)
	}
	return append(b, 0, 0, 0, 0)
}

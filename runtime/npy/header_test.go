package npy

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"
)

func TestParsePyLiteral(t *testing.T) {
	tests := []struct {
		src       string
		allowLong bool
		want      string // repr of the result
	}{
		{"{}", false, "{}"},
		{"{'a': 1}", false, "{'a': 1}"},
		{"{'a': 1,}", false, "{'a': 1}"},
		{" {\n'a' :\t1 , } \n", false, "{'a': 1}"},
		{`{"a": "b"}`, false, "{'a': 'b'}"},
		{"()", false, "()"},
		{"( )", false, "()"},
		{"(3,)", false, "(3,)"},
		{"(3)", false, "3"},
		{"((3))", false, "3"},
		{"(2, 3)", false, "(2, 3)"},
		{"(2, 3, )", false, "(2, 3)"},
		{"[1, [2, (3,)], {}]", false, "[1, [2, (3,)], {}]"},
		{"True", false, "True"},
		{"False", false, "False"},
		{"None", false, "None"},
		{"-5", false, "-5"},
		{"+ 5", false, "5"},
		{"0", false, "0"},
		{"00", false, "0"},
		{"0_0", false, "0"},
		{"1_000", false, "1000"},
		{"0x1F", false, "31"},
		{"0o17", false, "15"},
		{"0b101", false, "5"},
		{"12L", true, "12"},
		{"9223372036854775807", false, "9223372036854775807"},
		{"-9223372036854775808", false, "-9223372036854775808"},
		{"99999999999999999999", false, "99999999999999999999"},
		{"-99999999999999999999", false, "-99999999999999999999"},
		{`'a\'b'`, false, `"a'b"`},
		{`"it's"`, false, `"it's"`},
		{`'\x41\101\u00e9\n\t\\'`, false, `'AAé\n\t\\'`},
		{`'\q'`, false, `'\\q'`},
		{`u'<f4'`, false, "'<f4'"},
		{`b'<f4'`, false, "b'<f4'"},
		{`r'\n'`, false, `'\\n'`},
		{"{'a': 1, # comment\n 'b': 2}", false, "{'a': 1, 'b': 2}"},
		{"(1,\\\n 2)", false, "(1, 2)"},
		{"(1,\\\r\n 2)", false, "(1, 2)"},
		{`b'\x41\101\n'`, false, `b'AA\n'`},
		{`'\a\b\f\v\"\0'`, false, `'\x07\x08\x0c\x0b"\x00'`},
		{"'a\\\nb'", false, "'ab'"},
		{`RB'\x'`, false, `b'\\x'`},
		{`'\U0001F600'`, false, "'\U0001F600'"},
	}
	for _, tt := range tests {
		v, err := parsePyLiteral(tt.src, tt.allowLong)
		if err != nil {
			t.Errorf("parsePyLiteral(%q): %v", tt.src, err)
			continue
		}
		if got := v.repr(); got != tt.want {
			t.Errorf("parsePyLiteral(%q) = %s, want %s", tt.src, got, tt.want)
		}
	}
}

func TestParsePyLiteralErrors(t *testing.T) {
	tests := []struct {
		src, want string
	}{
		{"", "unexpected end"},
		{"{", "unexpected end"},
		{"{'a'", "unexpected end"},
		{"{'a' 1}", "expected ':'"},
		{"{'a': 1 'b': 2}", "expected ','"},
		{"(1 2)", "expected ','"},
		{"(,)", "unexpected ','"},
		{"{'a': 1}}", "after the literal"},
		{"'abc", "unterminated string"},
		{"'a\nb'", "unterminated string"},
		{"'''a'''", "triple-quoted"},
		{"1.5", "non-integer"},
		{"1e5", "non-integer"},
		{".5", "floating-point"},
		{"012", "invalid integer"},
		{"1__0", "invalid integer"},
		{"1_", "invalid integer"},
		{"0x", "invalid integer"},
		{"12L", "invalid integer"}, // only allowed for versions 1.0 and 2.0
		{"- 'a'", "expected a number"},
		{"--1", "expected a number"},
		{"true", "unexpected name"},
		{"float('nan')", "unexpected name"},
		{`'\x4'`, "invalid \\x escape"},
		{`'\N{DASH}'`, "\\N{...}"},
		{`b'é'`, "non-ASCII"},
		{"@", "unexpected '@'"},
		{strings.Repeat("(", 200) + "1" + strings.Repeat(")", 200), "nested more than"},
		{strings.Repeat("[", 100000), "nested more than"},
		{"[" + strings.Repeat("0,", maxPyValues) + "]", "more than"},
	}
	for _, tt := range tests {
		_, err := parsePyLiteral(tt.src, false)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("parsePyLiteral(%.40q) error = %v, want it to contain %q", tt.src, err, tt.want)
		}
	}
}

// npyFile builds a .npy file from a format version, raw header text and
// data, without any of the padding numpy adds unless the text has it.
func npyFile(major int, dict string, data []byte) []byte {
	b := []byte(magicPrefix)
	b = append(b, byte(major), 0)
	if major == 1 {
		b = binary.LittleEndian.AppendUint16(b, uint16(len(dict)))
	} else {
		b = binary.LittleEndian.AppendUint32(b, uint32(len(dict)))
	}
	b = append(b, dict...)
	return append(b, data...)
}

func TestReadHeaderForms(t *testing.T) {
	six := make([]byte, 24) // room for six 4-byte elements
	tests := []struct {
		name  string
		major int
		dict  string
		dtype DType
		shape []int
	}{
		{"numpy", 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }          \n", Float32, []int{2, 3}},
		{"key order", 1, "{'shape': (2, 3), 'fortran_order': False, 'descr': '<f4'}", Float32, []int{2, 3}},
		{"double quotes, trailing commas", 1, `{"descr":"<i4","fortran_order":False,"shape":(6,),}`, Int32, []int{6}},
		{"spacing", 1, "{ 'descr' :\t'<f4' ,\n 'fortran_order' : False , 'shape' : ( 2 , 3 , ) , }\n\n", Float32, []int{2, 3}},
		{"no trailing newline", 2, "{'descr': '<f4', 'fortran_order': False, 'shape': (6,)}", Float32, []int{6}},
		{"scalar", 1, "{'descr': '<i4', 'fortran_order': False, 'shape': ()}", Int32, []int{}},
		{"size zero", 1, "{'descr': '<f8', 'fortran_order': False, 'shape': (0, 5, 0)}", Float64, []int{0, 5, 0}},
		{"rank 4", 3, "{'descr': '|u1', 'fortran_order': False, 'shape': (1, 2, 3, 4)}", Uint8, []int{1, 2, 3, 4}},
		{"python 2 longs", 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2L, 3L), }", Float32, []int{2, 3}},
		{"unicode prefix", 1, "{u'descr': u'<f2', u'fortran_order': False, u'shape': (12,)}", Float16, []int{12}},
		{"bytes descr", 1, "{'descr': b'<f4', 'fortran_order': False, 'shape': (6,)}", Float32, []int{6}},
		{"comment", 1, "{'descr': '<f4', # float32\n 'fortran_order': False, 'shape': (6,)}", Float32, []int{6}},
		{"hex and underscores", 1, "{'descr': '|i1', 'fortran_order': False, 'shape': (0x2, 1_2)}", Int8, []int{2, 12}},
		{"duplicate key, last wins", 1, "{'descr': '<c8', 'descr': '<i8', 'fortran_order': False, 'shape': (3,)}", Int64, []int{3}},
		{"byte order of 1-byte types", 1, "{'descr': '<b1', 'fortran_order': False, 'shape': (24,)}", Bool, []int{24}},
		{"big-endian 1-byte type", 1, "{'descr': '>i1', 'fortran_order': False, 'shape': (24,)}", Int8, []int{24}},
		{"no byte order on 1-byte type", 1, "{'descr': 'u1', 'fortran_order': False, 'shape': (24,)}", Uint8, []int{24}},
		{"utf-8 in v3 comment", 3, "{'descr': '<f4', 'fortran_order': False, 'shape': (6,)} # π\n", Float32, []int{6}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, err := Read(bytes.NewReader(npyFile(tt.major, tt.dict, six)))
			if err != nil {
				t.Fatal(err)
			}
			if a.DType != tt.dtype || !reflect.DeepEqual(a.Shape, tt.shape) {
				t.Errorf("got dtype %v shape %v, want %v %v", a.DType, a.Shape, tt.dtype, tt.shape)
			}
			if a.Len() > 24 {
				t.Fatalf("test data too short")
			}
		})
	}
}

func TestReadHeaderErrors(t *testing.T) {
	big := "{'descr': '<f4', 'fortran_order': False, 'shape': (%s)}"
	tests := []struct {
		name  string
		major int
		dict  string
		kind  error
		want  []string
	}{
		{"not a dict", 1, "[('descr', '<f4')]", ErrFormat, []string{"not a dictionary"}},
		{"long non-dict", 1, "[" + strings.Repeat("'abc', ", 1000) + "]", ErrFormat, []string{"not a dictionary: ['abc', 'abc',", "..."}},
		{"long syntax error", 1, "{'descr': '" + strings.Repeat("é", 1000), ErrFormat, []string{"cannot parse header", "unterminated string"}},
		{"syntax", 1, "{'descr': '<f4', 'fortran_order': False 'shape': (6,)}", ErrFormat, []string{"cannot parse header", "expected ','"}},
		{"empty header", 1, "", ErrFormat, []string{"cannot parse header"}},
		{"missing shape", 1, "{'descr': '<f4', 'fortran_order': False}", ErrFormat, []string{"no 'shape' key"}},
		{"missing descr", 1, "{'shape': (), 'fortran_order': False}", ErrFormat, []string{"no 'descr' key"}},
		{"missing fortran_order", 1, "{'shape': (), 'descr': '<f4'}", ErrFormat, []string{"no 'fortran_order' key"}},
		{"extra key", 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (), 'x': 1}", ErrFormat, []string{"unexpected key 'x'"}},
		{"non-string key", 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (), 1: 1}", ErrFormat, []string{"unexpected key 1"}},
		{"shape list", 1, "{'descr': '<f4', 'fortran_order': False, 'shape': [2, 3]}", ErrFormat, []string{"shape is not a tuple: [2, 3]"}},
		{"shape int", 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (6)}", ErrFormat, []string{"shape is not a tuple: 6"}},
		{"shape strings", 1, "{'descr': '<f4', 'fortran_order': False, 'shape': ('2',)}", ErrFormat, []string{"not a tuple of integers: dimension 0 is '2'"}},
		{"shape float", 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2.0,)}", ErrFormat, []string{"non-integer"}},
		{"negative", 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2, -3)}", ErrFormat, []string{"negative dimension -3 at index 1"}},
		{"huge negative", 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (-99999999999999999999,)}", ErrFormat, []string{"negative dimension"}},
		{"dimension overflow", 1, strings.Replace(big, "%s", "99999999999999999999,", 1), ErrFormat, []string{"too large, 99999999999999999999 at index 0"}},
		{"size overflow", 1, strings.Replace(big, "%s", "4611686018427387904, 4", 1), ErrFormat, []string{"too large"}},
		{"byte size overflow", 1, strings.Replace(big, "%s", "4611686018427387904,", 1), ErrFormat, []string{"too large"}},
		{"byte overflow with zero dim", 1, strings.Replace(big, "%s", "0, 4611686018427387904", 1), ErrFormat, []string{"too large"}},
		{"long shape in message", 1, strings.Replace(big, "%s", strings.Repeat("1, ", 1000)+"-1", 1), ErrFormat, []string{"negative dimension -1 at index 1000"}},
		{"overflow with zero dim", 1, strings.Replace(big, "%s", "0, 4611686018427387904, 4", 1), ErrFormat, []string{"too large"}},
		{"fortran_order int", 1, "{'descr': '<f4', 'fortran_order': 0, 'shape': ()}", ErrFormat, []string{"fortran_order is not a bool: 0"}},
		{"fortran order", 1, "{'descr': '<f4', 'fortran_order': True, 'shape': (2, 3)}", ErrUnsupported, []string{"fortran_order is True", "'<f4'", "(2, 3)"}},
		{"big-endian", 1, "{'descr': '>f8', 'fortran_order': False, 'shape': ()}", ErrUnsupported, []string{"'>f8'", "big-endian float64"}},
		{"no byte order", 1, "{'descr': 'f8', 'fortran_order': False, 'shape': ()}", ErrUnsupported, []string{"'f8'", "little-endian"}},
		{"native byte order", 1, "{'descr': '=i4', 'fortran_order': False, 'shape': ()}", ErrUnsupported, []string{"'=i4'", "little-endian"}},
		{"complex", 1, "{'descr': '<c8', 'fortran_order': False, 'shape': ()}", ErrUnsupported, []string{"'<c8'", "complex64", "supported dtypes are '<f2'"}},
		{"big-endian complex", 1, "{'descr': '>c16', 'fortran_order': False, 'shape': ()}", ErrUnsupported, []string{"'>c16'", "big-endian complex128"}},
		{"unicode", 1, "{'descr': '<U4', 'fortran_order': False, 'shape': ()}", ErrUnsupported, []string{"'<U4'", "unicode string of 4 characters"}},
		{"object", 1, "{'descr': '|O', 'fortran_order': False, 'shape': ()}", ErrUnsupported, []string{"'|O'", "Python object"}},
		{"datetime", 1, "{'descr': '<M8[ns]', 'fortran_order': False, 'shape': ()}", ErrUnsupported, []string{"'<M8[ns]'", "datetime64[ns]"}},
		{"uint16", 1, "{'descr': '<u2', 'fortran_order': False, 'shape': ()}", ErrUnsupported, []string{"'<u2'", "uint16"}},
		{"float128", 1, "{'descr': '<f16', 'fortran_order': False, 'shape': ()}", ErrUnsupported, []string{"'<f16'", "float128"}},
		{"structured", 1, "{'descr': [('x', '<f4'), ('y', '<i4')], 'fortran_order': False, 'shape': ()}", ErrUnsupported, []string{"[('x', '<f4'), ('y', '<i4')]", "structured"}},
		{"descr name", 1, "{'descr': 'float32', 'fortran_order': False, 'shape': ()}", ErrUnsupported, []string{"'float32'"}},
		{"descr empty", 1, "{'descr': '', 'fortran_order': False, 'shape': ()}", ErrUnsupported, []string{"dtype ''"}},
		{"descr latin-1", 1, "{'descr': '\xe9', 'fortran_order': False, 'shape': ()}", ErrUnsupported, []string{"dtype 'é'"}},
		{"rank above MaxRank", 2, "{'descr': '<f4', 'fortran_order': False, 'shape': (" + strings.Repeat("1,", MaxRank+1) + ")}", ErrFormat, []string{"rank 32769, more than MaxRank"}},
		{"long suffix in v3", 3, "{'descr': '<f4', 'fortran_order': False, 'shape': (2L,)}", ErrFormat, []string{"invalid integer"}},
		{"invalid utf-8 in v3", 3, "{'descr': '\xe9', 'fortran_order': False, 'shape': ()}", ErrFormat, []string{"not valid UTF-8"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := make([]byte, 64)
			_, err := Read(bytes.NewReader(npyFile(tt.major, tt.dict, data)))
			checkErr(t, err, tt.kind, tt.want...)
		})
	}
}

// checkErr checks that err is an *Error wrapping kind whose message
// contains each of want.
func checkErr(t *testing.T, err error, kind error, want ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("got no error, want one wrapping %v", kind)
	}
	var e *Error
	if !errors.As(err, &e) {
		t.Errorf("error %v (%T) is not an *Error", err, err)
	}
	if !errors.Is(err, kind) {
		t.Errorf("error %q does not wrap %v", err, kind)
	}
	if kind == ErrFormat && errors.Is(err, ErrUnsupported) || kind == ErrUnsupported && errors.Is(err, ErrFormat) {
		t.Errorf("error %q wraps both ErrFormat and ErrUnsupported", err)
	}
	if len(err.Error()) > 1000 {
		t.Errorf("error message is %d bytes long: %.200q...", len(err.Error()), err)
	}
	for _, w := range want {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("error %q does not contain %q", err, w)
		}
	}
}

func TestEncodeHeaderLayout(t *testing.T) {
	shapes := [][]int{{}, {0}, {1}, {2, 3}, {123456789012}, {1, 2, 3, 4, 5, 6, 7, 8}, {1 << 60}, make([]int, 40)}
	for _, shape := range shapes {
		for major := 1; major <= 3; major++ {
			h, err := encodeHeader(Float32, shape, major)
			if err != nil {
				t.Fatal(err)
			}
			if len(h)%arrayAlign != 0 {
				t.Errorf("shape %v v%d: header length %d is not a multiple of %d", shape, major, len(h), arrayAlign)
			}
			if h[len(h)-1] != '\n' || h[6] != byte(major) || h[7] != 0 {
				t.Errorf("shape %v v%d: bad header %q", shape, major, h)
			}
			lenSize := 4
			if major == 1 {
				lenSize = 2
			}
			dict := string(h[magicLen+lenSize:])
			want := "{'descr': '<f4', 'fortran_order': False, 'shape': " + formatShape(shape) + ", }"
			if !strings.HasPrefix(dict, want) || strings.TrimLeft(dict[len(want):], " ") != "\n" {
				t.Errorf("shape %v v%d: header %q, want %q plus padding", shape, major, dict, want)
			}
			// The header must read back.
			hd, err := decodeHeader([]byte(dict), major)
			if err != nil || !reflect.DeepEqual(hd.shape, append([]int{}, shape...)) {
				t.Errorf("shape %v v%d: decodes to %v, %v", shape, major, hd.shape, err)
			}
		}
	}
}

func TestDescribeDescr(t *testing.T) {
	for descr, want := range map[string]string{
		"<b2": "bool of 2 bytes", "<i2": "int16", "<u2": "uint16", ">f2": "big-endian float16", "<c16": "complex128",
		"<m8": "timedelta64", "<M8[D]": "datetime64[D]", "|S5": "byte string of 5 bytes", "|a3": "byte string of 3 bytes",
		"|V8": "raw data of 8 bytes", "<x4": "unknown kind 'x'", "|O8": "Python object",
	} {
		_, err := lookupDescr(descr)
		if err == nil || !errors.Is(err, ErrUnsupported) || !strings.Contains(err.Error(), want) {
			t.Errorf("lookupDescr(%q) = %v, want an error describing %q", descr, err, want)
		}
	}
	for _, descr := range []string{"<f+4", "<f-4", "<f 4", "<4", "<", "<f99999999999"} {
		_, err := lookupDescr(descr)
		if err == nil || !errors.Is(err, ErrUnsupported) || !strings.Contains(err.Error(), "supported dtypes are") {
			t.Errorf("lookupDescr(%q) = %v, want an unsupported dtype error", descr, err)
		}
	}
}

func TestFormatShape(t *testing.T) {
	for _, tt := range []struct {
		shape []int
		want  string
	}{
		{nil, "()"}, {[]int{3}, "(3,)"}, {[]int{2, 3}, "(2, 3)"}, {[]int{0, 1, 2, 3}, "(0, 1, 2, 3)"},
	} {
		if got := formatShape(tt.shape); got != tt.want {
			t.Errorf("formatShape(%v) = %q, want %q", tt.shape, got, tt.want)
		}
	}
}

// TestReadVersionAndMagicErrors covers problems before the header dict.
func TestReadVersionAndMagicErrors(t *testing.T) {
	good := npyFile(1, "{'descr': '<f4', 'fortran_order': False, 'shape': ()}", make([]byte, 4))
	with := func(i int, b ...byte) []byte {
		c := bytes.Clone(good)
		copy(c[i:], b)
		return c
	}
	tests := []struct {
		name string
		in   []byte
		kind error
		want []string
	}{
		{"bad magic", with(0, 'X'), ErrFormat, []string{"bad magic", `"XNUMPY`}},
		{"lower-case magic", with(1, 'n'), ErrFormat, []string{"bad magic"}},
		{"short non-npy", []byte("hi"), ErrFormat, []string{"bad magic"}},
		{"zip", []byte("PK\x03\x04\x14\x00\x00\x00\x08\x00"), ErrFormat, []string{"zip archive"}},
		{"version 0", with(6, 0), ErrUnsupported, []string{"version 0.0"}},
		{"version 4", with(6, 4), ErrUnsupported, []string{"version 4.0"}},
		{"version 1.1", with(7, 1), ErrUnsupported, []string{"version 1.1"}},
		{"header length overflow", append([]byte("\x93NUMPY\x02\x00\xff\xff\xff\xff"), good[10:]...), ErrFormat, []string{"header length 4294967295 exceeds"}},
		{"header length past end", with(8, 0xff, 0xff), ErrFormat, []string{"truncated header", "65535"}},
		{"lying shape", npyFile(1, "{'descr': '<f8', 'fortran_order': False, 'shape': (1099511627776,)}", make([]byte, 8)), ErrFormat, []string{"truncated data", "8796093022208 bytes", "only 8 remain"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Read(bytes.NewReader(tt.in))
			checkErr(t, err, tt.kind, tt.want...)
			// The same through a reader of unknown size.
			_, err = Read(onlyReader{bytes.NewReader(tt.in)})
			checkErr(t, err, tt.kind)
		})
	}
}

// onlyReader hides every method but Read, so the size of the input is
// unknown to Read.
type onlyReader struct{ r io.Reader }

func (o onlyReader) Read(p []byte) (int, error) { return o.r.Read(p) }

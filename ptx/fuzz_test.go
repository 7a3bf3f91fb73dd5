package ptx

import (
	"errors"
	"os"
	"testing"
)

// fuzzSeeds adds the PTX files of testdata as seeds, except the large
// compiler outputs: small inputs mutate into more cases per second.
func fuzzSeeds(f *testing.F) {
	for _, path := range ptxFiles(f, append(validDirs, "testdata/negative")...) {
		if data, err := os.ReadFile(path); err == nil && len(data) <= 8<<10 {
			f.Add(data)
		}
	}
}

// FuzzParse checks that no input makes the parser or printer panic or
// hang, that errors are located, and that whatever parses prints to
// text that parses back to the same text.
func FuzzParse(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		m, err := Parse("fuzz.ptx", src)
		if err != nil {
			var pe *Error
			if !errors.As(err, &pe) || !pe.Pos.IsValid() {
				t.Fatalf("parse error is not located: %v", err)
			}
			return
		}
		first := m.String()
		m2, err := ParseString("printed.ptx", first)
		if err != nil {
			t.Fatalf("printed module does not parse: %v\ninput:\n%q\nprinted:\n%s", err, src, first)
		}
		if second := m2.String(); second != first {
			t.Fatalf("printing is not stable:\n%s\nvs\n%s", first, second)
		}
	})
}

// FuzzVerify checks that the verifier neither panics nor hangs on any
// module that parses, that its errors are located, and that it gives the
// same verdict on the printed module.
func FuzzVerify(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		m, err := Parse("fuzz.ptx", src)
		if err != nil {
			return
		}
		verr := Verify(m, nil)
		if verr != nil {
			for _, e := range verr.(ErrorList) {
				if e.File != "fuzz.ptx" {
					t.Fatalf("error without file: %v", e)
				}
			}
		}
		m2, err := ParseString("fuzz.ptx", m.String())
		if err != nil {
			t.Fatalf("printed module does not parse: %v", err)
		}
		if (Verify(m2, nil) == nil) != (verr == nil) {
			t.Fatalf("verdict changes after printing: %v vs %v", verr, Verify(m2, nil))
		}
	})
}

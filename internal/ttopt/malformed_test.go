package ttopt

import (
	"bytes"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// runTTOpt runs tt-opt in process on src saved as name.
func runTTOpt(t *testing.T, name string, src []byte, args ...string) (int, string, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	rc := Main(append(args, path), bytes.NewReader(nil), &stdout, &stderr)
	return rc, strings.ReplaceAll(stdout.String(), path, name), strings.ReplaceAll(stderr.String(), path, name)
}

var locatedError = regexp.MustCompile(`^(\S+):(\d+):(\d+): error: `)

// TestMalformedInputs runs every chunk of the invalid lit files on its own,
// without --verify-diagnostics, and checks the exit status and that the
// first error is located on the line its expected-error comment names.
func TestMalformedInputs(t *testing.T) {
	files, _ := filepath.Glob("../../test/lit/invalid/*.mlir")
	expect := regexp.MustCompile(`expected-error@([+-]\d+)`)
	total := 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, c := range splitInput(src, true) {
			lines := strings.Split(string(c.src), "\n")
			wantLine := 0
			for j, l := range lines {
				if m := expect.FindStringSubmatch(l); m != nil {
					var off int
					fmt.Sscan(m[1], &off)
					wantLine = c.firstLine + j + off
					break
				}
			}
			if wantLine == 0 {
				continue
			}
			total++
			name := fmt.Sprintf("%s#%d", filepath.Base(f), i)
			t.Run(name, func(t *testing.T) {
				// Pad with blank lines so line numbers match the whole file.
				padded := append(bytes.Repeat([]byte("\n"), c.firstLine-1), c.src...)
				rc, _, stderr := runTTOpt(t, "in.mlir", padded, "--allow-unregistered-dialect")
				if rc != 1 {
					t.Fatalf("exit status %d, want 1; stderr:\n%s", rc, stderr)
				}
				m := locatedError.FindStringSubmatch(stderr)
				if m == nil {
					t.Fatalf("error is not located as file:line:col:\n%s", stderr)
				}
				if m[2] != fmt.Sprint(wantLine) {
					t.Errorf("error on line %s, want %d:\n%s", m[2], wantLine, stderr)
				}
				if !strings.Contains(stderr, "^") {
					t.Errorf("error lacks the source line and caret:\n%s", stderr)
				}
			})
		}
	}
	if total < 40 {
		t.Errorf("only %d malformed inputs; want at least 40", total)
	}
}

// TestTruncatedFiles cuts every corpus file at many points: each prefix
// either parses or fails with a located error, never a panic.
func TestTruncatedFiles(t *testing.T) {
	files, _ := filepath.Glob("../../test/corpus/*.mlir")
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		step := max(1, len(src)/40)
		for cut := 0; cut < len(src); cut += step {
			rc, _, stderr := runTTOpt(t, "cut.mlir", src[:cut], "--allow-unregistered-dialect")
			if rc != 0 && !locatedError.MatchString(stderr) {
				t.Fatalf("%s cut at %d: exit %d without a located error:\n%s", f, cut, rc, stderr)
			}
		}
	}
}

// TestBinaryGarbage feeds random bytes and random token soup.
func TestBinaryGarbage(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	tokens := []string{"%0", "=", "\"t.a\"", "(", ")", "{", "}", "[", "]", ":", "->", "i32", "tensor<4xf32>", "^bb0", ",", "loc(", "dense<", "#a", "!b", "@f", "func.func", "return", "1.5", "0x10", "\"s", "<", ">", "\n"}
	for i := 0; i < 300; i++ {
		var src []byte
		if i%2 == 0 {
			src = make([]byte, r.Intn(200))
			r.Read(src)
		} else {
			for j := 0; j < r.Intn(40); j++ {
				src = append(src, tokens[r.Intn(len(tokens))]...)
				src = append(src, ' ')
			}
		}
		rc, _, stderr := runTTOpt(t, "garbage.mlir", src, "--allow-unregistered-dialect")
		if rc != 0 && !locatedError.MatchString(stderr) {
			t.Fatalf("input %q: exit %d without a located error:\n%s", src, rc, stderr)
		}
	}
}

// TestDeepNesting: 3,000 nested regions parse, verify and print (mlir-opt 16
// crashes on this); absurd nesting gets a clean error.
func TestDeepNesting(t *testing.T) {
	nest := func(n int) []byte {
		return []byte(strings.Repeat(`"t.a"() ({`+"\n", n) + strings.Repeat("}) : () -> ()\n", n))
	}
	rc, out, stderr := runTTOpt(t, "deep.mlir", nest(3000), "--allow-unregistered-dialect")
	if rc != 0 || strings.Count(out, `"t.a"`) != 3000 {
		t.Fatalf("3000 nested regions: exit %d, %d ops printed; stderr:\n%.500s", rc, strings.Count(out, `"t.a"`), stderr)
	}
	rc, _, stderr = runTTOpt(t, "deeper.mlir", nest(20000), "--allow-unregistered-dialect")
	if rc != 1 || !strings.Contains(stderr, "regions are nested more than") {
		t.Fatalf("20000 nested regions: exit %d; stderr:\n%.500s", rc, stderr)
	}
	// Attributes, types and locations nest too.
	for name, src := range map[string]string{
		"attr": `"t.a"() {a = ` + strings.Repeat("[", 1000000) + `} : () -> ()`,
		"type": `"t.a"() : () -> ` + strings.Repeat("(", 1000000),
		"loc":  `"t.a"() : () -> () loc(` + strings.Repeat("callsite(", 300000),
	} {
		rc, _, stderr = runTTOpt(t, name+".mlir", []byte(src), "--allow-unregistered-dialect")
		if rc != 1 || !strings.Contains(stderr, "nesting is deeper than") {
			t.Errorf("deep %s: exit %d; stderr:\n%.300s", name, rc, stderr)
		}
	}
}

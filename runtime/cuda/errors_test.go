package cuda

import (
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestParseJITLog(t *testing.T) {
	ptx := "line one\nline two\r\n\tadd.f32 %f1, %f2, %x;\n"
	tests := []struct {
		name string
		log  string
		want []JITDiagnostic
	}{
		{"driver JIT", "ptxas application ptx input, line 3; error   : Unknown symbol '%x'\nptxas fatal   : Ptx assembly aborted due to errors",
			[]JITDiagnostic{{Line: 3, Severity: "error", Message: "Unknown symbol '%x'", Source: "\tadd.f32 %f1, %f2, %x;"}}},
		{"ptxas command", "ptxas /tmp/k.ptx, line 2; warning : Double is not supported. Demoting to float\n",
			[]JITDiagnostic{{Line: 2, Severity: "warning", Message: "Double is not supported. Demoting to float", Source: "line two"}}},
		{"CRLF log, two lines", "ptxas application ptx input, line 1; error   : a\r\nptxas application ptx input, line 2; error   : b\r\n",
			[]JITDiagnostic{{Line: 1, Severity: "error", Message: "a", Source: "line one"}, {Line: 2, Severity: "error", Message: "b", Source: "line two"}}},
		{"line past the end", "ptxas application ptx input, line 99; fatal   : Parsing error near '}': syntax error",
			[]JITDiagnostic{{Line: 99, Severity: "fatal", Message: "Parsing error near '}': syntax error"}}},
		{"no line", "ptxas fatal   : Unresolved extern function 'f'", nil},
		{"empty", "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := parseJITLog(tt.log, ptx); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

// TestParseJITLogFromPtxas checks the log format against ptxas itself, the
// compiler the driver's JIT embeds.
func TestParseJITLogFromPtxas(t *testing.T) {
	ptxas, err := exec.LookPath("ptxas")
	if err != nil {
		t.Skip("ptxas (nvidia-cuda-toolkit) is not installed")
	}
	ptx := strings.Replace(readTestdata(t, "vecadd.ptx"), "ld.global.f32 %f2, [%rd9];", "ld.global.f32 %f2, [%undefined];", 1)
	file := filepath.Join(t.TempDir(), "bad.ptx")
	writeFile(t, file, ptx)
	out, err := exec.Command(ptxas, "-arch=sm_70", "-o", filepath.Join(t.TempDir(), "bad.cubin"), file).CombinedOutput()
	if err == nil {
		t.Fatalf("ptxas accepted the bad PTX:\n%s", out)
	}
	diags := parseJITLog(string(out), ptx)
	if len(diags) == 0 || diags[0].Line != 36 || diags[0].Severity != "error" || !strings.Contains(diags[0].Source, "%undefined") {
		t.Fatalf("diagnostics %+v from:\n%s", diags, out)
	}
}

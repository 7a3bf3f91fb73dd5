package report_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/ir/asm"
	"github.com/tt-compiler/tt/report"
)

// A post-fusion module (one kernel of two tensor ops), a loop-level one
// (two buffers) and a graph with a NAME_fwd saving one value.
const (
	postSrc = `func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %k = loops.kernel "fused_exp_neg_0" pointwise (%a) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%x: tensor<4xf32>):
    %e = tensor.exp %x : tensor<4xf32>
    %n = tensor.neg %e : tensor<4xf32>
    loops.yield %n : tensor<4xf32>
  }
  return %k : tensor<4xf32>
}`
	finalSrc = `func.func @f(%a: memref<4xf32>) -> memref<8xf32> {
  %c0 = arith.constant 0 : index
  %t = loops.alloc() : memref<4xf32>
  %o = loops.alloc() : memref<8xf32>
  %v = loops.load %a[%c0] : memref<4xf32>
  loops.store %v, %t[%c0] : memref<4xf32>
  %w = loops.load %t[%c0] : memref<4xf32>
  loops.store %w, %o[%c0] : memref<8xf32>
  loops.dealloc %t : memref<4xf32>
  return %o : memref<8xf32>
}`
	graphSrc = `func.func @g(%a: tensor<4xf32>) -> tensor<f32> {
  %s = tensor.reduce_sum %a dims = [0] : tensor<4xf32>
  return %s : tensor<f32>
}
func.func @g_fwd(%a: tensor<4xf32>) -> (tensor<f32>, tensor<4xf32>) {
  %e = tensor.exp %a : tensor<4xf32>
  %s = tensor.reduce_sum %e dims = [0] : tensor<4xf32>
  return %s, %e : tensor<f32>, tensor<4xf32>
}`
)

// sampleData collects the data of the three modules above.
func sampleData(t *testing.T) *report.Data {
	t.Helper()
	ctx := registry.NewContext()
	post, err := asm.Parse(ctx, []byte(postSrc), asm.ParseOptions{Filename: "post.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	final, err := asm.Parse(ctx, []byte(finalSrc), asm.ParseOptions{Filename: "final.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	graph, err := asm.Parse(ctx, []byte(graphSrc), asm.ParseOptions{Filename: "graph.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	return report.Collect(graph, post, final)
}

func TestCollectAndWrite(t *testing.T) {
	d := sampleData(t)
	if len(d.Kernels) != 1 {
		t.Fatalf("kernels: %+v", d.Kernels)
	}
	k := d.Kernels[0]
	if k.Name != "fused_exp_neg_0" || k.Kind != "pointwise" || len(k.Ops) != 2 || k.Ops[0].Name != "tensor.exp" || k.Ops[1].Name != "tensor.neg" {
		t.Errorf("kernel: %+v", k)
	}
	if k.Ops[0].Loc != "post.mlir:4:10" {
		t.Errorf("exp's location: %q", k.Ops[0].Loc)
	}
	if len(d.Functions) != 1 || len(d.Functions[0].Buffers) != 2 {
		t.Fatalf("functions: %+v", d.Functions)
	}
	// %t lives from its alloc (op 1) to its dealloc (op 7); %o to the return (op 8).
	bt, bo := d.Functions[0].Buffers[0], d.Functions[0].Buffers[1]
	if bt.Start != 1 || bt.End != 7 || bt.Bytes != 16 || bo.Start != 2 || bo.End != 8 || bo.Bytes != 32 {
		t.Errorf("buffers: %+v", d.Functions[0].Buffers)
	}
	if len(d.Saved) != 1 || d.Saved[0].Func != "g_fwd" || d.Saved[0].Op != "tensor.exp" || d.Saved[0].Bytes != 16 {
		t.Errorf("saved: %+v", d.Saved)
	}

	model := "package model\n\nfunc fnF() {\n\t{\n\t\t// loops.parallel at " + k.Loc + "\n\t\tttParallelFor(4, 1, func(lo, hi int) {\n\t\t})\n\t}\n\tother()\n" +
		"\t// loops.for at " + k.Loc + "\n\tfor i := 0; i < 4; i++ {\n\t\tserial()\n\t}\n\tlast()\n}\n"
	d.Fusion = []report.Remark{{Loc: "m.mlir:3:8", Message: "fuse: tensor.add not fused with producer tensor.exp at m.mlir:2:8: the loops differ"}}
	var b bytes.Buffer
	profile := "@f\t" + k.Loc + "\tloops.parallel\t4\t3000000\t1048576\n@g\tg.mlir:1:1\tloops.call_extern\t4\t1000000\t-1\n"
	p := &report.Page{Title: "@f <test>", Profile: profile, Stages: []report.Stage{{Name: "01-graph.mlir", Text: "%x = tensor.exp <a>"}}, Model: []byte(model), Data: d}
	if err := report.Write(&b, p); err != nil {
		t.Fatal(err)
	}
	html := b.String()
	for _, want := range []string{
		"<title>@f &lt;test&gt; — tt compile report</title>", // escaped
		`<details id="stage-0" class="searchable"><summary>01-graph.mlir</summary><pre>%x = tensor.exp &lt;a&gt;</pre>`,
		`<details id="kernel-0" class="searchable"><summary>fused_exp_neg_0`,
		"<td>tensor.neg</td>",
		"ttParallelFor(4, 1, func(lo, hi int) {", // the kernel's code block
		`aria-label="memory timeline of @f"`,
		"peak 48 B", // both buffers live at once
		"<td>@g_fwd</td>",
		"Profile: 3.000 ms in 4 calls (75.0% of the kernels&#39; time)",
		"<tr><td>75.0%</td><td>4</td><td>3.000</td><td>0.750</td><td>1.000</td><td>1.40</td><td>loops.parallel</td><td>@f</td>",
		"<td>dynamic</td><td>?</td><td>loops.call_extern</td>",
		"<tr><td>m.mlir:3:8</td><td>fuse: tensor.add not fused with producer tensor.exp at m.mlir:2:8: the loops differ</td></tr>",
	} {
		if !strings.Contains(html, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	kernel := html[strings.Index(html, `id="kernel-0"`):]
	kernel = kernel[:strings.Index(kernel, "</details>")]
	if !strings.Contains(kernel, "serial()") {
		t.Errorf("the kernel's serial loop nest is missing:\n%s", kernel)
	}
	if strings.Contains(kernel, "other()") || strings.Contains(kernel, "last()") {
		t.Errorf("the kernel's code block runs past its closing brace:\n%s", kernel)
	}
}

func TestParseProfileErrors(t *testing.T) {
	for _, bad := range []string{"@f\tx\tloops.for\t1\t2\n", "@f\tx\tloops.for\tone\t2\t3\n"} {
		if _, err := report.ParseProfile(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
	ks, err := report.ParseProfile("@a\tl\top\t1\t5\t8\n@b\tl\top\t1\t9\t8\n")
	if err != nil || len(ks) != 2 || ks[0].Func != "@b" {
		t.Errorf("not sorted by time: %+v %v", ks, err)
	}
}

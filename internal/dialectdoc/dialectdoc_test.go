package dialectdoc_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/internal/dialectdoc"
	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/ir"
)

// TestCommittedDocsUpToDate fails when docs/dialects does not match the
// OpDefs of the registered dialects.
func TestCommittedDocsUpToDate(t *testing.T) {
	dir := filepath.Join("..", "..", "docs", "dialects")
	if stale := dialectdoc.Stale(dir, registry.Dialects()); len(stale) > 0 {
		t.Fatalf("docs/dialects is out of date (%s): run `go generate ./internal/dialectdoc` and commit the result", strings.Join(stale, ", "))
	}
}

// testDialect exercises every part of the rendering.
func testDialect() *ir.Dialect {
	return &ir.Dialect{
		Name:        "demo",
		Summary:     "A demo dialect",
		Description: "Line one\nof the description.",
		Ops: []*ir.OpDef{
			{
				Name: "demo.op", Summary: "Does\nthings", Description: "Long text.\n\n    code example",
				Traits:   ir.Pure | ir.Commutative,
				Operands: []ir.ArgDef{{Name: "xs", Type: ir.AnyTensor, Variadic: true, Doc: "inputs"}, {Name: "opt", Type: ir.IndexOnly, Optional: true}},
				Results:  []ir.ArgDef{{Name: "r", Type: ir.AnyFloat, Doc: "a | b"}},
				Attrs:    []ir.AttrDef{{Name: "k", Constraint: ir.I64AttrC, Doc: "a count"}, {Name: "m", Constraint: ir.EnumAttr("x", "y"), Optional: true}},
				Format:   "$xs attr-dict `:` type($xs)",
			},
			{
				Name: "demo.term", Summary: "A terminator", Traits: ir.Terminator, Successors: -1, Parents: []string{"demo.region"},
				Print: func(ir.OpPrinter, *ir.Operation) {}, Parse: func(ir.OpParser, *ir.OperationState) error { return nil },
			},
			{Name: "demo.region", Regions: []ir.RegionDef{{Name: "body", Doc: "the body"}}, Successors: 2},
		},
	}
}

func TestRender(t *testing.T) {
	got := dialectdoc.Render(testDialect())
	for _, want := range []string{
		dialectdoc.Header,
		"# The `demo` dialect\n\nA demo dialect\n\nLine one\nof the description.\n\n## Operations\n\n",
		"- [`demo.op`](#demoop): Does things\n",
		"### `demo.op`\n\n_Does things_\n\nSyntax:\n\n```\noperation ::= `demo.op` $xs attr-dict `:` type($xs)\n```\n\nLong text.\n\n    code example\n\n",
		"Traits: `Pure`, `Commutative`\n",
		"| `xs` (variadic) | tensor of any type values | inputs |\n",
		"| `opt` (optional) | index |   |\n",
		"| `r` | floating-point | a \\| b |\n",
		"| `k` | 64-bit signless integer attribute | yes | a count |\n",
		"| `m` | string attribute, one of \"x\", \"y\" | no |   |\n",
		"Syntax: custom (hand-written parser and printer",
		"Must be nested directly in: `demo.region`\n",
		"Successors: any number.\n",
		"Syntax: generic form only.\n",
		"| `body` | the body |\n",
		"Successors: 2.\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("rendering lacks %q\n%s", want, got)
		}
	}
	if !strings.HasSuffix(got, "|\n\nSuccessors: 2.\n") {
		t.Errorf("rendering does not end with one newline:\n%q", got[len(got)-40:])
	}
}

func TestRenderEmptyDialect(t *testing.T) {
	got := dialectdoc.Render(&ir.Dialect{Name: "empty"})
	if !strings.HasSuffix(got, "# The `empty` dialect\n\nThe dialect has no operations.\n") {
		t.Errorf("got %q", got)
	}
}

func TestWriteAndStale(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "docs")
	ds := []*ir.Dialect{testDialect(), {Name: "other", Summary: "Other"}}
	names, err := dialectdoc.Write(dir, ds)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(names, []string{"demo.md", "other.md"}) {
		t.Fatalf("wrote %v", names)
	}
	if stale := dialectdoc.Stale(dir, ds); len(stale) != 0 {
		t.Fatalf("fresh files reported stale: %v", stale)
	}
	if err := os.WriteFile(filepath.Join(dir, "demo.md"), []byte("edited"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, "other.md")); err != nil {
		t.Fatal(err)
	}
	if stale := dialectdoc.Stale(dir, ds); !slices.Equal(stale, []string{"demo.md", "other.md"}) {
		t.Fatalf("stale = %v", stale)
	}
}

// TestEveryRegisteredOpIsDocumented checks that every op of every
// registered dialect has a summary and appears in its rendering.
func TestEveryRegisteredOpIsDocumented(t *testing.T) {
	for _, d := range registry.Dialects() {
		text := dialectdoc.Render(d)
		for _, op := range d.Ops {
			if !strings.Contains(text, "### `"+op.Name+"`") {
				t.Errorf("%s is missing from %s", op.Name, dialectdoc.FileName(d))
			}
		}
	}
}

// TestTensorOpsFullyDocumented checks that every tensor op documents its
// operands, results and attributes.
func TestTensorOpsFullyDocumented(t *testing.T) {
	for _, d := range registry.Dialects() {
		if d.Name != "tensor" {
			continue
		}
		for _, op := range d.Ops {
			if op.Summary == "" || op.Description == "" {
				t.Errorf("%s lacks a summary or description", op.Name)
			}
			for _, a := range append(append([]ir.ArgDef{}, op.Operands...), op.Results...) {
				if a.Doc == "" {
					t.Errorf("%s: %s has no doc", op.Name, a.Name)
				}
			}
			for _, a := range op.Attrs {
				if a.Doc == "" {
					t.Errorf("%s: attribute %s has no doc", op.Name, a.Name)
				}
			}
		}
	}
}

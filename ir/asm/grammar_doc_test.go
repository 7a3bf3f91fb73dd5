package asm_test

import (
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tt-compiler/tt/ir/asm"
)

var updateGrammarDoc = flag.Bool("update-grammar-doc", false, "rewrite the grammar in docs/design/parser.md from the participle engine")

const (
	grammarDoc   = "../../docs/design/parser.md"
	grammarBegin = "<!-- participle grammar: begin (go test ./ir/asm -run TestGrammarDoc -update-grammar-doc) -->\n"
	grammarEnd   = "<!-- participle grammar: end -->"
)

// TestGrammarDoc checks that docs/design/parser.md shows the participle
// engine's grammar as participle prints it.
func TestGrammarDoc(t *testing.T) {
	ebnf, err := asm.GrammarEBNF()
	if err != nil {
		t.Fatal(err)
	}
	for _, rule := range []string{"POp = ", "PGenericOp = ", "PRegion = ", "PBlockHead = ", "PAttrDict = ", "PFnType = ", "PArg = "} {
		if !strings.Contains(ebnf, rule) {
			t.Errorf("the grammar lacks the rule %q:\n%s", rule, ebnf)
		}
	}
	doc, err := os.ReadFile(grammarDoc)
	if err != nil {
		t.Fatal(err)
	}
	text := string(doc)
	begin := strings.Index(text, grammarBegin)
	end := strings.Index(text, grammarEnd)
	if begin < 0 || end < begin {
		t.Fatalf("%s lacks the grammar markers", grammarDoc)
	}
	want := "```ebnf\n" + strings.TrimSpace(ebnf) + "\n```\n"
	got := text[begin+len(grammarBegin) : end]
	if got == want {
		return
	}
	if *updateGrammarDoc {
		text = text[:begin+len(grammarBegin)] + want + text[end:]
		if err := os.WriteFile(grammarDoc, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s is out of date; run go test ./ir/asm -run TestGrammarDoc -update-grammar-doc\n(-doc +grammar):\n%s", grammarDoc, cmp.Diff(got, want))
}

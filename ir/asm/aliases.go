package asm

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/tt-compiler/tt/ir"
)

// Affine maps and integer sets are printed as mlir-opt prints them: once,
// as "#map = affine_map<...>" (#map, #map1, ... in order of first use, then
// #set, #set1, ...) before the top-level operation, and by alias name where
// they are used. PrintOptions.LocalScope prints them inline instead.
//
// tt keeps these attributes as text (ir.OpaqueAttr). Their spelling is
// normalized as MLIR prints it — dimensions renamed d0, d1, ..., symbols
// s0, s1, ..., MLIR's spacing — so that one map written two ways gets one
// alias; MLIR's algebraic simplification (d0 + 0 printed as d0) is not done.

// affineAliases are the aliases of one printed top-level operation.
type affineAliases struct {
	order []string          // normalized spellings, map group then set group
	name  map[string]string // normalized spelling -> "#map1"
	norm  map[string]string // spelling as held -> normalized spelling
}

// collectAffineAliases walks op and everything in it for affine maps and
// sets, in the order the printer meets them: the generic form prints
// regions before the attribute dictionary and the types; custom forms
// mostly print attributes and types first.
func collectAffineAliases(op *ir.Operation, generic bool) *affineAliases {
	var maps, sets []string
	seen := map[string]bool{}
	norm := map[string]string{}
	var visitAttr func(a ir.Attribute)
	var visitType func(t ir.Type)
	visitAttr = func(a ir.Attribute) {
		switch a := a.(type) {
		case *ir.OpaqueAttr:
			kind := ""
			switch {
			case strings.HasPrefix(a.Text, "affine_map<"):
				kind = "map"
			case strings.HasPrefix(a.Text, "affine_set<"):
				kind = "set"
			default:
				return
			}
			n, ok := norm[a.Text]
			if !ok {
				n = normalizeAffine(a.Text)
				norm[a.Text] = n
			}
			if !seen[n] {
				seen[n] = true
				if kind == "map" {
					maps = append(maps, n)
				} else {
					sets = append(sets, n)
				}
			}
		case *ir.ArrayAttr:
			for _, e := range a.Elems {
				visitAttr(e)
			}
		case *ir.DictionaryAttr:
			for _, e := range a.Entries {
				visitAttr(e.Value)
			}
		case *ir.TypeAttr:
			visitType(a.Value)
		case ir.TypedAttr:
			visitType(a.AttrType())
		}
	}
	visitType = func(t ir.Type) {
		switch t := t.(type) {
		case *ir.MemRefType:
			if t.Layout != nil {
				visitAttr(t.Layout)
			}
			visitType(t.Elem)
		case *ir.FunctionType:
			for _, x := range t.Inputs {
				visitType(x)
			}
			for _, x := range t.Results {
				visitType(x)
			}
		case *ir.TupleType:
			for _, x := range t.Types {
				visitType(x)
			}
		}
	}
	var visitOp func(o *ir.Operation)
	visitOp = func(o *ir.Operation) {
		header := func() {
			for _, a := range o.Attrs() {
				visitAttr(a.Value)
			}
			for i := 0; i < o.NumOperands(); i++ {
				visitType(o.Operand(i).Type())
			}
			for i := 0; i < o.NumResults(); i++ {
				visitType(o.Result(i).Type())
			}
		}
		if !generic {
			header()
		}
		for _, r := range o.Regions() {
			for _, b := range r.Blocks() {
				for _, a := range b.Args() {
					visitType(a.Type())
				}
				for nested := b.First(); nested != nil; nested = nested.Next() {
					visitOp(nested)
				}
			}
		}
		if generic {
			header()
		}
	}
	visitOp(op)
	if len(maps)+len(sets) == 0 {
		return nil
	}
	al := &affineAliases{name: map[string]string{}, norm: norm}
	for prefix, group := range map[string][]string{"#map": maps, "#set": sets} {
		for i, n := range group {
			name := prefix
			if i > 0 {
				name += strconv.Itoa(i)
			}
			al.name[n] = name
		}
	}
	al.order = append(maps, sets...)
	return al
}

// writeDefs writes "#map = affine_map<...>" lines.
func (al *affineAliases) writeDefs(w *bytes.Buffer) {
	for _, n := range al.order {
		w.WriteString(al.name[n])
		w.WriteString(" = ")
		w.WriteString(n)
		w.WriteByte('\n')
	}
}

// substitute replaces the affine attributes in printed text by their alias
// names, leaving string literals alone.
func (al *affineAliases) substitute(text []byte) []byte {
	var out bytes.Buffer
	out.Grow(len(text))
	for i := 0; i < len(text); {
		c := text[i]
		if c == '"' {
			j := skipStringLiteral(text, i)
			out.Write(text[i:j])
			i = j
			continue
		}
		if c == 'a' && (i == 0 || !isIdentChar(text[i-1])) &&
			(bytes.HasPrefix(text[i:], []byte("affine_map<")) || bytes.HasPrefix(text[i:], []byte("affine_set<"))) {
			if end, msg := scanBalanced(text, i+len("affine_map")); msg == "" {
				if n, ok := al.norm[string(text[i:end])]; ok {
					out.WriteString(al.name[n])
					i = end
					continue
				}
			}
		}
		out.WriteByte(c)
		i++
	}
	return out.Bytes()
}

// skipStringLiteral returns the offset just past the string literal that
// starts at text[i] (a '"').
func skipStringLiteral(text []byte, i int) int {
	for j := i + 1; j < len(text); j++ {
		switch text[j] {
		case '\\':
			j++
		case '"', '\n':
			return j + 1
		}
	}
	return len(text)
}

// normalizeAffine respells "affine_map<(i, j)[n] -> (i+n, j)>" as MLIR
// prints it: "affine_map<(d0, d1)[s0] -> (d0 + s0, d1)>".
func normalizeAffine(text string) string {
	lt := strings.IndexByte(text, '<')
	kw, body := text[:lt], text[lt+1:len(text)-1]
	toks := affineTokens(body)
	rename := map[string]string{}
	// The dimension list, then the optional symbol list.
	i := 0
	for _, group := range []struct {
		open, close, prefix string
	}{{"(", ")", "d"}, {"[", "]", "s"}} {
		if i >= len(toks) || toks[i] != group.open {
			continue
		}
		n := 0
		for i++; i < len(toks) && toks[i] != group.close; i++ {
			if toks[i] != "," {
				rename[toks[i]] = group.prefix + strconv.Itoa(n)
				n++
			}
		}
		i++
	}
	var sb strings.Builder
	sb.WriteString(kw)
	sb.WriteByte('<')
	prev := ""
	for k, t := range toks {
		if r, ok := rename[t]; ok {
			t = r
		}
		switch {
		case k == 0:
		case t == "," || t == ")" || t == "]":
		case prev == "(" || prev == "[":
		case t == "[" && prev == ")":
		case prev == "-" && isUnaryMinus(toks, k-1):
		default:
			sb.WriteByte(' ')
		}
		sb.WriteString(t)
		prev = t
	}
	sb.WriteByte('>')
	return sb.String()
}

// isUnaryMinus reports whether toks[i], a "-", negates what follows.
func isUnaryMinus(toks []string, i int) bool {
	if i == 0 {
		return true
	}
	switch toks[i-1] {
	case "(", "[", ",", "+", "-", "*", "->", ":", ">=", "==", "floordiv", "ceildiv", "mod":
		return true
	}
	return false
}

// affineTokens splits the body of an affine map or set into identifiers,
// integers and punctuation.
func affineTokens(s string) []string {
	var toks []string
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case isLetter(c) || c == '_' || isDigit(c):
			j := i + 1
			for j < len(s) && (isIdentChar(s[j]) || s[j] == '$') {
				j++
			}
			toks = append(toks, s[i:j])
			i = j
		case strings.HasPrefix(s[i:], "->") || strings.HasPrefix(s[i:], ">=") ||
			strings.HasPrefix(s[i:], "<=") || strings.HasPrefix(s[i:], "=="):
			toks = append(toks, s[i:i+2])
			i += 2
		default:
			toks = append(toks, s[i:i+1])
			i++
		}
	}
	return toks
}

package rewrite

import (
	"slices"

	"github.com/tt-compiler/tt/ir"
)

// PatternSet collects rewrite patterns. Freeze it to apply the patterns.
type PatternSet struct {
	patterns []ir.RewritePattern
}

// NewPatternSet returns a set holding ps.
func NewPatternSet(ps ...ir.RewritePattern) *PatternSet {
	return &PatternSet{patterns: slices.Clone(ps)}
}

// Add appends patterns and returns the set.
func (s *PatternSet) Add(ps ...ir.RewritePattern) *PatternSet {
	s.patterns = append(s.patterns, ps...)
	return s
}

// AddFunc appends a pattern built from a function: it matches ops named
// root ("" for any op), has the given benefit and label, and rewrites with
// fn, which reports whether it changed the IR.
func (s *PatternSet) AddFunc(root string, benefit int, label string, fn func(op *ir.Operation, rw *ir.PatternRewriter) bool) *PatternSet {
	return s.Add(&ir.Pattern{Root: root, Priority: benefit, Label: label, Rewrite: fn})
}

// Patterns returns the patterns in insertion order.
func (s *PatternSet) Patterns() []ir.RewritePattern { return s.patterns }

// Len returns the number of patterns.
func (s *PatternSet) Len() int { return len(s.patterns) }

// Freeze returns the patterns indexed by root operation and sorted by
// benefit (highest first; patterns of equal benefit keep their order).
func (s *PatternSet) Freeze() *FrozenPatternSet {
	f := &FrozenPatternSet{byRoot: map[string][]ir.RewritePattern{}, n: len(s.patterns)}
	for _, p := range s.patterns {
		if p.RootName() == "" {
			f.any = append(f.any, p)
		} else {
			f.byRoot[p.RootName()] = append(f.byRoot[p.RootName()], p)
		}
	}
	byBenefit := func(a, b ir.RewritePattern) int { return b.Benefit() - a.Benefit() }
	for _, ps := range f.byRoot {
		slices.SortStableFunc(ps, byBenefit)
	}
	slices.SortStableFunc(f.any, byBenefit)
	return f
}

// FrozenPatternSet is an immutable, indexed pattern set, safe to share
// between goroutines.
type FrozenPatternSet struct {
	byRoot map[string][]ir.RewritePattern
	any    []ir.RewritePattern
	n      int
}

// Len returns the number of patterns.
func (f *FrozenPatternSet) Len() int { return f.n }

// apply tries the patterns that may match op in order of benefit (patterns
// for op's name before any-op patterns of the same benefit) and stops at the
// first that rewrites. It reports whether one did.
func (f *FrozenPatternSet) apply(op *ir.Operation, rw *ir.PatternRewriter) bool {
	if f == nil {
		return false
	}
	specific := f.byRoot[op.Name()]
	i, j := 0, 0
	for i < len(specific) || j < len(f.any) {
		var p ir.RewritePattern
		if i < len(specific) && (j >= len(f.any) || specific[i].Benefit() >= f.any[j].Benefit()) {
			p = specific[i]
			i++
		} else {
			p = f.any[j]
			j++
		}
		if p.Benefit() < 0 {
			continue // impossible to match
		}
		if p.MatchAndRewrite(op, rw) {
			return true
		}
	}
	return false
}

// PatternName returns a pattern's label (ir.Pattern's Label, or the result
// of a Name method), or "".
func PatternName(p ir.RewritePattern) string {
	switch p := p.(type) {
	case *ir.Pattern:
		return p.Label
	case interface{ Name() string }:
		return p.Name()
	}
	return ""
}

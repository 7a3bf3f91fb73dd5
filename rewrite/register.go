package rewrite

import "github.com/tt-compiler/tt/pass"

// Passes returns the factories of the generic rewriting passes:
// canonicalize, cse, dce, inline, symbol-dce and loop-invariant-code-motion.
func Passes() []func() pass.Pass {
	return []func() pass.Pass{NewCanonicalizePass, NewCSEPass, NewDCEPass, NewInlinePass, NewSymbolDCEPass, NewLICMPass}
}

// Register adds the generic rewriting passes to r.
func Register(r *pass.Registry) error {
	for _, f := range Passes() {
		if err := r.Register(f); err != nil {
			return err
		}
	}
	return nil
}

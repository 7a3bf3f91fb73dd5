package rewrite

import (
	"slices"
	"sync"

	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/pass"
)

// CanonicalizationPatterns returns the canonicalization patterns of every
// operation of the dialects loaded in ctx (OpDef.Canonicalize), dialects in
// name order, ops in declaration order. A pattern declared with no root
// name is rooted at the op that declares it.
func CanonicalizationPatterns(ctx *ir.Context) *PatternSet {
	s := NewPatternSet()
	for _, d := range ctx.Dialects() {
		for _, def := range d.Ops {
			for _, p := range def.Canonicalize {
				if p.RootName() == "" {
					p = rooted{p, def.Name}
				}
				s.Add(p)
			}
		}
	}
	return s
}

// rooted gives a pattern a root name.
type rooted struct {
	ir.RewritePattern
	root string
}

func (r rooted) RootName() string { return r.root }

// Name returns the wrapped pattern's name.
func (r rooted) Name() string { return PatternName(r.RewritePattern) }

// canonicalizer is the canonicalize pass.
type canonicalizer struct {
	pass.Base
	topDown, regionSimplify, testConvergence *bool
	maxIterations, maxRewrites               *int
	disabled, enabled                        *[]string

	numRewrites, numFolded, numErased *pass.Statistic

	mu       sync.Mutex
	patterns map[*ir.Context]*FrozenPatternSet
}

// NewCanonicalizePass returns the canonicalize pass: fold every op and apply
// every op's canonicalization patterns with the greedy driver.
func NewCanonicalizePass() pass.Pass {
	p := &canonicalizer{Base: pass.NewBase(pass.Info{
		Argument: "canonicalize",
		Name:     "Canonicalizer",
		Summary:  "Canonicalize operations",
		Description: "Applies the folders and canonicalization patterns of all loaded operations with the greedy " +
			"pattern rewrite driver until a fixed point (or the iteration limit) is reached: constants are uniqued " +
			"and hoisted to the entry block of the nearest isolated region, dead operations and unreachable blocks are erased.",
	}), patterns: map[*ir.Context]*FrozenPatternSet{}}
	o := p.Options()
	p.topDown = o.Bool("top-down", true, "Seed the worklist in general top-down order")
	p.regionSimplify = o.Bool("region-simplify", true, "Perform control flow optimizations to the region tree")
	p.maxIterations = o.Int("max-iterations", DefaultMaxIterations, "Max. iterations between applying patterns / simplifying regions")
	p.maxRewrites = o.Int("max-num-rewrites", -1, "Max. number of pattern rewrites within an iteration")
	p.testConvergence = o.Bool("test-convergence", false, "Test only: Fail pass on non-convergence to detect cyclic pattern")
	p.disabled = o.StringList("disable-patterns", nil, "Labels of patterns that should be filtered out during application")
	p.enabled = o.StringList("enable-patterns", nil, "Labels of patterns that should be used during application, all other patterns are filtered out")
	p.numRewrites = p.NewStatistic("num-rewrites", "Number of pattern rewrites applied")
	p.numFolded = p.NewStatistic("num-folded", "Number of operations folded")
	p.numErased = p.NewStatistic("num-erased", "Number of dead operations erased")
	return p
}

func (p *canonicalizer) frozen(ctx *ir.Context) *FrozenPatternSet {
	p.mu.Lock()
	defer p.mu.Unlock()
	if f, ok := p.patterns[ctx]; ok {
		return f
	}
	all := CanonicalizationPatterns(ctx)
	kept := NewPatternSet()
	for _, pat := range all.Patterns() {
		name := PatternName(pat)
		if slices.Contains(*p.disabled, name) {
			continue
		}
		if len(*p.enabled) > 0 && !slices.Contains(*p.enabled, name) {
			continue
		}
		kept.Add(pat)
	}
	f := kept.Freeze()
	p.patterns[ctx] = f
	return f
}

func (p *canonicalizer) Run(op *ir.Operation, am *pass.AnalysisManager) error {
	cfg := GreedyConfig{
		TopDown:                     *p.topDown,
		MaxIterations:               *p.maxIterations,
		MaxNumRewrites:              *p.maxRewrites,
		DisableRegionSimplification: !*p.regionSimplify,
	}
	if cfg.MaxIterations == 0 {
		// As in MLIR, no iterations at all (GreedyConfig's 0 means the default).
		am.PreserveAll()
		return nil
	}
	res := ApplyPatternsGreedily(op, p.frozen(op.Context()), cfg)
	p.numRewrites.Add(int64(res.NumRewrites))
	p.numFolded.Add(int64(res.NumFolded))
	p.numErased.Add(int64(res.NumErased))
	if !res.Changed {
		am.PreserveAll()
	}
	if *p.testConvergence && !res.Converged {
		return ir.Errorf(op.Loc(), "canonicalizer failed to converge within %d iterations", res.Iterations)
	}
	return nil
}

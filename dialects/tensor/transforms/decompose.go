// Package transforms holds the passes of the tensor dialect: decompose,
// which rewrites composite tensor ops (gelu, softmax, log_softmax,
// layer_norm, cross_entropy, reduce_mean) into the other tensor ops.
package transforms

import (
	"strings"

	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/pass"
)

// decomposePass is the decompose pass.
type decomposePass struct {
	pass.Base
	ops      *[]string
	numOps   *pass.Statistic
	selected map[string]bool
}

// NewDecomposePass returns the decompose pass. Its option ops selects the
// composites to rewrite (short names, e.g. "decompose{ops=softmax,gelu}");
// by default all of them.
func NewDecomposePass() pass.Pass {
	p := &decomposePass{Base: pass.NewBase(pass.Info{
		Argument: "decompose",
		Name:     "Decompose",
		Summary:  "Decompose composite tensor ops into core tensor ops",
		Description: "Rewrites the composite tensor ops (" + strings.Join(tensor.Composites, ", ") + ") into the " +
			"other tensor ops, until none of the selected ones is left: softmax and log_softmax in the numerically " +
			"stable form (subtract the maximum first), gelu with erf or its tanh approximation, layer_norm with two " +
			"reductions and rsqrt, cross_entropy with log_softmax and a one-hot mask (iota, cmp, select), and " +
			"reduce_mean as reduce_sum divided by the element count. f16 and bf16 composites are computed in f32 and " +
			"rounded once.",
	})}
	p.ops = p.Options().StringList("ops", nil, "The composite ops to decompose (default: all of "+strings.Join(tensor.Composites, ", ")+")")
	p.numOps = p.NewStatistic("num-decomposed", "Number of composite ops decomposed")
	return p
}

// Initialize checks the ops option.
func (p *decomposePass) Initialize(*pass.Registry) error {
	set, err := tensor.ParseCompositeList(*p.ops)
	p.selected = set
	return err
}

// Run decomposes the selected composites nested in op.
func (p *decomposePass) Run(op *ir.Operation, am *pass.AnalysisManager) error {
	if p.selected == nil {
		if err := p.Initialize(nil); err != nil {
			return err
		}
	}
	n, err := tensor.DecomposeCount(op, *p.ops)
	p.numOps.Add(int64(n))
	if n == 0 && err == nil {
		am.PreserveAll()
	}
	return err
}

package pass

import (
	"fmt"
	"slices"
	"strings"
)

// Registry maps pass arguments and pipeline names to their definitions. It
// is an ordinary value, not a global: a tool creates one and registers the
// passes it offers (tt-opt's is filled by internal/registry), and tests can
// build their own.
type Registry struct {
	passes    map[string]*PassEntry
	pipelines map[string]*PipelineEntry
}

// PassEntry is a registered pass.
type PassEntry struct {
	// Argument, Name, Summary and Description are copied from an instance.
	Argument, Name, Summary, Description string
	// Anchor is the op the pass runs on, or AnyOp.
	Anchor string
	// New creates a fresh instance with default options.
	New func() Pass
}

// PipelineEntry is a named pipeline: a name standing for a textual pipeline.
type PipelineEntry struct {
	// Name is the pipeline's name in pipeline strings and on the command line.
	Name string
	// Summary is a one-line description.
	Summary string
	// Pipeline is the textual pipeline the name expands to, a comma list of
	// passes and nested pipelines such as
	// "func.func(canonicalize,cse),symbol-dce", added where the name appears.
	Pipeline string
}

// NewRegistry returns an empty registry.
func NewRegistry() *Registry {
	return &Registry{passes: map[string]*PassEntry{}, pipelines: map[string]*PipelineEntry{}}
}

// Register adds a pass factory. It creates one instance to read the pass's
// argument and description. Registering an empty or already used name is
// an error.
func (r *Registry) Register(factory func() Pass) error {
	p := factory()
	arg := p.Argument()
	if err := r.checkName(arg); err != nil {
		return err
	}
	r.passes[arg] = &PassEntry{Argument: arg, Name: p.Name(), Summary: p.Summary(),
		Description: p.Description(), Anchor: p.Anchor(), New: factory}
	return nil
}

// MustRegister registers factories at program setup; it panics on error.
func (r *Registry) MustRegister(factories ...func() Pass) *Registry {
	for _, f := range factories {
		if err := r.Register(f); err != nil {
			panic(err)
		}
	}
	return r
}

// RegisterPipeline registers a named pipeline that expands to the textual
// pipeline text (a comma list, as accepted inside an anchor's parentheses).
// The text is checked for syntax now; its pass names are resolved when the
// pipeline is used, so it may name passes registered later.
func (r *Registry) RegisterPipeline(name, summary, text string) error {
	if err := r.checkName(name); err != nil {
		return err
	}
	if _, err := parseElements(text); err != nil {
		return fmt.Errorf("pipeline '%s': %w", name, err)
	}
	r.pipelines[name] = &PipelineEntry{Name: name, Summary: summary, Pipeline: text}
	return nil
}

func (r *Registry) checkName(name string) error {
	if name == "" || strings.ContainsAny(name, ",(){} \t\n") {
		return fmt.Errorf("invalid pass or pipeline name %q", name)
	}
	if name == "any" || r.passes[name] != nil || r.pipelines[name] != nil {
		return fmt.Errorf("'%s' is already registered", name)
	}
	return nil
}

// Lookup returns the registered pass with the given argument, or nil.
func (r *Registry) Lookup(arg string) *PassEntry { return r.passes[arg] }

// LookupPipeline returns the named pipeline, or nil.
func (r *Registry) LookupPipeline(name string) *PipelineEntry { return r.pipelines[name] }

// Passes returns the registered passes sorted by argument.
func (r *Registry) Passes() []*PassEntry {
	out := make([]*PassEntry, 0, len(r.passes))
	for _, e := range r.passes {
		out = append(out, e)
	}
	slices.SortFunc(out, func(a, b *PassEntry) int { return strings.Compare(a.Argument, b.Argument) })
	return out
}

// Pipelines returns the named pipelines sorted by name.
func (r *Registry) Pipelines() []*PipelineEntry {
	out := make([]*PipelineEntry, 0, len(r.pipelines))
	for _, e := range r.pipelines {
		out = append(out, e)
	}
	slices.SortFunc(out, func(a, b *PipelineEntry) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// NewPass creates the pass registered under arg with options parsed from
// options (MLIR syntax: "key=value key2=a,b"), and initializes it.
func (r *Registry) NewPass(arg, options string) (Pass, error) {
	e := r.passes[arg]
	if e == nil {
		return nil, fmt.Errorf("'%s' does not refer to a registered pass or pass pipeline", arg)
	}
	p := e.New()
	if err := p.Options().Parse(options, arg); err != nil {
		return nil, err
	}
	if in, ok := p.(Initializer); ok {
		if err := in.Initialize(r); err != nil {
			return nil, err
		}
	}
	return p, nil
}

package difftest

import (
	"context"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// CampaignOptions configures Campaign.
type CampaignOptions struct {
	// Seed is the first program's seed; program i has seed Seed+i.
	Seed int64
	// N is the number of programs.
	N int
	// Backends are compared with the tensor-level reference.
	Backends []string
	// Grad makes the programs of odd seeds gradient programs.
	Grad bool
	// MaxOps bounds each program (GenOptions.MaxOps).
	MaxOps int
	// Batch is the number of programs built together by the Go backend
	// (default 32).
	Batch int
	// Out, when set, receives every new failure class minimized, as a
	// regression case (see WriteRegression).
	Out string
	// Minimize minimizes failures (one per signature).
	Minimize bool
	// Deadline stops the campaign early when set.
	Deadline time.Time
	// Log receives progress and failures.
	Log io.Writer
}

// Summary is a campaign's figures.
type Summary struct {
	Programs, GradPrograms int
	// Ops counts generated ops by name.
	Ops map[string]int
	// Failures counts failing programs by failure class; Signatures the
	// distinct failure signatures, with one failing case each (minimized
	// when asked).
	Failures   map[string]int
	Signatures map[string]*Minimized
	// Unsupported counts the programs a backend refused, by
	// "backend: reason"; Compared the programs each backend ran and
	// compared with the reference (refusals and reference failures
	// excluded).
	Unsupported map[string]int
	Compared    map[string]int
	Elapsed     time.Duration
}

// Minimized is a failure with its (minimized) case.
type Minimized struct {
	Failure Failure
	Case    *Case
	Count   int
	// Dir is where the regression case was written, when it was.
	Dir string
	// Stats of the minimization, when it ran.
	Stats *MinimizeStats
}

// Campaign generates and checks programs and summarizes the results.
func Campaign(ctx context.Context, opts CampaignOptions) (*Summary, error) {
	if opts.Batch <= 0 {
		opts.Batch = 32
	}
	start := time.Now()
	sum := &Summary{Ops: map[string]int{}, Failures: map[string]int{}, Signatures: map[string]*Minimized{}, Unsupported: map[string]int{}, Compared: map[string]int{}}
	cfg := Config{Backends: opts.Backends}
	for i := 0; i < opts.N; i += opts.Batch {
		if ctx.Err() != nil || !opts.Deadline.IsZero() && time.Now().After(opts.Deadline) {
			break
		}
		var cases []*Case
		var progs []*Program
		for j := i; j < min(opts.N, i+opts.Batch); j++ {
			seed := opts.Seed + int64(j)
			grad := opts.Grad && seed&1 == 1
			p := Generate(seed, GenOptions{Grad: grad, MaxOps: opts.MaxOps})
			progs = append(progs, p)
			cases = append(cases, CaseOf(p, caseName(seed, grad)))
		}
		reports := Check(ctx, cfg, cases)
		if ctx.Err() != nil {
			break // interrupted: the batch's runs were cut short, not failing
		}
		for _, p := range progs {
			for op, n := range p.Ops {
				sum.Ops[op] += n
			}
			sum.Programs++
			if p.Grad {
				sum.GradPrograms++
			}
		}
		for _, r := range reports {
			sum.count(r, opts.Backends)
			seen := map[string]bool{}
			for _, f := range r.Failures {
				if !seen[f.Class()] {
					sum.Failures[f.Class()]++
					seen[f.Class()] = true
				}
				sig := f.Signature()
				if m := sum.Signatures[sig]; m != nil {
					m.Count++
					continue
				}
				m := &Minimized{Failure: f, Case: r.Case, Count: 1}
				sum.Signatures[sig] = m
				if opts.Log != nil {
					fmt.Fprintf(opts.Log, "%s: %v\n", r.Case.Name, f)
				}
				if opts.Minimize {
					minimizeFailure(ctx, cfg, m, opts.Log)
				}
				if opts.Out != "" {
					dir := filepath.Join(opts.Out, m.Case.Name)
					if err := WriteRegression(dir, m.Case, m.Failure); err != nil {
						return sum, err
					}
					m.Dir = dir
				}
			}
		}
		if opts.Log != nil {
			fmt.Fprintf(opts.Log, "%d programs, %d failing classes, %s\n", sum.Programs, len(sum.Signatures), time.Since(start).Round(time.Second))
		}
	}
	sum.Elapsed = time.Since(start)
	return sum, nil
}

// count adds a report's refusals and the backends that compared it.
func (s *Summary) count(r Report, backends []string) {
	refused := map[string]bool{}
	for _, u := range r.Unsupported {
		s.Unsupported[u.Backend+": "+u.Reason]++
		refused[u.Backend] = true
	}
	for _, f := range r.Failures {
		if f.Backend == Tensor && f.Kind != KindGradient {
			return // the reference did not run it
		}
	}
	for _, b := range backends {
		if b != Tensor && b != Interp && !refused[b] {
			s.Compared[b]++
		}
	}
}

// caseName names a program's function: p<seed>, g<seed> for gradient
// programs.
func caseName(seed int64, grad bool) string {
	prefix := "p"
	if grad {
		prefix = "g"
	}
	if seed < 0 {
		return fmt.Sprintf("%sm%d", prefix, -seed)
	}
	return fmt.Sprintf("%s%d", prefix, seed)
}

// SamePredicate is the predicate of "fails the same way": checking the
// subject (as a case like c) gives a failure with f's signature.
func SamePredicate(cfg Config, c *Case, f Failure) Predicate {
	// Only the backend that failed needs to run.
	var extra []Backend
	for _, be := range cfg.Extra {
		if be.Name() == f.Backend {
			extra = append(extra, be)
		}
	}
	cfg.Backends, cfg.Extra = []string{f.Backend}, extra
	if len(extra) > 0 || f.Backend == Tensor {
		cfg.Backends = nil
	}
	want := f.Signature()
	return func(ctx context.Context, s *Subject) bool {
		r := Check(ctx, cfg, []*Case{{Name: c.Name, Module: s.Module, Entry: s.Entry, Inputs: s.Inputs, Grad: c.Grad}})[0]
		for _, g := range r.Failures {
			if g.Signature() == want {
				return true
			}
		}
		return false
	}
}

// minimizeFailure replaces m.Case by its minimization.
func minimizeFailure(ctx context.Context, cfg Config, m *Minimized, log io.Writer) {
	s := &Subject{Module: m.Case.Module, Entry: m.Case.Entry, Inputs: m.Case.Inputs}
	small, st, err := Minimize(ctx, s, SamePredicate(cfg, m.Case, m.Failure), nil)
	if err != nil {
		if log != nil {
			fmt.Fprintf(log, "  not minimized: %v\n", err)
		}
		return
	}
	m.Stats = &st
	m.Case = &Case{Name: m.Case.Name, Module: small.Module, Entry: small.Entry, Inputs: small.Inputs, Grad: m.Case.Grad}
	if log != nil {
		fmt.Fprintf(log, "  minimized from %d to %d ops (%d tries)\n", st.OpsBefore, st.OpsAfter, st.Tries)
	}
}

// Write prints the summary.
func (s *Summary) Write(w io.Writer) {
	fmt.Fprintf(w, "programs: %d (%d gradient), %s\n", s.Programs, s.GradPrograms, s.Elapsed.Round(time.Second))
	ops := slices.Sorted(maps.Keys(s.Ops))
	total := 0
	var parts []string
	for _, op := range ops {
		total += s.Ops[op]
		parts = append(parts, fmt.Sprintf("%s %d", op, s.Ops[op]))
	}
	fmt.Fprintf(w, "ops: %d of %d kinds: %s\n", total, len(ops), strings.Join(parts, ", "))
	if len(s.Compared) > 0 {
		var parts []string
		for _, b := range slices.Sorted(maps.Keys(s.Compared)) {
			parts = append(parts, fmt.Sprintf("%s %d", b, s.Compared[b]))
		}
		fmt.Fprintf(w, "compared with the reference: %s\n", strings.Join(parts, ", "))
	}
	if len(s.Unsupported) > 0 {
		fmt.Fprintln(w, "unsupported programs by reason:")
		for _, r := range slices.Sorted(maps.Keys(s.Unsupported)) {
			fmt.Fprintf(w, "  %5d %s\n", s.Unsupported[r], r)
		}
	}
	if len(s.Failures) == 0 {
		fmt.Fprintln(w, "failures: none")
		return
	}
	fmt.Fprintln(w, "failing programs by class:")
	for _, c := range slices.Sorted(maps.Keys(s.Failures)) {
		fmt.Fprintf(w, "  %-28s %d\n", c, s.Failures[c])
	}
	fmt.Fprintln(w, "distinct failures:")
	for _, sig := range slices.Sorted(maps.Keys(s.Signatures)) {
		m := s.Signatures[sig]
		fmt.Fprintf(w, "  %dx %v\n     first: %s", m.Count, m.Failure, m.Case.Name)
		if m.Stats != nil {
			fmt.Fprintf(w, ", minimized %d -> %d ops", m.Stats.OpsBefore, m.Stats.OpsAfter)
		}
		if m.Dir != "" {
			fmt.Fprintf(w, ", saved in %s", m.Dir)
		}
		fmt.Fprintln(w)
		if m.Stats != nil {
			for _, l := range strings.Split(strings.TrimSpace(m.Case.Module), "\n") {
				fmt.Fprintf(w, "       %s\n", l)
			}
		}
	}
}

// ensureDir creates dir.
func ensureDir(dir string) error { return os.MkdirAll(dir, 0o755) }

package difftest

import (
	"context"
	"fmt"
	"regexp"
	"runtime/debug"
	"strings"

	"github.com/tt-compiler/tt/backend/ptxsim"
	"github.com/tt-compiler/tt/interp"
)

// PTXSim is the GPU path on the PTX simulator: pt2-gpu, PTX emitted by
// emit/ptx, kernels run by ptx/sim, the host function in the interpreter
// (package backend/ptxsim).
const PTXSim = "ptxsim"

// ptxsimBackend runs each job on its own simulator Runner: the kernels of
// one program are loaded once and run once (the simulator is slow, there
// is nothing to share across a batch).
type ptxsimBackend struct{}

func (ptxsimBackend) Name() string { return PTXSim }

func (b ptxsimBackend) RunBatch(ctx context.Context, jobs []Job) []Outcome {
	out := make([]Outcome, len(jobs))
	for i, job := range jobs {
		if ctx.Err() != nil {
			out[i] = Outcome{Err: ctx.Err(), Stage: StageRun}
			continue
		}
		out[i] = b.run(ctx, job)
		if out[i].Err != nil && out[i].Stage != StageRun {
			if reason, ok := Unsupported(out[i].Err.Error()); ok {
				out[i].Unsupported = reason
			}
		}
	}
	return out
}

func (ptxsimBackend) run(ctx context.Context, job Job) (o Outcome) {
	m, stage, err := prepare(job, false)
	if err != nil {
		return Outcome{Err: err, Stage: stage}
	}
	stage = StageLower
	defer func() {
		if r := recover(); r != nil {
			o = Outcome{Err: fmt.Errorf("panic: %v\n%s", r, debug.Stack()), Stage: stage}
		}
	}()
	var r ptxsim.Runner
	if err := r.Prepare(ctx, m, job.Entry); err != nil {
		return Outcome{Err: err, Stage: stage}
	}
	stage = StageRun
	args := make([]interp.Value, len(job.Inputs))
	for i, x := range job.Inputs {
		args[i] = x.Clone()
	}
	res, err := r.Run(ctx, args)
	if err != nil {
		return Outcome{Err: err, Stage: stage}
	}
	for i, v := range res {
		if buf, ok := v.(*interp.Buffer); ok {
			t, err := buf.Storage()
			if err != nil {
				return Outcome{Err: fmt.Errorf("result #%d: %v", i, err), Stage: stage}
			}
			res[i] = t
		}
	}
	ts, err := interp.Tensors(res)
	if err != nil {
		return Outcome{Err: err, Stage: stage}
	}
	return Outcome{Results: ts}
}

// unsupportedMessage matches the located errors by which the GPU path
// refuses what it does not implement yet (an op or an element type in
// kernels, an element type at the loop level); the part it captures,
// with names and numbers blanked, is the reason.
var unsupportedMessage = regexp.MustCompile(`((?:emit/ptx: )?[^:\n]*(?:is|are) not supported[^\n]*)`)

// number is a number standing alone (not the width in f32 or i64).
var number = regexp.MustCompile(`\b[0-9]+\b`)

// Unsupported reports whether msg is a located "not supported" error of
// the GPU path's lowering or emitter, and its reason: the message without
// its location, value names and numbers, so that one missing feature is
// one reason.
func Unsupported(msg string) (string, bool) {
	line := firstLine(msg)
	m := unsupportedMessage.FindStringSubmatch(line)
	if m == nil {
		return "", false
	}
	reason := strings.TrimSpace(m[1])
	reason = locPrefix.ReplaceAllString(number.ReplaceAllString(reason, "#"), "")
	reason = values.ReplaceAllString(reason, "%")
	return reason, true
}

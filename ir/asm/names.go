package asm

import (
	"slices"
	"strconv"
	"strings"

	"github.com/tt-compiler/tt/ir"
)

// nameState assigns SSA value and block names exactly as MLIR's printer does:
// within each isolated-from-above scope, the values of a region's blocks are
// numbered first (entry block arguments %argN, other values %N), then each
// nested region continues from those counters, siblings starting from the
// same point. Ops may suggest result names (%c0, %cst); clashes get a _N
// suffix.
type nameState struct {
	values     map[ir.Value]string // "%0", "%arg1", "%c0" (group name for every result of the op)
	groupIdx   map[ir.Value]int    // result number within a multi-result op, -1 when printed bare
	groupSize  map[*ir.Operation]int
	blocks     map[*ir.Block]string
	used       []map[string]bool // scoped user-chosen names
	conflictID int
	// noHints turns off op-suggested names, as MLIR does in generic form.
	noHints bool
}

func newNameState() *nameState {
	return &nameState{
		values: map[ir.Value]string{}, groupIdx: map[ir.Value]int{},
		groupSize: map[*ir.Operation]int{}, blocks: map[*ir.Block]string{},
	}
}

// numberOp names everything nested inside op (op's own results are named by
// its parent region).
func (n *nameState) numberOp(op *ir.Operation) {
	n.used = append(n.used, map[string]bool{})
	n.numberResults(op, new(int))
	for _, r := range op.Regions() {
		n.numberRegion(r, 0, 0)
	}
	n.used = n.used[:len(n.used)-1]
}

func (n *nameState) numberRegion(r *ir.Region, valueID, argID int) {
	// Names and conflict suffixes (%cst_0, %cst_1) are scoped by region:
	// sibling regions start from the same point, as in MLIR.
	n.used = append(n.used, map[string]bool{})
	savedConflict := n.conflictID
	defer func() {
		n.used = n.used[:len(n.used)-1]
		n.conflictID = savedConflict
	}()
	for bi, b := range r.Blocks() {
		n.blocks[b] = "^bb" + strconv.Itoa(bi)
		for _, a := range b.Args() {
			if bi == 0 {
				n.values[a] = "%arg" + strconv.Itoa(argID)
				argID++
			} else {
				n.values[a] = "%" + strconv.Itoa(valueID)
				valueID++
			}
			n.groupIdx[a] = -1
		}
		for op := b.First(); op != nil; op = op.Next() {
			n.numberResults(op, &valueID)
		}
	}
	for _, b := range r.Blocks() {
		for op := b.First(); op != nil; op = op.Next() {
			for _, nested := range op.Regions() {
				if op.HasTrait(ir.IsolatedFromAbove) {
					n.numberRegion(nested, 0, 0)
				} else {
					n.numberRegion(nested, valueID, argID)
				}
			}
		}
	}
}

func (n *nameState) numberResults(op *ir.Operation, valueID *int) {
	nr := op.NumResults()
	if nr == 0 {
		return
	}
	var hints []string
	if d := op.Def(); d != nil && d.ResultNames != nil && !n.noHints {
		hints = d.ResultNames(op)
	}
	if nr > 1 && len(hints) == nr && !slices.Contains(hints, "") {
		// One name per result (MLIR's setNameFn per result:
		// "%shuffleResult, %valid = gpu.shuffle ...").
		for i := 0; i < nr; i++ {
			n.values[op.Result(i)] = "%" + n.uniqueName(sanitize(hints[i]))
			n.groupIdx[op.Result(i)] = -1
		}
		n.groupSize[op] = nr
		return
	}
	if len(hints) == 1 && hints[0] != "" {
		name := "%" + n.uniqueName(sanitize(hints[0]))
		for i := 0; i < nr; i++ {
			n.setResult(op, i, name, nr)
		}
		return
	}
	name := "%" + strconv.Itoa(*valueID)
	*valueID++
	for i := 0; i < nr; i++ {
		n.setResult(op, i, name, nr)
	}
}

func (n *nameState) setResult(op *ir.Operation, i int, name string, nr int) {
	r := op.Result(i)
	n.values[r] = name
	if nr == 1 {
		n.groupIdx[r] = -1
	} else {
		n.groupIdx[r] = i
	}
	n.groupSize[op] = nr
}

func (n *nameState) uniqueName(name string) string {
	if !n.isUsed(name) {
		n.used[len(n.used)-1][name] = true
		return name
	}
	for {
		probe := name + "_" + strconv.Itoa(n.conflictID)
		n.conflictID++
		if !n.isUsed(probe) {
			n.used[len(n.used)-1][probe] = true
			return probe
		}
	}
}

func (n *nameState) isUsed(name string) bool {
	for _, m := range n.used {
		if m[name] {
			return true
		}
	}
	return false
}

// sanitize turns a suggested name into a valid suffix-id that cannot look
// like a number.
func sanitize(s string) string {
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if isIdentChar(c) || c == '-' {
			sb.WriteByte(c)
		} else {
			sb.WriteByte('_')
		}
	}
	out := sb.String()
	if out == "" || isDigit(out[0]) {
		out = "_" + out
	}
	return out
}

// use returns how a value is written as an operand.
func (n *nameState) use(v ir.Value) string {
	name, ok := n.values[v]
	if !ok {
		return "<<UNKNOWN SSA VALUE>>"
	}
	if i := n.groupIdx[v]; i >= 0 {
		return name + "#" + strconv.Itoa(i)
	}
	return name
}

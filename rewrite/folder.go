package rewrite

import (
	"github.com/tt-compiler/tt/ir"
)

// ConstantValue returns the value of a constant-like operation (an op with
// the ConstantLike trait, whose folder returns its value), like MLIR's
// m_Constant matcher.
func ConstantValue(op *ir.Operation) (ir.Attribute, bool) {
	if op == nil || !op.HasTrait(ir.ConstantLike) || op.NumResults() != 1 {
		return nil, false
	}
	if def := op.Def(); def.Fold != nil {
		res, ok := def.Fold(op, nil)
		if ok && len(res) == 1 && res[0].Attr != nil {
			return res[0].Attr, true
		}
		return nil, false
	}
	if a := op.Attr("value"); a != nil {
		return a, true
	}
	return nil, false
}

// Folder folds operations and keeps the constants it materializes unique
// per insertion region (the entry block of the closest region whose parent
// is isolated from above, unregistered, or the top-level op), hoisted to the
// start of that block, like MLIR's OperationFolder.
type Folder struct {
	ctx    *ir.Context
	scopes map[*ir.Region]map[uint64][]*constEntry
	// owned maps each constant op the folder manages to its entries.
	owned map[*ir.Operation][]*constEntry
	// scratch holds the operand constants of the op being folded.
	scratch []ir.Attribute
}

// constantOf returns the constant value of v, using what the folder knows
// about the constants it manages.
func (f *Folder) constantOf(v ir.Value) ir.Attribute {
	r, ok := v.(*ir.OpResult)
	if !ok {
		return nil
	}
	if entries, ok := f.owned[r.Owner()]; ok {
		return entries[0].value
	}
	if a, ok := ConstantValue(r.Owner()); ok {
		return a
	}
	return nil
}

type constEntry struct {
	region  *ir.Region
	hash    uint64
	dialect *ir.Dialect
	value   ir.Attribute
	typ     ir.Type
	op      *ir.Operation
}

// NewFolder returns an empty folder.
func NewFolder(ctx *ir.Context) *Folder {
	return &Folder{ctx: ctx, scopes: map[*ir.Region]map[uint64][]*constEntry{}, owned: map[*ir.Operation][]*constEntry{}}
}

func constHash(d *ir.Dialect, value ir.Attribute, t ir.Type) uint64 {
	h := ir.HashPointer(d)
	h = h*31 + ir.HashAttr(value)
	return h*31 + ir.HashPointer(t)
}

func (f *Folder) lookup(region *ir.Region, d *ir.Dialect, value ir.Attribute, t ir.Type) *constEntry {
	for _, e := range f.scopes[region][constHash(d, value, t)] {
		if e.dialect == d && e.typ == t && ir.AttrEqual(e.value, value) {
			return e
		}
	}
	return nil
}

func (f *Folder) insert(region *ir.Region, d *ir.Dialect, value ir.Attribute, t ir.Type, op *ir.Operation) {
	scope := f.scopes[region]
	if scope == nil {
		scope = map[uint64][]*constEntry{}
		f.scopes[region] = scope
	}
	h := constHash(d, value, t)
	e := &constEntry{region: region, hash: h, dialect: d, value: value, typ: t, op: op}
	scope[h] = append(scope[h], e)
	f.owned[op] = append(f.owned[op], e)
}

// IsFolderOwned reports whether op is a constant the folder manages.
func (f *Folder) IsFolderOwned(op *ir.Operation) bool {
	_, ok := f.owned[op]
	return ok
}

// NotifyRemoval forgets op if it is a constant the folder manages; call it
// before erasing an op.
func (f *Folder) NotifyRemoval(op *ir.Operation) {
	entries, ok := f.owned[op]
	if !ok {
		return
	}
	for _, e := range entries {
		bucket := f.scopes[e.region][e.hash]
		for i, x := range bucket {
			if x == e {
				bucket = append(bucket[:i], bucket[i+1:]...)
				break
			}
		}
		if len(bucket) == 0 {
			delete(f.scopes[e.region], e.hash)
		} else {
			f.scopes[e.region][e.hash] = bucket
		}
	}
	delete(f.owned, op)
}

// Clear forgets every constant.
func (f *Folder) Clear() {
	f.scopes = map[*ir.Region]map[uint64][]*constEntry{}
	f.owned = map[*ir.Operation][]*constEntry{}
}

// insertionRegion returns the region whose entry block constants used in
// block are hoisted to.
func insertionRegion(block *ir.Block) *ir.Region {
	for {
		region := block.Parent()
		if region == nil {
			return nil
		}
		parent := region.ParentOp()
		if parent == nil || !parent.IsRegistered() || parent.HasTrait(ir.IsolatedFromAbove) || parent.Block() == nil {
			return region
		}
		block = parent.Block()
	}
}

func dialectOf(op *ir.Operation) *ir.Dialect {
	if def := op.Def(); def != nil {
		return def.Dialect()
	}
	return nil
}

func (f *Folder) moveToFront(op *ir.Operation, block *ir.Block) {
	if block.First() == op {
		return
	}
	op.Remove()
	block.Prepend(op)
}

// InsertKnownConstant records an existing constant op with value. If an
// equal constant is already known in its insertion region, op's uses are
// replaced by it, op is erased and InsertKnownConstant returns false.
// Otherwise op is hoisted to the start of the insertion region's entry block
// (unless it already sits in the run of folder constants there) and true is
// returned.
func (f *Folder) InsertKnownConstant(op *ir.Operation, value ir.Attribute) bool {
	block := op.Block()
	if f.IsFolderOwned(op) {
		if block.First() != op && !f.IsFolderOwned(op.Prev()) {
			f.moveToFront(op, block)
		}
		return true
	}
	region := insertionRegion(block)
	if region == nil {
		return true
	}
	d := dialectOf(op)
	t := op.Result(0).Type()
	if e := f.lookup(region, d, value, t); e != nil {
		op.ReplaceAllUsesWith(e.op.Results())
		op.Erase()
		return false
	}
	entry := region.Front()
	if block != entry || (entry.First() != op && !f.IsFolderOwned(op.Prev())) {
		f.moveToFront(op, entry)
	}
	f.insert(region, d, value, t, op)
	return true
}

// materialize creates a constant op through the dialect's hook at the start
// of block.
func (f *Folder) materialize(d *ir.Dialect, block *ir.Block, value ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation {
	if d == nil || d.MaterializeConstant == nil {
		return nil
	}
	b := ir.NewBuilder(f.ctx)
	b.SetInsertionPointToStart(block)
	op := d.MaterializeConstant(b, value, t, loc)
	if op == nil {
		return nil
	}
	if op.Block() == nil {
		b.Insert(op)
	}
	if op.NumResults() != 1 || op.Result(0).Type() != t {
		op.Erase()
		return nil
	}
	return op
}

// GetOrCreateConstant returns the unique constant of the given dialect,
// value and type for the insertion region of block, materializing it at
// the start of that region's entry block if needed. It returns nil when the
// dialect cannot materialize the constant.
func (f *Folder) GetOrCreateConstant(block *ir.Block, d *ir.Dialect, value ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation {
	region := insertionRegion(block)
	if region == nil {
		return nil
	}
	op, _ := f.getOrCreate(region, d, value, t, loc)
	return op
}

// getOrCreate returns the constant and whether it was newly created.
func (f *Folder) getOrCreate(region *ir.Region, d *ir.Dialect, value ir.Attribute, t ir.Type, loc ir.Location) (*ir.Operation, bool) {
	if e := f.lookup(region, d, value, t); e != nil {
		return e.op, false
	}
	op := f.materialize(d, region.Front(), value, t, loc)
	if op == nil {
		return nil, false
	}
	nd := dialectOf(op)
	if nd == d {
		f.insert(region, d, value, t, op)
		return op, true
	}
	// The dialect materialized the constant with another dialect's op: key
	// it under both dialects, reusing an existing op of the new dialect.
	if e := f.lookup(region, nd, value, t); e != nil {
		op.Erase()
		f.insert(region, d, value, t, e.op)
		return e.op, false
	}
	f.insert(region, d, value, t, op)
	f.insert(region, nd, value, t, op)
	return op, true
}

// canonicalizeCommutative moves the constant operands of a commutative op
// after the others (keeping the relative order within each group, like
// MLIR's stable partition) and reports whether it moved any.
func (f *Folder) canonicalizeCommutative(op *ir.Operation) bool {
	n := op.NumOperands()
	if n < 2 || !op.HasTrait(ir.Commutative) {
		return false
	}
	first := -1
	for i := 0; i < n; i++ {
		if f.constantOf(op.Operand(i)) != nil {
			first = i
			break
		}
	}
	if first < 0 {
		return false
	}
	var nonConst, consts []ir.Value
	for i := first; i < n; i++ {
		v := op.Operand(i)
		if f.constantOf(v) != nil {
			consts = append(consts, v)
		} else {
			nonConst = append(nonConst, v)
		}
	}
	if len(nonConst) == 0 {
		return false
	}
	order := append(nonConst, consts...)
	for k, v := range order {
		if op.Operand(first+k) != v {
			op.SetOperand(first+k, v)
		}
	}
	return true
}

// foldOutcome is what tryToFold did.
type foldOutcome int

const (
	notFolded     foldOutcome = iota
	foldedInPlace             // the op changed but stays
	foldedAway                // the op was replaced and erased
)

// TryToFold folds op: it moves constant operands of commutative ops last,
// calls the op's folder with the constant values of its operands, and
// replaces the op's results with existing values or unique constants
// (created through the dialect's MaterializeConstant). It reports whether
// op changed and whether it was erased.
func (f *Folder) TryToFold(op *ir.Operation) (changed, erased bool) {
	out := f.tryToFold(op, nil, nil)
	return out != notFolded, out == foldedAway
}

// tryToFold is MLIR's OperationFolder::tryToFold. created is called for
// each new constant; preReplace is called before op's results are replaced.
func (f *Folder) tryToFold(op *ir.Operation, created func(*ir.Operation), preReplace func(*ir.Operation)) foldOutcome {
	if f.IsFolderOwned(op) {
		block := op.Block()
		if block.First() != op && !f.IsFolderOwned(op.Prev()) {
			f.moveToFront(op, block)
		}
		return notFolded
	}
	updated := f.canonicalizeCommutative(op)
	def := op.Def()
	if def == nil || def.Fold == nil {
		if updated {
			return foldedInPlace
		}
		return notFolded
	}
	consts := f.scratch[:0]
	for i := 0; i < op.NumOperands(); i++ {
		consts = append(consts, f.constantOf(op.Operand(i)))
	}
	f.scratch = consts[:0]
	results, ok := def.Fold(op, consts)
	clear(consts)
	if !ok {
		if updated {
			return foldedInPlace
		}
		return notFolded
	}
	if isInPlace(op, results) {
		return foldedInPlace
	}
	values, ok := f.processFoldResults(op, results, created)
	if !ok {
		if updated {
			return foldedInPlace
		}
		return notFolded
	}
	if preReplace != nil {
		preReplace(op)
	}
	op.ReplaceAllUsesWith(values)
	op.Erase()
	return foldedAway
}

// isInPlace reports whether fold results mean "updated in place": no
// results, or each result is the op's own result.
func isInPlace(op *ir.Operation, results []ir.FoldResult) bool {
	if len(results) == 0 {
		return true
	}
	if len(results) != op.NumResults() {
		return false
	}
	for i, r := range results {
		if r.Attr != nil || r.Value != ir.Value(op.Result(i)) {
			return false
		}
	}
	return true
}

func (f *Folder) processFoldResults(op *ir.Operation, results []ir.FoldResult, created func(*ir.Operation)) ([]ir.Value, bool) {
	if len(results) != op.NumResults() {
		return nil, false
	}
	region := insertionRegion(op.Block())
	if region == nil {
		return nil, false
	}
	d := dialectOf(op)
	values := make([]ir.Value, len(results))
	var newConsts []*ir.Operation
	for i, r := range results {
		res := op.Result(i)
		if r.Value != nil {
			if r.Value.Type() != res.Type() {
				return nil, false
			}
			values[i] = r.Value
			continue
		}
		if r.Attr == nil {
			return f.abandon(newConsts)
		}
		c, isNew := f.getOrCreate(region, d, r.Attr, res.Type(), op.Loc())
		if c == nil {
			return f.abandon(newConsts)
		}
		if isNew {
			newConsts = append(newConsts, c)
		}
		// The constant must dominate op; it may not if op was inserted
		// before the constants at the start of the block.
		if op.Block() == c.Block() && op.Block().First() != c {
			c.Remove()
			op.Block().Prepend(c)
		}
		values[i] = c.Result(0)
	}
	if created != nil {
		for _, c := range newConsts {
			created(c)
		}
	}
	return values, true
}

// abandon erases the constants created for a fold that failed midway.
func (f *Folder) abandon(ops []*ir.Operation) ([]ir.Value, bool) {
	for _, c := range ops {
		if c.ResultsUnused() {
			f.NotifyRemoval(c)
			c.Erase()
		}
	}
	return nil, false
}

package ir

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
)

// Context owns the loaded dialects and uniques types. Every Type is created
// through a Context; a Context is safe for concurrent use, so passes running
// on several goroutines may create types through it.
type Context struct {
	mu       sync.RWMutex
	types    map[string]Type
	dialects map[string]*Dialect
	ops      map[string]*OpDef
	attrDefs map[string]AttrDefinition
	typeDefs map[string]TypeDefinition
	// dialectTypes uniques the types dialects define.
	dialectTypes map[dialectTypeKey]*DialectType

	// AllowUnregistered keeps operations of unknown dialects as opaque
	// operations instead of rejecting them.
	AllowUnregistered bool

	diagMu      sync.Mutex
	diagHandler func(*Diagnostic)

	index, none            Type
	f16, bf16, f32, f64    Type
	i1, i8, i16, i32, i64_ Type
}

// NewContext returns an empty context; load dialects with LoadDialect.
func NewContext() *Context {
	c := &Context{types: map[string]Type{}, dialects: map[string]*Dialect{}, ops: map[string]*OpDef{},
		attrDefs: map[string]AttrDefinition{}, typeDefs: map[string]TypeDefinition{}, dialectTypes: map[dialectTypeKey]*DialectType{}}
	c.index = c.unique(&IndexType{})
	c.none = c.unique(&NoneType{})
	c.f16 = c.Float(F16)
	c.bf16 = c.Float(BF16)
	c.f32 = c.Float(F32)
	c.f64 = c.Float(F64)
	c.i1 = c.Integer(1)
	c.i8 = c.Integer(8)
	c.i16 = c.Integer(16)
	c.i32 = c.Integer(32)
	c.i64_ = c.Integer(64)
	return c
}

// unique returns the canonical instance of t, keyed by its spelling.
func (c *Context) unique(t Type) Type {
	key := t.String()
	c.mu.RLock()
	u, ok := c.types[key]
	c.mu.RUnlock()
	if ok {
		return u
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if u, ok := c.types[key]; ok {
		return u
	}
	if cc, ok := t.(cacheable); ok {
		cc.setSpelling(key)
	}
	c.types[key] = t
	return t
}

// Index returns the index type.
func (c *Context) Index() Type { return c.index }

// None returns the none type.
func (c *Context) None() Type { return c.none }

// F16 returns f16.
func (c *Context) F16() Type { return c.f16 }

// BF16 returns bf16.
func (c *Context) BF16() Type { return c.bf16 }

// F32 returns f32.
func (c *Context) F32() Type { return c.f32 }

// F64 returns f64.
func (c *Context) F64() Type { return c.f64 }

// I1 returns i1.
func (c *Context) I1() Type { return c.i1 }

// I8 returns i8.
func (c *Context) I8() Type { return c.i8 }

// I16 returns i16.
func (c *Context) I16() Type { return c.i16 }

// I32 returns i32.
func (c *Context) I32() Type { return c.i32 }

// I64 returns i64.
func (c *Context) I64() Type { return c.i64_ }

// Float returns the floating-point type of the given kind.
func (c *Context) Float(k FloatKind) Type { return c.unique(&FloatType{Kind: k}) }

// Integer returns the signless integer type iN.
func (c *Context) Integer(width int) Type { return c.IntegerOf(width, Signless) }

// IntegerOf returns iN, siN or uiN.
func (c *Context) IntegerOf(width int, s Signedness) Type {
	return c.unique(&IntegerType{Width: width, Signedness: s})
}

// Complex returns complex<elem>.
func (c *Context) Complex(elem Type) Type { return c.unique(&ComplexType{Elem: elem}) }

// Tuple returns tuple<types...>.
func (c *Context) Tuple(types ...Type) Type {
	return c.unique(&TupleType{Types: slices.Clone(types)})
}

// Function returns (inputs) -> results.
func (c *Context) Function(inputs, results []Type) *FunctionType {
	return c.unique(&FunctionType{Inputs: slices.Clone(inputs), Results: slices.Clone(results)}).(*FunctionType)
}

// Tensor returns the ranked tensor type with the given shape (Dynamic for ?).
func (c *Context) Tensor(shape []int64, elem Type) *RankedTensorType {
	return c.TensorWithEncoding(shape, elem, nil)
}

// TensorWithEncoding returns a ranked tensor type with an encoding attribute.
func (c *Context) TensorWithEncoding(shape []int64, elem Type, enc Attribute) *RankedTensorType {
	return c.unique(&RankedTensorType{shape: slices.Clone(shape), Elem: elem, Encoding: enc}).(*RankedTensorType)
}

// UnrankedTensor returns tensor<*xelem>.
func (c *Context) UnrankedTensor(elem Type) *UnrankedTensorType {
	return c.unique(&UnrankedTensorType{Elem: elem}).(*UnrankedTensorType)
}

// MemRef returns memref<shape x elem> with the identity layout in the default memory space.
func (c *Context) MemRef(shape []int64, elem Type) *MemRefType {
	return c.MemRefWith(shape, elem, nil, nil)
}

// MemRefWith returns a memref type with an explicit layout and memory space (either may be nil).
func (c *Context) MemRefWith(shape []int64, elem Type, layout, space Attribute) *MemRefType {
	return c.unique(&MemRefType{shape: slices.Clone(shape), Elem: elem, Layout: layout, MemorySpace: space}).(*MemRefType)
}

// UnrankedMemRef returns memref<*xelem>.
func (c *Context) UnrankedMemRef(elem Type, space Attribute) *UnrankedMemRefType {
	return c.unique(&UnrankedMemRefType{Elem: elem, MemorySpace: space}).(*UnrankedMemRefType)
}

// Vector returns vector<shape x elem>. scalable may be nil.
func (c *Context) Vector(shape []int64, scalable []bool, elem Type) *VectorType {
	if !slices.Contains(scalable, true) {
		scalable = nil
	}
	return c.unique(&VectorType{shape: slices.Clone(shape), scalable: slices.Clone(scalable), Elem: elem}).(*VectorType)
}

// Opaque returns the opaque type !dialect.data.
func (c *Context) Opaque(dialect, data string) *OpaqueType {
	return c.unique(&OpaqueType{Dialect: dialect, Data: data}).(*OpaqueType)
}

// CloneShaped returns a shaped type like t with a new shape and element type.
// It panics if t is not ranked tensor, memref or vector.
func (c *Context) CloneShaped(t Type, shape []int64, elem Type) Type {
	switch t := t.(type) {
	case *RankedTensorType:
		return c.TensorWithEncoding(shape, elem, t.Encoding)
	case *UnrankedTensorType:
		return c.Tensor(shape, elem)
	case *MemRefType:
		return c.MemRefWith(shape, elem, t.Layout, t.MemorySpace)
	case *VectorType:
		return c.Vector(shape, nil, elem)
	}
	panic(fmt.Sprintf("ir: CloneShaped on non-shaped type %s", t))
}

// ---- Dialect registry ----

// LoadDialect makes the dialect's operations known to the context. Loading
// the same dialect twice is harmless; two different dialects with the same
// name are an error.
func (c *Context) LoadDialect(d *Dialect) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if old, ok := c.dialects[d.Name]; ok {
		if old == d {
			return nil
		}
		return fmt.Errorf("dialect %q is already loaded", d.Name)
	}
	for _, op := range d.Ops {
		if _, dup := c.ops[op.Name]; dup {
			return fmt.Errorf("operation %q is defined twice", op.Name)
		}
		if err := op.checkInterfaces(); err != nil {
			return err
		}
	}
	if err := c.checkDefs(d); err != nil {
		return err
	}
	c.dialects[d.Name] = d
	opDialectMu.Lock()
	for _, op := range d.Ops {
		if op.dialect == nil {
			op.dialect = d
		}
	}
	opDialectMu.Unlock()
	for _, op := range d.Ops {
		c.ops[op.Name] = op
	}
	for _, a := range d.Attrs {
		c.attrDefs[a.Info().Name] = a
	}
	for _, t := range d.Types {
		c.typeDefs[t.Info().Name] = t
	}
	return nil
}

// checkDefs checks the type and attribute definitions of a dialect about to
// be loaded: well formed, named after the dialect, each name once.
func (c *Context) checkDefs(d *Dialect) error {
	seen := map[string]bool{}
	check := func(kind string, info DefInfo, err error) error {
		if err != nil {
			return fmt.Errorf("dialect %q: %w", d.Name, err)
		}
		if !strings.HasPrefix(info.Name, d.Name+".") {
			return fmt.Errorf("dialect %q: %s %q is not named after the dialect", d.Name, kind, info.Name)
		}
		if seen[kind+info.Name] {
			return fmt.Errorf("dialect %q: %s %q is defined twice", d.Name, kind, info.Name)
		}
		seen[kind+info.Name] = true
		return nil
	}
	for _, a := range d.Attrs {
		if err := check("attribute", a.Info(), a.check()); err != nil {
			return err
		}
		if _, dup := c.attrDefs[a.Info().Name]; dup {
			return fmt.Errorf("attribute %q is defined twice", a.Info().Name)
		}
	}
	for _, t := range d.Types {
		if err := check("type", t.Info(), t.check()); err != nil {
			return err
		}
		if _, dup := c.typeDefs[t.Info().Name]; dup {
			return fmt.Errorf("type %q is defined twice", t.Info().Name)
		}
	}
	return nil
}

// MustLoadDialect is LoadDialect for program initialization; it panics on error.
func (c *Context) MustLoadDialect(ds ...*Dialect) *Context {
	for _, d := range ds {
		if err := c.LoadDialect(d); err != nil {
			panic(err)
		}
	}
	return c
}

// Dialect returns the loaded dialect with the given name, or nil.
func (c *Context) Dialect(name string) *Dialect {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.dialects[name]
}

// Dialects returns the loaded dialects sorted by name.
func (c *Context) Dialects() []*Dialect {
	c.mu.RLock()
	defer c.mu.RUnlock()
	out := make([]*Dialect, 0, len(c.dialects))
	for _, d := range c.dialects {
		out = append(out, d)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// LookupOp returns the definition of a registered operation, or nil.
func (c *Context) LookupOp(name string) *OpDef {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.ops[name]
}

// IsDialectLoaded reports whether the dialect prefix of an op name is loaded.
func (c *Context) IsDialectLoaded(opName string) bool {
	d, _, ok := strings.Cut(opName, ".")
	if !ok {
		return false
	}
	return c.Dialect(d) != nil
}

// ---- Diagnostics ----

// SetDiagnosticHandler installs the function that receives every diagnostic
// emitted through the context (warnings, remarks and errors reported by
// passes). It returns the previous handler. With no handler, diagnostics are
// dropped.
func (c *Context) SetDiagnosticHandler(h func(*Diagnostic)) func(*Diagnostic) {
	c.diagMu.Lock()
	defer c.diagMu.Unlock()
	old := c.diagHandler
	c.diagHandler = h
	return old
}

// Emit reports a diagnostic to the context's handler. It is safe to call from
// several goroutines; the handler is called with a lock held.
func (c *Context) Emit(d *Diagnostic) {
	c.diagMu.Lock()
	defer c.diagMu.Unlock()
	if c.diagHandler != nil {
		c.diagHandler(d)
	}
}

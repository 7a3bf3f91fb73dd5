package ir

// Structural hashing of attributes, values and operations, for CSE (equal
// attributes hash equally), the rewrite driver's worklists and the pass
// manager's --print-ir-after-change (OperationFingerprint).

import (
	"hash/maphash"
	"math"
)

var hashSeed = maphash.MakeSeed()

// mix combines a hash with another 64-bit value.
func mix(h, v uint64) uint64 {
	h ^= v + 0x9e3779b97f4a7c15 + (h << 6) + (h >> 2)
	return h
}

// HashPointer hashes a comparable value such as a pointer, a Type or a Value
// by identity. Equal values hash equally within one process.
func HashPointer[T comparable](v T) uint64 { return maphash.Comparable(hashSeed, v) }

// HashAttr returns a hash of a that is consistent with AttrEqual: equal
// attributes have equal hashes.
func HashAttr(a Attribute) uint64 {
	switch x := a.(type) {
	case nil:
		return 0
	case *IntegerAttr:
		h := mix(1, HashPointer[Type](x.Type))
		if x.Big != nil {
			return mix(h, maphash.String(hashSeed, x.Big.String()))
		}
		return mix(h, uint64(x.Val))
	case *FloatAttr:
		return mix(mix(2, HashPointer[Type](x.Type)), x.bits())
	case *StringAttr:
		h := mix(3, maphash.String(hashSeed, x.Value))
		if x.Type != nil {
			h = mix(h, HashPointer[Type](x.Type))
		}
		return h
	case *TypeAttr:
		return mix(4, HashPointer[Type](x.Value))
	case UnitAttr:
		return 5
	case DialectAttr:
		return mix(mix(7, HashPointer(x.def)), x.def.hashParams(x.params))
	}
	// AttrEqual compares the other kinds by their spelling.
	return mix(6, maphash.String(hashSeed, a.String()))
}

// HashAttrs hashes an attribute dictionary (names and values, in order).
func HashAttrs(attrs []NamedAttr) uint64 {
	h := uint64(len(attrs))
	for _, a := range attrs {
		h = mix(h, maphash.String(hashSeed, a.Name))
		h = mix(h, HashAttr(a.Value))
	}
	return h
}

// OperationFingerprint hashes op and everything nested in it: identities of
// ops, blocks and operand values, names, attributes, result types,
// successors and locations. Any change to the IR under op changes the
// fingerprint (with overwhelming probability), which is what
// --print-ir-after-change needs.
func OperationFingerprint(op *Operation) uint64 {
	h := uint64(0x51ed270b)
	op.WalkPreOrder(func(o *Operation) WalkResult {
		h = mix(h, HashPointer(o))
		h = mix(h, maphash.String(hashSeed, o.name))
		h = mix(h, HashAttrs(o.attrs))
		if o.loc != nil {
			h = mix(h, maphash.String(hashSeed, o.loc.String()))
		}
		for i := range o.operands {
			if v := o.operands[i].value; v != nil {
				h = mix(h, HashPointer(v.impl()))
			}
		}
		for i := range o.results {
			h = mix(h, HashPointer[Type](o.results[i].typ))
		}
		for i := range o.successors {
			h = mix(h, HashPointer(o.successors[i].block))
		}
		for _, r := range o.regions {
			h = mix(h, uint64(len(r.blocks)))
			for _, b := range r.blocks {
				h = mix(h, HashPointer(b))
				for _, a := range b.args {
					h = mix(h, HashPointer[Type](a.typ))
				}
			}
		}
		return WalkAdvance
	})
	return h
}

// HashValue hashes a Value by identity.
func HashValue(v Value) uint64 {
	if v == nil {
		return math.MaxUint64
	}
	return HashPointer(v.impl())
}

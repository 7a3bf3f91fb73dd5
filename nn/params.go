package nn

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"unicode"

	"github.com/tt-compiler/tt"
)

// Param is one parameter of a module: its state_dict name
// ("blocks.0.attn.qkv.weight") and the field that holds it. Tensors are
// immutable, so an optimizer step stores a new tensor through Ptr.
type Param struct {
	Name string
	Ptr  **tt.Tensor
}

// Value returns the parameter's current tensor.
func (p Param) Value() *tt.Tensor { return *p.Ptr }

var tensorPtrType = reflect.TypeFor[*tt.Tensor]()

// Parameters returns the parameters of m, a pointer to a module struct, in
// field order: every exported field of type *tt.Tensor that is not nil,
// and recursively those of exported fields that are modules (structs,
// pointers to structs, interfaces holding pointers to structs) and slices
// or arrays of modules. Names are PyTorch's state_dict names: the Go field
// name in snake_case (TokEmb → tok_emb), or the name in a `nn:"name"`
// struct tag, joined by dots, with slice indices as components. A field
// tagged `nn:"-"` is skipped; one tagged `nn:",inline"` adds no name
// component (Sequential's layers are "0.weight", as in PyTorch).
// Parameters panics if m is not a pointer to a struct or two parameters
// get the same name.
func Parameters(m any) []Param {
	v := reflect.ValueOf(m)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		panic(fmt.Sprintf("nn.Parameters: %T is not a pointer to a struct", m))
	}
	var ps []Param
	collect(v.Elem(), "", &ps, map[uintptr]bool{})
	seen := map[string]bool{}
	for _, p := range ps {
		if seen[p.Name] {
			panic(fmt.Sprintf("nn.Parameters: two parameters named %q in %T", p.Name, m))
		}
		seen[p.Name] = true
	}
	return ps
}

// Values returns the current tensors of ps, in order.
func Values(ps []Param) []*tt.Tensor {
	out := make([]*tt.Tensor, len(ps))
	for i, p := range ps {
		out[i] = *p.Ptr
	}
	return out
}

func join(prefix, name string) string {
	switch {
	case prefix == "":
		return name
	case name == "":
		return prefix
	}
	return prefix + "." + name
}

// collect appends the parameters under v (an addressable value) named
// below prefix; visited guards against pointer cycles and shared modules.
func collect(v reflect.Value, prefix string, ps *[]Param, visited map[uintptr]bool) {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return
		}
		if v.Type() == tensorPtrType {
			return // handled by the field that holds it
		}
		if v.Elem().Kind() != reflect.Struct || visited[v.Pointer()] {
			return
		}
		visited[v.Pointer()] = true
		collect(v.Elem(), prefix, ps, visited)
	case reflect.Interface:
		if !v.IsNil() && v.Elem().Kind() == reflect.Pointer {
			collect(v.Elem(), prefix, ps, visited)
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			e := v.Index(i)
			if e.Type() == tensorPtrType {
				if !e.IsNil() {
					*ps = append(*ps, Param{Name: join(prefix, strconv.Itoa(i)), Ptr: e.Addr().Interface().(**tt.Tensor)})
				}
				continue
			}
			collect(e, join(prefix, strconv.Itoa(i)), ps, visited)
		}
	case reflect.Struct:
		t := v.Type()
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			name, inline := fieldName(f)
			if name == "-" {
				continue
			}
			if inline {
				name = ""
			}
			fv := v.Field(i)
			if f.Type == tensorPtrType {
				if !fv.IsNil() && v.CanAddr() {
					*ps = append(*ps, Param{Name: join(prefix, name), Ptr: fv.Addr().Interface().(**tt.Tensor)})
				}
				continue
			}
			collect(fv, join(prefix, name), ps, visited)
		}
	}
}

// fieldName returns a field's state_dict name component and whether it is
// inlined.
func fieldName(f reflect.StructField) (string, bool) {
	tag, ok := f.Tag.Lookup("nn")
	if !ok {
		return snakeCase(f.Name), false
	}
	name, opt, _ := strings.Cut(tag, ",")
	if name == "" {
		name = snakeCase(f.Name)
	}
	return name, opt == "inline"
}

// snakeCase turns a Go identifier into PyTorch's attribute style:
// Weight → weight, TokEmb → tok_emb, QKV → qkv, LnF → ln_f.
func snakeCase(s string) string {
	rs := []rune(s)
	var sb strings.Builder
	for i, r := range rs {
		if unicode.IsUpper(r) && i > 0 {
			prevLower := unicode.IsLower(rs[i-1]) || unicode.IsDigit(rs[i-1])
			nextLower := i+1 < len(rs) && unicode.IsLower(rs[i+1])
			if prevLower || (unicode.IsUpper(rs[i-1]) && nextLower) {
				sb.WriteByte('_')
			}
		}
		sb.WriteRune(unicode.ToLower(r))
	}
	return sb.String()
}

package goemit

import (
	"bytes"
	"fmt"
	"go/format"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/tt-compiler/tt/dialects/builtin"
	"github.com/tt-compiler/tt/dialects/function"
	"github.com/tt-compiler/tt/ir"
)

// DefaultPackage is the package name Emit uses when Options.Package is
// empty.
const DefaultPackage = "model"

// Options configure Emit.
type Options struct {
	// Package is the name of the generated package ("" for
	// DefaultPackage).
	Package string
	// Source names the input in the file's header comment ("" for none).
	Source string
	// SIMD is the instruction set vectors are held in (SIMDOff: lane by
	// lane, portable Go).
	SIMD SIMD
	// Profile times every kernel (each loop nest and runtime kernel call
	// directly in a function's body) and exports ProfileReport, which
	// returns the counters.
	Profile bool
}

// Package is an emitted Go package.
type Package struct {
	// Name is the package name.
	Name string
	// Source is the package's single file, gofmt-formatted.
	Source []byte
	// Funcs are the exported functions, in module order.
	Funcs []*Func
	// SIMD is the level the code was generated for. Above SIMDOff the
	// package builds with GOEXPERIMENT=simd on amd64 only and exports
	// CheckCPU.
	SIMD SIMD
	// Profile says the package was emitted with Options.Profile: it
	// exports ProfileReport.
	Profile bool
}

// CheckCPUName is the exported function of a package generated for a SIMD
// level that reports whether the CPU has the level's features (the
// package's functions return its error when it does not).
const CheckCPUName = "CheckCPU"

// Func describes an exported function of the generated package.
type Func struct {
	// Symbol is the func.func's symbol name (without @).
	Symbol string
	// Name is the exported Go name.
	Name string
	// Params and Results are its arguments and results (without the error
	// result every function has last).
	Params, Results []Param
}

// Func returns the exported function for an IR symbol, or nil.
func (p *Package) Func(symbol string) *Func {
	for _, f := range p.Funcs {
		if f.Symbol == symbol {
			return f
		}
	}
	return nil
}

// Param is one argument or result of an exported function.
type Param struct {
	// Name is the Go name of the parameter (or named result).
	Name string
	// Type is the IR type (a memref, or a scalar type).
	Type ir.Type
	// Elem is the element type.
	Elem Elem
	// Scalar is set for scalar (non-memref) parameters.
	Scalar bool
	// Shape is a memref's shape, ir.Dynamic for dynamic dimensions.
	Shape []int64
	// Dims are the Go names of the int parameters (or results) giving the
	// dynamic dimensions, in order.
	Dims []string
}

// modEmitter emits a module.
type modEmitter struct {
	opts    Options
	funcs   map[string]*funcInfo // functions with bodies, by symbol
	order   []*funcInfo          // the functions emitted, in module order
	names   nameSet
	imports map[string]bool
	rt      map[string]bool
	prof    []profKernel // with Options.Profile, the kernels timed
}

// useRT records that generated code calls a run-time declaration.
func (m *modEmitter) useRT(name string) { m.rt[name] = true }

// hasRT reports whether the run-time library of the module's SIMD level
// declares name (the vector functions of package numerics exist at the
// SIMD levels only, and only once written).
func (m *modEmitter) hasRT(name string) bool {
	lib, err := loadLibrary("rt", m.opts.SIMD)
	return err == nil && lib.byName[name] != nil
}

// Emit returns the Go package for module (a builtin.module in loop-level
// form). Errors located in the module are *ir.Diagnostic values; Emit
// never panics.
func Emit(module *ir.Operation, opts Options) (pkg *Package, err error) {
	defer func() {
		if r := recover(); r != nil {
			pkg, err = nil, fmt.Errorf("goemit: internal error: %v", r)
		}
	}()
	if opts.Package == "" {
		opts.Package = DefaultPackage
	}
	if opts.SIMD < SIMDOff || opts.SIMD > SIMDAVX512 {
		return nil, fmt.Errorf("goemit: unknown SIMD level %d", int(opts.SIMD))
	}
	if !IsPackageName(opts.Package) {
		return nil, fmt.Errorf("goemit: %s is not a valid Go package name", strconv.QuoteToASCII(opts.Package))
	}
	if module == nil || module.Name() != builtin.ModuleName || module.NumRegions() != 1 || module.Region(0).NumBlocks() != 1 {
		return nil, fmt.Errorf("goemit: expects a builtin.module")
	}
	if err := ir.Verify(module); err != nil {
		return nil, err
	}
	m := &modEmitter{opts: opts, funcs: map[string]*funcInfo{}, names: nameSet{}, imports: map[string]bool{}, rt: map[string]bool{}}
	if opts.SIMD != SIMDOff {
		m.names.unique(CheckCPUName)
	}
	if opts.Profile {
		m.names.unique(ProfileReportName)
	}
	var all []*funcInfo
	for op := module.Region(0).Front().First(); op != nil; op = op.Next() {
		if op.Name() != function.FuncName {
			return nil, errAt(op, "only func.func is supported at the top level of a module for the Go backend")
		}
		sym := ir.SymbolName(op)
		fi := &funcInfo{op: op, sym: sym, public: ir.IsPublicSymbol(op)}
		if function.IsExternal(op) {
			if fi.public {
				return nil, errAt(op, "%s has no body; the Go backend needs every public function defined", symbolText(sym))
			}
			continue
		}
		ft := function.FuncType(op)
		for _, t := range ft.Inputs {
			vt, err := typeOf(t)
			if err != nil {
				return nil, errAt(op, "%s: argument type %v", symbolText(sym), err)
			}
			if vt.kind == kVector {
				return nil, errAt(op, "%s: vector arguments are not supported", symbolText(sym))
			}
			fi.params = append(fi.params, vt)
		}
		for _, t := range ft.Results {
			vt, err := typeOf(t)
			if err != nil {
				return nil, errAt(op, "%s: result type %v", symbolText(sym), err)
			}
			if vt.kind == kVector {
				return nil, errAt(op, "%s: vector results are not supported", symbolText(sym))
			}
			fi.results = append(fi.results, vt)
		}
		m.funcs[sym] = fi
		all = append(all, fi)
	}
	// Emit the public functions and the private ones they reach.
	reach := map[*funcInfo]bool{}
	var visit func(fi *funcInfo)
	visit = func(fi *funcInfo) {
		if reach[fi] {
			return
		}
		reach[fi] = true
		fi.op.Walk(func(o *ir.Operation) {
			if o.Name() != function.CallName {
				return
			}
			if ref, ok := o.Attr("callee").(*ir.SymbolRefAttr); ok {
				if callee := m.funcs[ref.Root]; callee != nil {
					visit(callee)
				}
			}
		})
	}
	for _, fi := range all {
		if fi.public {
			visit(fi)
		}
	}
	for _, fi := range all {
		if !reach[fi] {
			continue
		}
		if fi.public {
			fi.goName = m.names.unique(exportedName(fi.sym))
		}
		fi.impl = m.names.unique("fn" + camel(fi.sym))
		m.order = append(m.order, fi)
	}
	for _, fi := range m.order {
		f := &fnEmitter{m: m, info: fi, fn: fi.op}
		if err := f.emitFunc(); err != nil {
			return nil, err
		}
	}
	return m.assemble()
}

// assemble writes the file and formats it.
func (m *modEmitter) assemble() (*Package, error) {
	pkg := &Package{Name: m.opts.Package, SIMD: m.opts.SIMD, Profile: m.opts.Profile}
	profile := m.profileTable()
	var wrappers bytes.Buffer
	for _, fi := range m.order {
		if fi.public {
			fi.api = m.emitWrapper(&wrappers, fi)
			pkg.Funcs = append(pkg.Funcs, fi.api)
		}
	}
	lib, err := loadLibrary("rt", m.opts.SIMD)
	if err != nil {
		return nil, err
	}
	roots := make([]string, 0, len(m.rt))
	for r := range m.rt {
		roots = append(roots, r)
	}
	sort.Strings(roots)
	decls, rtImports, err := lib.closure(roots)
	if err != nil {
		return nil, err
	}
	for _, p := range rtImports {
		m.imports[p] = true
	}

	var b bytes.Buffer
	from := ""
	if m.opts.Source != "" {
		from = " from " + commentText(m.opts.Source)
	}
	fmt.Fprintf(&b, "// Code generated by tt%s. DO NOT EDIT.\n\n", from)
	if c := m.opts.SIMD.BuildConstraint(); c != "" {
		fmt.Fprintf(&b, "//go:build %s\n\n", c)
	}
	fmt.Fprintf(&b, "// Package %s holds the functions of a tt module, compiled to Go by tt's Go\n", m.opts.Package)
	b.WriteString("// emitter (tt-opt --emit=go):\n//\n")
	for _, f := range pkg.Funcs {
		fmt.Fprintf(&b, "//   - %s runs %s\n", f.Name, symbolText(f.Symbol))
	}
	if len(pkg.Funcs) == 0 {
		b.WriteString("//   - (no public functions)\n")
	}
	b.WriteString(`//
// Buffers are flat row-major slices. Functions are safe for concurrent use;
// they keep internal buffers in arenas reused from call to call, and run
// parallel loops on a pool of GOMAXPROCS goroutines started on first use.
// Results do not depend on GOMAXPROCS.
`)
	if m.opts.SIMD != SIMDOff {
		fmt.Fprintf(&b, "//\n// Vectors are computed with package simd/archsimd (%s): build with\n", m.opts.SIMD.Features())
		fmt.Fprintf(&b, "// GOEXPERIMENT=simd on amd64. On a CPU without these features the functions\n// return %s's error.\n", CheckCPUName)
	}
	fmt.Fprintf(&b, "package %s\n\n", m.opts.Package)
	if len(m.imports) > 0 {
		var paths []string
		for p := range m.imports {
			paths = append(paths, p)
		}
		sort.Strings(paths)
		b.WriteString("import (\n")
		for _, p := range paths {
			fmt.Fprintf(&b, "\t%s\n", strconv.Quote(p))
		}
		b.WriteString(")\n\n")
	}
	b.WriteString("// tt's index type is 64 bits wide: this package needs a 64-bit platform.\n")
	b.WriteString("const _ uint = 32<<(^uint(0)>>63) - 64\n\n")
	if check := m.cpuCheck(); check != "" {
		fmt.Fprintf(&b, "// %s returns an error unless this CPU has %s, which\n// the code of this package uses.\n", CheckCPUName, m.opts.SIMD.Features())
		fmt.Fprintf(&b, "func %s() error { return %s() }\n\n", CheckCPUName, check)
	}
	b.WriteString(profile)
	b.Write(wrappers.Bytes())
	for _, fi := range m.order {
		b.WriteString(fi.emitted)
		b.WriteString("\n")
	}
	if len(decls) > 0 {
		fmt.Fprintf(&b, "// Run-time support, copied from %s.\n\n", origins(decls))
		for _, d := range decls {
			b.WriteString(d.src)
			b.WriteString("\n\n")
		}
	}
	src, err := format.Source(b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("goemit: internal error: the generated code does not parse: %v\n%s", err, numbered(b.Bytes(), err))
	}
	pkg.Source = src
	return pkg, nil
}

// cpuCheck returns the run-time function that checks the CPU for the
// module's SIMD level ("" when off), noting its use.
func (m *modEmitter) cpuCheck() string {
	var fn string
	switch m.opts.SIMD {
	case SIMDAVX2:
		fn = "ttCheckAVX2"
	case SIMDAVX512:
		fn = "ttCheckAVX512"
	default:
		return ""
	}
	m.useRT(fn)
	return fn
}

// origins lists the packages decls come from, in the order of their
// first declaration ("github.com/tt-compiler/tt/emit/go/rt and
// github.com/tt-compiler/tt/numerics").
func origins(decls []*decl) string {
	var out []string
	for _, d := range decls {
		if !slices.Contains(out, d.origin) {
			out = append(out, d.origin)
		}
	}
	if len(out) > 1 {
		return strings.Join(out[:len(out)-1], ", ") + " and " + out[len(out)-1]
	}
	return strings.Join(out, "")
}

// numbered returns the source lines around the position an error from
// go/format names (for internal error reports).
func numbered(src []byte, err error) string {
	lines := strings.Split(string(src), "\n")
	at := -1
	if s := err.Error(); strings.Contains(s, ":") {
		var l int
		if _, e := fmt.Sscanf(s, "%d:", &l); e == nil {
			at = l
		}
	}
	var sb strings.Builder
	for i, l := range lines {
		if at < 0 || (i+1 >= at-5 && i+1 <= at+5) {
			fmt.Fprintf(&sb, "%5d  %s\n", i+1, l)
		}
	}
	return sb.String()
}

// emitWrapper writes the exported function of a public func.func.
func (m *modEmitter) emitWrapper(b *bytes.Buffer, fi *funcInfo) *Func {
	ft := function.FuncType(fi.op)
	api := &Func{Symbol: fi.sym, Name: fi.goName}
	param := func(prefix string, i int, t valueType, irt ir.Type) Param {
		p := Param{Name: prefix + strconv.Itoa(i), Type: irt, Elem: t.elem, Scalar: t.kind == kScalar, Shape: t.shape}
		for _, d := range t.dynamic() {
			p.Dims = append(p.Dims, p.Name+"Dim"+strconv.Itoa(d))
		}
		return p
	}
	for i, t := range fi.params {
		api.Params = append(api.Params, param("in", i, t, ft.Inputs[i]))
	}
	for i, t := range fi.results {
		api.Results = append(api.Results, param("out", i, t, ft.Results[i]))
	}
	describe := func(p Param) string {
		if p.Scalar {
			return fmt.Sprintf("%s %s", p.Name, p.Elem.GoType())
		}
		s := fmt.Sprintf("%s []%s: %s", p.Name, p.Elem.GoType(), commentText(p.Type.String()))
		if len(p.Dims) > 0 {
			s += ", sizes " + strings.Join(p.Dims, ", ")
		} else {
			if n := ir.NumElements(p.Shape); n == 1 {
				s += ", 1 element"
			} else {
				s += fmt.Sprintf(", %d elements", n)
			}
		}
		return s
	}
	fmt.Fprintf(b, "// %s runs %s%s.\n", fi.goName, symbolText(fi.sym), locComment(fi.op))
	if len(api.Params) > 0 {
		b.WriteString("//\n// Arguments (buffers are flat and row-major):\n//\n")
		for _, p := range api.Params {
			fmt.Fprintf(b, "//\t%s\n", describe(p))
		}
	}
	if len(api.Results) > 0 {
		b.WriteString("//\n// Results (buffers belong to the caller):\n//\n")
		for _, p := range api.Results {
			fmt.Fprintf(b, "//\t%s\n", describe(p))
		}
	}
	b.WriteString("//\n// The error reports wrong argument sizes and run-time failures (such as an\n// integer division by zero); the other results are then zero.\n")
	var params, results, call, rets []string
	for _, p := range api.Params {
		if p.Scalar {
			params = append(params, p.Name+" "+p.Elem.GoType())
			call = append(call, p.Name)
			continue
		}
		params = append(params, p.Name+" []"+p.Elem.GoType())
		call = append(call, p.Name)
		for _, d := range p.Dims {
			params = append(params, d+" int")
			call = append(call, d)
		}
	}
	for _, p := range api.Results {
		if p.Scalar {
			results = append(results, p.Name+" "+p.Elem.GoType())
			rets = append(rets, p.Name)
			continue
		}
		results = append(results, p.Name+" []"+p.Elem.GoType())
		rets = append(rets, p.Name)
		for _, d := range p.Dims {
			results = append(results, d+" int")
			rets = append(rets, d)
		}
	}
	results = append(results, "err error")
	fmt.Fprintf(b, "func %s(%s) (%s) {\n", fi.goName, strings.Join(params, ", "), strings.Join(results, ", "))
	m.useRT("ttRecover")
	fmt.Fprintf(b, "defer ttRecover(%s, &err)\n", strconv.Quote(symbolText(fi.sym)))
	if check := m.cpuCheck(); check != "" {
		fmt.Fprintf(b, "if err = %s(); err != nil {\nreturn\n}\n", check)
	}
	for _, p := range api.Params {
		if p.Scalar {
			continue
		}
		var dims []string
		static := int64(1)
		j := 0
		for _, d := range p.Shape {
			if d == ir.Dynamic {
				m.useRT("ttCheckDim")
				fmt.Fprintf(b, "ttCheckDim(%s, %s)\n", strconv.Quote(p.Dims[j]), p.Dims[j])
				dims = append(dims, p.Dims[j])
				j++
			} else {
				static *= d
			}
		}
		want := strconv.FormatInt(static, 10)
		if len(dims) > 0 {
			m.useRT("ttSize")
			if static != 1 {
				dims = append(dims, want)
			}
			want = "ttSize(" + strings.Join(dims, ", ") + ")"
		}
		m.useRT("ttCheckLen")
		fmt.Fprintf(b, "ttCheckLen(%s, len(%s), %s)\n", strconv.Quote(p.Name), p.Name, want)
	}
	if len(rets) > 0 {
		fmt.Fprintf(b, "%s = %s(%s)\n", strings.Join(rets, ", "), fi.impl, strings.Join(call, ", "))
		fmt.Fprintf(b, "return %s, nil\n", strings.Join(rets, ", "))
	} else {
		fmt.Fprintf(b, "%s(%s)\n", fi.impl, strings.Join(call, ", "))
		b.WriteString("return nil\n")
	}
	b.WriteString("}\n\n")
	return api
}

package cuda

import (
	"reflect"
	"strings"
	"testing"
)

// TestBind resolves the table against a fake symbol table: the _v2 names
// are preferred, the plain names are fallbacks only where listed, and a
// driver lacking entry points is reported with all of them, binding none.
func TestBind(t *testing.T) {
	var a api
	all := map[string]uintptr{}
	for i, s := range a.symbols() {
		for _, n := range s.names {
			all[n] = uintptr(0x1000 + 16*i)
		}
	}

	t.Run("complete", func(t *testing.T) {
		var a api
		bound := map[uintptr]bool{}
		chosen, err := a.bind(func(n string) uintptr { return all[n] }, func(field any, addr uintptr) {
			if reflect.ValueOf(field).Elem().Kind() != reflect.Func {
				t.Errorf("field %T is not a function", field)
			}
			bound[addr] = true
		})
		if err != nil {
			t.Fatal(err)
		}
		if len(bound) != len(a.symbols()) {
			t.Errorf("bound %d entry points, want %d", len(bound), len(a.symbols()))
		}
		for _, want := range []string{"cuMemAlloc_v2", "cuDevicePrimaryCtxRelease_v2", "cuEventDestroy_v2", "cuLaunchKernel"} {
			if !contains(chosen, want) {
				t.Errorf("%s not chosen: %v", want, chosen)
			}
		}
		// Every field of the table is in the symbol list once.
		if n := reflect.TypeFor[api]().NumField(); n != len(a.symbols()) {
			t.Errorf("api has %d fields, symbols lists %d", n, len(a.symbols()))
		}
	})

	t.Run("fallback", func(t *testing.T) {
		var a api
		chosen, err := a.bind(func(n string) uintptr {
			if n == "cuDevicePrimaryCtxRelease_v2" {
				return 0
			}
			return all[n]
		}, func(any, uintptr) {})
		if err != nil {
			t.Fatal(err)
		}
		if !contains(chosen, "cuDevicePrimaryCtxRelease") {
			t.Errorf("fallback not chosen: %v", chosen)
		}
	})

	t.Run("missing", func(t *testing.T) {
		var a api
		registered := 0
		_, err := a.bind(func(n string) uintptr {
			if n == "cuMemAlloc_v2" || strings.HasPrefix(n, "cuStreamDestroy") {
				return 0
			}
			return all[n]
		}, func(any, uintptr) { registered++ })
		want := "missing entry points (driver too old?): cuStreamDestroy_v2 or cuStreamDestroy, cuMemAlloc_v2"
		if err == nil || err.Error() != want {
			t.Fatalf("error %v, want %q", err, want)
		}
		if registered != 0 {
			t.Errorf("%d entry points bound despite the error", registered)
		}
	})
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

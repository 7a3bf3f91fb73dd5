package gobuild

import (
	"os"
	"slices"
	"strings"
	"testing"

	goemit "github.com/tt-compiler/tt/emit/go"
)

func TestHasV3(t *testing.T) {
	v3 := "fpu vme sse sse2 avx avx2 bmi1 bmi2 f16c fma abm movbe xsave popcnt"
	cases := []struct {
		info string
		want bool
	}{
		{"processor\t: 0\nflags\t\t: " + v3 + "\n\nprocessor\t: 1\nflags\t\t: " + v3 + "\n", true},
		{"processor\t: 0\nflags\t\t: " + v3 + "\n\nprocessor\t: 1\nflags\t\t: fpu sse sse2 avx\n", false},
		{"flags\t\t: " + strings.Replace(v3, "fma ", "", 1) + "\n", false},
		{"processor\t: 0\n", false},
		{"", false},
	}
	for i, c := range cases {
		if got := hasV3(c.info); got != c.want {
			t.Errorf("case %d: hasV3 = %v, want %v", i, got, c.want)
		}
	}
}

// The caller's GOAMD64 wins; builds otherwise get the detected level, and
// the cache key depends on it.
func TestBuildEnvAMD64(t *testing.T) {
	env := BuildEnv(goemit.SIMDOff)
	if v, set := os.LookupEnv("GOAMD64"); set {
		if !slices.Contains(env, "GOAMD64="+v) {
			t.Errorf("the caller's GOAMD64=%s is not kept", v)
		}
		return
	}
	level := amd64Level()
	has := slices.ContainsFunc(env, func(kv string) bool { return strings.HasPrefix(kv, "GOAMD64=") })
	if has != (level != "") || level != "" && !slices.Contains(env, "GOAMD64="+level) {
		t.Errorf("level %q, environment %v", level, env)
	}
	if level != "" {
		k1 := Key("v", goemit.SIMDOff, []byte("m"), []byte("x"))
		amd64Value = ""
		k2 := Key("v", goemit.SIMDOff, []byte("m"), []byte("x"))
		amd64Value = level
		if k1 == k2 {
			t.Error("the cache key does not depend on the GOAMD64 level")
		}
	}
}

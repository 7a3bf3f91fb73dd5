// Package simdtest chooses the SIMD levels the tests of the Go backend run
// generated code at: every level this host runs (gobuild.Host), so that
// each differential test checks the scalar form and the archsimd forms,
// or the levels $TT_TEST_SIMD lists (comma-separated: off, avx2, avx512),
// for a quicker run or to reproduce one level's failure.
package simdtest

import (
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/tt-compiler/tt/backend/gobuild"
	goemit "github.com/tt-compiler/tt/emit/go"
)

// Env is the environment variable that restricts the levels.
const Env = "TT_TEST_SIMD"

// Levels returns the levels to test, lowest first: the host's, or those
// of $TT_TEST_SIMD that the host runs. A level the host lacks or an
// unknown name is an error.
func Levels() ([]goemit.SIMD, error) {
	host := gobuild.Host().Levels()
	v := os.Getenv(Env)
	if v == "" {
		return host, nil
	}
	var out []goemit.SIMD
	for _, name := range strings.Split(v, ",") {
		l, err := goemit.ParseSIMD(strings.TrimSpace(name))
		if err != nil {
			return nil, fmt.Errorf("$%s: %v", Env, err)
		}
		if !slices.Contains(host, l) {
			return nil, fmt.Errorf("$%s: this host does not run %s code (it needs %s)", Env, l, l.Features())
		}
		if !slices.Contains(out, l) {
			out = append(out, l)
		}
	}
	slices.Sort(out)
	return out, nil
}

// GoEnv returns environment entries for go commands that build generated
// code of levels: GOEXPERIMENT=simd (added to the caller's experiments)
// when one of them is a SIMD level.
func GoEnv(levels []goemit.SIMD) []string {
	for _, l := range levels {
		if l != goemit.SIMDOff {
			for _, kv := range gobuild.BuildEnv(l) {
				if strings.HasPrefix(kv, "GOEXPERIMENT=") {
					return []string{kv}
				}
			}
		}
	}
	return nil
}

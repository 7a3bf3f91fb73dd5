//go:build !race

package goemit_test

// raceEnabled reports that this test binary runs under the race detector;
// the harness commands built from generated code then run under it too.
const raceEnabled = false

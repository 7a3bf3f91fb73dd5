package ttopt

import (
	"strings"
	"testing"
)

func TestParsePTXTarget(t *testing.T) {
	for _, c := range []struct {
		in   string
		sm   int
		fail string
	}{
		{"sm_80", 80, ""}, {"sm_70", 70, ""}, {"sm_90", 90, ""},
		{"sm_100", 0, "not supported"}, {"sm_8", 0, "not supported"}, {"80", 0, "not of the form"}, {"sm_80a", 0, "not of the form"},
	} {
		sm, err := ParsePTXTarget(c.in)
		switch {
		case c.fail == "" && (err != nil || sm != c.sm):
			t.Errorf("%s: %d, %v; want %d", c.in, sm, err, c.sm)
		case c.fail != "" && (err == nil || !strings.Contains(err.Error(), c.fail)):
			t.Errorf("%s: %v; want an error containing %q", c.in, err, c.fail)
		}
	}
}

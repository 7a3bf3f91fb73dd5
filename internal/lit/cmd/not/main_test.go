package main

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
)

// helperEnv selects the behaviour of the test binary when it is run as the
// command under "not": "exit:N" exits with status N, "panic" panics,
// "echo" copies stdin to stdout, "env" prints GOTRACEBACK.
const helperEnv = "TT_NOT_TEST_HELPER"

// TestMain turns the test binary into the helper command when helperEnv is
// set.
func TestMain(m *testing.M) {
	if mode, ok := os.LookupEnv(helperEnv); ok {
		helper(mode)
		return
	}
	os.Exit(m.Run())
}

// helper acts out one mode of the helper command.
func helper(mode string) {
	switch {
	case strings.HasPrefix(mode, "exit:"):
		code, err := strconv.Atoi(strings.TrimPrefix(mode, "exit:"))
		if err != nil {
			os.Exit(100)
		}
		os.Exit(code)
	case mode == "panic":
		panic("deliberate panic for the not tests")
	case mode == "echo":
		var buf bytes.Buffer
		if _, err := buf.ReadFrom(os.Stdin); err != nil {
			os.Exit(100)
		}
		fmt.Print(buf.String())
		fmt.Fprint(os.Stderr, "to stderr")
	case mode == "env":
		fmt.Print(os.Getenv("GOTRACEBACK"))
	default:
		os.Exit(100)
	}
}

// runHelper runs not with the helper in the given mode and returns not's
// exit status and output.
func runHelper(t *testing.T, mode string, notArgs ...string) (int, string, string) {
	t.Helper()
	t.Setenv(helperEnv, mode)
	var stdout, stderr bytes.Buffer
	args := append(notArgs, os.Args[0])
	code := run(args, strings.NewReader("from stdin"), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

func TestNot(t *testing.T) {
	tests := []struct {
		mode  string
		crash bool
		want  int
	}{
		{"exit:0", false, 1},
		{"exit:1", false, 0},
		{"exit:2", false, 0},
		{"exit:3", false, 0},
		{"panic", false, 1},
		{"exit:0", true, 1},
		{"exit:1", true, 1},
		{"panic", true, 0},
	}
	for _, tc := range tests {
		var args []string
		if tc.crash {
			args = []string{"--crash"}
		}
		got, _, stderr := runHelper(t, tc.mode, args...)
		if got != tc.want {
			t.Errorf("not %v <%s> = %d, want %d; stderr:\n%s", args, tc.mode, got, tc.want, stderr)
		}
	}
}

func TestNotPassesStreams(t *testing.T) {
	code, stdout, stderr := runHelper(t, "echo")
	if code != 1 || stdout != "from stdin" || stderr != "to stderr" {
		t.Errorf("not <echo> = %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

func TestNotSetsGOTRACEBACK(t *testing.T) {
	t.Setenv("GOTRACEBACK", "none")
	if _, stdout, _ := runHelper(t, "env"); stdout != "crash" {
		t.Errorf("GOTRACEBACK in the command = %q, want crash", stdout)
	}
}

func TestNotErrors(t *testing.T) {
	var stderr bytes.Buffer
	if got := run(nil, nil, &stderr, &stderr); got != 1 || !strings.Contains(stderr.String(), "usage") {
		t.Errorf("not with no command = %d, %q", got, stderr.String())
	}
	stderr.Reset()
	if got := run([]string{"--crash"}, nil, &stderr, &stderr); got != 1 {
		t.Errorf("not --crash with no command = %d", got)
	}
	stderr.Reset()
	if got := run([]string{"tt-not-no-such-program"}, nil, &stderr, &stderr); got != 1 || !strings.Contains(stderr.String(), "not: error:") {
		t.Errorf("not of a missing program = %d, %q", got, stderr.String())
	}
}

func TestVerdict(t *testing.T) {
	tests := []struct {
		expectCrash, crashed bool
		code, want           int
	}{
		{false, false, 0, 1},
		{false, false, 1, 0},
		{false, false, 255, 0},
		{false, true, -1, 1},
		{true, true, -1, 0},
		{true, false, 0, 1},
		{true, false, 1, 1},
	}
	for _, tc := range tests {
		if got := verdict(tc.expectCrash, tc.crashed, tc.code); got != tc.want {
			t.Errorf("verdict(%v, %v, %d) = %d, want %d", tc.expectCrash, tc.crashed, tc.code, got, tc.want)
		}
	}
}

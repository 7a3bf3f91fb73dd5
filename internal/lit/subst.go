package lit

import (
	"os"
	"path/filepath"
	"strings"
)

// Substitutions holds the values substituted into the RUN lines of one test.
//
// Recognised sequences (like lit's):
//
//	%s           the test file (absolute path)
//	%S, %p       the directory of the test file
//	%t           a temporary path unique to the test: %T/<file name>.tmp
//	%T           the test's temporary directory
//	%basename_t  the last element of %t without ".tmp"
//	%/s %/S %/p %/t %/T   the same with forward slashes
//	%{pathsep}   the PATH list separator (":" on Unix)
//	%{name}      an entry of Extra
//	%%           a literal "%"
//
// Any other "%" sequence (an SSA value such as %arg0, for instance) is left
// unchanged. Values are inserted verbatim, without shell quoting, as lit
// does.
type Substitutions struct {
	// File is the absolute path of the test file (%s).
	File string
	// TmpDir is the test's temporary directory (%T).
	TmpDir string
	// Extra holds additional %{name} substitutions.
	Extra map[string]string
}

// NewSubstitutions returns the substitutions for the test file at path using
// tmpDir as its temporary directory.
func NewSubstitutions(path, tmpDir string) Substitutions {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	return Substitutions{File: path, TmpDir: tmpDir}
}

// Tmp returns the value of %t.
func (s Substitutions) Tmp() string {
	return filepath.Join(s.TmpDir, s.tmpBase()+".tmp")
}

// tmpBase returns the value of %basename_t.
func (s Substitutions) tmpBase() string {
	return filepath.Base(s.File)
}

// letter returns the value of a one-letter substitution such as 's' for %s.
func (s Substitutions) letter(c byte) (string, bool) {
	switch c {
	case 's':
		return s.File, true
	case 'S', 'p':
		return filepath.Dir(s.File), true
	case 't':
		return s.Tmp(), true
	case 'T':
		return s.TmpDir, true
	}
	return "", false
}

// named returns the value of %{name}.
func (s Substitutions) named(name string) (string, bool) {
	if v, ok := s.Extra[name]; ok {
		return v, true
	}
	switch name {
	case "pathsep":
		return string(os.PathListSeparator), true
	case "fs-sep":
		return string(filepath.Separator), true
	}
	return "", false
}

// Apply returns cmd with every substitution sequence replaced. The command
// is scanned once from left to right, so a substituted value is never
// substituted again.
func (s Substitutions) Apply(cmd string) string {
	var b strings.Builder
	for i := 0; i < len(cmd); {
		if cmd[i] != '%' {
			b.WriteByte(cmd[i])
			i++
			continue
		}
		val, n := s.match(cmd[i:])
		if n == 0 {
			b.WriteByte('%')
			i++
			continue
		}
		b.WriteString(val)
		i += n
	}
	return b.String()
}

// match returns the value of the substitution at the start of rest (which
// begins with '%') and its length, or a zero length if there is none.
func (s Substitutions) match(rest string) (string, int) {
	if len(rest) < 2 {
		return "", 0
	}
	switch c := rest[1]; {
	case c == '%':
		return "%", 2
	case c == '{':
		end := strings.IndexByte(rest, '}')
		if end < 0 {
			return "", 0
		}
		if v, ok := s.named(rest[2:end]); ok {
			return v, end + 1
		}
	case strings.HasPrefix(rest, "%basename_t"):
		return s.tmpBase(), len("%basename_t")
	case c == '/' && len(rest) >= 3:
		if v, ok := s.letter(rest[2]); ok {
			return filepath.ToSlash(v), 3
		}
	default:
		if v, ok := s.letter(c); ok {
			return v, 2
		}
	}
	return "", 0
}

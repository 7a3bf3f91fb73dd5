// Package llvmflags lets the cobra/pflag commands (tt-opt, tt-run) accept
// command lines written for LLVM's tools, whose option library takes long
// options with one dash as well as two: "-split-input-file",
// "-pass-pipeline=...", "-check-prefix X". pflag reads "-abc" as the short
// flags a, b and c, so the arguments are rewritten before pflag sees them:
// every "-name" or "-name=value" whose name is a long flag of the command
// becomes "--name...". Short flags ("-o file", "-ofile", "-v") keep working,
// and so does "-" (standard input).
package llvmflags

import (
	"strings"

	"github.com/spf13/pflag"
)

// builtinLong are the long flags cobra adds to a command when it runs,
// after the command's own flags are declared.
var builtinLong = map[string]bool{"help": true, "version": true}

// Normalize returns args with single-dash long options spelled with two
// dashes. Arguments after "--", and the value argument of a flag that takes
// one ("-o -", "--pass-pipeline -x"), are left alone. A single-dash word
// that names no flag also gets two dashes when its first letter is not a
// short flag, so that pflag reports "unknown flag: --name" rather than an
// unknown shorthand letter.
func Normalize(fs *pflag.FlagSet, args []string) []string {
	out := make([]string, 0, len(args))
	takesValue := false // the previous argument was a flag waiting for its value
	for i, a := range args {
		if a == "--" {
			return append(out, args[i:]...)
		}
		if takesValue {
			out = append(out, a)
			takesValue = false
			continue
		}
		switch {
		case strings.HasPrefix(a, "--"):
			takesValue = needsValue(fs.Lookup(flagName(a[2:])), a)
		case strings.HasPrefix(a, "-") && len(a) > 2:
			name := flagName(a[1:])
			if f := fs.Lookup(name); name != "" && (f != nil || builtinLong[name] || fs.ShorthandLookup(name[:1]) == nil) {
				a = "-" + a
				takesValue = needsValue(f, a)
			} else {
				takesValue = false // "-ofile": the value is glued on
			}
		case strings.HasPrefix(a, "-") && len(a) == 2:
			takesValue = needsValue(fs.ShorthandLookup(a[1:]), a)
		}
		out = append(out, a)
	}
	return out
}

// flagName is the name part of "name=value".
func flagName(s string) string {
	if i := strings.IndexByte(s, '='); i >= 0 {
		return s[:i]
	}
	return s
}

// needsValue reports whether flag f, written as arg, takes its value from
// the next argument.
func needsValue(f *pflag.Flag, arg string) bool {
	return f != nil && f.NoOptDefVal == "" && !strings.Contains(arg, "=")
}

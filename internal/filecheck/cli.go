package filecheck

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// optKind is how a command-line option takes its value.
type optKind int

const (
	optBool   optKind = iota // -flag or -flag=true|false
	optValue                 // -opt=v or -opt v
	optPrefix                // -Dvalue only (cl::AlwaysPrefix)
)

// cliOption describes one option of LLVM's FileCheck command line.
type cliOption struct {
	name  string
	kind  optKind
	comma bool // split values at commas (cl::CommaSeparated)
	apply func(inv *invocation, value string) error
}

// invocation collects the parsed command line.
type invocation struct {
	opts        Options
	checkFile   string
	positionals int
	inputFile   string
	dumpModes   []DumpMode
	dumpFilters []DumpFilter
	dumpContext []int
	help        bool
}

func boolOpt(name string, set func(*Options, bool)) cliOption {
	return cliOption{name: name, kind: optBool, apply: func(inv *invocation, v string) error {
		b, err := parseBool(v)
		if err == nil {
			set(&inv.opts, b)
		}
		return err
	}}
}

func listOpt(name string, comma bool, add func(*Options, string)) cliOption {
	return cliOption{name: name, kind: optValue, comma: comma, apply: func(inv *invocation, v string) error {
		add(&inv.opts, v)
		return nil
	}}
}

// cliOptions lists the options FileCheck 16 understands.
var cliOptions = []cliOption{
	listOpt("check-prefix", false, func(o *Options, v string) { o.CheckPrefixes = append(o.CheckPrefixes, v) }),
	listOpt("check-prefixes", true, func(o *Options, v string) { o.CheckPrefixes = append(o.CheckPrefixes, v) }),
	listOpt("comment-prefixes", true, func(o *Options, v string) { o.CommentPrefixes = append(o.CommentPrefixes, v) }),
	listOpt("implicit-check-not", false, func(o *Options, v string) { o.ImplicitCheckNot = append(o.ImplicitCheckNot, v) }),
	{name: "D", kind: optPrefix, apply: func(inv *invocation, v string) error {
		inv.opts.GlobalDefines = append(inv.opts.GlobalDefines, v)
		return nil
	}},
	{name: "input-file", kind: optValue, apply: func(inv *invocation, v string) error {
		inv.inputFile = v
		return nil
	}},
	boolOpt("strict-whitespace", func(o *Options, b bool) { o.StrictWhitespace = b }),
	boolOpt("allow-empty", func(o *Options, b bool) { o.AllowEmptyInput = b }),
	boolOpt("match-full-lines", func(o *Options, b bool) { o.MatchFullLines = b }),
	boolOpt("ignore-case", func(o *Options, b bool) { o.IgnoreCase = b }),
	boolOpt("enable-var-scope", func(o *Options, b bool) { o.EnableVarScope = b }),
	boolOpt("allow-deprecated-dag-overlap", func(o *Options, b bool) { o.AllowDeprecatedDAGOverlap = b }),
	boolOpt("allow-unused-prefixes", func(o *Options, b bool) { o.AllowUnusedPrefixes = b }),
	boolOpt("v", func(o *Options, b bool) { o.Verbose = b }),
	boolOpt("vv", func(o *Options, b bool) { o.VerboseVerbose = b }),
	boolOpt("color", func(*Options, bool) {}),
	{name: "dump-input", kind: optValue, apply: func(inv *invocation, v string) error {
		m, ok := map[string]DumpMode{"help": DumpHelp, "never": DumpNever, "fail": DumpFail, "always": DumpAlways}[v]
		if !ok {
			return fmt.Errorf("Cannot find option named '%s'!", v)
		}
		inv.dumpModes = append(inv.dumpModes, m)
		return nil
	}},
	{name: "dump-input-filter", kind: optValue, apply: func(inv *invocation, v string) error {
		f, ok := map[string]DumpFilter{"all": FilterAll, "annotation-full": FilterAnnotationFull,
			"annotation": FilterAnnotation, "error": FilterError}[v]
		if !ok {
			return fmt.Errorf("Cannot find option named '%s'!", v)
		}
		inv.dumpFilters = append(inv.dumpFilters, f)
		return nil
	}},
	{name: "dump-input-context", kind: optValue, apply: func(inv *invocation, v string) error {
		n, err := strconv.ParseUint(v, 0, 32)
		if err != nil {
			return fmt.Errorf("'%s' value invalid for uint argument!", v)
		}
		inv.dumpContext = append(inv.dumpContext, int(n))
		return nil
	}},
	{name: "help", kind: optBool, apply: func(inv *invocation, _ string) error {
		inv.help = true
		return nil
	}},
}

// parseBool accepts the spellings LLVM's cl::opt<bool> accepts.
func parseBool(v string) (bool, error) {
	switch v {
	case "", "true", "TRUE", "True", "1":
		return true, nil
	case "false", "FALSE", "False", "0":
		return false, nil
	}
	return false, fmt.Errorf("'%s' is invalid value for boolean argument! Try 0 or 1", v)
}

func findOption(name string) *cliOption {
	for i := range cliOptions {
		if cliOptions[i].name == name {
			return &cliOptions[i]
		}
	}
	return nil
}

// dashes returns the dashes LLVM prints before an option name.
func dashes(name string) string {
	if len(name) == 1 {
		return "-"
	}
	return "--"
}

// cliParser parses arguments like llvm::cl::ParseCommandLineOptions.
type cliParser struct {
	prog, argv0 string
	w           io.Writer
	inv         invocation
	failed      bool
}

func (p *cliParser) errorf(format string, args ...any) {
	fmt.Fprintf(p.w, "%s: "+format+"\n", append([]any{p.prog}, args...)...)
	p.failed = true
}

// parse processes args (without the program name).
func (p *cliParser) parse(args []string) {
	p.inv.inputFile = "-"
	onlyPositional := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if onlyPositional || !strings.HasPrefix(a, "-") || a == "-" {
			p.positional(a)
			continue
		}
		if a == "--" {
			onlyPositional = true
			continue
		}
		name := strings.TrimPrefix(a[1:], "-")
		i += p.option(a, name, args[i+1:])
	}
}

func (p *cliParser) positional(a string) {
	p.inv.positionals++
	if p.inv.positionals == 1 {
		p.inv.checkFile = a
	}
}

// option handles one dash argument; it returns how many of the following
// arguments it consumed.
func (p *cliParser) option(arg, name string, rest []string) int {
	key, value, hasValue := strings.Cut(name, "=")
	o := findOption(key)
	if o != nil && o.kind == optPrefix && hasValue {
		o = nil
	}
	if o == nil {
		if strings.HasPrefix(name, "D") && len(name) > 1 {
			p.apply(findOption("D"), name[1:])
			return 0
		}
		p.errorf("Unknown command line argument '%s'.  Try: '%s --help'", arg, p.argv0)
		if near := nearestOption(key); near != "" {
			p.errorf("Did you mean '%s%s'?", dashes(near), near)
		}
		return 0
	}
	switch {
	case o.kind == optBool:
		p.apply(o, value)
	case hasValue:
		p.apply(o, value)
	case o.kind == optValue && len(rest) > 0:
		p.apply(o, rest[0])
		return 1
	default:
		p.errorf("for the %s%s option: requires a value!", dashes(o.name), o.name)
	}
	return 0
}

// apply stores a value of option o, splitting comma lists.
func (p *cliParser) apply(o *cliOption, v string) {
	values := []string{v}
	if o.comma {
		values = strings.Split(v, ",")
	}
	for _, v := range values {
		if err := o.apply(&p.inv, v); err != nil {
			p.errorf("for the %s%s option: %v", dashes(o.name), o.name, err)
		}
	}
}

// nearestOption suggests the known option closest to a misspelled one.
func nearestOption(name string) string {
	best, bestDist := "", 0
	for _, o := range cliOptions {
		if d := editDistance(o.name, name, len(o.name)+len(name)); best == "" || d < bestDist {
			best, bestDist = o.name, d
		}
	}
	return best
}

// tokenize splits FILECHECK_OPTS like a POSIX shell (quotes and
// backslashes, no expansions).
func tokenize(s string) []string {
	var out []string
	var cur strings.Builder
	inTok := false
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0 && c == quote:
			quote = 0
		case quote != '\'' && c == '\\' && i+1 < len(s):
			i++
			cur.WriteByte(s[i])
			inTok = true
		case quote != 0:
			cur.WriteByte(c)
		case c == '"' || c == '\'':
			quote, inTok = c, true
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			if inTok {
				out = append(out, cur.String())
				cur.Reset()
				inTok = false
			}
		default:
			cur.WriteByte(c)
			inTok = true
		}
	}
	if inTok {
		out = append(out, cur.String())
	}
	return out
}

// maxOf returns the largest element of xs, or def when xs is empty.
func maxOf[T ~int](xs []T, def T) T {
	if len(xs) == 0 {
		return def
	}
	m := xs[0]
	for _, x := range xs[1:] {
		m = max(m, x)
	}
	return m
}

// Main runs the FileCheck command line: args[0] is the program name, and
// options from the FILECHECK_OPTS environment variable (looked up with
// getenv) come before the other arguments. It returns the exit status.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	if len(args) == 0 {
		args = []string{"filecheck"}
	}
	p := &cliParser{prog: filepath.Base(args[0]), argv0: args[0], w: stderr}
	all := append(tokenize(getenv("FILECHECK_OPTS")), args[1:]...)
	p.parse(all)
	if p.inv.positionals > 1 {
		p.errorf("Too many positional arguments specified!\nCan specify at most 1 positional arguments: See: %s --help", p.argv0)
	}
	if p.failed {
		return 1
	}
	inv := &p.inv
	if inv.help {
		io.WriteString(stdout, usage)
		return 0
	}
	inv.opts.DumpInput = maxOf(inv.dumpModes, DumpFail)
	defFilter := FilterError
	if inv.opts.DumpInput == DumpAlways {
		defFilter = FilterAll
	}
	inv.opts.DumpInputFilter = maxOf(inv.dumpFilters, defFilter)
	inv.opts.DumpInputContext = maxOf(inv.dumpContext, 5)
	if inv.opts.VerboseVerbose {
		inv.opts.Verbose = true
	}
	if inv.opts.DumpInput == DumpHelp {
		io.WriteString(stdout, dumpInputHelp)
		return 0
	}
	return runInvocation(inv, args, stdin, stderr)
}

// runInvocation performs the checks of a parsed command line in the order
// FileCheck does, so that errors are reported in the same order.
func runInvocation(inv *invocation, args []string, stdin io.Reader, stderr io.Writer) int {
	if inv.checkFile == "" {
		io.WriteString(stderr, "<check-file> not specified\n")
		return 2
	}
	if !checkDefines(inv.opts.GlobalDefines, stderr) {
		return 2
	}
	c := newChecker(inv.opts, stderr)
	if !c.validatePrefixes() {
		return 2
	}
	checkText, err := readFileOrStdin(inv.checkFile, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "Could not open check file '%s': %s\n", inv.checkFile, errorText(err))
		return 2
	}
	checkBuf := newBuffer(bufferName(inv.checkFile), canonicalize(checkText, inv.opts.StrictWhitespace))
	if status := c.readCheckFile(checkBuf); status != 0 {
		return status
	}
	inputName := bufferName(inv.inputFile)
	inputText, err := readFileOrStdin(inv.inputFile, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "Could not open input file '%s': %s\n", inputName, errorText(err))
		return 2
	}
	if inputText == "" && !inv.opts.AllowEmptyInput {
		fmt.Fprintf(stderr, "FileCheck error: '%s' is empty.\n", inputName)
		fmt.Fprintf(stderr, "FileCheck command line: %s\n", " "+strings.Join(args, " "))
		return 2
	}
	return c.run(File{Name: inputName, Text: inputText}, inputName, inv.checkFile)
}

// checkDefines rejects -D values without '=' or without a name.
func checkDefines(defs []string, stderr io.Writer) bool {
	ok := true
	for _, d := range defs {
		switch eq := strings.IndexByte(d, '='); {
		case eq < 0:
			fmt.Fprintf(stderr, "Missing equal sign in command-line definition '-D%s'\n", d)
			ok = false
		case eq == 0:
			fmt.Fprintf(stderr, "Missing variable name in command-line definition '-D%s'\n", d)
			ok = false
		}
	}
	return ok
}

// bufferName is the name diagnostics use for a file argument.
func bufferName(path string) string {
	if path == "-" {
		return "<stdin>"
	}
	return path
}

// readFileOrStdin reads a file, or standard input for "-".
func readFileOrStdin(path string, stdin io.Reader) (string, error) {
	if path == "-" {
		b, err := io.ReadAll(stdin)
		return string(b), err
	}
	b, err := os.ReadFile(path)
	return string(b), err
}

// errorText renders an I/O error like std::error_code::message.
func errorText(err error) string {
	var errno syscall.Errno
	if errors.As(err, &errno) {
		s := errno.Error()
		return strings.ToUpper(s[:1]) + s[1:]
	}
	return err.Error()
}

const usage = `OVERVIEW: filecheck - a reimplementation of LLVM's FileCheck

USAGE: filecheck [options] <check-file>

OPTIONS:
  --allow-deprecated-dag-overlap  Enable overlapping among matches in a group of consecutive CHECK-DAG directives
  --allow-empty                   Allow the input file to be empty
  --allow-unused-prefixes         Allow prefixes to be specified but not appear in the test
  --check-prefix=<string>         Prefix to use from check file (defaults to 'CHECK')
  --check-prefixes=<string>       Alias for -check-prefix permitting multiple comma separated values
  --comment-prefixes=<string>     Comma-separated list of comment prefixes (defaults to 'COM,RUN')
  -D <VAR=VALUE>                  Define a variable to be used in capture patterns
  --dump-input=<value>            Dump input to stderr: help, always, fail (default) or never
  --dump-input-context=<uint>     Number of context lines around filtered input lines
  --dump-input-filter=<value>     Input lines to dump: all, annotation-full, annotation or error
  --enable-var-scope              Clear non-global variables at each CHECK-LABEL
  --ignore-case                   Match case-insensitively
  --implicit-check-not=<string>   Add an implicit negative check between all matches
  --input-file=<filename>         File to check (defaults to stdin)
  --match-full-lines              Require all positive matches to cover an entire input line
  --strict-whitespace             Do not treat all horizontal whitespace as equivalent
  -v                              Print information on successful matches
  --vv                            Print information on all matches and searches
`

const dumpInputHelp = `-dump-input=help: how to read the input dump

The input dump (enabled by -dump-input=fail, the default, or always) lists
every input line, numbered, with a space standing for its newline. Lines
below an input line annotate it:

  LABEL  MARKS  NOTE

LABEL names a directive as TYPE:LINE, where TYPE is check, next, same, not,
dag, label, empty or count and LINE is its line in the check file, or
"imp" followed by N for the N-th --implicit-check-not pattern. A directive
with several results gets a suffix 'K for its K-th result.

MARKS underline input columns:
  ^~~  a good match (shown with -v)
  !~~  a bad match: an excluded string found, a match on the wrong line,
       or (with -vv) a CHECK-DAG match discarded for overlapping
  X~~  the searched range when no match was found
  ?    the most similar text when an expected match was not found

-dump-input-filter selects which lines are shown and -dump-input-context
how many lines around them; omitted lines are shown as a column of dots.
`

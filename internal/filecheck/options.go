package filecheck

// DumpMode selects when the annotated input dump is printed (--dump-input).
type DumpMode int

// Dump modes, ordered so that the most informative one has the largest
// value, as FileCheck picks the maximum when the option is repeated.
const (
	DumpHelp DumpMode = iota
	DumpNever
	DumpFail
	DumpAlways
)

// DumpFilter selects which input lines the dump shows (--dump-input-filter),
// ordered like DumpMode.
type DumpFilter int

// Dump filters.
const (
	FilterError DumpFilter = iota
	FilterAnnotation
	FilterAnnotationFull
	FilterAll
)

// Options are the settings of a FileCheck run (LLVM's FileCheckRequest plus
// the dump settings of the FileCheck tool). DefaultOptions returns the
// settings of a FileCheck command without flags; the zero value differs
// from it only in printing no input dump.
type Options struct {
	// CheckPrefixes are the directive prefixes; empty means "CHECK".
	CheckPrefixes []string
	// CommentPrefixes start comment lines; empty means "COM" and "RUN".
	CommentPrefixes []string
	// ImplicitCheckNot patterns are checked as CHECK-NOT between all matches.
	ImplicitCheckNot []string
	// GlobalDefines are -D definitions: "NAME=value" or "#NAME=expression".
	GlobalDefines []string
	// AllowEmptyInput accepts an empty input (--allow-empty).
	AllowEmptyInput bool
	// AllowUnusedPrefixes permits check prefixes without directives.
	AllowUnusedPrefixes bool
	// MatchFullLines requires positive patterns to match whole lines.
	MatchFullLines bool
	// IgnoreCase matches case-insensitively (ASCII letters).
	IgnoreCase bool
	// StrictWhitespace disables whitespace canonicalization.
	StrictWhitespace bool
	// EnableVarScope clears non-global variables at each CHECK-LABEL.
	EnableVarScope bool
	// AllowDeprecatedDAGOverlap lets CHECK-DAG matches overlap.
	AllowDeprecatedDAGOverlap bool
	// Verbose (-v) reports good matches too.
	Verbose bool
	// VerboseVerbose (-vv) also reports discarded and absent matches; it
	// implies Verbose.
	VerboseVerbose bool
	// DumpInput selects when the annotated input is dumped; Run treats
	// DumpHelp (the zero value) like DumpNever.
	DumpInput DumpMode
	// DumpInputFilter selects the dumped lines.
	DumpInputFilter DumpFilter
	// DumpInputContext is the number of context lines around filtered ones.
	DumpInputContext int
}

// DefaultOptions returns the options of a FileCheck run without flags.
func DefaultOptions() Options {
	return Options{DumpInput: DumpFail, DumpInputFilter: FilterError, DumpInputContext: 5}
}

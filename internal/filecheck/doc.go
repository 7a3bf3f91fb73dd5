// Package filecheck is a reimplementation of LLVM's FileCheck (version 16)
// in Go: it parses a check file, matches its directives against an input,
// and reports failures with the same messages, locations and annotated
// input dump as LLVM, down to the byte.
//
// Run checks an input against a check file given as text; Main implements
// the complete command line of the FileCheck tool (see cmd/filecheck).
// Exit statuses follow LLVM: 0 when the input matches, 1 when it does not,
// and 2 for invalid options, unreadable files, an empty input or a
// malformed check file. Like LLVM, a few errors exit with 1 instead: bad
// command-line syntax (an unknown option, a missing option value, several
// check files) and a stray ']' inside a [[...]] block.
//
// # Supported features
//
// Directives: CHECK, CHECK-NEXT, CHECK-SAME, CHECK-NOT, CHECK-DAG,
// CHECK-LABEL, CHECK-EMPTY and CHECK-COUNT-n, the {LITERAL} modifier,
// custom prefixes (--check-prefix, --check-prefixes), comment prefixes
// (COM: and RUN: by default, --comment-prefixes), and the diagnostics for
// misspelled directives (CHECK_NEXT:), unsupported combinations
// (CHECK-NOT-DAG:) and bad counts.
//
// Patterns: literal text, {{regex}} blocks, string variables [[X:regex]]
// and [[X]] (a use on the defining line becomes a back-reference), global
// $variables with --enable-var-scope, -D definitions, numeric variables and
// expressions [[#N:]], [[#%x,N:]], [[#N+1]], [[#%.8X,add(N,M)]],
// [[#==N]], the functions add, sub, mul, div, min and max, and @LINE in
// both [[@LINE+1]] and [[#@LINE]] forms. Numeric values follow LLVM 16:
// they range from -2^63 to 2^64-1 and overflow is an error.
//
// Regular expressions are POSIX extended regular expressions with the
// dialect of llvm::Regex: a backslash before a non-digit is that literal
// character (so \d matches "d"), \1 to \9 are back-references, [[:<:]] and
// [[:>:]] are word boundaries, '.' and negated bracket expressions never
// match a newline, and matching is on bytes. The parser reproduces
// regcomp's grammar and error messages. Matching is leftmost-longest:
// regexes are translated to Go's regexp syntax over byte-sized runes, and
// regexes with back-references or word boundaries use a bounded
// backtracking matcher. Capture groups, which give variables their values,
// are assigned like LLVM's engine does ("dissection"), so ambiguous
// patterns such as (a|ab)(c|bcd) capture the same text as in LLVM.
//
// Options: --strict-whitespace, --match-full-lines, --ignore-case,
// --implicit-check-not, --allow-empty, --allow-unused-prefixes,
// --allow-deprecated-dag-overlap, --enable-var-scope, --input-file, -D,
// -v, -vv, --dump-input (help, always, fail, never), --dump-input-filter,
// --dump-input-context, and options taken from FILECHECK_OPTS. Without
// --strict-whitespace, each run of spaces and tabs in both the check file
// and the input is treated as a single space, and patterns lose their
// leading and trailing whitespace; "\r\n" always counts as "\n".
//
// # Differences from LLVM
//
// The known differences are all on paths where LLVM misbehaves or where
// its output depends on implementation accidents:
//
//   - Colors are never used (LLVM colors diagnostics on a terminal);
//     --color is accepted and ignored.
//   - After an unknown option, the "Did you mean" suggestion may name a
//     different option: LLVM picks it from all of its registered options in
//     hash-table order.
//   - Where LLVM crashes, this package reports an error and exits with 2:
//     for a -D#NAME= definition without an expression, and for a numeric
//     format whose precision makes an invalid regex (such as %.300u).
//   - Named collating elements ([[.hyphen.]]) follow the POSIX names, which
//     may not list exactly the names LLVM's table has.
//   - A back-tracking search that exceeds its work budget (only possible
//     with pathological back-references) is treated as no match.
//   - For matches longer than 2048 bytes, capture groups are assigned by
//     Go's leftmost-longest rules rather than LLVM's dissection.
//
// The conformance corpus in testdata/conformance records the exit status
// and complete diagnostics of LLVM FileCheck 16 for each case; the tests
// compare against those recordings and, when LLVM's FileCheck 16 is
// installed, against the real tool.
package filecheck

package tt

import (
	"fmt"
	"log"
	"os"
	"runtime"
	"strings"
)

// LogsEnv is the environment variable Compile reads its log components
// from (PyTorch's TORCH_LOGS): a comma-separated list of the components
// below, e.g. TT_LOGS=recompiles,graph_breaks,guards,graph_code,+dynamic.
const LogsEnv = "TT_LOGS"

// The log components of TT_LOGS and Logs.
const (
	// LogRecompiles: each recompile, with the function and the guard that failed.
	LogRecompiles = "recompiles"
	// LogGraphBreaks: each graph break met while compiling, with its reason and Go file:line.
	LogGraphBreaks = "graph_breaks"
	// LogGuards: the guards of each compiled graph.
	LogGuards = "guards"
	// LogGraphCode: the IR of each captured graph.
	LogGraphCode = "graph_code"
	// LogDynamic: sizes that become dynamic and graphs that specialize;
	// "+dynamic" also prints each symbolic size and size guard as the
	// trace creates it.
	LogDynamic = "dynamic"
)

// logComponents lists the valid components, in the order help text shows them.
var logComponents = []string{LogRecompiles, LogGraphBreaks, LogGuards, LogGraphCode, LogDynamic}

// logSet is the enabled components; verbose holds the "+name" ones.
type logSet struct {
	on, verbose map[string]bool
}

// parseLogs reads a TT_LOGS value. "all" enables every component.
func parseLogs(spec string) (logSet, error) {
	ls := logSet{on: map[string]bool{}, verbose: map[string]bool{}}
	for _, f := range strings.Split(spec, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		name, plus := strings.CutPrefix(f, "+")
		if name == "all" {
			for _, c := range logComponents {
				ls.on[c] = true
				ls.verbose[c] = ls.verbose[c] || plus
			}
			continue
		}
		known := false
		for _, c := range logComponents {
			known = known || c == name
		}
		if !known {
			return ls, fmt.Errorf("%s: unknown log component %q (known: %s, all)", LogsEnv, name, strings.Join(logComponents, ", "))
		}
		ls.on[name] = true
		ls.verbose[name] = ls.verbose[name] || plus
	}
	return ls, nil
}

// Logs enables log components as TT_LOGS does (the option replaces the
// environment variable's setting): "recompiles,graph_breaks" etc. The lines
// go to the Logger option's logger, or to standard error. An unknown
// component panics with an *Error.
func Logs(spec string) Option {
	ls, err := parseLogs(spec)
	if err != nil {
		panic(&Error{Msg: err.Error()})
	}
	return func(c *config) { c.logs, c.logsSet = ls, true }
}

// envLogs returns the components of $TT_LOGS; a bad value is reported on
// standard error once per Compile and ignored.
func envLogs() logSet {
	ls, err := parseLogs(os.Getenv(LogsEnv))
	if err != nil {
		fmt.Fprintf(os.Stderr, "tt: %v; ignoring it\n", err)
		return logSet{}
	}
	return ls
}

// logOn reports whether component is enabled; logVerbose whether "+component" is.
func (c *compiled) logOn(component string) bool      { return c.cfg.logs.on[component] }
func (c *compiled) logVerbose(component string) bool { return c.cfg.logs.verbose[component] }

// logf prints one message of component, when it is enabled, to the
// Logger option's logger or standard error.
func (c *compiled) logf(component, format string, args ...any) {
	if !c.logOn(component) {
		return
	}
	c.logOut().Printf("tt [%s]: %s", component, fmt.Sprintf(format, args...))
}

// logOut is where log components print.
func (c *compiled) logOut() *log.Logger {
	if c.cfg.userLogger {
		return c.cfg.logger
	}
	if c.stderrLog == nil {
		c.stderrLog = log.New(os.Stderr, "", 0)
	}
	return c.stderrLog
}

// funcName names the compiled Go function with its source position.
func (c *compiled) funcName() string {
	f := runtime.FuncForPC(c.fn.Pointer())
	if f == nil {
		return c.ftype.String()
	}
	file, line := f.FileLine(f.Entry())
	return fmt.Sprintf("%s (%s:%d)", f.Name(), file, line)
}

// addGraph records a captured graph for Explain and the graph_code log.
func (c *compiled) addGraph(text string) {
	c.graphs = append(c.graphs, text)
	c.logf(LogGraphCode, "graph %d of %s (backend %s):\n%s", len(c.graphs), c.funcName(), c.cfg.backend, text)
}

// logGuards prints the guards of a new cache entry.
func (c *compiled) logGuards(e *entry) {
	if !c.logOn(LogGuards) {
		return
	}
	c.logf(LogGuards, "guards of cache entry %d of %s:\n  %s", len(c.entries)+1, c.funcName(), strings.Join(e.guards(), "\n  "))
}

// logSymbols prints, for +dynamic, the symbolic sizes of a new dynamic
// entry and the size guards its trace recorded, with where the Go code
// compared.
func (c *compiled) logSymbols(e *entry) {
	if !c.logVerbose(LogDynamic) {
		return
	}
	for ti, g := range e.tensors {
		for d, s := range g.sizes {
			if s == -1 {
				c.logf(LogDynamic, "symbolic size t%d.size(%d) (tensor argument %d, dimension %d)", ti, d, ti, d)
			}
		}
	}
	for _, g := range e.sym {
		c.logf(LogDynamic, "size guard %s at %s", g, g.where)
	}
}

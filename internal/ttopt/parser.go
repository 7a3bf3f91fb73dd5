package ttopt

import (
	"os"

	"github.com/tt-compiler/tt/ir/asm"
)

// ParserEnv names the environment variable that sets the default of
// tt-opt's --parser flag, so that a whole test suite (the lit tests: go
// test ./test/lit/ -args -lit.parser=participle) runs with either engine
// without editing its RUN lines.
const ParserEnv = "TT_OPT_PARSER"

// defaultParser returns the --parser default: $TT_OPT_PARSER, else the
// asm package's default engine.
func defaultParser() string {
	if v := os.Getenv(ParserEnv); v != "" {
		return v
	}
	return asm.DefaultEngineName
}

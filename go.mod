module github.com/tt-compiler/tt

go 1.26.0

require (
	github.com/alecthomas/participle/v2 v2.1.4
	github.com/ebitengine/purego v0.11.3
	github.com/google/go-cmp v0.7.0
	github.com/spf13/cobra v1.10.2
	github.com/spf13/pflag v1.0.9
	golang.org/x/tools v0.52.0
)

require (
	github.com/inconshreveable/mousetrap v1.1.0 // indirect
	golang.org/x/mod v0.42.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
)

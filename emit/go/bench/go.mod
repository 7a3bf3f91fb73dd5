module github.com/tt-compiler/tt/emit/go/bench

go 1.24.0

require gonum.org/v1/gonum v0.17.0

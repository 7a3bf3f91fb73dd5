#!/bin/sh
# Runs the interpreter benchmarks (interp/bench_test.go) and their PyTorch
# twins (bench_torch.py) back to back, so the two see the same machine.
# From the repository root:
#
#   sh interp/testdata/bench_compare.sh
#
# Environment: BENCHTIME (go test -benchtime, default 10x), COUNT (go test
# -count, default 1), RUNS (torch runs per benchmark, default 10).
set -e
cd "$(dirname "$0")/../.."
echo "load: $(cat /proc/loadavg 2>/dev/null)"
go test ./interp/ -run '^$' -bench . -benchtime "${BENCHTIME:-10x}" -count "${COUNT:-1}"
/usr/bin/python3 interp/testdata/bench_torch.py "${RUNS:-10}"
echo "load: $(cat /proc/loadavg 2>/dev/null)"

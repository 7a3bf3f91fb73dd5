#!/usr/bin/env bash
# tools/gpucheck/run.sh: tt's check on a machine with an NVIDIA GPU. It fits
# in 8 minutes on one H200 and writes everything under $OUT: gpucheck.json
# (every step and result), summary.txt (the same, readable) and each step's
# log. Every step has a timeout; a failed or timed-out step is recorded and
# the script goes on. See docs/gpucheck.md.
#
#   run.sh [--out DIR]            run the check (DIR defaults to $OUT, else ./gpucheck-out)
#   run.sh --dry-run [--out DIR]  build (or find) the binaries and list what would run
#   run.sh --prepare [DIR]        build static binaries into DIR (default
#                                 tools/gpucheck/bin) on a machine with Go, for a
#                                 GPU machine that has none; run.sh uses them if present
#
# Steps (timeouts in seconds): probe (nvidia-smi, `gpucheck probe`: driver,
# compute capability) 20; build (only without prepared binaries; needs Go)
# 240; fixtures (test/refdata and interp/testdata programs on --backend cuda
# against PyTorch's results) 125; corpus (the PTX corpus on the GPU vs the
# simulator and the Go references) 75; bench (copy kernel, softmax,
# layer_norm, GELU chain at 1 GiB, matmul 4096^3 f32/f16, the MLP training
# step) 160; torch (PyTorch's twins, where torch sees the GPU; 30 to check
# for it) 50. With prepared binaries the total is at most 460 s.
set -u

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
mode=run
out=${OUT:-}
prepare_dir=
while [ $# -gt 0 ]; do
	case $1 in
	--dry-run) mode=dry ;;
	--out) out=$2; shift ;;
	--out=*) out=${1#--out=} ;;
	--prepare)
		mode=prepare
		if [ $# -gt 1 ] && [ "${2#-}" = "$2" ]; then prepare_dir=$2; shift; fi ;;
	-h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
	*) echo "run.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
	esac
	shift
done
out=${out:-$root/gpucheck-out}
bin=${GPUCHECK_BIN:-$here/bin}
cd "$root" || exit 1

# build DIR: the static binaries gpucheck needs: gpucheck itself and the
# PTX corpus test (ptx/corpustest) compiled as a test binary.
build() {
	mkdir -p "$1" &&
	CGO_ENABLED=0 go build -trimpath -ldflags='-s -w' -o "$1/gpucheck" ./tools/gpucheck &&
	CGO_ENABLED=0 go test -c -trimpath -ldflags='-s -w' -o "$1/corpustest.test" ./ptx/corpustest
}

if [ "$mode" = prepare ]; then
	dir=${prepare_dir:-$here/bin}
	build "$dir" || exit 1
	ls -l "$dir"
	exit 0
fi

mkdir -p "$out" || exit 1
: >"$out/steps.tsv"

# record NAME STATUS EXIT SECS: one line of steps.tsv.
record() { printf '%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$4" "$1.log" >>"$out/steps.tsv"; }

# step NAME TIMEOUT CMD...: runs CMD with a timeout, its output in
# $out/NAME.log (and standard output into $out/NAME.<ext> where the step
# says so), and records how it ended.
step() {
	local name=$1 limit=$2 start end rc status ms
	shift 2
	echo "== $name (timeout ${limit}s): $*"
	start=$(date +%s%N)
	timeout --kill-after=10 "$limit" bash -c "$*" 2>"$out/$name.log"
	rc=$?
	end=$(date +%s%N)
	case $rc in
	0) status=ok ;;
	124|137) status=timeout ;;
	*) status=failed ;;
	esac
	ms=$(((end - start) / 1000000))
	record "$name" "$status" "$rc" "$((ms / 1000)).$(printf %03d $((ms % 1000)))"
	echo "   $status (exit $rc)"
}

export out bin
export -f build

if [ ! -x "$bin/gpucheck" ] || [ ! -x "$bin/corpustest.test" ]; then
	if command -v go >/dev/null; then
		bin=${TMPDIR:-/tmp}/gpucheck-bin.$$
		export bin
		step build 240 build "$bin"
	else
		record build failed 127 0
		echo "== build: no prepared binaries in $bin and no Go toolchain (run.sh --prepare on a machine with Go)"
	fi
fi

torch_ok() { timeout 30 python3 -c 'import sys, torch; sys.exit(0 if torch.cuda.is_available() else 1)' 2>/dev/null; }

if [ "$mode" = dry ]; then
	echo "binaries: $bin"
	echo "output: $out"
	echo "steps:"
	echo "  probe    20s   nvidia-smi; $bin/gpucheck probe"
	echo "  fixtures 125s  $bin/gpucheck fixtures --backend cuda"
	echo "  corpus   75s   (cd ptx/corpustest && $bin/corpustest.test -test.run '^TestCorpusOnGPU\$' -test.v)"
	echo "  bench    160s  $bin/gpucheck bench --backend cuda"
	echo "  torch    50s   python3 tools/gpucheck/torch_bench.py (only where torch sees a GPU)"
	echo "  summary        $bin/gpucheck summarize --out $out"
	[ -x "$bin/gpucheck" ] || exit 1
	"$bin/gpucheck" fixtures --list || exit 1
	(cd ptx/corpustest && "$bin/corpustest.test" -test.list '^TestCorpusOnGPU$' | sed 's/^/corpus /') || exit 1
	"$bin/gpucheck" bench --list || exit 1
	if torch_ok; then echo "torch: available"; else echo "torch: not available on this machine (the step will be skipped)"; fi
	exit 0
fi

probe() {
	{ nvidia-smi; nvidia-smi --query-gpu=name,driver_version,compute_cap,memory.total,clocks.max.sm,clocks.max.mem --format=csv; } >"$out/nvidia-smi.txt" 2>&1
	"$bin/gpucheck" probe >"$out/probe.json"
}
fixtures() { "$bin/gpucheck" fixtures --backend cuda >"$out/fixtures.jsonl"; }
corpus() { (cd ptx/corpustest && "$bin/corpustest.test" -test.run '^TestCorpusOnGPU$' -test.v -test.timeout 70s) >"$out/corpus.txt"; }
benchmarks() { "$bin/gpucheck" bench --backend cuda >"$out/bench.jsonl"; }
torch() { python3 tools/gpucheck/torch_bench.py >"$out/torch.json"; }
export -f probe fixtures corpus benchmarks torch

step probe 20 probe
step fixtures 125 fixtures
step corpus 75 corpus
step bench 160 benchmarks
if torch_ok; then
	step torch 50 torch
else
	record torch skipped 0 0
	echo "== torch: skipped (no torch, or torch.cuda.is_available() is False)"
fi

if [ -x "$bin/gpucheck" ] && "$bin/gpucheck" summarize --out "$out"; then
	exit 0
fi
# No gpucheck to summarize: the steps' outcomes alone.
{
	echo "tt gpucheck summary (gpucheck summarize unavailable: see build.log)"
	awk -F'\t' '{ printf "  %-10s %-8s exit %s\n", $1, $2, $3 }' "$out/steps.tsv"
} | tee "$out/summary.txt"
awk -F'\t' 'BEGIN { printf "{\"steps\": [" } { printf "%s{\"name\": \"%s\", \"status\": \"%s\", \"exit\": %s, \"secs\": %s}", NR > 1 ? ", " : "", $1, $2, $3, $4 } END { print "]}" }' \
	"$out/steps.tsv" >"$out/gpucheck.json"
exit 0

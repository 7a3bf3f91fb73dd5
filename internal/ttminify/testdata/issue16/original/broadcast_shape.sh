#!/bin/bash
# The predicate of the class-4 reduction: the old build's gradient has
# another shape than the fixed build's (a silently wrong gradient), both
# runs succeeding. $TT_OLD and $TT_NEW are directories holding tt-run.
P="builtin.module(aot-autograd{func=$TT_MINIFY_ENTRY})"
"$TT_OLD/tt-run" module.mlir --pass-pipeline "$P" --entry "${TT_MINIFY_ENTRY}_grad" $TT_MINIFY_INPUTS > old.txt 2>&1 || exit 1
"$TT_NEW/tt-run" module.mlir --pass-pipeline "$P" --entry "${TT_MINIFY_ENTRY}_grad" $TT_MINIFY_INPUTS > new.txt 2>&1 || exit 1
! diff -q <(grep '^  shape' old.txt) <(grep '^  shape' new.txt) > /dev/null

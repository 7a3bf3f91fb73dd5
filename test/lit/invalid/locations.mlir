// Invalid locations.
// RUN: tt-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

// expected-error@+1 {{expected location instance}}
"test.a"() : () -> () loc(12)

// -----

// expected-error@+1 {{expected integer column number in FileLineColLoc}}
"test.a"() : () -> () loc("f.py":1:x)

// -----

// expected-error@+1 {{expected 'at' in callsite}}
"test.a"() : () -> () loc(callsite("a" "b"))

// -----

// expected-error@+1 {{operation location alias was never defined}}
"test.a"() : () -> () loc(#never)

// -----

#notloc = 3
// expected-error@+1 {{expected location, but found '3 : i64'}}
"test.a"() : () -> () loc(#notloc)

// -----

// expected-error@+1 {{expected ')' in location}}
"test.a"() : () -> () loc("f.py":1:2

// Package climain is the source of the command that goemit.EmitMain
// generates: it runs one function of a generated package on .npy files.
// Like package rt it is copied into generated code (the main package must
// depend on the standard library only) and exists to be compiled and
// tested; stub.go stands in for the generated part (ttEntries: the
// signature of every exported function and the glue that calls it) and is
// never copied.
//
// Usage of the generated command:
//
//	model [-entry F] -input x.npy -input w.npy [-out DIR] [-bench N]
//	model [-entry F] -serve
//
// -entry names the function (its Go name or IR symbol; it may be left out
// when the package has one). One -input per argument, in order; the array's dtype must be the
// argument's element type (<f4 for f32, <f8 for f64, |b1 for i1, <i4 for
// i32, <i8 for i64 and index) and its shape the argument's shape (any size
// for a dynamic dimension; rank 0 for a scalar). With -out, result i is
// written to DIR/out<i>.npy; otherwise a summary of each result is
// printed. -bench N runs the function once more N times after the first
// run and prints "bench: median <ms> ms, min <ms> ms over N runs", timing
// the calls only.
//
// Every run gets fresh copies of the arguments (a function may write into
// its argument buffers).
//
// -serve is the protocol tt-run speaks to the command: requests on
// standard input, responses on standard output, until end of input.
//
//	request:  "run <n>\n" followed by n .npy arrays (the arguments),
//	          or "again\n" (run with the previous arguments)
//	response: "ok <r> <nanoseconds>\n" followed by r .npy arrays (the
//	          results; nanoseconds is the duration of the call alone),
//	          or "error <Go-quoted message>\n"
//
// A malformed request ends the command with status 2.
package climain

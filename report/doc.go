// Package report writes tt's compile report (the role of PyTorch 2's
// tlparse): one self-contained HTML page per compilation showing the IR
// after each stage of the pipeline (collapsible and searchable), the
// kernel graph, each kernel fusion formed with the tensor ops fused into
// it (their locations and source lines) and the generated Go of its loop
// nests, a memory timeline of each loop-level function's buffers, and
// the values aot-autograd's partitioner saves for the backward.
//
// Collect gathers the data from the pipeline's modules (the Go backend
// writes it to its dump directory as report.json); Write renders a Page.
// The page needs no network: its style and script are inline. Its script
// searches the IR and code (the search box, or ?q=TEXT in the address)
// and opens the section an address's fragment names (#kernel-N,
// #stage-N).
package report

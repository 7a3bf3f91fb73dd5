// Self-test of RUN-line continuations and of directives after other text.
//
// RUN: echo one \
// RUN:      two \
// RUN:   three | grep -qx 'one two three'
//
// Lines between the pieces of a continued RUN line are ignored, as in lit.
// RUN: echo a \
// (not a directive)
// RUN: b | grep -qx 'a b'
//
//    // RUN: echo indented directive | grep -q indented
/// RUN: echo triple slash | grep -q triple

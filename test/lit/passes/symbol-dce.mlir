// RUN: tt-opt %s --symbol-dce --allow-unregistered-dialect | filecheck %s
// RUN: not tt-opt %s --pass-pipeline='builtin.module(func.func(symbol-dce))' --allow-unregistered-dialect 2>&1 | filecheck %s --check-prefix=NOTABLE

// Public symbols stay; private ones stay only if something live refers to
// them (nested references and references in attributes included); nested
// visibility is private to a module that is not visible from outside.
// CHECK-LABEL: module {
// CHECK-NEXT:    func.func @pub()
// CHECK:         func.func private @used()
// CHECK:         func.func @caller()
// CHECK:         func.func private @chain1()
// CHECK:         func.func private @chain2()
// CHECK:         module @inner {
// CHECK-NEXT:      func.func @ipub()
// CHECK:           func.func private @ipriv2()
// CHECK-NOT:     @priv(
// CHECK-NOT:     @nest(
// CHECK-NOT:     @dead
// CHECK-NOT:     @inner2
// CHECK-NOT:     @ipriv(
func.func @pub() { return }
func.func private @priv() { return }
func.func private @used() { return }
func.func nested @nest() { return }
func.func @caller() {
  func.call @used() : () -> ()
  "test.ref"() {refs = [@inner::@ipriv2, {x = @chain1}]} : () -> ()
  return
}
func.func private @chain1() { func.call @chain2() : () -> () return }
func.func private @chain2() { return }
func.func private @deadchain1() { func.call @deadchain2() : () -> () return }
func.func private @deadchain2() { return }
module @inner {
  func.func @ipub() { return }
  func.func private @ipriv() { return }
  func.func private @ipriv2() { return }
}
module @inner2 attributes {sym_visibility = "private"} {
  func.func @ipub2() { return }
}

// NOTABLE: error: 'func.func' op was scheduled to run under SymbolDCE, but does not define a symbol table

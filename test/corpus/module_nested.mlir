// Nested modules are symbol tables of their own.
module {
  module @inner {
    func.func @g() {
      return
    }
  }
  func.func @g() {
    return
  }
}

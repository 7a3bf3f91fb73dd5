// An explicit top-level module with a name and attributes.
module @named attributes {foo.flag, foo.n = 3 : i32} {
  func.func @f() {
    return
  }
}

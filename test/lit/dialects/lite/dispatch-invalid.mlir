// Verifier errors of lite.dispatch and of the lite.kernel attribute.

// RUN: lite-opt %s --split-input-file --verify-diagnostics

module {
  func.func @main(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
    // expected-error @+1 {{'lite.dispatch' op requires attribute 'result_dims'}}
    %r = "lite.dispatch"(%a) {callee = @lite_kernels::@k} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    return %r : tensor<2x3xf32>
  }
}

// -----

module {
  func.func @main(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
    // expected-error @+1 {{'lite.dispatch' op attribute 'callee' must be a symbol reference (@name)}}
    %r = "lite.dispatch"(%a) {callee = "k", result_dims = array<i64: 2, 2, 3>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    return %r : tensor<2x3xf32>
  }
}

// -----

module {
  func.func @main(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
    // expected-error @+1 {{result #0 has type tensor<2x3xf32>, but its operands and attributes give tensor<3x2xf32>}}
    %r = "lite.dispatch"(%a) {callee = @lite_kernels::@k, result_dims = array<i64: 2, 3, 2>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    return %r : tensor<2x3xf32>
  }
}

// -----

module {
  func.func @main(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
    // expected-error @+1 {{'lite.dispatch' op attribute 'result_dims': result #0 dim 0 is -1; a generated kernel's shapes are static}}
    %r = "lite.dispatch"(%a) {callee = @lite_kernels::@k, result_dims = array<i64: 2, -1, 3>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    return %r : tensor<2x3xf32>
  }
}

// -----

module {
  func.func @main(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
    // expected-error @+1 {{'lite.dispatch' op callee @k is not a func.func of this module}}
    %r = "lite.dispatch"(%a) {callee = @lite_kernels::@k, result_dims = array<i64: 2, 2, 3>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    return %r : tensor<2x3xf32>
  }
}

// -----

module {
  func.func @main(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
    // expected-error @+1 {{'lite.dispatch' op callee @k is not a kernel func (it lacks lite.kernel = {num_inputs = N : i64})}}
    %r = "lite.dispatch"(%a) {callee = @lite_kernels::@k, result_dims = array<i64: 2, 2, 3>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    return %r : tensor<2x3xf32>
  }
  module @lite_kernels {
    func.func @k(%a: memref<2x3xf32>, %o: memref<2x3xf32>) {
      return
    }
  }
}

// -----

module {
  func.func @main(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
    // expected-error @+1 {{'lite.dispatch' op lite.kernel 'other' is not the callee's name 'k'}}
    %r = "lite.dispatch"(%a) {callee = @lite_kernels::@k, lite.kernel = "other", result_dims = array<i64: 2, 2, 3>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    return %r : tensor<2x3xf32>
  }
  module @lite_kernels {
    func.func @k(%a: memref<2x3xf32>, %o: memref<2x3xf32>) attributes {lite.kernel = {num_inputs = 1 : i64}} {
      return
    }
  }
}

// -----

module {
  func.func @main(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
    // expected-error @+1 {{'lite.dispatch' op has 1 operands and 1 results; callee @k takes 2 inputs of 3 arguments and returns 0 values}}
    %r = "lite.dispatch"(%a) {callee = @lite_kernels::@k, result_dims = array<i64: 2, 2, 3>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    return %r : tensor<2x3xf32>
  }
  module @lite_kernels {
    func.func @k(%a: memref<2x3xf32>, %b: memref<2x3xf32>, %o: memref<2x3xf32>) attributes {lite.kernel = {num_inputs = 2 : i64}} {
      return
    }
  }
}

// -----

module {
  func.func @main(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
    // expected-error @+1 {{'lite.dispatch' op operand #0 (tensor<2x3xf32>) is not stored by the callee's argument #0 (memref<3x2xf32>)}}
    %r = "lite.dispatch"(%a) {callee = @lite_kernels::@k, result_dims = array<i64: 2, 2, 3>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    return %r : tensor<2x3xf32>
  }
  module @lite_kernels {
    func.func @k(%a: memref<3x2xf32>, %o: memref<2x3xf32>) attributes {lite.kernel = {num_inputs = 1 : i64}} {
      return
    }
  }
}

// -----

module {
  func.func @main(%a: tensor<2x3xf32>) -> tensor<2x3xi32> {
    // expected-error @+1 {{'lite.dispatch' op result #0 (tensor<2x3xi32>) is not stored by the callee's argument #1 (memref<2x3xf32>)}}
    %r = "lite.dispatch"(%a) {callee = @lite_kernels::@k, result_dims = array<i64: 2, 2, 3>} : (tensor<2x3xf32>) -> tensor<2x3xi32>
    return %r : tensor<2x3xi32>
  }
  module @lite_kernels {
    func.func @k(%a: memref<2x3xf32>, %o: memref<2x3xf32>) attributes {lite.kernel = {num_inputs = 1 : i64}} {
      return
    }
  }
}

// -----

// expected-error @+1 {{attribute 'lite.kernel' of a kernel func must be {num_inputs = N : i64} with N >= 0}}
func.func @k(%a: memref<2x3xf32>) attributes {lite.kernel = {inputs = 1 : i64}} {
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{attribute 'lite.kernel' must be a string (the kernel's name)}}
  %r = "lite.relu"(%a) {lite.kernel = 3 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

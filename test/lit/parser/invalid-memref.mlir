// Malformed memref types and affine maps: lite-opt and mlir-opt-16 give the
// same diagnostics (memref-interop.mlir runs this file through mlir-opt).
// RUN: lite-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

// expected-error @+1 {{expected the number of strides to match the rank}}
func.func private @f(memref<4x4xf32, strided<[1]>>)

// -----

// expected-error @+1 {{expected the number of strides to match the rank}}
func.func private @f(memref<4xf32, strided<[]>>)

// -----

// expected-error @+1 {{strides must not be zero}}
func.func private @f(memref<4xf32, strided<[0]>>)

// -----

// expected-error @+1 {{invalid memref element type}}
func.func private @f(memref<4xtensor<f32>>)

// -----

// expected-error @+1 {{invalid memref element type}}
func.func private @f(memref<4xnone>)

// -----

// expected-error @+1 {{invalid memref element type}}
func.func private @f(memref<4x!foo.bar>)

// -----

// expected-error @+1 {{expected '<' in memref type}}
func.func private @f(memref[4xf32])

// -----

// expected-error @+1 {{expected ',' or '>' in memref type}}
func.func private @f(memref<4xf32)

// -----

// expected-error @+1 {{expected ',' or '>'}}
func.func private @f(memref<4xf32, strided<[1], offset: ?>)

// -----

// expected-error @+1 {{multiple memory spaces specified in memref type}}
func.func private @f(memref<4xf32, 1, 2>)

// -----

// expected-error @+1 {{expected memory space to be last in memref type}}
func.func private @f(memref<4xf32, 1, strided<[1]>>)

// -----

// expected-error @+1 {{unsupported memory space Attribute}}
func.func private @f(memref<4xf32, 1.0>)

// -----

// expected-error @+1 {{unsupported memory space Attribute}}
func.func private @f(memref<4xf32, [1]>)

// -----

// expected-error @+1 {{unsupported memory space Attribute}}
func.func private @f(memref<4xf32, #foo.bar>)

// -----

// expected-error @+1 {{memref layout mismatch between rank and affine map: 1 != 2}}
func.func private @f(memref<4xf32, affine_map<(d0, d1) -> (d0)>>)

// -----

// expected-error @+1 {{expected '<' after 'strided'}}
func.func private @f(memref<4xf32, strided[1]>)

// -----

// expected-error @+1 {{expected '['}}
func.func private @f(memref<4xf32, strided<1>>)

// -----

// expected-error @+1 {{expected ']'}}
func.func private @f(memref<4xf32, strided<[1>>)

// -----

// expected-error @+1 {{expected ','}}
func.func private @f(memref<4xf32, strided<[1] offset: 0>>)

// -----

// expected-error @+1 {{expected 'offset' after comma}}
func.func private @f(memref<4xf32, strided<[1], foo: 0>>)

// -----

// expected-error @+1 {{expected ':' after 'offset'}}
func.func private @f(memref<4xf32, strided<[1], offset 0>>)

// -----

// expected-error @+1 {{expected a 64-bit signed integer or '?'}}
func.func private @f(memref<4xf32, strided<[x]>>)

// -----

// expected-error @+1 {{expected a 64-bit signed integer or '?'}}
func.func private @f(memref<4xf32, strided<[1, ]>>)

// -----

// expected-error @+1 {{expected a 64-bit signed integer or '?'}}
func.func private @f(memref<4xf32, strided<[-9223372036854775808]>>)

// -----

// expected-error @+1 {{expected a 64-bit signed integer or '?'}}
func.func private @f(memref<4xf32, strided<[1], offset: 9223372036854775808>>)

// -----

// expected-error @+1 {{expected '>'}}
func.func private @f(memref<4xf32, strided<[1], offset: 0]>>)

// -----

// expected-error @+1 {{use of undeclared identifier}}
"op"() {m = affine_map<(d0) -> (d1)>} : () -> ()

// -----

// expected-error @+1 {{redefinition of identifier 'd0'}}
"op"() {m = affine_map<(d0, d0) -> (d0)>} : () -> ()

// -----

// expected-error @+1 {{expected '<' in affine map}}
"op"() {m = affine_map(d0)} : () -> ()

// -----

// expected-error @+1 {{expected '(' in dimensional identifier list}}
"op"() {m = affine_map<d0 -> (d0)>} : () -> ()

// -----

// expected-error @+1 {{expected bare identifier}}
"op"() {m = affine_map<(1) -> (1)>} : () -> ()

// -----

// expected-error @+1 {{expected ')' in dimensional identifier list}}
"op"() {m = affine_map<(d0 d1) -> (d0)>} : () -> ()

// -----

// expected-error @+1 {{expected '->' or ':'}}
"op"() {m = affine_map<(d0) (d0)>} : () -> ()

// -----

// expected-error @+1 {{expected '(' in affine map range}}
"op"() {m = affine_map<(d0) -> d0>} : () -> ()

// -----

// expected-error @+1 {{expected ')' in affine map range}}
"op"() {m = affine_map<(d0) -> (d0 d0)>} : () -> ()

// -----

// expected-error @+1 {{expected '>' in affine map}}
"op"() {m = affine_map<(d0) -> (d0)} : () -> ()

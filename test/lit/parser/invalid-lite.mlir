// Diagnostics where lite is stricter than mlir-opt-16 or has no MLIR
// counterpart (types and attributes it does not model).
// RUN: lite-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

// The custom form of an op of an unknown dialect cannot be parsed, even with
// unregistered dialects allowed.
// expected-error @+1 {{Dialect `foo' not found for custom op 'foo.bar'}}
foo.bar

// -----

// mlir-opt-16 ignores the number here.
"region"() ({
// expected-error @+1 {{result number not allowed in argument list}}
^bb0(%a#1: i32):
  "op"() : () -> ()
}) : () -> ()

// -----

// Newer MLIR checks the alignment of a blob; 16 takes any value.
"op"() : () -> ()
// expected-error @+1 {{expected hex string blob for key 'r' to encode alignment in first 4 bytes, but got non-power-of-2 value: 3}}
{-# dialect_resources: { builtin: { r: "0x03000000" } } #-}

// -----

// expected-error @+1 {{zero-width integer types are not supported}}
"op"() : () -> i0

// -----

// Memrefs: ranked only, of scalars and vectors, with a strided layout.
// expected-error @+1 {{unranked memref is not supported}}
"op"() : () -> memref<*xf32>

// -----

// expected-error @+1 {{invalid memref element type}}
"op"() : () -> memref<4xmemref<f32>>

// -----

// expected-error @+1 {{only the identity affine_map is supported as a memref layout; use strided<[...]>}}
"op"() : () -> memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>

// -----

// expected-error @+1 {{'strided' layouts are only supported inside memref types}}
"op"() {layout = strided<[1]>} : () -> ()

// -----

// expected-error @+1 {{'complex' types are not supported}}
"op"() : () -> complex<f32>

// -----

// expected-error @+1 {{scalable vector dimensions are not supported}}
"op"() : () -> vector<[4]xf32>

// -----

// affine_map: projected permutations with constant-0 results only.
// expected-error @+1 {{only projected permutations with constant-0 broadcasts are supported in affine_map}}
"op"() {m = affine_map<(d0) -> (d0 + 1)>} : () -> ()

// -----

// expected-error @+1 {{only projected permutations with constant-0 broadcasts are supported in affine_map}}
"op"() {m = affine_map<(d0) -> (d0 * 2)>} : () -> ()

// -----

// expected-error @+1 {{only projected permutations with constant-0 broadcasts are supported in affine_map}}
"op"() {m = affine_map<(d0) -> (d0 floordiv 2)>} : () -> ()

// -----

// expected-error @+1 {{only projected permutations with constant-0 broadcasts are supported in affine_map}}
"op"() {m = affine_map<(d0) -> (d0 mod 2)>} : () -> ()

// -----

// expected-error @+1 {{only projected permutations with constant-0 broadcasts are supported in affine_map}}
"op"() {m = affine_map<(d0) -> (-d0)>} : () -> ()

// -----

// expected-error @+1 {{only projected permutations with constant-0 broadcasts are supported in affine_map}}
"op"() {m = affine_map<(d0) -> (1)>} : () -> ()

// -----

// expected-error @+1 {{only projected permutations with constant-0 broadcasts are supported in affine_map}}
"op"() {m = affine_map<(d0)[s0] -> (d0)>} : () -> ()

// -----

// expected-error @+1 {{only projected permutations with constant-0 broadcasts are supported in affine_map}}
"op"() {m = affine_map<(d0, d1) -> (d0, d0)>} : () -> ()

// -----

// expected-error @+1 {{only projected permutations with constant-0 broadcasts are supported in affine_map}}
"op"() {m = affine_map<(d0) -> ((d0))>} : () -> ()

// -----

// Integer attributes hold 64 bits, whatever their type's width.
// expected-error @+1 {{integer constant out of range for attribute}}
"op"() {a = 18446744073709551616 : i128} : () -> ()

// -----

// Successor operands in the pre-2020 syntax need a type each.
"region"() ({
  // expected-error @+1 {{expected 2 types in successor operand list but had 1}}
  "br"(%x)[^bb1(%x, %x : i32)] : (i32) -> ()
^bb1(%a: i32, %b: i32):
  "op"() : () -> ()
}) : () -> ()

// -----

// A registered op without custom syntax must be written in generic form.
func.func @f(%a: i32) {
  // expected-error @+1 {{custom op 'test.neg' has no custom assembly form; use the generic form "test.neg"(...)}}
  %0 = test.neg %a : i32
  return
}

// -----

// expected-error @+1 {{invalid dialect namespace 'foo-bar'}}
"op"() : () -> !foo-bar<"x">

// Malformed types and type aliases (wording from mlir-opt-16).
// RUN: lite-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

// expected-error @+1 {{expected '>' in tensor type}}
"op"() : () -> tensor<3xf32

// -----

// expected-error @+1 {{expected 'x' in dimension list}}
"op"() : () -> tensor<3x?>

// -----

// expected-error @+1 {{expected non-function type}}
"op"() : () -> vector<?xf32>

// -----

// expected-error @+1 {{expected non-function type}}
"op"() : () -> foo

// -----

// expected-error @+1 {{expected '->' in function type}}
"op"(%x) : (f32)

// -----

// expected-error @+1 {{cannot apply encoding to unranked tensor}}
"op"() : () -> tensor<*xf32, "e"> loc(unknown)

// -----

// expected-error @+1 {{invalid tensor element type}}
"op"() : () -> tensor<4xnone>

// -----

// expected-error @+1 {{vector types must have positive constant sizes}}
"op"() : () -> vector<0xf32>

// -----

// expected-error @+1 {{vector elements must be int/index/float type}}
"op"() : () -> vector<4xnone>

// -----

// expected-error @+1 {{integer bitwidth is limited to 16777215 bits}}
"op"() : () -> i99999999

// -----

// expected-error @+1 {{invalid dimension}}
"op"() : () -> tensor<99999999999999999999xf32>

// -----

// expected-error @+1 {{undefined symbol alias id 't'}}
"op"() : () -> !t

// -----

!t = i32
// expected-error @+1 {{redefinition of type alias id 't'}}
!t = i32

// -----

// expected-error @+1 {{type names with a '.' are reserved for dialect-defined names}}
!t.x = i32

// -----

// expected-error @+1 {{expected '=' in type alias definition}}
!t i32

// -----

#a = 1
// expected-error @+1 {{redefinition of attribute alias id 'a'}}
#a = 2

// -----

// expected-error @+1 {{attribute names with a '.' are reserved for dialect-defined names}}
#a.b = 1

// -----

// expected-error @+1 {{expected '=' in attribute alias definition}}
#a 1

// -----

// expected-error @+1 {{invalid type identifier}}
"op"() : () -> !

// -----

// expected-error @+1 {{unbalanced '<' character in pretty dialect name}}
"op"() : () -> !foo.bar<1, <2>

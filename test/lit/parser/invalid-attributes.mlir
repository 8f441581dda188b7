// Malformed attributes and elements literals (wording from mlir-opt-16).
// RUN: lite-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

// expected-error @+1 {{undefined symbol alias id 'foo'}}
"op"() {a = #foo} : () -> ()

// -----

// expected-error @+2 {{unexpected decimal integer literal for a floating point value}}
// expected-note @+1 {{add a trailing dot to make the literal a float}}
"op"() {a = 1 : f32} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range for attribute}}
"op"() {a = 256 : i8} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range for attribute}}
"op"() {a = 128 : si8} : () -> ()

// -----

// MLIR rejects a negated zero too.
// expected-error @+1 {{integer constant out of range for attribute}}
"op"() {a = -0 : i32} : () -> ()

// -----

// expected-error @+1 {{negative integer literal not valid for unsigned integer type}}
"op"() {a = -1 : ui8} : () -> ()

// -----

// expected-error @+1 {{floating point value not valid for specified type}}
"op"() {a = 1.5 : i32} : () -> ()

// -----

// expected-error @+1 {{hexadecimal float constant out of range for type}}
"op"() {a = 0x1FFFF : f16} : () -> ()

// -----

// expected-error @+1 {{integer literal not valid for specified type}}
"op"() {a = 1 : tensor<2xi32>} : () -> ()

// -----

// expected-error @+1 {{expected constant integer or floating point value}}
"op"() {a = -x} : () -> ()

// -----

// expected-error @+1 {{unknown escape in string literal}}
"op"() {a = "abc\q"} : () -> ()

// -----

// expected-error @+1 {{expected '"' in string literal}}
"op"() {a = "abc} : () -> ()

// -----

// expected-error @+1 {{duplicate key 'a' in dictionary attribute}}
"op"() {a = 1, a = 2} : () -> ()

// -----

// expected-error @+1 {{expected ',' or ']'}}
"op"() {a = [1, 2} : () -> ()

// -----

// expected-error @+1 {{expected attribute name}}
"op"() {= 1} : () -> ()

// -----

// expected-error @+1 {{expected valid attribute name}}
"op"() {"" = 1} : () -> ()

// -----

// expected-error @+1 {{expected attribute value}}
"op"() {a = b} : () -> ()

// -----

// expected-error @+1 {{expected nested symbol reference identifier}}
"op"() {a = @a::b} : () -> ()

// -----

// expected-error @+1 {{@ identifier expected to start with letter or '_'}}
"op"() {a = @} : () -> ()

// -----

// expected-error @+1 {{unbalanced '[' character in pretty dialect name}}
"op"() {a = #foo.bar<1, [2> } : () -> ()

// -----

// expected-error @+1 {{unbalanced '(' character in pretty dialect name}}
"op"() {a = #foo.bar<(1, 2> } : () -> ()

// -----

// expected-error @+1 {{unbalanced '<' character in pretty dialect name}}
"op"() {a = #foo.bar<

// -----

// expected-error @+1 {{inferred shape of elements literal ([2]) does not match type ([3])}}
"op"() {a = dense<[1, 2]> : tensor<3xi32>} : () -> ()

// -----

// expected-error @+1 {{inferred shape of elements literal ([2, 2]) does not match type ([4])}}
"op"() {a = dense<[[1, 2], [3, 4]]> : tensor<4xi8>} : () -> ()

// -----

// expected-error @+1 {{tensor literal is invalid; ranks are not consistent between elements}}
"op"() {a = dense<[[1, 2], [3]]> : tensor<2x2xi32>} : () -> ()

// -----

// expected-error @+1 {{expected integer elements, but parsed floating-point}}
"op"() {a = dense<1.5> : tensor<2xi32>} : () -> ()

// -----

// expected-error @+1 {{expected floating-point elements, but parsed integer}}
"op"() {a = dense<1> : tensor<2xf32>} : () -> ()

// -----

// expected-error @+1 {{expected unsigned integer elements, but parsed negative value}}
"op"() {a = dense<-1> : tensor<2xui8>} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range for type}}
"op"() {a = dense<-2> : tensor<2xi1>} : () -> ()

// -----

// expected-error @+1 {{expected i1 type for 'true' or 'false' values}}
"op"() {a = dense<true> : tensor<2xi8>} : () -> ()

// -----

// expected-error @+1 {{elements literal type must have static shape}}
"op"() {a = dense<1> : tensor<?xf32>} : () -> ()

// -----

// expected-error @+1 {{elements literal must be a shaped type}}
"op"() {a = dense<1> : i32} : () -> ()

// -----

// expected-error @+1 {{elements hex data size is invalid for provided type: 'tensor<3xi8>'}}
"op"() {a = dense<"0x0102"> : tensor<3xi8>} : () -> ()

// -----

// expected-error @+1 {{expected string containing hex digits starting with `0x`}}
"op"() {a = dense<"0xZZ"> : tensor<3xi8>} : () -> ()

// -----

// expected-error @+1 {{parsed zero elements, but type ('tensor<2xf32>') expected at least 1}}
"op"() {a = dense<> : tensor<2xf32>} : () -> ()

// -----

// expected-error @+1 {{expected element literal of primitive type}}
"op"() {a = dense<[x]> : tensor<1xi32>} : () -> ()

// -----

// expected-error @+1 {{expected integer literal}}
"op"() {a = array<i64: 1, x>} : () -> ()

// -----

// expected-error @+1 {{expected ':' after dense array type}}
"op"() {a = array<i64 1, 2>} : () -> ()

// -----

// expected-error @+1 {{expected integer or float type, got: 'tensor<2xi32>'}}
"op"() {a = array<tensor<2xi32>: 1>} : () -> ()

// -----

// expected-error @+1 {{expected identifier key for 'resource' entry}}
"op"() {a = dense_resource<> : tensor<2xf32>} : () -> ()

// -----

// expected-error @+1 {{`dense_resource` expected a shaped type}}
"op"() {a = dense_resource<blob> : i32} : () -> ()

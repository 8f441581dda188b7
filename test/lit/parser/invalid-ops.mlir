// Malformed operations, SSA values, blocks and regions: each chunk must give
// exactly the diagnostic MLIR gives (wording from mlir-opt-16).
// RUN: lite-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

// expected-error @+1 {{use of undeclared SSA value name}}
"use"(%1) : (i32) -> ()

// -----

// Every undeclared use is reported, in source order.
// expected-error @+1 {{use of undeclared SSA value name}}
"use"(%a) : (i32) -> ()
// expected-error @+1 {{use of undeclared SSA value name}}
"use"(%b) : (i32) -> ()

// -----

// expected-note @+1 {{previously defined here}}
%0 = "def"() : () -> i32
// expected-error @+1 {{redefinition of SSA value '%0'}}
%0 = "def"() : () -> i32

// -----

// expected-error @+2 {{use of value '%1' expects different type than prior uses: 'f32' vs 'i32'}}
// expected-note @+1 {{prior use here}}
"use"(%1, %1) : (i32, f32) -> ()
%1 = "def"() : () -> i32

// -----

// expected-note @+1 {{previously used here with type 'f32'}}
"use"(%1) : (f32) -> ()
// expected-error @+1 {{definition of SSA value '%1#0' has type 'i32'}}
%1 = "def"() : () -> i32

// -----

%0 = "def"() : () -> i32
// expected-error @+1 {{reference to invalid result number}}
"use"(%0#1) : (i32) -> ()

// -----

// expected-error @+1 {{operation defines 1 results but was provided 2 to bind}}
%0:2 = "def"() : () -> i32

// -----

// expected-error @+1 {{cannot name an operation with no results}}
%0 = "def"() : () -> ()

// -----

// expected-error @+1 {{expected named operation to have at least 1 result}}
%0:0 = "def"() : () -> ()

// -----

// expected-error @+1 {{expected integer number of results}}
%0: = "def"() : () -> i32

// -----

// expected-error @+1 {{expected '=' after SSA name}}
%0 "def"() : () -> i32

// -----

// expected-error @+1 {{expected valid ssa identifier}}
%0, 1 = "def"() : () -> (i32, i32)

// -----

// expected-error @+1 {{invalid SSA value result number}}
"use"(%0#a) : (i32) -> ()

// -----

// expected-error @+1 {{expected ')' to end operand list}}
"use"(1) : (f32) -> ()

// -----

// expected-error @+1 {{expected '(' to start operand list}}
"op" : () -> ()

// -----

// expected-error @+1 {{expected ':' followed by operation type}}
"op"()

// -----

// expected-error @+1 {{expected function type}}
"op"(%x) : f32 -> ()

// -----

// expected-error @+1 {{expected 2 operand types but had 1}}
"op"(%x, %y) : (i32) -> ()

// -----

// expected-error @+1 {{expected operation name in quotes}}
"op"() : () -> () -> ()

// -----

// expected-error @+1 {{empty operation name is invalid}}
""() : () -> ()

// -----

"region"() ({
^bb0:
  // expected-error @+1 {{reference to an undefined block}}
  "br"()[^bb2] : () -> ()
}) : () -> ()

// -----

"region"() ({
^bb0:
  "op"() : () -> ()
// expected-error @+1 {{redefinition of block '^bb0'}}
^bb0:
  "op"() : () -> ()
}) : () -> ()

// -----

"region"() ({
// expected-error @+1 {{expected ':' after block name}}
^bb0(%a: i32)
  "op"() : () -> ()
}) : () -> ()

// -----

"region"() ({
// expected-error @+1 {{expected ':' and type for SSA operand}}
^bb0(%a i32):
  "op"() : () -> ()
}) : () -> ()

// -----

"region"() ({
// expected-note @+2 {{previously defined here}}
// expected-error @+1 {{redefinition of SSA value '%a'}}
^bb0(%a: i32, %a: i32):
  "op"() : () -> ()
}) : () -> ()

// -----

// A missing token is reported right after the previous one, as MLIR does:
// here at the end of the line before the stray `)`.
"region"() ({
  "op"() : () -> ()
}, {
  "op"() : () -> () // expected-error {{expected operation name in quotes}}
) : () -> ()

// -----

// expected-error @+1 {{expected '{' to begin a region}}
"region"() (^bb0) : () -> ()

// -----

// expected-error @+1 {{successors in non-terminator}}
"func.call"()[^bb1] : () -> ()

// -----

"region"() ({
  // expected-error @+1 {{expected block name}}
  "br"()[%x] : () -> ()
}) : () -> ()

// -----

// A value defined in a region is out of scope after it.
"region"() ({
  %inner = "def"() : () -> i32
}) : () -> ()
// expected-error @+1 {{use of undeclared SSA value name}}
"use"(%inner) : (i32) -> ()

// -----

// expected-error @+1 {{use of undeclared SSA value name}}
"use"(%0#3) : (i32) -> ()
%0:2 = "def"() : () -> (i32, i32)

// Malformed locations, lexical errors and file metadata (wording from
// mlir-opt-16).
// RUN: lite-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

// expected-error @+1 {{operation location alias was never defined}}
"op"() : () -> () loc(#loc9)

// -----

// expected-error @+1 {{expected location instance}}
"op"() : () -> () loc(foo)

// -----

// expected-error @+1 {{expected location, but found dialect attribute: '#l.x'}}
"op"() : () -> () loc(#l.x)

// -----

// A location alias used before its definition is resolved at the end of the
// file, where it must turn out to be a location.
// expected-error @+1 {{expected location, but found '3 : i64'}}
"op"() : () -> () loc(#m)
#m = 3

// -----

// expected-error @+1 {{expected integer column number in FileLineColLoc}}
"op"() : () -> () loc("a":1:x)

// -----

// expected-error @+1 {{expected 'at' in callsite location}}
"op"() : () -> () loc(callsite("a" on "b"))

// -----

// expected-error @+1 {{expected '[' in fused location}}
"op"() : () -> () loc(fused<1>("a"))

// -----

// expected-error @+1 {{expected ')' after child location of NameLoc}}
"op"() : () -> () loc("a"("b" "c"))

// -----

// expected-error @+1 {{expected '(' in location}}
"op"() : () -> () loc "a"

// -----

// expected-error @+1 {{unexpected character}}
"op"() : () -> () $

// -----

// expected-error @+1 {{expected three consecutive dots for an ellipsis}}
"op"() : () -> () .

// -----

// expected-error @+1 {{invalid SSA name}}
"op"(%) : () -> ()

// -----

"op"() : () -> ()
// expected-error @+1 {{expected hex string blob for key 'r' to encode alignment in first 4 bytes}}
{-# dialect_resources: { builtin: { r: "0x01" } } #-}

// -----

"op"() : () -> ()
// expected-error @+1 {{expected hex string blob for key 'r'}}
{-# dialect_resources: { builtin: { r: "hello" } } #-}

// -----

"op"() : () -> ()
// expected-error @+1 {{dialect 'foo' is unknown}}
{-# dialect_resources: { foo: { r: "0x01000000" } } #-}

// -----

"op"() : () -> ()
// expected-error @+1 {{unknown key 'something' in file metadata dictionary}}
{-# something: { foo: { r: "0x01000000" } } #-}

// -----

"op"() : () -> ()
// expected-error @+1 {{expected ',' or '#-}'}}
{-# dialect_resources: { builtin: { r: "0x04000000" } } x

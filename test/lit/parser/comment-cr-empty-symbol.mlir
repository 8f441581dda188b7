// A carriage return ends a `//` comment, as in MLIR; the op after it is kept.
// RUN: printf '// comment\r"a.b"() : () -> ()\n' | lite-opt --allow-unregistered-dialect - | FileCheck %s --check-prefix=CR
// CR:      module {
// CR-NEXT:   "a.b"() : () -> ()
// CR-NEXT: }

// The empty symbol name prints as @"" and reads back unchanged.
// RUN: lite-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: lite-opt --allow-unregistered-dialect %s | lite-opt --allow-unregistered-dialect - | FileCheck %s
// CHECK: "x.y"() {s = @""} : () -> ()
// CHECK: func.func private @""()
"x.y"() {s = @""} : () -> ()
func.func private @""()

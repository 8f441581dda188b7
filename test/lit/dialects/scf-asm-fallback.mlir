// scf IR that the custom forms cannot spell so that it reads back the
// same prints in the generic form (mlir-opt-16 prints the custom form and
// loses the attributes of the implicit scf.yield).

// RUN: lite-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: lite-opt %s --allow-unregistered-dialect | lite-opt --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: func.func @generic_fallback
// CHECK:         "scf.for"(%arg0, %arg0, %arg0) ({
// CHECK-NEXT:    ^bb0(%arg2: index):
// CHECK-NEXT:      scf.yield {tag}
// CHECK-NEXT:    }) : (index, index, index) -> ()
// CHECK:         "scf.if"(%arg1) ({
// CHECK-NEXT:      scf.yield {tag}
// CHECK-NEXT:    }, {
// CHECK-NEXT:    }) : (i1) -> ()
func.func @generic_fallback(%a: index, %c: i1) {
  "scf.for"(%a, %a, %a) ({
  ^bb0(%i: index):
    "scf.yield"() {tag} : () -> ()
  }) : (index, index, index) -> ()
  "scf.if"(%c) ({
    "scf.yield"() {tag} : () -> ()
  }, {
  }) : (i1) -> ()
  return
}

// view-op-graph writes the same bytes as mlir-opt-16, with default options
// and with each option changed.

// REQUIRES: mlir-opt
// RUN: %mlir-opt %s --allow-unregistered-dialect --view-op-graph -o /dev/null 2> %t.mlir.dot
// RUN: lite-opt %s --allow-unregistered-dialect --view-op-graph -o /dev/null 2> %t.lite.dot
// RUN: diff %t.mlir.dot %t.lite.dot
// RUN: %mlir-opt %s --allow-unregistered-dialect --view-op-graph='print-control-flow-edges max-label-len=5 print-attrs=false print-result-types=false' -o /dev/null 2> %t.mlir2.dot
// RUN: lite-opt %s --allow-unregistered-dialect --view-op-graph='print-control-flow-edges max-label-len=5 print-attrs=false print-result-types=false' -o /dev/null 2> %t.lite2.dot
// RUN: diff %t.mlir2.dot %t.lite2.dot
// RUN: %mlir-opt %s --allow-unregistered-dialect --view-op-graph='print-data-flow-edges=false max-label-len=40' -o /dev/null 2> %t.mlir3.dot
// RUN: lite-opt %s --allow-unregistered-dialect --view-op-graph='print-data-flow-edges=false max-label-len=40' -o /dev/null 2> %t.lite3.dot
// RUN: diff %t.mlir3.dot %t.lite3.dot

func.func @f(%a: i32, %b: tensor<2xf32>) -> i32 {
  %c = "arith.constant"() {value = 1 : i32} : () -> i32
  %0 = "arith.addi"(%a, %c) : (i32, i32) -> i32
  %1:2 = "foo.two"(%0, %b) {attr = "a very long string attribute value here", n = 3, d = dense<[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17]> : tensor<17xi32>, e = dense<1.0> : tensor<100xf32>, f = [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17], g = dense<[[1,2],[3,4]]> : tensor<2x2xi32>, h = "tab\09here", t = f32} : (i32, tensor<2xf32>) -> (i32, i32)
  %r = "foo.region"(%1#0) ({
  ^bb0(%x: i32):
    %2 = "arith.muli"(%x, %x) : (i32, i32) -> i32
    "foo.yield"(%2) : (i32) -> ()
  }) : (i32) -> i32
  %r2 = "foo.r2"(%r, %r) ({
    "foo.y"() : () -> ()
  }) : (i32, i32) -> i32
  "foo.br"(%1#1)[^bb1] : (i32) -> ()
^bb1(%z: i32):
  "func.return"(%z) : (i32) -> ()
}

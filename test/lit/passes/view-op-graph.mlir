// view-op-graph: Graphviz DOT on stderr, as mlir-opt-16 writes it; the IR
// itself passes through unchanged.

// RUN: lite-opt %s --allow-unregistered-dialect --view-op-graph -o /dev/null 2>&1 | FileCheck %s --match-full-lines --strict-whitespace
// RUN: lite-opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(view-op-graph{print-control-flow-edges print-data-flow-edges=false print-result-types=false print-attrs=false})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=OPTS --match-full-lines --strict-whitespace
// RUN: lite-opt %s --allow-unregistered-dialect --view-op-graph='print-data-flow-edges=false' 2>/dev/null | FileCheck %s --check-prefix=IR

//      CHECK:digraph G {
// CHECK-NEXT:  compound = true;
// CHECK-NEXT:  subgraph cluster_1 {
// CHECK-NEXT:    v2 [label = " ", shape = plain];
// CHECK-NEXT:    label = "builtin.module : ())\n";
// CHECK-NEXT:    subgraph cluster_3 {
// CHECK-NEXT:      v4 [label = " ", shape = plain];
// CHECK-NEXT:      label = "";
// CHECK-NEXT:      subgraph cluster_5 {
// CHECK-NEXT:        v6 [label = " ", shape = plain];
// CHECK-NEXT:        label = "func.func : ())\n\nfunction_type: (i32, tensor<40xf32>...\nsym_name: \"f\"";
// CHECK-NEXT:        subgraph cluster_7 {
// CHECK-NEXT:          v8 [label = " ", shape = plain];
// CHECK-NEXT:          label = "";
// CHECK-NEXT:          v9 [label = "arg0", shape = ellipse];
// CHECK-NEXT:          v10 [label = "arg1", shape = ellipse];
// CHECK-NEXT:          v11 [label = "arith.constant : (i32))\n\nvalue: 1 : i32", shape = ellipse];
// CHECK-NEXT:          v12 [label = "arith.addi : (i32))\n", shape = ellipse];
// CHECK-NEXT:          v13 [label = "foo.two : (i32, i32))\n\nbig: {{\[\[}}...{{\]\]}} : tensor<4x5xf32>\nlist: [...]\nname: \"a very long string ...\nsplat: dense<1.000000e+00> : tensor<40xf32>", shape = ellipse];
// CHECK-NEXT:          subgraph cluster_14 {
// CHECK-NEXT:            v15 [label = " ", shape = plain];
// CHECK-NEXT:            label = "foo.region : (i32))\n";
// CHECK-NEXT:            subgraph cluster_16 {
// CHECK-NEXT:              v17 [label = " ", shape = plain];
// CHECK-NEXT:              label = "";
// CHECK-NEXT:              v18 [label = "arg0", shape = ellipse];
// CHECK-NEXT:              v19 [label = "arith.muli : (i32))\n", shape = ellipse];
// CHECK-NEXT:              v20 [label = "foo.yield : ())\n", shape = ellipse];
// CHECK-NEXT:            }
// CHECK-NEXT:          }
// CHECK-NEXT:          v21 [label = "foo.use : ())\n", shape = ellipse];
// CHECK-NEXT:          v22 [label = "func.return : ())\n", shape = ellipse];
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NEXT:  v9 -> v12 [label = "0", style = solid];
// CHECK-NEXT:  v11 -> v12 [label = "1", style = solid];
// CHECK-NEXT:  v12 -> v13 [label = "0", style = solid];
// CHECK-NEXT:  v10 -> v13 [label = "1", style = solid];
// CHECK-NEXT:  v18 -> v19 [label = "0", style = solid];
// CHECK-NEXT:  v18 -> v19 [label = "1", style = solid];
// CHECK-NEXT:  v19 -> v20 [label = "", style = solid];
// CHECK-NEXT:  v13 -> v15 [style = solid, lhead = cluster_14];
// CHECK-NEXT:  v15 -> v21 [style = solid, ltail = cluster_14];
// CHECK-NEXT:  v13 -> v21 [label = "1", style = solid];
// CHECK-NEXT:  v13 -> v22 [label = "", style = solid];
// CHECK-NEXT:}

//      OPTS:        label = "func.func";
//      OPTS:          v11 [label = "arith.constant", shape = ellipse];
//      OPTS:  v11 -> v12 [label = "", style = dashed];
// OPTS-NEXT:  v12 -> v13 [label = "", style = dashed];
// OPTS-NEXT:  v19 -> v20 [label = "", style = dashed];
// OPTS-NEXT:  v13 -> v15 [style = dashed, lhead = cluster_14];
// OPTS-NEXT:  v15 -> v21 [style = dashed, ltail = cluster_14];
// OPTS-NEXT:  v21 -> v22 [label = "", style = dashed];
// OPTS-NEXT:}

// IR: func.func @f(%arg0: i32, %arg1: tensor<40xf32>) -> i32 {
// IR:   return %{{.*}} : i32
func.func @f(%a: i32, %b: tensor<40xf32>) -> i32 {
  %c = "arith.constant"() {value = 1 : i32} : () -> i32
  %0 = "arith.addi"(%a, %c) : (i32, i32) -> i32
  %1:2 = "foo.two"(%0, %b) {name = "a very long string value", list = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17], splat = dense<1.0> : tensor<40xf32>, big = dense<[[1.0, 2.0, 3.0, 4.0, 5.0], [1.0, 2.0, 3.0, 4.0, 5.0], [1.0, 2.0, 3.0, 4.0, 5.0], [1.0, 2.0, 3.0, 4.0, 6.0]]> : tensor<4x5xf32>} : (i32, tensor<40xf32>) -> (i32, i32)
  %r = "foo.region"(%1#0) ({
  ^bb0(%x: i32):
    %2 = "arith.muli"(%x, %x) : (i32, i32) -> i32
    "foo.yield"(%2) : (i32) -> ()
  }) : (i32) -> i32
  "foo.use"(%r, %1#1) : (i32, i32) -> ()
  "func.return"(%1#1) : (i32) -> ()
}

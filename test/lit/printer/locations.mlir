// RUN: lite-opt --allow-unregistered-dialect --mlir-print-debuginfo %s | FileCheck %s
// RUN: lite-opt --allow-unregistered-dialect --mlir-print-debuginfo --mlir-print-local-scope %s | FileCheck %s --check-prefix=LOCAL
// RUN: lite-opt --allow-unregistered-dialect %s | FileCheck %s --check-prefix=NOLOC

// With debuginfo every location gets an alias #locN, numbered by nesting
// depth then first use. Aliases reached from block arguments are printed
// before the module, the others after it; block arguments print their
// location inline.

// CHECK:      #loc2 = loc("x.py":3:4)
// CHECK-NEXT: #loc3 = loc(unknown)
// CHECK-NEXT: #loc9 = loc("x.py":9:9)
// CHECK-NEXT: #loc14 = loc("blk"(#loc9))
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @f(%arg0: i32 loc("x.py":3:4), %arg1: i32 loc(unknown)) -> i32 {
// CHECK-NEXT:     %0 = "lite.a"(%arg0) : (i32) -> i32 loc(#loc10)
// CHECK-NEXT:     %1 = "lite.b"(%0) : (i32) -> i32 loc(#loc11)
// CHECK-NEXT:     %2 = "lite.c"(%1) : (i32) -> i32 loc(#loc15)
// CHECK-NEXT:     %3 = "lite.d"(%2) : (i32) -> i32 loc(#loc13)
// CHECK-NEXT:     %4 = "lite.e"(%3) : (i32) -> i32 loc(#loc3)
// CHECK-NEXT:     %5 = "lite.e"(%4) : (i32) -> i32 loc(#loc8)
// CHECK-NEXT:   ^bb1(%6: i32 loc("blk"(#loc9))):  // pred: ^bb1
// CHECK-NEXT:     "lite.br"(%6)[^bb1] : (i32) -> () loc(#loc9)
// CHECK-NEXT:   } loc(#loc1)
// CHECK-NEXT: } loc(#loc)
// CHECK-NEXT: #loc = loc("{{.*}}locations.mlir":{{[0-9]+}}:1)
// CHECK-NEXT: #loc1 = loc("x.py":1:1)
// CHECK-NEXT: #loc4 = loc("m.onnx":1:2)
// CHECK-NEXT: #loc5 = loc("m.onnx":5:6)
// CHECK-NEXT: #loc6 = loc("q":1:1)
// CHECK-NEXT: #loc7 = loc("foo")
// CHECK-NEXT: #loc8 = loc("a\22b\0A")
// CHECK-NEXT: #loc10 = loc("conv1"(#loc4))
// CHECK-NEXT: #loc11 = loc(fused[#loc4, #loc5])
// CHECK-NEXT: #loc12 = loc("n"(#loc6))
// CHECK-NEXT: #loc13 = loc(callsite(#loc7 at #loc4))
// CHECK-NEXT: #loc15 = loc(fused<"lite.fuse">[#loc12, #loc5])
// CHECK-EMPTY:

// LOCAL:      module {
// LOCAL-NEXT:   func.func @f(%arg0: i32 loc("x.py":3:4), %arg1: i32 loc(unknown)) -> i32 {
// LOCAL-NEXT:     %0 = "lite.a"(%arg0) : (i32) -> i32 loc("conv1"("m.onnx":1:2))
// LOCAL-NEXT:     %1 = "lite.b"(%0) : (i32) -> i32 loc(fused["m.onnx":1:2, "m.onnx":5:6])
// LOCAL-NEXT:     %2 = "lite.c"(%1) : (i32) -> i32 loc(fused<"lite.fuse">["n"("q":1:1), "m.onnx":5:6])
// LOCAL-NEXT:     %3 = "lite.d"(%2) : (i32) -> i32 loc(callsite("foo" at "m.onnx":1:2))
// LOCAL-NEXT:     %4 = "lite.e"(%3) : (i32) -> i32 loc(unknown)
// LOCAL-NEXT:     %5 = "lite.e"(%4) : (i32) -> i32 loc("a\22b\0A")
// LOCAL-NEXT:   ^bb1(%6: i32 loc("blk"("x.py":9:9))):  // pred: ^bb1
// LOCAL-NEXT:     "lite.br"(%6)[^bb1] : (i32) -> () loc("x.py":9:9)
// LOCAL-NEXT:   } loc("x.py":1:1)
// LOCAL-NEXT: } loc("{{.*}}locations.mlir":{{[0-9]+}}:1)
// LOCAL-NOT:  #loc

// NOLOC-NOT: loc(
module {
  func.func @f(%a: i32 loc("x.py":3:4), %b: i32 loc(unknown)) -> i32 {
    %0 = "lite.a"(%a) : (i32) -> i32 loc("conv1"("m.onnx":1:2))
    %1 = "lite.b"(%0) : (i32) -> i32 loc(fused["m.onnx":1:2, "m.onnx":5:6])
    %2 = "lite.c"(%1) : (i32) -> i32 loc(fused<"lite.fuse">["n"("q":1:1), "m.onnx":5:6])
    %3 = "lite.d"(%2) : (i32) -> i32 loc(callsite("foo" at "m.onnx":1:2))
    %4 = "lite.e"(%3) : (i32) -> i32 loc(unknown)
    %5 = "lite.e"(%4) : (i32) -> i32 loc("a\"b\n")
    ^bb1(%z: i32 loc("blk"("x.py":9:9))):
    "lite.br"(%z)[^bb1] : (i32) -> ()  loc("x.py":9:9)
  } loc("x.py":1:1)
}

// Locations: every kind, aliases defined before or after their uses (as
// mlir-opt writes them, at the end of the file), and the default locations
// the parser gives ops (the op name) and block arguments (their name).
// RUN: lite-opt %s --allow-unregistered-dialect --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s
// RUN: lite-opt %s --allow-unregistered-dialect --mlir-print-debuginfo --mlir-print-op-generic | lite-opt --allow-unregistered-dialect --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s

#early = loc("early.py":7:1)

// CHECK-LABEL: func.func @f(
// CHECK-SAME: %arg0: i32 loc("arg.py":1:2), %arg1: f32 loc("late.py":2:3), %arg2: i1 loc("{{.*}}locations.mlir":[[@LINE+1]]:61))
func.func @f(%a: i32 loc("arg.py":1:2), %b: f32 loc(#late), %c: i1) {
  // CHECK: "x.file"() : () -> () loc("a.mlir":10:20)
  "x.file"() : () -> () loc("a.mlir":10:20)
  // CHECK: "x.name"() : () -> () loc("conv1")
  "x.name"() : () -> () loc("conv1")
  // CHECK: "x.child"() : () -> () loc("conv1"("a.mlir":1:2))
  "x.child"() : () -> () loc("conv1"("a.mlir":1:2))
  // CHECK: "x.callsite"() : () -> () loc(callsite("f" at "g.py":3:4))
  "x.callsite"() : () -> () loc(callsite("f" at "g.py":3:4))
  // CHECK: "x.fused"() : () -> () loc(fused["a":1:2, "b"])
  "x.fused"() : () -> () loc(fused["a":1:2, "b"])
  // CHECK: "x.meta"() : () -> () loc(fused<"lite.fuse">["a":1:2, "b":3:4])
  "x.meta"() : () -> () loc(fused<"lite.fuse">["a":1:2, "b":3:4])
  // CHECK: "x.unknown"() : () -> () loc(unknown)
  "x.unknown"() : () -> () loc(unknown)
  // CHECK: "x.alias"() : () -> () loc("early.py":7:1)
  "x.alias"() : () -> () loc(#early)
  // CHECK: "x.forward"() : () -> () loc(fused["late.py":2:3, "early.py":7:1])
  "x.forward"() : () -> () loc(#fused)
  // A location used as an attribute.
  // CHECK: "x.attr"() {l = loc("z":1:1)} : () -> () loc("{{.*}}locations.mlir":[[@LINE+1]]:3)
  "x.attr"() {l = loc("z":1:1)} : () -> ()
  // CHECK: "x.region"() ({
  // CHECK-NEXT: ^bb0(%arg3: i32 loc("late.py":2:3), %arg4: i32 loc("{{.*}}locations.mlir":[[@LINE+2]]:28)):
  "x.region"() ({
  ^bb0(%x: i32 loc(#late), %y: i32):
    "x.end"() : () -> ()
  }) : () -> ()
  return
}
#late = loc("late.py":2:3)
#fused = loc(fused[#late, #early])

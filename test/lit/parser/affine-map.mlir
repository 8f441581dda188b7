// The affine_map attribute in lite's subset: projected permutations whose
// results may also be the constant 0. Dimensions print as d0, d1, ...
// RUN: lite-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: lite-opt %s --allow-unregistered-dialect | lite-opt --allow-unregistered-dialect | FileCheck %s
// RUN: lite-opt %s --allow-unregistered-dialect --mlir-print-op-generic | lite-opt --allow-unregistered-dialect | FileCheck %s

// Aliases as mlir-opt-16 prints them at the top of its output.
#map = affine_map<(d0, d1) -> (d1, 0)>
#map1 = affine_map<() -> ()>

// CHECK-LABEL: "test.maps"() {a = affine_map<(d0, d1) -> (d1, 0)>, b = affine_map<() -> ()>, c = affine_map<(d0, d1, d2) -> (d2, d0)>, d = affine_map<(d0) -> (d0)>, e = affine_map<(d0, d1) -> (d1)>, f = affine_map<(d0) -> (0, d0, 0)>, g = affine_map<() -> (0)>, h = affine_map<(d0, d1, d2) -> ()>, i = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1, d0)>]} : () -> ()
"test.maps"() {a = #map, b = #map1, c = affine_map<(d0, d1, d2) -> (d2, d0)>,
  d = affine_map<(d0) -> (d0)>, e = affine_map<(i, j) -> (j)>,
  f = affine_map<(x) -> (0, x, 0)>, g = affine_map<() -> (0)>,
  h = affine_map<(d0, d1, d2) -> ()>,
  i = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1, d0)>]} : () -> ()

// A vector transfer's permutation_map in an unregistered op's generic form.
// CHECK-LABEL: func.func @transfer(%arg0: memref<?x8xf32>, %arg1: index)
// CHECK-NEXT:    "test.transfer_read"(%arg0, %arg1, %arg1) {in_bounds = [true], permutation_map = affine_map<(d0, d1) -> (d1)>} : (memref<?x8xf32>, index, index) -> vector<8xf32>
func.func @transfer(%m: memref<?x8xf32>, %i: index) {
  %v = "test.transfer_read"(%m, %i, %i) {in_bounds = [true], permutation_map = affine_map<(d0, d1) -> (d1)>} : (memref<?x8xf32>, index, index) -> vector<8xf32>
  return
}

// lite-plan-memory sizes a blocked layout with C (dim 1) padded up to its
// channel block: 3 channels of 2x2 f32 take 16, 8 or 4 channels' bytes in
// nchw16c, nchw8c and nchw4c (48 bytes unblocked; arenas round up to 64).

// RUN: lite-opt %s --lite-plan-memory | FileCheck %s

// CHECK-LABEL: func.func @nchw16c
// CHECK-SAME:    attributes {lite.arena_size = {host = 256 : i64}}
func.func @nchw16c(%x: tensor<1x3x2x2xf32, #lite.place<x86, f32, nchw16c>>) -> tensor<1x3x2x2xf32, #lite.place<x86, f32, nchw16c>> {
  %0 = "lite.relu"(%x) : (tensor<1x3x2x2xf32, #lite.place<x86, f32, nchw16c>>) -> tensor<1x3x2x2xf32, #lite.place<x86, f32, nchw16c>>
  return %0 : tensor<1x3x2x2xf32, #lite.place<x86, f32, nchw16c>>
}

// CHECK-LABEL: func.func @nchw8c
// CHECK-SAME:    attributes {lite.arena_size = {host = 128 : i64}}
func.func @nchw8c(%x: tensor<1x3x2x2xf32, #lite.place<x86, f32, nchw8c>>) -> tensor<1x3x2x2xf32, #lite.place<x86, f32, nchw8c>> {
  %0 = "lite.relu"(%x) : (tensor<1x3x2x2xf32, #lite.place<x86, f32, nchw8c>>) -> tensor<1x3x2x2xf32, #lite.place<x86, f32, nchw8c>>
  return %0 : tensor<1x3x2x2xf32, #lite.place<x86, f32, nchw8c>>
}

// CHECK-LABEL: func.func @nchw4c
// CHECK-SAME:    attributes {lite.arena_size = {host = 64 : i64}}
func.func @nchw4c(%x: tensor<1x3x2x2xf32, #lite.place<x86, f32, nchw4c>>) -> tensor<1x3x2x2xf32, #lite.place<x86, f32, nchw4c>> {
  %0 = "lite.relu"(%x) : (tensor<1x3x2x2xf32, #lite.place<x86, f32, nchw4c>>) -> tensor<1x3x2x2xf32, #lite.place<x86, f32, nchw4c>>
  return %0 : tensor<1x3x2x2xf32, #lite.place<x86, f32, nchw4c>>
}

// CHECK-LABEL: func.func @nhwc
// CHECK-SAME:    attributes {lite.arena_size = {host = 64 : i64}}
func.func @nhwc(%x: tensor<1x3x2x2xf32, #lite.place<x86, f32, nhwc>>) -> tensor<1x3x2x2xf32, #lite.place<x86, f32, nhwc>> {
  %0 = "lite.relu"(%x) : (tensor<1x3x2x2xf32, #lite.place<x86, f32, nhwc>>) -> tensor<1x3x2x2xf32, #lite.place<x86, f32, nhwc>>
  return %0 : tensor<1x3x2x2xf32, #lite.place<x86, f32, nhwc>>
}

// lite-plan-memory: every activation gets an offset in its target's arena
// (lite.offset / lite.arena on the op, lite.arena_size on the function).
// Largest buffer first, at the lowest 64-byte aligned offset free over its
// live interval; a reshape-like or elementwise op whose operand dies there
// takes the operand's bytes. Weights (lite.constant), lite.none and the
// function's arguments get no storage; a returned value is placed but
// nothing ever shares its bytes (it is live over the whole function).

// RUN: lite-opt %s --lite-plan-memory | FileCheck %s
// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(lite-plan-memory{no-reuse=true}))' | FileCheck %s --check-prefix=NAIVE
// RUN: lite-opt %s --lite-plan-memory --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// The plan recorded in the output passes the checker on its own.
// RUN: lite-opt %s --lite-plan-memory | lite-opt --pass-pipeline='builtin.module(func.func(lite-plan-memory{check-only=true}))' -o /dev/null
// RUN: lite-opt %s --pass-pipeline='builtin.module(func.func(lite-plan-memory{remarks=true}))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// STATS: (S) 4992 lower-bound-bytes
// STATS: (S) 9664 naive-bytes
// STATS: (S)    7 num-in-place
// STATS: (S) 4992 planned-bytes
// REMARK: remark: {{.*}}memory plan: 192 bytes planned, lower bound 192, naive 384, 3 values in place

// matmul -> relu -> reshape run in place (64 bytes each); the second matmul
// needs its own slot; add reuses the reshape's bytes; sigmoid is returned,
// so it is pinned to its own slot. %x is the caller's, %w a weight.
// CHECK-LABEL: func.func @chain
// CHECK-SAME:    attributes {lite.arena_size = {host = 192 : i64}}
// CHECK:         "lite.constant"() {value
// CHECK-NOT:     lite.offset
// CHECK-SAME:    -> tensor<16x16xf32>
// CHECK-NEXT:    "lite.matmul"(%arg0, %0) {lite.arena = "host", lite.offset = 64 : i64}
// CHECK-NEXT:    "lite.relu"(%1) {lite.arena = "host", lite.offset = 64 : i64}
// CHECK-NEXT:    "lite.reshape"(%2) {lite.arena = "host", lite.offset = 64 : i64
// CHECK-NEXT:    "lite.matmul"(%arg0, %0) {lite.arena = "host", lite.offset = 128 : i64}
// CHECK-NEXT:    "lite.add"(%3, %4) {lite.arena = "host", lite.offset = 64 : i64}
// CHECK-NEXT:    "lite.sigmoid"(%5) {lite.arena = "host", lite.offset = 0 : i64}
// NAIVE-LABEL: func.func @chain
// NAIVE-SAME:    attributes {lite.arena_size = {host = 384 : i64}}
// NAIVE:         "lite.matmul"(%arg0, %0) {lite.arena = "host", lite.offset = 64 : i64}
// NAIVE-NEXT:    "lite.relu"(%1) {lite.arena = "host", lite.offset = 128 : i64}
// NAIVE-NEXT:    "lite.reshape"(%2) {lite.arena = "host", lite.offset = 192 : i64
// NAIVE-NEXT:    "lite.matmul"(%arg0, %0) {lite.arena = "host", lite.offset = 256 : i64}
// NAIVE-NEXT:    "lite.add"(%3, %4) {lite.arena = "host", lite.offset = 320 : i64}
// NAIVE-NEXT:    "lite.sigmoid"(%5) {lite.arena = "host", lite.offset = 0 : i64}
func.func @chain(%x: tensor<1x16xf32>) -> tensor<1x16xf32> {
  %w = "lite.constant"() {value = dense<1.0> : tensor<16x16xf32>} : () -> tensor<16x16xf32>
  %a = "lite.matmul"(%x, %w) : (tensor<1x16xf32>, tensor<16x16xf32>) -> tensor<1x16xf32>
  %b = "lite.relu"(%a) : (tensor<1x16xf32>) -> tensor<1x16xf32>
  %c = "lite.reshape"(%b) {shape = array<i64: 16>} : (tensor<1x16xf32>) -> tensor<16xf32>
  %d = "lite.matmul"(%x, %w) : (tensor<1x16xf32>, tensor<16x16xf32>) -> tensor<1x16xf32>
  %e = "lite.add"(%c, %d) : (tensor<16xf32>, tensor<1x16xf32>) -> tensor<1x16xf32>
  %f = "lite.sigmoid"(%e) : (tensor<1x16xf32>) -> tensor<1x16xf32>
  return %f : tensor<1x16xf32>
}

// Sizes matter: the 4096-byte tile output goes first, at 0; the small
// values fit around it (the add's slot is free again before the tile is
// defined). A broadcast operand (%bias) is never reused in place, and the
// mul takes %a's bytes since %a dies there. The returned reduce_sum is
// pinned at the end. The repeats constant is a weight.
// CHECK-LABEL: func.func @sizes
// CHECK-SAME:    attributes {lite.arena_size = {host = 4288 : i64}}
// CHECK:         "lite.relu"(%arg0) {lite.arena = "host", lite.offset = 4096 : i64}
// CHECK-NEXT:    "lite.add"(%0, %arg1) {lite.arena = "host", lite.offset = 0 : i64}
// CHECK-NEXT:    "lite.mul"(%0, %1) {lite.arena = "host", lite.offset = 4096 : i64}
// CHECK-NEXT:    "lite.constant"() {value = dense<[8, 4]> : tensor<2xi64>} : () -> tensor<2xi64>
// CHECK-NEXT:    "lite.tile"(%2, %3) {lite.arena = "host", lite.offset = 0 : i64}
// CHECK-NEXT:    "lite.neg"(%4) {lite.arena = "host", lite.offset = 0 : i64}
// CHECK-NEXT:    "lite.reduce_sum"(%5) {axes = array<i64: 0, 1>, lite.arena = "host", lite.offset = 4224 : i64}
// NAIVE-LABEL: func.func @sizes
// NAIVE-SAME:    attributes {lite.arena_size = {host = 8640 : i64}}
func.func @sizes(%x: tensor<4x8xf32>, %bias: tensor<1x8xf32>) -> tensor<1x1xf32> {
  %a = "lite.relu"(%x) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %b = "lite.add"(%a, %bias) : (tensor<4x8xf32>, tensor<1x8xf32>) -> tensor<4x8xf32>
  %c = "lite.mul"(%a, %b) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %rep = "lite.constant"() {value = dense<[8, 4]> : tensor<2xi64>} : () -> tensor<2xi64>
  %big = "lite.tile"(%c, %rep) : (tensor<4x8xf32>, tensor<2xi64>) -> tensor<32x32xf32>
  %n = "lite.neg"(%big) : (tensor<32x32xf32>) -> tensor<32x32xf32>
  %r = "lite.reduce_sum"(%n) {axes = array<i64: 0, 1>} : (tensor<32x32xf32>) -> tensor<1x1xf32>
  return %r : tensor<1x1xf32>
}

// One arena per memory: host values (host, x86 and arm share one) and
// OpenCL values are planned apart, and io_copy never runs in place.
// CHECK-LABEL: func.func @two_arenas
// CHECK-SAME:    attributes {lite.arena_size = {host = 128 : i64, opencl = 64 : i64}}
// CHECK:         "lite.relu"(%arg0) {lite.arena = "host", lite.offset = 0 : i64}
// CHECK-NEXT:    "lite.io_copy"(%0) {lite.arena = "opencl", lite.offset = 0 : i64}
// CHECK-NEXT:    "lite.sigmoid"(%1) {lite.arena = "opencl", lite.offset = 0 : i64}
// CHECK-NEXT:    "lite.tanh"(%2) {lite.arena = "opencl", lite.offset = 0 : i64}
// CHECK-NEXT:    "lite.io_copy"(%3) {lite.arena = "host", lite.offset = 64 : i64}
func.func @two_arenas(%x: tensor<1x16xf32, #lite.place<host, f32, nchw>>) -> tensor<1x16xf32, #lite.place<x86, f32, nchw>> {
  %a = "lite.relu"(%x) : (tensor<1x16xf32, #lite.place<host, f32, nchw>>) -> tensor<1x16xf32, #lite.place<host, f32, nchw>>
  %b = "lite.io_copy"(%a) : (tensor<1x16xf32, #lite.place<host, f32, nchw>>) -> tensor<1x16xf32, #lite.place<opencl, f32, nchw>>
  %c = "lite.sigmoid"(%b) : (tensor<1x16xf32, #lite.place<opencl, f32, nchw>>) -> tensor<1x16xf32, #lite.place<opencl, f32, nchw>>
  %d = "lite.tanh"(%c) : (tensor<1x16xf32, #lite.place<opencl, f32, nchw>>) -> tensor<1x16xf32, #lite.place<opencl, f32, nchw>>
  %e = "lite.io_copy"(%d) : (tensor<1x16xf32, #lite.place<opencl, f32, nchw>>) -> tensor<1x16xf32, #lite.place<x86, f32, nchw>>
  return %e : tensor<1x16xf32, #lite.place<x86, f32, nchw>>
}

// Multi-result ops get arrays; lite.none has no storage. The split's
// results and the relu they come from are live together.
// CHECK-LABEL: func.func @multi
// CHECK-SAME:    attributes {lite.arena_size = {host = 320 : i64}}
// CHECK:         "lite.none"() : () -> none
// CHECK-NEXT:    "lite.relu"(%arg0) {lite.arena = "host", lite.offset = 0 : i64}
// CHECK-NEXT:    "lite.split"(%1) {axis = 0 : i64, lite.arena = ["host", "host"], lite.offset = array<i64: 192, 256>
// CHECK-NEXT:    "lite.add"(%2#0, %2#1) {lite.arena = "host", lite.offset = 128 : i64}
func.func @multi(%x: tensor<4x8xf32>) -> tensor<2x8xf32> {
  %n = "lite.none"() : () -> none
  %r = "lite.relu"(%x) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %s:2 = "lite.split"(%r) {axis = 0 : i64, num_outputs = 2 : i64} : (tensor<4x8xf32>) -> (tensor<2x8xf32>, tensor<2x8xf32>)
  %t = "lite.add"(%s#0, %s#1) : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  return %t : tensor<2x8xf32>
}

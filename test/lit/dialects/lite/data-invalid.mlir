// Verifier errors of the shape and data movement ops, one per case.

// RUN: lite-opt %s --split-input-file --verify-diagnostics

func.func @f(%x: tensor<2x3xf32>, %s: tensor<2xf32>) {
  // expected-error @+1 {{'lite.reshape' op operand #1 (shape) must have an integer element type, got f32}}
  %out = "lite.reshape"(%x, %s) : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<?x?xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>, %s: tensor<1x2xi64>) {
  // expected-error @+1 {{'lite.reshape' op operand #1 (shape) must have rank 1, got 2}}
  %out = "lite.reshape"(%x, %s) : (tensor<2x3xf32>, tensor<1x2xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>, %s: tensor<9xi64>) {
  // expected-error @+1 {{'lite.reshape' op operand #1 (shape) has 9 elements; at most 8 are supported}}
  %out = "lite.reshape"(%x, %s) : (tensor<2x3xf32>, tensor<9xi64>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'lite.identity' op result #0 has type tensor<3x2xf32>, but its operands and attributes give tensor<2x3xf32>}}
  %out = "lite.identity"(%x) : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @f(%x: tensor<3xf32>) {
  %n = "lite.none"() : () -> none
  // expected-error @+1 {{'lite.gather' op operand #1 is required, got none}}
  %out = "lite.gather"(%x, %n) : (tensor<3xf32>, none) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<2xf32>, %r: tensor<i64>) {
  // expected-error @+1 {{'lite.dropout' op operand #1 (ratio) must have a float element type, got i64}}
  %out = "lite.dropout"(%x, %r) : (tensor<2xf32>, tensor<i64>) -> tensor<2xf32>
  return
}

// -----

func.func @f(%x: tensor<2xf32>, %r: tensor<2xf32>) {
  // expected-error @+1 {{'lite.dropout' op operand #1 (ratio) must be a scalar, got shape [2]}}
  %out = "lite.dropout"(%x, %r) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @f(%x: tensor<2xf32>) {
  %r = "lite.constant"() {value = dense<1.5> : tensor<f32>} : () -> tensor<f32>
  // expected-error @+1 {{'lite.dropout' op ratio must be in [0, 1), got 1.5}}
  %out = "lite.dropout"(%x, %r) : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
  return
}

// -----

func.func @f(%x: tensor<2xf32>, %r: tensor<f32>, %t: tensor<f32>) {
  // expected-error @+1 {{'lite.dropout' op operand #2 (training_mode) must have element type i1, got f32}}
  %out = "lite.dropout"(%x, %r, %t) : (tensor<2xf32>, tensor<f32>, tensor<f32>) -> tensor<2xf32>
  return
}

// -----

func.func @f(%x: tensor<2xf32>) {
  %n = "lite.none"() : () -> none
  %t = "lite.constant"() {value = dense<true> : tensor<i1>} : () -> tensor<i1>
  // expected-error @+1 {{'lite.dropout' op training_mode is true with ratio 0.5: training dropout is not supported (lite runs inference only)}}
  %out:2 = "lite.dropout"(%x, %n, %t) : (tensor<2xf32>, none, tensor<i1>) -> (tensor<2xf32>, tensor<2xi1>)
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>) {
  %s = "lite.constant"() {value = dense<[1, 6, 0]> : tensor<3xi64>} : () -> tensor<3xi64>
  // expected-error @+1 {{'lite.reshape' op shape[2] is 0 (copy the input dim), but the input has rank 2}}
  %out = "lite.reshape"(%x, %s) : (tensor<2x3xf32>, tensor<3xi64>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>) {
  %s = "lite.constant"() {value = dense<-1> : tensor<2xi64>} : () -> tensor<2xi64>
  // expected-error @+1 {{'lite.reshape' op shape has more than one -1 (at 0 and 1)}}
  %out = "lite.reshape"(%x, %s) : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>) {
  %s = "lite.constant"() {value = dense<[-2, 3]> : tensor<2xi64>} : () -> tensor<2xi64>
  // expected-error @+1 {{'lite.reshape' op shape[0] is -2; dims must be >= -1}}
  %out = "lite.reshape"(%x, %s) : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>) {
  %s = "lite.constant"() {value = dense<[0, -1]> : tensor<2xi64>} : () -> tensor<2xi64>
  // expected-error @+1 {{'lite.reshape' op shape has both a 0 (with allowzero) and a -1}}
  %out = "lite.reshape"(%x, %s) {allowzero = 1 : i64} : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>) {
  %s = "lite.constant"() {value = dense<[4, -1]> : tensor<2xi64>} : () -> tensor<2xi64>
  // expected-error @+1 {{'lite.reshape' op cannot reshape [2x3] (6 elements) into [4x?]}}
  %out = "lite.reshape"(%x, %s) : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>) {
  %s = "lite.constant"() {value = dense<[4, 2]> : tensor<2xi64>} : () -> tensor<2xi64>
  // expected-error @+1 {{'lite.reshape' op cannot reshape [2x3] (6 elements) into [4x2] (8 elements)}}
  %out = "lite.reshape"(%x, %s) : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<?xf32>) {
  %s = "lite.constant"() {value = dense<4294967296> : tensor<3xi64>} : () -> tensor<3xi64>
  // expected-error @+1 {{'lite.reshape' op result shape [4294967296x4294967296x4294967296] has too many elements}}
  %out = "lite.reshape"(%x, %s) : (tensor<?xf32>, tensor<3xi64>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{'lite.flatten' op axis 4 is out of range [-3, 3]}}
  %out = "lite.flatten"(%x) {axis = 4 : i64} : (tensor<2x3x4xf32>) -> tensor<?x?xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x1xf32>) {
  %a = "lite.constant"() {value = dense<3> : tensor<1xi64>} : () -> tensor<1xi64>
  // expected-error @+1 {{'lite.squeeze' op axis 3 is out of range for rank 3}}
  %out = "lite.squeeze"(%x, %a) : (tensor<1x3x1xf32>, tensor<1xi64>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x1xf32>) {
  %a = "lite.constant"() {value = dense<[2, -1]> : tensor<2xi64>} : () -> tensor<2xi64>
  // expected-error @+1 {{'lite.squeeze' op axis -1 is named twice}}
  %out = "lite.squeeze"(%x, %a) : (tensor<1x3x1xf32>, tensor<2xi64>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x1xf32>) {
  %a = "lite.constant"() {value = dense<1> : tensor<1xi64>} : () -> tensor<1xi64>
  // expected-error @+1 {{'lite.squeeze' op cannot squeeze axis 1 of size 3}}
  %out = "lite.squeeze"(%x, %a) : (tensor<1x3x1xf32>, tensor<1xi64>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x1x1x1x1x1x1xf32>, %a: tensor<2xi64>) {
  // expected-error @+1 {{'lite.unsqueeze' op result rank 9 exceeds the maximum rank 8}}
  %out = "lite.unsqueeze"(%x, %a) : (tensor<1x1x1x1x1x1x1xf32>, tensor<2xi64>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{'lite.transpose' op perm has 2 entries; the input has rank 3}}
  %out = "lite.transpose"(%x) {perm = array<i64: 1, 0>} : (tensor<2x3x4xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{'lite.transpose' op perm is not a permutation of 0..2 (entry 2 is 0)}}
  %out = "lite.transpose"(%x) {perm = array<i64: 1, 0, 0>} : (tensor<2x3x4xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<2xf32>, %y: tensor<2xi32>) {
  // expected-error @+1 {{'lite.concat' op operand #1 has element type i32; operand #0 has f32}}
  %out = "lite.concat"(%x, %y) {axis = 0 : i64} : (tensor<2xf32>, tensor<2xi32>) -> tensor<4xf32>
  return
}

// -----

func.func @f(%x: tensor<2xf32>, %y: tensor<2x1xf32>) {
  // expected-error @+1 {{'lite.concat' op operand #1 has rank 2; operand #0 has rank 1}}
  %out = "lite.concat"(%x, %y) {axis = 0 : i64} : (tensor<2xf32>, tensor<2x1xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>, %y: tensor<?x?xf32>, %z: tensor<1x4xf32>) {
  // expected-error @+1 {{'lite.concat' op operand #2 has size 4 in dim 1; operand #0 has 3}}
  %out = "lite.concat"(%x, %y, %z) {axis = 0 : i64} : (tensor<2x3xf32>, tensor<?x?xf32>, tensor<1x4xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'lite.concat' op axis 2 is out of range for rank 2}}
  %out = "lite.concat"(%x) {axis = 2 : i64} : (tensor<2x3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<4xf32>, %s: tensor<2xi64>) {
  // expected-error @+1 {{'lite.split' op takes either a split operand or a num_outputs attribute, not both}}
  %out:2 = "lite.split"(%x, %s) {num_outputs = 2 : i64} : (tensor<4xf32>, tensor<2xi64>) -> (tensor<?xf32>, tensor<?xf32>)
  return
}

// -----

func.func @f(%x: tensor<4xf32>, %s: tensor<3xi64>) {
  // expected-error @+1 {{'lite.split' op split has 3 sizes but the op has 2 results}}
  %out:2 = "lite.split"(%x, %s) : (tensor<4xf32>, tensor<3xi64>) -> (tensor<?xf32>, tensor<?xf32>)
  return
}

// -----

func.func @f(%x: tensor<4xf32>) {
  %s = "lite.constant"() {value = dense<[-1, 5]> : tensor<2xi64>} : () -> tensor<2xi64>
  // expected-error @+1 {{'lite.split' op split size #0 is -1; sizes must be >= 0}}
  %out:2 = "lite.split"(%x, %s) : (tensor<4xf32>, tensor<2xi64>) -> (tensor<?xf32>, tensor<?xf32>)
  return
}

// -----

func.func @f(%x: tensor<4xf32>) {
  %s = "lite.constant"() {value = dense<[2, 3]> : tensor<2xi64>} : () -> tensor<2xi64>
  // expected-error @+1 {{'lite.split' op split sizes add up to 5, but dim 0 has size 4}}
  %out:2 = "lite.split"(%x, %s) : (tensor<4xf32>, tensor<2xi64>) -> (tensor<?xf32>, tensor<?xf32>)
  return
}

// -----

func.func @f(%x: tensor<4xf32>) {
  // expected-error @+1 {{'lite.split' op num_outputs is 3 but the op has 2 results}}
  %out:2 = "lite.split"(%x) {num_outputs = 3 : i64} : (tensor<4xf32>) -> (tensor<?xf32>, tensor<?xf32>)
  return
}

// -----

func.func @f(%x: tensor<5xf32>) {
  // expected-error @+1 {{'lite.split' op dim 0 of size 5 does not split into 4 parts of 2}}
  %out:4 = "lite.split"(%x) {num_outputs = 4 : i64} : (tensor<5xf32>) -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>)
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'lite.split' op dim 1 of size 3 does not split into 2 equal parts}}
  %out:2 = "lite.split"(%x) {axis = -1 : i64} : (tensor<2x3xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>)
  return
}

// -----

func.func @f(%x: tensor<4xf32>, %a: tensor<1xi64>, %b: tensor<2xi64>) {
  // expected-error @+1 {{'lite.slice' op operand #2 (ends) has 2 elements; the other index operands have 1}}
  %out = "lite.slice"(%x, %a, %b) : (tensor<4xf32>, tensor<1xi64>, tensor<2xi64>) -> tensor<?xf32>
  return
}

// -----

func.func @f(%x: tensor<4x4xf32>, %a: tensor<2xi64>) {
  %ax = "lite.constant"() {value = dense<[0, -2]> : tensor<2xi64>} : () -> tensor<2xi64>
  // expected-error @+1 {{'lite.slice' op axis 0 is sliced twice}}
  %out = "lite.slice"(%x, %a, %a, %ax) : (tensor<4x4xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @f(%x: tensor<4xf32>) {
  %a = "lite.constant"() {value = dense<1> : tensor<1xi64>} : () -> tensor<1xi64>
  %ax = "lite.constant"() {value = dense<0> : tensor<1xi64>} : () -> tensor<1xi64>
  // expected-error @+1 {{'lite.slice' op steps[0] is 0}}
  %out = "lite.slice"(%x, %a, %a, %ax, %ax) : (tensor<4xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf32>
  return
}

// -----

func.func @f(%x: tensor<4xf32>, %p: tensor<2xi64>) {
  // expected-error @+1 {{'lite.pad' op attribute 'mode' must be one of constant, reflect, edge, wrap; got 'mirror'}}
  %out = "lite.pad"(%x, %p) {mode = "mirror"} : (tensor<4xf32>, tensor<2xi64>) -> tensor<?xf32>
  return
}

// -----

func.func @f(%x: tensor<4xf32>, %p: tensor<2xi64>, %v: tensor<i32>) {
  // expected-error @+1 {{'lite.pad' op operand #2 (constant_value) has element type i32; data has f32}}
  %out = "lite.pad"(%x, %p, %v) : (tensor<4xf32>, tensor<2xi64>, tensor<i32>) -> tensor<?xf32>
  return
}

// -----

func.func @f(%x: tensor<4xf32>, %p: tensor<2xi64>, %v: tensor<2xf32>) {
  // expected-error @+1 {{'lite.pad' op operand #2 (constant_value) must be a scalar, got shape [2]}}
  %out = "lite.pad"(%x, %p, %v) : (tensor<4xf32>, tensor<2xi64>, tensor<2xf32>) -> tensor<?xf32>
  return
}

// -----

func.func @f(%x: tensor<4x4xf32>, %p: tensor<3xi64>) {
  // expected-error @+1 {{'lite.pad' op pads has 3 values; expected 4 (2 per padded axis)}}
  %out = "lite.pad"(%x, %p) : (tensor<4x4xf32>, tensor<3xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @f(%x: tensor<4x4xf32>, %p: tensor<4xi64>) {
  %n = "lite.none"() : () -> none
  %a = "lite.constant"() {value = dense<[1, -1]> : tensor<2xi64>} : () -> tensor<2xi64>
  // expected-error @+1 {{'lite.pad' op axis 1 is padded twice}}
  %out = "lite.pad"(%x, %p, %n, %a) : (tensor<4x4xf32>, tensor<4xi64>, none, tensor<2xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @f(%x: tensor<2xf32>) {
  %p = "lite.constant"() {value = dense<[-3, 0]> : tensor<2xi64>} : () -> tensor<2xi64>
  // expected-error @+1 {{'lite.pad' op pads -3 and 0 remove more than the 2 elements of dim 0}}
  %out = "lite.pad"(%x, %p) : (tensor<2xf32>, tensor<2xi64>) -> tensor<?xf32>
  return
}

// -----

func.func @f(%x: tensor<2xf32>) {
  %p = "lite.constant"() {value = dense<[1125899906842624, 0]> : tensor<2xi64>} : () -> tensor<2xi64>
  // expected-error @+1 {{'lite.pad' op pads of dim 0 (1125899906842624, 0) are too large}}
  %out = "lite.pad"(%x, %p) : (tensor<2xf32>, tensor<2xi64>) -> tensor<?xf32>
  return
}

// -----

func.func @f(%x: tensor<0xf32>) {
  %p = "lite.constant"() {value = dense<[1, 0]> : tensor<2xi64>} : () -> tensor<2xi64>
  // expected-error @+1 {{'lite.pad' op cannot pad the empty dim 0 in non-constant mode}}
  %out = "lite.pad"(%x, %p) {mode = "edge"} : (tensor<0xf32>, tensor<2xi64>) -> tensor<?xf32>
  return
}

// -----

func.func @f(%x: tensor<3x1xf32>) {
  %s = "lite.constant"() {value = dense<[-1, 2]> : tensor<2xi64>} : () -> tensor<2xi64>
  // expected-error @+1 {{'lite.expand' op shape[0] is -1; dims must be >= 0}}
  %out = "lite.expand"(%x, %s) : (tensor<3x1xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @f(%x: tensor<3x1xf32>) {
  %s = "lite.constant"() {value = dense<[2, 2]> : tensor<2xi64>} : () -> tensor<2xi64>
  // expected-error @+1 {{'lite.expand' op operands do not broadcast}}
  %out = "lite.expand"(%x, %s) : (tensor<3x1xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @f(%x: tensor<3x1xf32>, %r: tensor<1xi64>) {
  // expected-error @+1 {{'lite.tile' op repeats has 1 entries; the input has rank 2}}
  %out = "lite.tile"(%x, %r) : (tensor<3x1xf32>, tensor<1xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @f(%x: tensor<3x1xf32>) {
  %r = "lite.constant"() {value = dense<[1, -2]> : tensor<2xi64>} : () -> tensor<2xi64>
  // expected-error @+1 {{'lite.tile' op repeats[1] is -2; repeats must be >= 0}}
  %out = "lite.tile"(%x, %r) : (tensor<3x1xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @f(%x: tensor<3x1xf32>) {
  %r = "lite.constant"() {value = dense<[1125899906842625, 1]> : tensor<2xi64>} : () -> tensor<2xi64>
  // expected-error @+1 {{'lite.tile' op repeats[0] is too large (1125899906842625)}}
  %out = "lite.tile"(%x, %r) : (tensor<3x1xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @f(%x: tensor<1x4x2x2xf32>) {
  // expected-error @+1 {{'lite.shuffle_channel' op group must be positive, got 0}}
  %out = "lite.shuffle_channel"(%x) {group = 0 : i64} : (tensor<1x4x2x2xf32>) -> tensor<1x4x2x2xf32>
  return
}

// -----

func.func @f(%x: tensor<1x4x2x2xf32>) {
  // expected-error @+1 {{'lite.shuffle_channel' op group 3 does not divide dim 1 (4)}}
  %out = "lite.shuffle_channel"(%x) {group = 3 : i64} : (tensor<1x4x2x2xf32>) -> tensor<1x4x2x2xf32>
  return
}

// -----

func.func @f(%x: tensor<1x4x2x2xf32>) {
  // expected-error @+1 {{'lite.depth_to_space' op blocksize must be positive, got 0}}
  %out = "lite.depth_to_space"(%x) {blocksize = 0 : i64} : (tensor<1x4x2x2xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x4x2x2xf32>) {
  // expected-error @+1 {{'lite.depth_to_space' op attribute 'mode' must be one of DCR, CRD; got 'RDC'}}
  %out = "lite.depth_to_space"(%x) {blocksize = 2 : i64, mode = "RDC"} : (tensor<1x4x2x2xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x6x2x2xf32>) {
  // expected-error @+1 {{'lite.depth_to_space' op blocksize squared 4 does not divide dim 1 (6)}}
  %out = "lite.depth_to_space"(%x) {blocksize = 2 : i64} : (tensor<1x6x2x2xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x1x2x3xf32>) {
  // expected-error @+1 {{'lite.space_to_depth' op blocksize 2 does not divide dim 3 (3)}}
  %out = "lite.space_to_depth"(%x) {blocksize = 2 : i64} : (tensor<1x1x2x3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<1x2x2xf32>) {
  // expected-error @+1 {{'lite.space_to_depth' op operand #0 (input) must have rank 4, got 3}}
  %out = "lite.space_to_depth"(%x) {blocksize = 2 : i64} : (tensor<1x2x2xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<3xf32>, %i: tensor<2xi1>) {
  // expected-error @+1 {{'lite.gather' op operand #1 (indices) must have an integer element type, got i1}}
  %out = "lite.gather"(%x, %i) : (tensor<3xf32>, tensor<2xi1>) -> tensor<2xf32>
  return
}

// -----

func.func @f(%x: tensor<3xf32>) {
  %i = "lite.constant"() {value = dense<[-3, 3]> : tensor<2xi64>} : () -> tensor<2xi64>
  // expected-error @+1 {{'lite.gather' op operand #1 (indices) element 1 is 3, out of range for a dim of size 3}}
  %out = "lite.gather"(%x, %i) : (tensor<3xf32>, tensor<2xi64>) -> tensor<2xf32>
  return
}

// -----

func.func @f(%x: tensor<1x1x1x1x1xf32>, %i: tensor<1x1x1x1x1xi64>) {
  // expected-error @+1 {{'lite.gather' op result rank 9 exceeds the maximum rank 8}}
  %out = "lite.gather"(%x, %i) : (tensor<1x1x1x1x1xf32>, tensor<1x1x1x1x1xi64>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<2x2xf32>, %i: tensor<2xi64>) {
  // expected-error @+1 {{'lite.gather_elements' op operand #1 (indices) must have rank 2, got 1}}
  %out = "lite.gather_elements"(%x, %i) : (tensor<2x2xf32>, tensor<2xi64>) -> tensor<2xf32>
  return
}

// -----

func.func @f(%x: tensor<2x2xf32>, %i: tensor<1x5xi64>) {
  // expected-error @+1 {{'lite.gather_elements' op operand #1 (indices) has size 5 in dim 1; data has only 2}}
  %out = "lite.gather_elements"(%x, %i) : (tensor<2x2xf32>, tensor<1x5xi64>) -> tensor<1x5xf32>
  return
}

// -----

func.func @f(%x: tensor<2x2xf32>) {
  %i = "lite.constant"() {value = dense<-3> : tensor<1x1xi64>} : () -> tensor<1x1xi64>
  // expected-error @+1 {{'lite.gather_elements' op operand #1 (indices) element 0 is -3, out of range for a dim of size 2}}
  %out = "lite.gather_elements"(%x, %i) {axis = 1 : i64} : (tensor<2x2xf32>, tensor<1x1xi64>) -> tensor<1x1xf32>
  return
}

// -----

func.func @f(%x: tensor<2xf32>, %i: tensor<1xi64>, %u: tensor<1xf64>) {
  // expected-error @+1 {{'lite.scatter_elements' op operand #2 (updates) has element type f64; data has f32}}
  %out = "lite.scatter_elements"(%x, %i, %u) : (tensor<2xf32>, tensor<1xi64>, tensor<1xf64>) -> tensor<2xf32>
  return
}

// -----

func.func @f(%x: tensor<2xf32>, %i: tensor<1xi64>, %u: tensor<2xf32>) {
  // expected-error @+1 {{'lite.scatter_elements' op operand #2 (updates) has shape [2]; expected [1]}}
  %out = "lite.scatter_elements"(%x, %i, %u) : (tensor<2xf32>, tensor<1xi64>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @f(%x: tensor<2xf32>, %i: tensor<1xi64>, %u: tensor<1xf32>) {
  // expected-error @+1 {{'lite.scatter_elements' op attribute 'reduction' must be one of none, add, mul, max, min; got 'sum'}}
  %out = "lite.scatter_elements"(%x, %i, %u) {reduction = "sum"} : (tensor<2xf32>, tensor<1xi64>, tensor<1xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @f(%x: tensor<2xf32>, %i: tensor<i64>) {
  // expected-error @+1 {{'lite.gather_nd' op operand #1 (indices) must have rank >= 1}}
  %out = "lite.gather_nd"(%x, %i) : (tensor<2xf32>, tensor<i64>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<f32>, %i: tensor<1xi64>) {
  // expected-error @+1 {{'lite.gather_nd' op operand #0 (data) must have rank >= 1}}
  %out = "lite.gather_nd"(%x, %i) : (tensor<f32>, tensor<1xi64>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<2x2xf32>, %i: tensor<2x2x1xi64>) {
  // expected-error @+1 {{'lite.gather_nd' op batch_dims 2 must be less than the ranks of data (2) and indices (3)}}
  %out = "lite.gather_nd"(%x, %i) {batch_dims = 2 : i64} : (tensor<2x2xf32>, tensor<2x2x1xi64>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<2x2xf32>, %i: tensor<3x1xi64>) {
  // expected-error @+1 {{'lite.gather_nd' op batch dim 0 has size 2 in data but 3 in indices}}
  %out = "lite.gather_nd"(%x, %i) {batch_dims = 1 : i64} : (tensor<2x2xf32>, tensor<3x1xi64>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<2x2xf32>, %i: tensor<4x3xi64>) {
  // expected-error @+1 {{'lite.gather_nd' op index tuples have 3 entries; expected 1 to 2 (data rank 2 less 0 batch dims)}}
  %out = "lite.gather_nd"(%x, %i) : (tensor<2x2xf32>, tensor<4x3xi64>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<2x2xf32>, %i: tensor<4x1xi64>, %u: tensor<4x3xf32>) {
  // expected-error @+1 {{'lite.scatter_nd' op operand #2 (updates) has shape [4x3]; expected [4x2]}}
  %out = "lite.scatter_nd"(%x, %i, %u) : (tensor<2x2xf32>, tensor<4x1xi64>, tensor<4x3xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @f(%i: tensor<2xi64>, %v: tensor<2xf32>) {
  %d = "lite.constant"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
  // expected-error @+1 {{'lite.one_hot' op depth must be a positive count, got 0}}
  %out = "lite.one_hot"(%i, %d, %v) : (tensor<2xi64>, tensor<i64>, tensor<2xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%i: tensor<2xi64>, %d: tensor<i64>, %v: tensor<3xf32>) {
  // expected-error @+1 {{'lite.one_hot' op operand #2 (values) must be [off, on] (shape [2]), got [3]}}
  %out = "lite.one_hot"(%i, %d, %v) : (tensor<2xi64>, tensor<i64>, tensor<3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%i: tensor<2xi64>, %d: tensor<i64>, %v: tensor<2xf32>) {
  // expected-error @+1 {{'lite.one_hot' op axis 3 is out of range for rank 2}}
  %out = "lite.one_hot"(%i, %d, %v) {axis = 3 : i64} : (tensor<2xi64>, tensor<i64>, tensor<2xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<3xf32>, %c: tensor<3xi32>) {
  // expected-error @+1 {{'lite.compress' op operand #1 (condition) must have element type i1, got i32}}
  %out = "lite.compress"(%x, %c) : (tensor<3xf32>, tensor<3xi32>) -> tensor<?xf32>
  return
}

// -----

func.func @f(%x: tensor<3xf32>, %c: tensor<3x1xi1>) {
  // expected-error @+1 {{'lite.compress' op operand #1 (condition) must have rank 1, got 2}}
  %out = "lite.compress"(%x, %c) : (tensor<3xf32>, tensor<3x1xi1>) -> tensor<?xf32>
  return
}

// -----

func.func @f(%x: tensor<3x2xf32>) {
  %c = "lite.constant"() {value = dense<[true, false, false, true]> : tensor<4xi1>} : () -> tensor<4xi1>
  // expected-error @+1 {{'lite.compress' op condition selects element 3, beyond the 3 elements of the axis}}
  %out = "lite.compress"(%x, %c) {axis = 0 : i64} : (tensor<3x2xf32>, tensor<4xi1>) -> tensor<?x2xf32>
  return
}

// -----

func.func @f(%x: tensor<3xf32>) {
  // expected-error @+1 {{'lite.trilu' op operand #0 (input) must have rank >= 2, got 1}}
  %out = "lite.trilu"(%x) : (tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @f(%x: tensor<3x3xf32>, %k: tensor<f32>) {
  // expected-error @+1 {{'lite.trilu' op operand #1 (k) must have an integer element type, got f32}}
  %out = "lite.trilu"(%x, %k) : (tensor<3x3xf32>, tensor<f32>) -> tensor<3x3xf32>
  return
}

// -----

func.func @f(%s: tensor<2xi64>) {
  // expected-error @+1 {{'lite.constant_of_shape' op attribute 'value' must be a one-element tensor}}
  %out = "lite.constant_of_shape"(%s) {value = dense<[1, 2]> : tensor<2xi32>} : (tensor<2xi64>) -> tensor<?x?xi32>
  return
}

// -----

func.func @f() {
  %s = "lite.constant"() {value = dense<[2, -4]> : tensor<2xi64>} : () -> tensor<2xi64>
  // expected-error @+1 {{'lite.constant_of_shape' op shape[1] is -4; dims must be >= 0}}
  %out = "lite.constant_of_shape"(%s) : (tensor<2xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @f() {
  %s = "lite.constant"() {value = dense<4294967296> : tensor<2xi64>} : () -> tensor<2xi64>
  // expected-error @+1 {{'lite.constant_of_shape' op result shape [4294967296x4294967296] has too many elements}}
  %out = "lite.constant_of_shape"(%s) : (tensor<2xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @f(%a: tensor<i64>, %b: tensor<i32>) {
  // expected-error @+1 {{'lite.range' op operand #1 (limit) has element type i32; start has i64}}
  %out = "lite.range"(%a, %b, %a) : (tensor<i64>, tensor<i32>, tensor<i64>) -> tensor<?xi64>
  return
}

// -----

func.func @f(%a: tensor<i64>, %b: tensor<2xi64>) {
  // expected-error @+1 {{'lite.range' op operand #2 (delta) must be a scalar, got shape [2]}}
  %out = "lite.range"(%a, %a, %b) : (tensor<i64>, tensor<i64>, tensor<2xi64>) -> tensor<?xi64>
  return
}

// -----

func.func @f() {
  %a = "lite.constant"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
  %z = "lite.constant"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
  // expected-error @+1 {{'lite.range' op delta must not be zero}}
  %out = "lite.range"(%a, %a, %z) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<?xi64>
  return
}

// -----

func.func @f() {
  %a = "lite.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %b = "lite.constant"() {value = dense<0x7F800000> : tensor<f32>} : () -> tensor<f32>
  %d = "lite.constant"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  // expected-error @+1 {{'lite.range' op range from 0 to inf by 1 does not have a finite, supported number of elements}}
  %out = "lite.range"(%a, %b, %d) : (tensor<f32>, tensor<f32>, tensor<f32>) -> tensor<?xf32>
  return
}

// -----

func.func @f() {
  %a = "lite.constant"() {value = dense<-9223372036854775808> : tensor<i64>} : () -> tensor<i64>
  %b = "lite.constant"() {value = dense<9223372036854775807> : tensor<i64>} : () -> tensor<i64>
  %d = "lite.constant"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
  // expected-error @+1 {{'lite.range' op range from -9223372036854775808 to 9223372036854775807 by 1 has too many elements}}
  %out = "lite.range"(%a, %b, %d) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<?xi64>
  return
}

// -----

func.func @f(%a: tensor<i1>) {
  // expected-error @+1 {{'lite.range' op operand #0 (start) must be numeric, got i1}}
  %out = "lite.range"(%a, %a, %a) : (tensor<i1>, tensor<i1>, tensor<i1>) -> tensor<?xi1>
  return
}

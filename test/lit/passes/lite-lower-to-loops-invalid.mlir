// RUN: lite-opt %s --lite-lower-to-loops --verify-diagnostics -o /dev/null

// A generated kernel the pass cannot make and no reference kernel stands
// in for (a blocked layout's) is an error: nothing may name code that does
// not exist.
func.func @no_fallback(%b: tensor<1x8x2x2xf32, #lite.place<x86, f32, nchw8c>>) -> tensor<1x8x2x2xf32, #lite.place<x86, f32, nchw8c>> {
  // expected-error @+1 {{picked a generated kernel that lite-lower-to-loops cannot make, and has no ref_relu__f32_nchw8c to run instead}}
  %3 = "lite.relu"(%b) {lite.kernel = "jit_relu__f32_nchw8c"} : (tensor<1x8x2x2xf32, #lite.place<x86, f32, nchw8c>>) -> tensor<1x8x2x2xf32, #lite.place<x86, f32, nchw8c>>
  return %3 : tensor<1x8x2x2xf32, #lite.place<x86, f32, nchw8c>>
}

// RUN: lite-opt %s --split-input-file --verify-diagnostics

// expected-error @+1 {{unknown target 'gpu' in #lite.place (expected one of: host, x86, arm, opencl, vulkan, nnadapter, any)}}
func.func @f(%a: tensor<2xf32, #lite.place<gpu, f32, nchw>>) { return }

// -----

// expected-error @+1 {{unknown precision 'f8' in #lite.place}}
func.func @f(%a: tensor<2xf32, #lite.place<x86, f8, nchw>>) { return }

// -----

// expected-error @+1 {{unknown layout 'nc' in #lite.place}}
func.func @f(%a: tensor<2xf32, #lite.place<x86, f32, nc>>) { return }

// -----

// expected-error @+1 {{expected ', layout' in #lite.place}}
func.func @f(%a: tensor<2xf32, #lite.place<x86, f32>>) { return }

// -----

// expected-error @+1 {{expected a non-negative device number in #lite.place}}
func.func @f(%a: tensor<2xf32, #lite.place<x86, f32, nchw, device = -1>>) { return }

// -----

// expected-error @+1 {{unknown lite attribute 'plaice' (expected 'place')}}
func.func @f(%a: tensor<2xf32, #lite.plaice<x86, f32, nchw>>) { return }

// -----

func.func @f(%a: tensor<2xf32, #lite.place<x86, f16, nchw>>) -> tensor<2xf32, #lite.place<x86, f16, nchw>> {
  // expected-error @+1 {{'lite.relu' op operand #0 type tensor<2xf32, #lite.place<x86, f16, nchw>>: Place precision f16 does not store its element type}}
  %0 = "lite.relu"(%a) : (tensor<2xf32, #lite.place<x86, f16, nchw>>) -> tensor<2xf32, #lite.place<x86, f16, nchw>>
  return %0 : tensor<2xf32, #lite.place<x86, f16, nchw>>
}

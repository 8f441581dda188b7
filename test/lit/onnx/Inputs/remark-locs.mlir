// Ops at the locations remark-locations.test shows diagnostics for.
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = "lite.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32> loc("conv_1"("m.onnx":0:0))
  %b = "lite.relu"(%a) : (tensor<4xf32>) -> tensor<4xf32> loc(fused["fused_a"("m.onnx":0:0), "fused_b"])
  %c = "lite.relu"(%b) : (tensor<4xf32>) -> tensor<4xf32> loc("named"("m.mlir":7:3))
  %d = "lite.relu"(%c) : (tensor<4xf32>) -> tensor<4xf32> loc("m.onnx":0:0)
  return %d : tensor<4xf32>
}

# A different decomposition of a stdlib mapping: relu as Max(x, 0), for
# every torch.relu, F.relu and nn.ReLU of a model (passed with --library).
import onnx
from tsc2onnx import symbolic


@symbolic("aten::relu")
def relu(input, inplace=False):
    return onnx.op("Max", input, 0.0)

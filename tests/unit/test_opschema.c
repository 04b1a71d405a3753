/* Unit tests of the operator table (ir/ops_*.c, ir/opschema.c) and shape
 * inference (ir/shape*.c).  Prints TAP.
 *
 *   test_opschema [--tsv onnx-op-versions.tsv] [--dump cases.tsv]
 *                 [--dump-table rows.tsv]
 *
 * Three groups: table integrity (one case per operator; with --tsv, its
 * versions must be ONNX's), lookups by opset, and shape inference cases
 * written as text:
 *
 *   inputs   "float32[2,N]; int64[2]={3,-1}; ; seq(float32[?])"
 *            (a dimension is a number, '?', or a symbolic expression;
 *            "[...]" is an unknown rank; "={...}" makes the input an
 *            initializer with those values, a leading '@' passes them as
 *            const_inputs instead; an empty entry is an omitted input)
 *   attrs    "axis=1; perm=[1,0]; value=int64[]={7}" (kinds come from the
 *            row); "_outputs=N" sets the output count, "_preset=TYPE" gives
 *            output 0 a type before inference (If, Loop keep it)
 *   expect   "float32[2, N]; int64[2]", or "!text" for an error whose
 *            message contains the text
 *
 * --dump writes every case and its result, --dump-table every row, for
 * tests/opschema.sh, which compares them with onnx's own shape inference
 * and operator schemas. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/opschema.h"
#include "ir/symdim.h"
#include "support/context.h"

typedef struct Case {
    const char *op;
    int opset;
    const char *inputs, *attrs, *expect;
    const char *note;       /* "skip-onnx: why" when onnx 1.12 is known to differ */
} Case;

/* The shape inference cases: op, opset, inputs, attributes, expected
 * outputs (or "!error text"), note. */
static const Case cases[] = {
    /* elementwise and broadcasting */
    {"Abs", 13, "float32[2,3]", "", "float32[2, 3]", NULL},
    {"Relu", 14, "int32[N,3]", "", "int32[N, 3]", NULL},
    {"Sigmoid", 13, "float32[...]", "", "float32[...]", NULL},
    {"Erf", 13, "float32[5]", "", "float32[5]", NULL},
    {"Neg", 13, "int64[N,M]", "", "int64[N, M]", NULL},
    {"Sqrt", 6, "float64[3,?]", "", "float64[3, ?]", NULL},
    {"Add", 14, "float32[2,3]; float32[3]", "", "float32[2, 3]", NULL},
    {"Add", 14, "float32[2,1,4]; float32[3,1]", "", "float32[2, 3, 4]", NULL},
    {"Add", 14, "float32[N,3]; float32[1,3]", "", "float32[N, 3]", NULL},
    {"Add", 14, "float32[N,3]; float32[M,3]", "", "float32[?, 3]", NULL},
    {"Add", 14, "float32[N,3]; float32[N,3]", "", "float32[N, 3]", NULL},
    {"Add", 14, "float32[N,3]; float32[?,3]", "", "float32[?, 3]", NULL},
    {"Add", 14, "float32[2,3]; float32[4,3]", "", "!Add: cannot broadcast shapes [2, 3] and [4, 3]", NULL},
    {"Add", 14, "float32[2,3]; int64[2,3]", "",
     "!Add: inputs 'A' and 'B' must have the same type (T), found float32 and int64", NULL},
    {"Add", 7, "int8[2]; int8[2]", "", "!Add: input 'A' has element type int8, not one of T", NULL},
    {"Add", 14, "int8[2]; int8[2]", "", "int8[2]", NULL},
    {"Add", 14, "float32[2]", "", "!Add: missing input 'B'", NULL},
    {"Mul", 14, "float32[?,3]; float32[5,1]", "", "float32[5, 3]", NULL},
    {"Sub", 13, "float32[]; float32[4]", "", "float32[4]", NULL},
    {"Div", 14, "float32[N,1]; float32[1,M]", "", "float32[N, M]", NULL},
    {"Div", 14, "float32[...]; float32[3]", "", "float32[...]", NULL},
    {"Pow", 15, "float32[2,3]; int64[]", "", "float32[2, 3]", NULL},
    {"Pow", 7, "float32[2]; int64[]", "", "!Pow: input 'Y' has element type int64", NULL},
    {"Mod", 13, "int64[3,1]; int64[4]", "fmod=0", "int64[3, 4]", NULL},
    {"Max", 13, "float32[2,3]; float32[3]; float32[1,1]", "", "float32[2, 3]", NULL},
    {"Min", 12, "int32[4,1]; int32[5]", "", "int32[4, 5]", NULL},
    {"Sum", 13, "float32[N]; float32[N]; float32[1]", "", "float32[N]", NULL},
    {"Mean", 13, "float32[2]; float32[3]", "", "!Mean: cannot broadcast shapes [2] and [3]", NULL},
    {"Max", 8, "float32[2,3]; float32[2,3]", "", "float32[2, 3]", NULL},
    {"Equal", 13, "int64[2,3]; int64[3]", "", "bool[2, 3]", NULL},
    {"Equal", 11, "bool[2]; bool[2]", "", "bool[2]", NULL},
    {"Greater", 13, "float32[N]; float32[]", "", "bool[N]", NULL},
    {"Less", 9, "int32[2,2]; int32[2,1]", "", "bool[2, 2]", NULL},
    {"LessOrEqual", 16, "float32[4]; float32[4]", "", "bool[4]", NULL},
    {"GreaterOrEqual", 12, "float32[4,1]; float32[1,4]", "", "bool[4, 4]", NULL},
    {"And", 7, "bool[2]; bool[2]", "", "bool[2]", NULL},
    {"Xor", 7, "bool[N,1]; bool[3]", "", "bool[N, 3]", NULL},
    {"Or", 7, "float32[2]; float32[2]", "", "!Or: input 'A' has element type float32", NULL},
    {"Not", 1, "bool[3,N]", "", "bool[3, N]", NULL},
    {"Where", 16, "bool[2,1]; float32[3]; float32[1,3]", "", "float32[2, 3]", NULL},
    {"Where", 16, "bool[N,1]; float32[1,M]; float32[]", "", "float32[N, M]", NULL},
    {"Where", 16, "bool[2]; float32[2]; int32[2]", "",
     "!Where: inputs 'X' and 'Y' must have the same type (T), found float32 and int32", NULL},
    {"Where", 9, "float32[2]; float32[2]; float32[2]", "", "!Where: input 'condition' has element type float32", NULL},
    {"IsNaN", 13, "float32[2,3]", "", "bool[2, 3]", NULL},
    {"IsInf", 10, "float64[N]", "", "bool[N]", NULL},
    {"PRelu", 16, "float32[1,3,4,4]; float32[3,1,1]", "", "float32[1, 3, 4, 4]", NULL},
    {"PRelu", 16, "float32[1,3,4,4]; float32[5,1,1]", "",
     "!PRelu: slope of shape [5, 1, 1] does not broadcast to [1, 3, 4, 4]", "skip-onnx: onnx 1.12 does not check the slope"},
    {"Clip", 13, "float32[2,N]; float32[]; float32[]", "", "float32[2, N]", NULL},
    {"Clip", 6, "float32[3]", "min=0.0; max=6.0", "float32[3]", NULL},
    {"Clip", 12, "int32[3]; ; int32[]", "", "int32[3]", NULL},
    {"LeakyRelu", 16, "float32[N,C]", "alpha=0.1", "float32[N, C]", NULL},
    {"Elu", 6, "float32[2,2]", "alpha=0.5", "float32[2, 2]", NULL},
    {"Selu", 6, "float16[4]", "", "float16[4]", NULL},
    {"HardSigmoid", 6, "float32[N]", "", "float32[N]", NULL},
    {"HardSwish", 14, "float32[1,16,8,8]", "", "float32[1, 16, 8, 8]", NULL},
    {"Softplus", 1, "float32[2]", "", "float32[2]", NULL},
    {"Softsign", 1, "float32[2]", "", "float32[2]", NULL},
    {"Mish", 18, "float32[3,4]", "", "float32[3, 4]", NULL},
    {"ThresholdedRelu", 10, "float32[3]", "alpha=2.0", "float32[3]", NULL},
    {"Shrink", 9, "float32[5]", "lambd=1.5", "float32[5]", NULL},
    {"Gelu", 20, "float32[2,3]", "approximate=tanh", "float32[2, 3]", NULL},
    {"Celu", 12, "float64[2]", "", "!Celu: input 'X' has element type float64", NULL},
    {"Round", 11, "float32[N]", "", "float32[N]", NULL},
    {"Sign", 13, "int32[3]", "", "int32[3]", NULL},
    {"Relu", 14, "float32[2]; float32[2]", "", "!Relu: expects at most 1 input, got 2", NULL},
    /* Softmax family */
    {"Softmax", 13, "float32[2,3]", "", "float32[2, 3]", NULL},
    {"Softmax", 13, "float32[2,3]", "axis=2", "!Softmax: axis 2 is out of range for rank 2", NULL},
    {"LogSoftmax", 11, "float32[2,3,4]", "", "float32[2, 3, 4]", NULL},
    {"Hardmax", 13, "float32[N,5]", "axis=-1", "float32[N, 5]", NULL},
    /* casts and identity */
    {"Cast", 13, "float32[2,N]", "to=7", "int64[2, N]", NULL},
    {"Cast", 9, "int64[3]", "to=1", "float32[3]", NULL},
    {"Cast", 13, "float32[2]", "to=99", "!Cast: 'to' = 99 is not an element type Cast can produce", NULL},
    {"CastLike", 15, "float32[2,3]; float16[]", "", "float16[2, 3]", NULL},
    {"Identity", 13, "int64[N]", "", "int64[N]", NULL},
    {"Identity", 16, "seq(float32[2])", "", "seq(float32[2])", NULL},
    {"Identity", 13, "seq(float32[2])", "", "!Identity: input 'input' cannot be a sequence", NULL},
    /* MatMul, Gemm, Einsum, CumSum */
    {"MatMul", 13, "float32[2,3]; float32[3,4]", "", "float32[2, 4]", NULL},
    {"MatMul", 13, "float32[5,2,3]; float32[3,4]", "", "float32[5, 2, 4]", NULL},
    {"MatMul", 13, "float32[3]; float32[3,4]", "", "float32[4]", NULL},
    {"MatMul", 13, "float32[2,3]; float32[3]", "", "float32[2]", NULL},
    {"MatMul", 13, "float32[3]; float32[3]", "", "float32[]", NULL},
    {"MatMul", 13, "float32[N,S,64]; float32[64,128]", "", "float32[N, S, 128]", NULL},
    {"MatMul", 13, "float32[2,1,3,4]; float32[5,4,6]", "", "float32[2, 5, 3, 6]", NULL},
    {"MatMul", 13, "float32[N,K]; float32[K,M]", "", "float32[N, M]", NULL},
    {"MatMul", 13, "float32[...]; float32[3,4]", "", "float32[...]", NULL},
    {"MatMul", 1, "float32[2,3]; float32[3,2]", "", "float32[2, 2]", NULL},
    {"MatMul", 13, "float32[2,3]; float32[4,5]", "", "!MatMul: inner dimensions differ: [2, 3] @ [4, 5]", NULL},
    {"MatMul", 13, "float32[2,3,4]; float32[5,4,6]", "",
     "!MatMul: cannot broadcast batch dimensions of [2, 3, 4] and [5, 4, 6]", NULL},
    {"MatMul", 13, "float32[]; float32[3]", "", "!MatMul: operands must have rank >= 1", NULL},
    {"Gemm", 13, "float32[2,3]; float32[3,4]; float32[4]", "", "float32[2, 4]", NULL},
    {"Gemm", 13, "float32[3,2]; float32[4,3]", "transA=1; transB=1", "float32[2, 4]", NULL},
    {"Gemm", 13, "float32[N,3]; float32[5,3]; float32[5]", "transB=1", "float32[N, 5]", NULL},
    {"Gemm", 7, "float32[2,3]; float32[3,4]; float32[2,4]", "", "float32[2, 4]", NULL},
    {"Gemm", 13, "float32[2,3]; float32[4,3]", "",
     "!Gemm: inner dimensions differ: [2, 3] @ [4, 3] (transA=0, transB=0)",
     "skip-onnx: onnx 1.12 does not compare the inner dimensions of Gemm"},
    {"Gemm", 13, "float32[2,3,4]; float32[4,5]", "", "!Gemm: A and B must be 2-D", NULL},
    {"Einsum", 12, "float32[2,3]; float32[3,4]", "equation=ij,jk->ik", "float32[2, 4]", NULL},
    {"Einsum", 12, "float32[5,2,3]", "equation=bij->bji", "float32[5, 3, 2]", NULL},
    {"Einsum", 12, "float32[3,3]", "equation=ii", "float32[]", NULL},
    {"Einsum", 12, "float32[2,3]; float32[4,3]", "equation=ij,kj", "float32[2, 4]", NULL},
    {"Einsum", 12, "float32[N,2,3]; float32[N,3,4]", "equation=...ij,...jk->...ik",
     "float32[N, 2, 4]", NULL},
    {"Einsum", 12, "float32[2,3]; float32[4,5]", "equation=ij,jk->ik",
     "!Einsum: label 'j' has sizes 3 and 4",
     "skip-onnx: onnx 1.12 infers only the rank of Einsum"},
    {"CumSum", 14, "float32[2,3]; int64[]={1}", "", "float32[2, 3]", NULL},
    {"CumSum", 14, "float32[2,3]; int64[]={2}", "", "!CumSum: axis 2 is out of range for rank 2",
     "skip-onnx: onnx 1.12 does not check the axis value"},
    /* convolution */
    {"Conv", 11, "float32[1,3,32,32]; float32[8,3,3,3]", "", "float32[1, 8, 30, 30]", NULL},
    {"Conv", 11, "float32[1,3,32,32]; float32[8,3,3,3]", "pads=[1,1,1,1]; strides=[2,2]",
     "float32[1, 8, 16, 16]", NULL},
    {"Conv", 11, "float32[N,3,H,W]; float32[16,3,3,3]", "pads=[1,1,1,1]", "float32[N, 16, H, W]", NULL},
    {"Conv", 11, "float32[N,3,H,W]; float32[16,3,3,3]", "pads=[1,1,1,1]; strides=[2,2]",
     "float32[N, 16, (H+1)//2, (W+1)//2]", NULL},
    {"Conv", 11, "float32[1,3,7,7]; float32[4,3,3,3]", "auto_pad=SAME_UPPER; strides=[2,2]",
     "float32[1, 4, 4, 4]", NULL},
    {"Conv", 11, "float32[1,3,7,7]; float32[4,3,3,3]", "auto_pad=VALID; strides=[2,2]",
     "float32[1, 4, 3, 3]", NULL},
    {"Conv", 11, "float32[1,1,10,10]; float32[1,1,3,3]", "dilations=[2,2]", "float32[1, 1, 6, 6]", NULL},
    {"Conv", 11, "float32[1,4,5,5]; float32[6,2,3,3]", "group=2", "float32[1, 6, 3, 3]", NULL},
    {"Conv", 11, "float32[1,3,10]; float32[2,3,3]; float32[2]", "", "float32[1, 2, 8]", NULL},
    {"Conv", 11, "float32[N,1,L]; float32[4,1,3]", "dilations=[2]; pads=[2,2]", "float32[N, 4, L]", NULL},
    {"Conv", 11, "float32[1,3,8,8]; float32[4,3,3,3]", "kernel_shape=[3,3]; strides=[3,3]",
     "float32[1, 4, 2, 2]", NULL},
    {"Conv", 22, "bfloat16[1,3,8,8]; bfloat16[4,3,1,1]", "", "bfloat16[1, 4, 8, 8]", NULL},
    {"Conv", 11, "float32[1,3,5,5]; float32[8,3,3]", "",
     "!Conv: weight [8, 3, 3] has rank 3, input [1, 3, 5, 5] has rank 4",
     "skip-onnx: onnx 1.12 does not compare the ranks"},
    {"Conv", 11, "float32[1,4,5,5]; float32[8,3,3,3]", "",
     "!Conv: input has 4 channels, weight [8, 3, 3, 3] expects 3 (group 1)",
     "skip-onnx: onnx 1.12 does not compare the channels"},
    {"Conv", 11, "float32[1,3,2,2]; float32[1,3,5,5]", "",
     "!Conv: window of 5 along spatial axis 0 is larger than the padded input (2)",
     "skip-onnx: onnx 1.12 computes a negative size"},
    {"Conv", 11, "float32[1,3,8,8]; float32[4,3,3,3]", "strides=[1]",
     "!Conv: attribute 'strides' has 1 values, expected 2", NULL},
    {"Conv", 11, "float32[1,3,8,8]; float32[4,3,3,3]", "strides=[0,1]",
     "!Conv: attribute 'strides' must be positive", "skip-onnx: onnx 1.12 divides by the stride"},
    {"Conv", 11, "float32[1,3,8,8]; float32[4,3,3,3]", "dilations=[4294967296,1]",
     "!Conv: attribute 'dilations' value 4294967296 is out of range", "skip-onnx: hostile value"},
    {"ConvTranspose", 11, "float32[1,3,4,4]; float32[3,2,3,3]", "", "float32[1, 2, 6, 6]", NULL},
    {"ConvTranspose", 11, "float32[1,3,4,4]; float32[3,2,3,3]",
     "strides=[2,2]; pads=[1,1,1,1]; output_padding=[1,1]", "float32[1, 2, 8, 8]", NULL},
    {"ConvTranspose", 11, "float32[N,3,H,W]; float32[3,5,4,4]", "strides=[2,2]; pads=[1,1,1,1]",
     "float32[N, 5, 2*H, 2*W]", NULL},
    {"ConvTranspose", 11, "float32[1,4,3,3]; float32[4,3,2,2]", "group=2", "float32[1, 6, 4, 4]", NULL},
    {"ConvTranspose", 11, "float32[1,3,4,4]; float32[3,2,3,3]", "output_shape=[10,10]; strides=[3,3]",
     "float32[1, 2, 10, 10]", NULL},
    {"ConvTranspose", 11, "float32[1,3,4,4]; float32[3,2,3,3]", "auto_pad=SAME_UPPER; strides=[2,2]",
     "float32[1, 2, 8, 8]", NULL},
    {"ConvTranspose", 11, "float32[1,3,4]; float32[3,2,3,3]", "",
     "!ConvTranspose: weight [3, 2, 3, 3] has rank 4, input [1, 3, 4] has rank 3",
     "skip-onnx: onnx 1.12 does not compare the ranks"},
    /* pooling */
    {"MaxPool", 12, "float32[1,3,32,32]", "kernel_shape=[2,2]; strides=[2,2]", "float32[1, 3, 16, 16]", NULL},
    {"MaxPool", 12, "float32[1,3,8,8]", "kernel_shape=[3,3]; strides=[2,2]; ceil_mode=1",
     "float32[1, 3, 4, 4]", NULL},
    {"MaxPool", 12, "float32[1,3,8,8]", "kernel_shape=[3,3]; strides=[2,2]", "float32[1, 3, 3, 3]", NULL},
    {"MaxPool", 12, "float32[1,3,N,N]", "kernel_shape=[3,3]; strides=[2,2]",
     "float32[1, 3, (N+1)//2-1, (N+1)//2-1]", NULL},
    {"MaxPool", 12, "float32[1,1,N]", "kernel_shape=[2]; strides=[2]; ceil_mode=1",
     "float32[1, 1, (N+1)//2]", NULL},
    {"MaxPool", 12, "float32[1,3,32,32]", "kernel_shape=[2,2]; strides=[2,2]; _outputs=2",
     "float32[1, 3, 16, 16]; int64[1, 3, 16, 16]", NULL},
    {"MaxPool", 12, "int8[1,1,4,4]", "kernel_shape=[2,2]", "int8[1, 1, 3, 3]", NULL},
    {"MaxPool", 10, "float32[1,1,9,9]", "kernel_shape=[3,3]; dilations=[2,2]", "float32[1, 1, 5, 5]", NULL},
    {"MaxPool", 8, "float32[1,1,5,5]", "kernel_shape=[2,2]; auto_pad=SAME_LOWER",
     "float32[1, 1, 5, 5]", NULL},
    {"MaxPool", 12, "float32[1,3,32]", "kernel_shape=[2,2]",
     "!MaxPool: input [1, 3, 32] has rank 3, kernel_shape needs rank 4", NULL},
    {"MaxPool", 12, "float32[1,3,32,32]", "", "!MaxPool: attribute 'kernel_shape' is required", NULL},
    {"AveragePool", 11, "float32[1,3,5,5]", "kernel_shape=[3,3]; pads=[1,1,1,1]", "float32[1, 3, 5, 5]", NULL},
    {"AveragePool", 11, "float32[1,1,5,5]", "kernel_shape=[2,2]; strides=[2,2]; ceil_mode=1",
     "float32[1, 1, 3, 3]", NULL},
    {"AveragePool", 11, "float32[1,1,4,4]", "kernel_shape=[2,2]; strides=[2,2]; ceil_mode=1; pads=[0,0,1,1]",
     "float32[1, 1, 2, 2]", "skip-onnx: onnx 1.12 keeps a window that starts in the end padding"},
    {"AveragePool", 7, "float32[N,C,H,W]", "kernel_shape=[2,2]; strides=[2,2]",
     "float32[N, C, H//2, W//2]", NULL},
    {"AveragePool", 19, "float32[1,1,10]", "kernel_shape=[3]; dilations=[2]", "float32[1, 1, 6]", NULL},
    {"GlobalAveragePool", 1, "float32[N,C,H,W]", "", "float32[N, C, 1, 1]", NULL},
    {"GlobalMaxPool", 1, "float32[1,8,7]", "", "float32[1, 8, 1]", NULL},
    {"GlobalAveragePool", 1, "float32[4]", "", "!GlobalAveragePool: input must have rank >= 2",
     "skip-onnx: onnx 1.12 does not check the rank"},
    /* normalization, dropout */
    {"BatchNormalization", 15, "float32[N,3,H,W]; float32[3]; float32[3]; float32[3]; float32[3]", "",
     "float32[N, 3, H, W]", NULL},
    {"BatchNormalization", 15, "float32[2,3,4]; float32[3]; float32[3]; float32[3]; float32[3]",
     "training_mode=1; _outputs=3", "float32[2, 3, 4]; float32[3]; float32[3]", NULL},
    {"BatchNormalization", 9, "float32[2,3,4]; float32[4]; float32[3]; float32[3]; float32[3]", "",
     "!BatchNormalization: input 'scale' of shape [4] does not match 3 channels of [2, 3, 4]",
     "skip-onnx: onnx 1.12 does not check the channel count"},
    {"BatchNormalization", 7, "float32[1,2,3,3]; float32[2]; float32[2]; float32[2]; float32[2]", "",
     "float32[1, 2, 3, 3]", NULL},
    {"InstanceNormalization", 6, "float32[2,3,4,4]; float32[3]; float32[3]", "", "float32[2, 3, 4, 4]", NULL},
    {"LayerNormalization", 17, "float32[N,S,64]; float32[64]; float32[64]", "_outputs=3",
     "float32[N, S, 64]; float32[N, S, 1]; float32[N, S, 1]", NULL},
    {"LayerNormalization", 17, "float32[2,3,4]; float32[3,4]", "axis=1; _outputs=3",
     "float32[2, 3, 4]; float32[2, 1, 1]; float32[2, 1, 1]", NULL},
    {"LayerNormalization", 17, "float32[2,3]; float32[3]", "axis=2",
     "!LayerNormalization: axis 2 is out of range for rank 2",
     "skip-onnx: onnx 1.12 does not check the axis"},
    {"GroupNormalization", 18, "float32[2,6,4]; float32[3]; float32[3]", "num_groups=3",
     "float32[2, 6, 4]", NULL},
    {"GroupNormalization", 18, "float32[2,6,4]; float32[4]; float32[4]", "num_groups=4",
     "!GroupNormalization: 6 channels are not divisible into 4 groups", NULL},
    {"LRN", 13, "float32[1,3,4,4]", "size=3", "float32[1, 3, 4, 4]", NULL},
    {"LpNormalization", 1, "float32[2,3]", "", "float32[2, 3]", NULL},
    {"Dropout", 13, "float32[N,10]", "_outputs=2", "float32[N, 10]; bool[N, 10]", NULL},
    {"Dropout", 12, "float32[4]; float32[]; bool[]", "_outputs=2", "float32[4]; bool[4]", NULL},
    {"Dropout", 7, "float32[3]", "_outputs=2", "float32[3]; float32[3]", NULL},
    /* recurrent layers */
    {"LSTM", 14, "float32[S,B,10]; float32[1,80,10]; float32[1,80,20]", "hidden_size=20; _outputs=3",
     "float32[S, 1, B, 20]; float32[1, B, 20]; float32[1, B, 20]", NULL},
    {"GRU", 14, "float32[B,S,10]; float32[2,60,10]; float32[2,60,20]",
     "hidden_size=20; direction=bidirectional; layout=1; _outputs=2",
     "float32[B, S, 2, 20]; float32[B, 2, 20]", NULL},
    {"RNN", 14, "float32[5,3,4]; float32[1,8,4]; float32[1,8,8]", "hidden_size=8; _outputs=2",
     "float32[5, 1, 3, 8]; float32[1, 3, 8]", NULL},
    {"RNN", 7, "float32[5,3,4]; float32[1,8,4]; float32[1,8,8]", "_outputs=2",
     "float32[5, 1, 3, 8]; float32[1, 3, 8]", NULL},
    {"LSTM", 14, "float32[3,10]; float32[1,80,10]; float32[1,80,20]", "hidden_size=20",
     "!LSTM: input X must be 3-D, got [3, 10]", NULL},
    /* reductions */
    {"ReduceSum", 13, "float32[2,3,4]; int64[1]={1}", "", "float32[2, 1, 4]", NULL},
    {"ReduceSum", 13, "float32[2,3,4]; int64[2]={0,-1}", "keepdims=0", "float32[3]", NULL},
    {"ReduceSum", 13, "float32[2,3]", "", "float32[1, 1]", NULL},
    {"ReduceSum", 13, "float32[2,3]", "noop_with_empty_axes=1", "float32[2, 3]", NULL},
    {"ReduceSum", 13, "float32[2,3]; int64[2]", "", "float32[?, ?]", NULL},
    {"ReduceSum", 13, "float32[2,3]; @int64[1]={-1}", "keepdims=0", "float32[2]", NULL},
    {"ReduceSum", 11, "float32[N,S,D]", "axes=[1]", "float32[N, 1, D]", NULL},
    {"ReduceMean", 13, "float32[N,S,D]", "axes=[1]; keepdims=0", "float32[N, D]", NULL},
    {"ReduceMean", 18, "float32[N,S,D]; int64[1]={-1}", "", "float32[N, S, 1]", NULL},
    {"ReduceMax", 13, "float32[2,3]", "axes=[3]", "!ReduceMax: axis 3 is out of range for rank 2", NULL},
    {"ReduceProd", 13, "float32[2,3,4]", "keepdims=0", "float32[]", NULL},
    {"ReduceL2", 13, "float32[2,3]", "axes=[0,0]", "!ReduceL2: axis 0 is repeated",
     "skip-onnx: onnx 1.12 accepts repeated axes"},
    {"ReduceL1", 1, "float32[4,5]", "axes=[0]", "float32[1, 5]", NULL},
    {"ReduceLogSumExp", 13, "float64[3,N]", "axes=[-1]", "float64[3, 1]", NULL},
    {"ReduceMin", 12, "int8[3,4]", "axes=[0]; keepdims=0", "int8[4]", NULL},
    {"ReduceSumSquare", 13, "float32[...]", "axes=[0]", "float32[...]", NULL},
    {"ArgMax", 13, "float32[2,3,4]", "axis=1", "int64[2, 1, 4]", NULL},
    {"ArgMin", 13, "float32[N,5]", "axis=-1; keepdims=0", "int64[N]", NULL},
    {"ArgMax", 13, "float32[2,3]", "axis=2", "!ArgMax: axis 2 is out of range for rank 2", NULL},
    {"TopK", 11, "float32[N,10]; int64[1]={3}", "", "float32[N, 3]; int64[N, 3]", NULL},
    {"TopK", 11, "float32[4,5]; int64[1]={6}", "axis=1",
     "!TopK: k = 6 exceeds dimension 5 of [4, 5] along axis 1", NULL},
    {"TopK", 11, "float32[4,5]; int64[1]", "", "float32[4, ?]; int64[4, ?]", NULL},
    {"TopK", 1, "float32[4,5]", "k=2", "float32[4, 2]; int64[4, 2]", NULL},
    /* reshaping */
    {"Reshape", 14, "float32[2,3,4]; int64[2]={6,4}", "", "float32[6, 4]", NULL},
    {"Reshape", 14, "float32[2,3,4]; int64[2]={-1,4}", "", "float32[6, 4]", NULL},
    {"Reshape", 14, "float32[2,3,4]; int64[3]={0,-1,2}", "", "float32[2, 6, 2]", NULL},
    {"Reshape", 14, "float32[N,3,4]; int64[2]={-1,6}", "", "float32[2*N, 6]", NULL},
    {"Reshape", 14, "float32[N,S,768]; int64[4]={0,0,12,64}", "", "float32[N, S, 12, 64]", NULL},
    {"Reshape", 14, "float32[N,C,H,W]; int64[2]={0,-1}", "", "float32[N, C*H*W]", NULL},
    {"Reshape", 14, "float32[B,12,S,64]; int64[3]={0,-1,64}", "", "float32[B, 12*S, 64]", NULL},
    {"Reshape", 14, "float32[N,5]; int64[2]={-1,2}", "", "float32[?, 2]", NULL},
    {"Reshape", 14, "float32[2,3]; int64[3]", "", "float32[?, ?, ?]", NULL},
    {"Reshape", 14, "float32[0,3]; int64[2]={0,3}", "allowzero=1", "float32[0, 3]", NULL},
    {"Reshape", 5, "float32[2,3]; @int64[1]={-1}", "", "float32[6]", NULL},
    {"Reshape", 14, "float32[2,3]; int64[2]={4,2}", "",
     "!Reshape: cannot reshape [2, 3] (6 elements) into [4, 2]",
     "skip-onnx: onnx 1.12 does not compare element counts without -1"},
    {"Reshape", 14, "float32[2,3]; int64[2]={4,-1}", "",
     "!Reshape: cannot reshape [2, 3] (6 elements) into [4, -1]", NULL},
    {"Reshape", 14, "float32[2,3]; int64[2]={-1,-1}", "", "!Reshape: shape [-1, ...] has more than one -1", NULL},
    {"Flatten", 13, "float32[2,3,4,5]", "axis=2", "float32[6, 20]", NULL},
    {"Flatten", 13, "float32[N,3,4]", "", "float32[N, 12]", NULL},
    {"Flatten", 13, "float32[2,3]", "axis=0", "float32[1, 6]", NULL},
    {"Flatten", 13, "float32[2,3]", "axis=-1", "float32[2, 3]", NULL},
    {"Flatten", 13, "float32[2,3]", "axis=5", "!Flatten: axis 5 is out of range for rank 2", NULL},
    {"Transpose", 13, "float32[2,3,4]", "perm=[2,0,1]", "float32[4, 2, 3]", NULL},
    {"Transpose", 13, "float32[N,C,H,W]", "", "float32[W, H, C, N]", NULL},
    {"Transpose", 13, "float32[2,3,4]", "perm=[0,0,1]", "!Transpose: perm is not a permutation of 3 axes", NULL},
    {"Concat", 13, "float32[2,3]; float32[2,5]", "axis=1", "float32[2, 8]", NULL},
    {"Concat", 13, "float32[N,4]; float32[M,4]", "axis=0", "float32[M+N, 4]", NULL},
    {"Concat", 13, "float32[N,4]; float32[N,4]", "axis=-2", "float32[2*N, 4]", NULL},
    {"Concat", 4, "int64[1]; int64[2]; int64[3]", "axis=0", "int64[6]", NULL},
    {"Concat", 13, "float32[2,3]; float32[4,3]", "axis=1",
     "!Concat: shapes [2, 3] and [4, 3] differ outside axis 1", NULL},
    {"Concat", 13, "float32[2,3]; float32[2]", "axis=0", "!Concat: inputs have ranks 2 and 1", NULL},
    {"Concat", 13, "", "axis=0", "!Concat: needs at least one 'inputs' input", NULL},
    {"Split", 13, "float32[6,4]", "_outputs=3", "float32[2, 4]; float32[2, 4]; float32[2, 4]", NULL},
    {"Split", 13, "float32[6,4]; int64[2]={2,4}", "", "float32[2, 4]; float32[4, 4]", NULL},
    {"Split", 13, "float32[N,4]", "_outputs=2", "float32[N//2, 4]; float32[N//2, 4]", NULL},
    {"Split", 2, "float32[6]", "split=[1,5]; _outputs=2", "float32[1]; float32[5]", NULL},
    {"Split", 18, "float32[7]", "num_outputs=3; _outputs=3", "float32[3]; float32[3]; float32[1]", NULL},
    {"Split", 13, "float32[6,4]; int64[2]={2,3}", "_outputs=2",
     "!Split: sizes sum to 5 in 2 parts; dimension 6 of [6, 4], 2 outputs", NULL},
    {"Split", 13, "float32[5,4]", "_outputs=2", "!Split: dimension 5 of [5, 4] does not split into 2 equal parts",
     "skip-onnx: onnx 1.12 does not check an uneven split"},
    {"Squeeze", 13, "float32[1,3,1,5]; int64[1]={2}", "", "float32[1, 3, 5]", NULL},
    {"Squeeze", 13, "float32[1,3,1,5]", "", "float32[3, 5]", NULL},
    {"Squeeze", 11, "float32[1,N]", "axes=[0]", "float32[N]", NULL},
    {"Squeeze", 13, "float32[N,1]", "", "float32[...]", NULL},
    {"Squeeze", 13, "float32[2,3]; int64[1]={0}", "", "!Squeeze: cannot squeeze axis 0 of [2, 3] (size 2)", NULL},
    {"Unsqueeze", 13, "float32[3,4]; int64[2]={0,3}", "", "float32[1, 3, 4, 1]", NULL},
    {"Unsqueeze", 11, "float32[N]", "axes=[-1]", "float32[N, 1]", NULL},
    {"Unsqueeze", 13, "float32[3]; int64[1]", "", "float32[?, ?]", NULL},
    {"Unsqueeze", 13, "float32[3]; int64[1]={3}", "", "!Unsqueeze: axis 3 is out of range for rank 2", NULL},
    {"Expand", 13, "float32[3,1]; int64[3]={2,1,4}", "", "float32[2, 3, 4]", NULL},
    {"Expand", 13, "float32[N,1]; int64[2]={1,5}", "", "float32[N, 5]", NULL},
    {"Expand", 13, "float32[3,1]; int64[2]", "", "float32[3, ?]", NULL},
    {"Expand", 13, "float32[3]; int64[1]={4}", "", "!Expand: cannot broadcast shapes [3] and [4]", NULL},
    {"Tile", 13, "float32[2,3]; int64[2]={2,2}", "", "float32[4, 6]", NULL},
    {"Tile", 13, "float32[N,3]; int64[2]={3,1}", "", "float32[3*N, 3]", NULL},
    {"Tile", 6, "float32[2,3]; int64[2]", "", "float32[?, ?]", NULL},
    {"Tile", 13, "float32[2,3]; int64[1]={2}", "", "!Tile: 1 repeats for input [2, 3]", NULL},
    {"Pad", 13, "float32[1,3,4,4]; int64[8]={0,0,1,1,0,0,1,1}", "", "float32[1, 3, 6, 6]", NULL},
    {"Pad", 13, "float32[N,4]; int64[4]={0,-1,0,2}", "", "float32[N, 5]", NULL},
    {"Pad", 11, "float32[N,4]; int64[4]", "mode=reflect", "float32[?, ?]", NULL},
    {"Pad", 2, "float32[2,3]", "pads=[1,2,3,4]", "float32[6, 9]", NULL},
    {"Pad", 18, "float32[2,3]; int64[2]={1,1}; ; int64[1]={1}", "", "float32[2, 5]", NULL},
    {"Pad", 13, "float32[2,3]; int64[2]={1,1}", "", "!Pad: 2 pads for 2 axes of [2, 3]", NULL},
    {"Pad", 13, "float32[2]; int64[2]={9223372036854775807,1}", "",
     "!Pad: pads 9223372036854775807 and 1 are out of range", "skip-onnx: hostile value"},
    {"Pad", 13, "float32[2]; int64[2]={-2,-1}", "", "!Pad: pads -2 and -1 crop axis 0 of [2] below 0",
     "skip-onnx: onnx 1.12 does not check"},
    {"DepthToSpace", 13, "float32[1,8,3,3]", "blocksize=2", "float32[1, 2, 6, 6]", NULL},
    {"SpaceToDepth", 13, "float32[1,2,6,6]", "blocksize=2", "float32[1, 8, 3, 3]", NULL},
    {"SpaceToDepth", 13, "float32[N,C,H,W]", "blocksize=2", "float32[N, 4*C, H//2, W//2]", NULL},
    {"DepthToSpace", 13, "float32[1,6,3,3]", "blocksize=2",
     "!DepthToSpace: dimension 1 of [1, 6, 3, 3] is not divisible by 4",
     "skip-onnx: onnx 1.12 does not check divisibility"},
    {"Shape", 13, "float32[N,3,4]", "", "int64[3]", NULL},
    {"Shape", 15, "float32[2,3,4]", "start=1", "int64[2]", NULL},
    {"Shape", 15, "float32[2,3,4]", "start=-1; end=10", "int64[1]", NULL},
    {"Shape", 13, "float32[...]", "", "int64[?]", NULL},
    {"Size", 13, "float32[2,3]", "", "int64[]", NULL},
    /* slicing and indexing */
    {"Slice", 13, "float32[10,20]; int64[1]={2}; int64[1]={8}", "", "float32[6, 20]", NULL},
    {"Slice", 13, "float32[10,20]; int64[1]={0}; int64[1]={-1}; int64[1]={1}; int64[1]={2}", "",
     "float32[10, 10]", NULL},
    {"Slice", 13, "float32[10]; int64[1]={-1}; int64[1]={-1000}; int64[1]={0}; int64[1]={-1}", "",
     "float32[10]", NULL},
    {"Slice", 13, "float32[10]; int64[1]={100}; int64[1]={200}", "", "float32[0]", NULL},
    {"Slice", 13, "float32[10,4]; int64[2]={1,0}; int64[2]={9223372036854775807,3}", "", "float32[9, 3]", NULL},
    {"Slice", 13, "float32[N,64]; int64[1]={1}; int64[1]={9223372036854775807}", "", "float32[N-1, 64]", NULL},
    {"Slice", 13, "float32[N]; int64[1]={0}; int64[1]={-1}", "", "float32[N-1]", NULL},
    {"Slice", 13, "float32[N]; int64[1]={0}; int64[1]={9223372036854775807}; int64[1]={0}; int64[1]={2}",
     "", "float32[(N+1)//2]", NULL},
    {"Slice", 13, "float32[N]; int64[1]={-3}; int64[1]={9223372036854775807}", "", "float32[?]", NULL},
    {"Slice", 1, "float32[4,5]", "starts=[1]; ends=[3]; axes=[1]", "float32[4, 2]", NULL},
    {"Slice", 13, "float32[4,5]; int64[1]; int64[1]", "", "float32[?, ?]", NULL},
    {"Slice", 13, "float32[4,5]; int64[1]; int64[1]={3}; int64[1]={1}", "", "float32[4, ?]", NULL},
    {"Slice", 10, "float32[8]; int32[1]={1}; int32[1]={7}; int32[1]={0}; int32[1]={3}", "", "float32[2]", NULL},
    {"Slice", 13, "float32[4]; int64[1]={0}; int64[1]={4}; int64[1]={0}; int64[1]={0}", "",
     "!Slice: step cannot be 0", NULL},
    {"Slice", 13, "float32[4,5]; int64[2]={0,0}; int64[2]={1,1}; int64[2]={1,1}", "",
     "!Slice: axis 1 is repeated", NULL},
    {"Slice", 13, "float32[4,5]; int64[2]={0,0}; int64[1]={1}", "", "!Slice: 1 ends for 2 starts", NULL},
    {"Gather", 13, "float32[5,4]; int64[3]", "axis=0", "float32[3, 4]", NULL},
    {"Gather", 13, "float32[5,4]; int64[]={2}", "axis=1", "float32[5]", NULL},
    {"Gather", 13, "float32[N,S,D]; int64[B,K]", "axis=1", "float32[N, B, K, D]", NULL},
    {"Gather", 1, "float32[V,64]; int32[N,S]", "", "float32[N, S, 64]", NULL},
    {"Gather", 13, "float32[5,4]; int64[1]={7}", "",
     "!Gather: index 7 is out of range for axis 0 of [5, 4]", "skip-onnx: onnx 1.12 does not check index values"},
    {"GatherElements", 13, "float32[3,3]; int64[2,3]", "axis=0", "float32[2, 3]", NULL},
    {"GatherElements", 13, "float32[3,3]; int64[2]", "", "!GatherElements: data [3, 3] and indices [2] differ in rank",
     "skip-onnx: onnx 1.12 does not compare the ranks"},
    {"GatherND", 13, "float32[2,3,4]; int64[5,2]", "", "float32[5, 4]", NULL},
    {"GatherND", 13, "float32[2,3,4]; int64[2,1]", "batch_dims=1", "float32[2, 4]", NULL},
    {"GatherND", 11, "float32[N,3]; int64[K,2]", "", "float32[K]", NULL},
    {"GatherND", 13, "float32[2,3]; int64[4,3]", "", "!GatherND: indices [4, 3] do not index data [2, 3]", NULL},
    {"ScatterElements", 16, "float32[3,3]; int64[2,3]; float32[2,3]", "", "float32[3, 3]", NULL},
    {"ScatterElements", 11, "float32[N,3]; int64[2,3]; float32[2,3]", "axis=1", "float32[N, 3]", NULL},
    {"ScatterND", 16, "float32[4,4,4]; int64[2,1]; float32[2,4,4]", "", "float32[4, 4, 4]", NULL},
    {"ScatterND", 16, "float32[4,4,4]; int64[2,1]; float32[2,4]", "",
     "!ScatterND: updates [2, 4] do not match indices [2, 1] into data [4, 4, 4]",
     "skip-onnx: onnx 1.12 does not check the updates"},
    {"Scatter", 9, "float32[3,3]; int64[2,3]; float32[2,3]", "", "float32[3, 3]", NULL},
    {"NonZero", 13, "float32[3,4]", "", "int64[2, ?]", NULL},
    {"Unique", 11, "float32[10]", "_outputs=4", "float32[?]; int64[?]; int64[10]; int64[?]", NULL},
    {"Unique", 11, "float32[4,3]", "axis=0", "float32[?, 3]", NULL},
    {"OneHot", 11, "int64[N]; int64[]={10}; float32[2]", "", "float32[N, 10]", NULL},
    {"OneHot", 9, "int64[2,3]; int64[]={5}; float32[2]", "axis=0", "float32[5, 2, 3]", NULL},
    {"OneHot", 11, "int64[2]; int64[]; float32[2]", "", "float32[2, ?]", NULL},
    {"OneHot", 11, "int64[2]; int64[]={3}; float32[3]", "", "!OneHot: values must be [off, on], got [3]", NULL},
    {"Trilu", 14, "float32[N,4,4]", "", "float32[N, 4, 4]", NULL},
    {"Trilu", 14, "float32[4]", "", "!Trilu: input must have rank >= 2, got [4]", NULL},
    /* resizing */
    {"Resize", 13, "float32[1,3,4,4]; ; float32[4]={1,1,2,2}", "", "float32[1, 3, 8, 8]", NULL},
    {"Resize", 13, "float32[1,3,4,4]; ; ; int64[4]={1,3,10,12}", "", "float32[1, 3, 10, 12]", NULL},
    {"Resize", 13, "float32[N,3,H,W]; ; float32[4]={1,1,2,2}", "", "float32[N, 3, 2*H, 2*W]", NULL},
    {"Resize", 11, "float32[1,1,5,5]; float32[0]; float32[4]={1,1,0.5,0.5}", "", "float32[1, 1, 2, 2]", NULL},
    {"Resize", 10, "float32[1,1,2,2]; float32[4]={1,1,3,3}", "", "float32[1, 1, 6, 6]", NULL},
    {"Resize", 18, "float32[1,3,4,4]; ; ; int64[2]={8,8}", "axes=[2,3]", "float32[1, 3, 8, 8]", NULL},
    {"Resize", 13, "float32[1,3,4,4]; ; float32[2]={2,2}", "", "!Resize: 2 scales for input [1, 3, 4, 4]", NULL},
    {"Upsample", 9, "float32[1,1,2,2]; float32[4]={1,1,2,3}", "", "float32[1, 1, 4, 6]", NULL},
    {"Upsample", 7, "float32[1,1,3,3]", "scales=[1,1,2,2]", "float32[1, 1, 6, 6]", NULL},
    /* generators */
    {"Constant", 13, "", "value=float32[2,3]={1,2,3,4,5,6}", "float32[2, 3]", NULL},
    {"Constant", 13, "", "value_ints=[1,2,3]", "int64[3]", NULL},
    {"Constant", 13, "", "value_float=1.5", "float32[]", NULL},
    {"Constant", 9, "", "value=int32[]={4}", "int32[]", NULL},
    {"ConstantOfShape", 9, "int64[3]={2,3,4}", "", "float32[2, 3, 4]", NULL},
    {"ConstantOfShape", 9, "int64[2]={2,3}", "value=int64[1]={7}", "int64[2, 3]", NULL},
    {"ConstantOfShape", 9, "int64[3]", "", "float32[?, ?, ?]", NULL},
    {"ConstantOfShape", 9, "int64[1]={-2}", "", "!ConstantOfShape: negative dimension -2 in the shape",
     "skip-onnx: onnx 1.12 does not check"},
    {"EyeLike", 9, "float32[3,4]", "dtype=7", "int64[3, 4]", NULL},
    {"EyeLike", 9, "int32[N,N]", "", "int32[N, N]", NULL},
    {"EyeLike", 9, "float32[3]", "", "!EyeLike: input must be 2-D, got [3]", NULL},
    {"Range", 11, "int64[]={0}; int64[]={10}; int64[]={3}", "", "int64[4]", NULL},
    {"Range", 11, "float32[]={0}; float32[]={1}; float32[]={0.25}", "", "float32[4]", NULL},
    {"Range", 11, "int64[]={10}; int64[]={0}; int64[]={-3}", "", "int64[4]", NULL},
    {"Range", 11, "int64[]; int64[]; int64[]", "", "int64[?]", NULL},
    {"Range", 11, "int64[]={0}; int64[]={5}; int64[]={0}", "", "!Range: delta cannot be 0",
     "skip-onnx: onnx 1.12 does not check"},
    {"RandomNormal", 1, "", "shape=[2,3]", "float32[2, 3]", NULL},
    {"RandomUniform", 1, "", "shape=[4]; dtype=11", "float64[4]", NULL},
    {"RandomNormalLike", 1, "float32[N,3]", "", "float32[N, 3]", NULL},
    {"RandomUniformLike", 1, "float32[2]", "dtype=10", "float16[2]", NULL},
    {"Bernoulli", 15, "float32[N,5]", "", "float32[N, 5]", NULL},
    {"Bernoulli", 15, "float32[3]", "dtype=9", "bool[3]", NULL},
    /* detection and sampling */
    {"RoiAlign", 16, "float32[1,3,8,8]; float32[R,4]; int64[R]", "output_height=2; output_width=3", "float32[R, 3, 2, 3]", NULL},
    {"RoiAlign", 10, "float64[N,C,H,W]; float64[5,4]; int64[?]", "", "float64[5, C, 1, 1]", NULL},
    {"RoiAlign", 22, "float32[1,3,8,8]; float32[R,4]; int64[R]", "mode=max", "float32[R, 3, 1, 1]", NULL},
    {"RoiAlign", 16, "float32[1,3,8,8]; float32[4,4]; int64[5]", "",
     "!RoiAlign: the numbers of rois and batch_indices differ (4 and 5)", NULL},
    {"RoiAlign", 16, "float32[1,3,8,8]; float32[4,5]; int64[4]", "", "!RoiAlign: rois must have 4 in dimension 1",
     "skip-onnx: onnx 1.12 does not check"},
    {"RoiAlign", 16, "float32[1,3,8,8]; float32[4,4]; int64[4]", "mode=mean",
     "!RoiAlign: mode must be 'avg' or 'max'", "skip-onnx: onnx 1.12 does not check"},
    {"RoiAlign", 16, "float32[1,3,8,8]; float32[4,4]; int32[4]", "", "!RoiAlign: input 'batch_indices' has element type int32", NULL},
    {"MaxRoiPool", 1, "float32[2,16,20,20]; float32[R,5]", "pooled_shape=[3,4]", "float32[R, 16, 3, 4]", NULL},
    {"MaxRoiPool", 1, "float32[2,16,20,20]; float32[R,4]", "pooled_shape=[3,4]",
     "!MaxRoiPool: rois must have 5 in dimension 1", "skip-onnx: onnx 1.12 does not check"},
    {"NonMaxSuppression", 11, "float32[1,6,4]; float32[1,2,6]", "", "int64[?, 3]", NULL},
    {"NonMaxSuppression", 10, "float32[B,S,4]; float32[B,C,S]; int64[1]; float32[1]; float32[1]", "center_point_box=1", "int64[?, 3]", NULL},
    {"NonMaxSuppression", 11, "float32[1,6,4]; float32[1,2,5]", "",
     "!NonMaxSuppression: the box counts of boxes and scores differ (6 and 5)", "skip-onnx: onnx 1.12 does not check"},
    {"GridSample", 16, "float32[N,3,8,8]; float32[N,4,5,2]", "", "float32[N, 3, 4, 5]", NULL},
    {"GridSample", 16, "float64[1,3,8,8]; float64[?,H,W,2]", "mode=bicubic; padding_mode=reflection", "float64[1, 3, H, W]", NULL},
    {"GridSample", 20, "float32[1,3,8,8,8]; float32[1,4,5,6,3]", "mode=linear", "float32[1, 3, 4, 5, 6]", NULL},
    {"GridSample", 22, "float32[2,3,8]; float32[2,5,1]", "mode=cubic", "float32[2, 3, 5]", NULL},
    {"GridSample", 16, "float32[1,3,8,8,8]; float32[1,4,5,6,3]", "", "!GridSample: X must have rank 4", NULL},
    {"GridSample", 20, "float32[1,3,8,8]; float32[1,4,5,2]", "mode=bilinear", "!GridSample: unknown mode 'bilinear'", NULL},
    {"GridSample", 16, "float32[1,3,8,8]; float32[1,4,5,3]", "", "!GridSample: grid must have 2 in dimension 3",
     "skip-onnx: onnx 1.12 does not check"},
    {"AffineGrid", 20, "float32[N,2,3]; int64[4]={2,3,5,7}", "", "float32[2, 5, 7, 2]", NULL},
    {"AffineGrid", 20, "float32[N,3,4]; int64[5]", "", "float32[N, ?, ?, ?, 3]", NULL},
    {"AffineGrid", 20, "float32[2,2,3]; int64[5]={2,3,4,5,6}", "", "!AffineGrid: theta must have 3 in dimension 1", NULL},
    {"Col2Im", 18, "float32[1,12,6]; int64[2]={3,4}; int64[2]={2,2}", "", "float32[1, 3, 3, 4]", NULL},
    {"Col2Im", 18, "float32[N,8,L]; int64[2]={5,5}; int64[2]={2,2}", "strides=[2,2]; pads=[1,1,1,1]", "float32[N, 2, 5, 5]", NULL},
    {"Col2Im", 18, "float32[1,12,7]; int64[2]={3,4}; int64[2]={2,2}", "", "!Col2Im: input has 7 blocks, the shapes give 6", NULL},
    {"Col2Im", 18, "float32[1,12,6]; int64[2]; int64[2]", "", "float32[1, ?, ?, ?]", NULL},
    /* signal processing */
    {"DFT", 17, "float32[2,8,1]", "", "float32[2, 8, 2]", NULL},
    {"DFT", 17, "float32[N,L,1]", "onesided=1", "float32[N, L//2+1, 2]", NULL},
    {"DFT", 17, "float32[2,8,2]; int64[]={5}", "inverse=1", "float32[2, 5, 2]", NULL},
    {"DFT", 17, "float32[2,8,1]; int64[]={10}", "onesided=1", "float32[2, 6, 2]", NULL},
    {"DFT", 17, "float64[4,2,8,1]", "axis=2; onesided=1", "float64[4, 2, 5, 2]", NULL},
    {"DFT", 17, "float32[2,8,2]", "onesided=1; inverse=1", "!DFT: onesided and inverse cannot both be set before opset 20", NULL},
    {"DFT", 17, "float32[2,8,3]", "", "!DFT: the last dimension must be 1 (real) or 2 (complex)", "skip-onnx: onnx 1.12 does not check"},
    {"DFT", 20, "float32[2,8,1]", "", "float32[2, 8, 2]", NULL},
    {"DFT", 20, "float32[2,8,1]; ; int64[]={0}", "onesided=1", "float32[2, 8, 2]", NULL},
    {"DFT", 20, "float32[2,8,2]", "onesided=1; inverse=1", "float32[2, 14, 1]", NULL},
    {"DFT", 20, "float32[2,8,2]; ; int64[]", "", "float32[2, 8, 2]", NULL},
    {"DFT", 20, "float32[2,8,2]; int64[]; int64[]", "", "float32[?, ?, 2]", NULL},
    {"DFT", 20, "float32[2,8,2]; ; int64[]={-1}", "", "!DFT: axis -1 is out of range for rank 3", NULL},
    {"STFT", 17, "float32[2,100,1]; int64[]={10}; float32[16]", "", "float32[2, 9, 9, 2]",
     "skip-onnx: onnx's inference reads onesided's default as 0 (the schema's is 1)"},
    {"STFT", 17, "float32[2,100,1]; int64[]={10}; float32[16]", "onesided=1", "float32[2, 9, 9, 2]",
     "skip-onnx: onnx 1.12 rounds the frame count up (later onnx and ONNX Runtime: down)"},
    {"STFT", 17, "float32[2,96,1]; int64[]={10}; float32[16]", "onesided=1", "float32[2, 9, 9, 2]", NULL},
    {"STFT", 17, "float32[B,L,1]; int64[]={4}; ; int64[]={8}", "onesided=0", "float32[B, L//4-1, 8, 2]", NULL},
    {"STFT", 17, "float64[1,64,2]; int64[]={16}; float64[16]; int64[]={16}", "onesided=0", "float64[1, 4, 16, 2]", NULL},
    {"STFT", 17, "float32[1,64,1]; int64[]; float32[16]", "", "float32[1, ?, 9, 2]", NULL},
    {"STFT", 17, "float32[1,64,1]; int64[]={4}; float32[16]; int64[]={8}", "",
     "!STFT: the window has 16 values, frame_length is 8", "skip-onnx: onnx 1.12 does not check"},
    {"HannWindow", 17, "int64[]={10}", "", "float32[10]", NULL},
    {"HammingWindow", 17, "int32[]={7}", "output_datatype=11; periodic=0", "float64[7]", NULL},
    {"BlackmanWindow", 17, "int64[]", "output_datatype=7", "int64[?]", NULL},
    {"HannWindow", 17, "int64[]={4}", "output_datatype=9", "!HannWindow: output_datatype 9 is not an integer or floating-point type",
     "skip-onnx: onnx 1.12 does not check"},
    {"MelWeightMatrix", 17, "int64[]={8}; int64[]={16}; int64[]={8000}; float32[]={0}; float32[]={4000}", "", "float32[9, 8]", NULL},
    {"MelWeightMatrix", 17, "int32[]; int32[]; int32[]; float32[]; float32[]", "output_datatype=11", "float64[?, ?]", NULL},
    /* random sampling */
    {"Multinomial", 7, "float32[3,5]", "sample_size=4", "int32[3, 4]", NULL},
    {"Multinomial", 7, "float64[N,5]", "dtype=7", "int64[N, 1]", NULL},
    {"Multinomial", 22, "float32[3,5]", "dtype=1", "!Multinomial: dtype must be int32 (6) or int64 (7)", NULL},
    /* Attention */
    {"Attention", 23, "float32[2,4,5,8]; float32[2,2,7,8]; float32[2,2,7,6]", "_outputs=4",
     "float32[2, 4, 5, 6]; float32[2, 2, 7, 8]; float32[2, 2, 7, 6]; float32[2, 4, 5, 7]", NULL},
    {"Attention", 23, "float32[B,S,32]; float32[B,T,16]; float32[B,T,16]; bool[S,T]; float32[B,2,P,8]; float32[B,2,P,8]",
     "q_num_heads=4; kv_num_heads=2; _outputs=4", "float32[B, S, 32]; float32[B, 2, P+T, 8]; float32[B, 2, P+T, 8]; float32[B, 4, S, P+T]", NULL},
    {"Attention", 23, "float32[2,5,32]; float32[2,7,16]; float32[2,7,16]", "",
     "!Attention: 3-D inputs need q_num_heads and kv_num_heads", NULL},
    /* sequences and optionals */
    {"SequenceConstruct", 11, "float32[2,3]; float32[2,3]", "", "seq(float32[2, 3])", NULL},
    {"SequenceConstruct", 11, "float32[2,3]; float32[4,3]", "", "seq(float32[?, 3])", NULL},
    {"SequenceAt", 11, "seq(float32[2,3]); int64[]", "", "float32[2, 3]", NULL},
    {"SequenceAt", 11, "float32[2]; int64[]", "", "!SequenceAt: input 'input_sequence' cannot be a tensor", NULL},
    {"SequenceLength", 11, "seq(float32[2])", "", "int64[]", NULL},
    {"SequenceEmpty", 11, "", "dtype=7", "seq(int64[...])", NULL},
    {"SequenceInsert", 11, "seq(float32[2,3]); float32[2,3]", "", "seq(float32[2, 3])", NULL},
    {"SequenceErase", 11, "seq(float32[N]); int64[]", "", "seq(float32[N])", NULL},
    {"SplitToSequence", 11, "float32[6,4]", "keepdims=0", "seq(float32[4])", NULL},
    {"SplitToSequence", 11, "float32[6,4]; int64[]={2}", "", "seq(float32[2, 4])", NULL},
    {"ConcatFromSequence", 11, "seq(float32[2,3])", "axis=0", "float32[?, 3]", NULL},
    {"ConcatFromSequence", 11, "seq(float32[2,3])", "axis=1; new_axis=1", "float32[2, ?, 3]", NULL},
    {"Optional", 15, "float32[2]", "", "opt(float32[2])", NULL},
    {"OptionalGetElement", 15, "opt(float32[N])", "", "float32[N]", NULL},
    {"OptionalHasElement", 15, "opt(float32[2])", "", "bool[]", NULL},
    {"OptionalGetElement", 18, "float32[3]", "", "float32[3]", NULL},
    /* control flow: typed by the lowering, inference keeps the types */
    {"If", 16, "bool[]", "_preset=float32[2]", "float32[2]", "skip-onnx: needs bodies"},
    {"Loop", 16, "int64[]; bool[]; float32[2]", "_preset=float32[2]", "float32[2]", "skip-onnx: needs a body"},
    {"If", 16, "int64[]", "", "!If: input 'cond' has element type int64", "skip-onnx: needs bodies"},
};

static int n_tests, n_failed;
static Compiler comp;
static IrModel *model;

static void tap(bool ok, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void tap(bool ok, const char *fmt, ...)
{
    va_list ap;
    n_tests++;
    if (!ok)
        n_failed++;
    printf("%s %d - ", ok ? "ok" : "not ok", n_tests);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
}

/* ---- table integrity ------------------------------------------------------------- */

static const char *const required_ops[] = {
    "Abs", "Acos", "Acosh", "Add", "And", "ArgMax", "ArgMin", "Asin", "Asinh", "Atan", "Atanh",
    "AveragePool", "BatchNormalization", "Bernoulli", "Cast", "CastLike", "Ceil", "Celu", "Clip",
    "Concat", "ConcatFromSequence", "Constant", "ConstantOfShape", "Conv", "ConvTranspose",
    "Cos", "Cosh", "CumSum", "DepthToSpace", "Div", "Dropout", "Einsum", "Elu", "Equal", "Erf",
    "Exp", "Expand", "EyeLike", "Flatten", "Floor", "Gather", "GatherElements", "GatherND",
    "Gelu", "Gemm", "GlobalAveragePool", "GlobalMaxPool", "Greater", "GreaterOrEqual",
    "GroupNormalization", "GRU", "HardSigmoid", "HardSwish", "Hardmax", "Identity", "If",
    "InstanceNormalization", "IsInf", "IsNaN", "LayerNormalization", "LeakyRelu", "Less",
    "LessOrEqual", "Log", "LogSoftmax", "Loop", "LpNormalization", "LRN", "LSTM", "MatMul",
    "Max", "MaxPool", "Mean", "Min", "Mish", "Mod", "Mul", "Neg", "NonZero", "Not", "OneHot",
    "Optional", "OptionalGetElement", "OptionalHasElement", "Or", "Pad", "Pow", "PRelu",
    "RandomNormal", "RandomNormalLike", "RandomUniform", "RandomUniformLike", "Range",
    "Reciprocal", "ReduceL1", "ReduceL2", "ReduceLogSum", "ReduceLogSumExp", "ReduceMax",
    "ReduceMean", "ReduceMin", "ReduceProd", "ReduceSum", "ReduceSumSquare", "Relu", "Reshape",
    "Resize", "RNN", "Round", "ScatterElements", "ScatterND", "Selu", "SequenceAt",
    "SequenceConstruct", "SequenceEmpty", "SequenceErase", "SequenceInsert", "SequenceLength",
    "Shape", "Shrink", "Sigmoid", "Sign", "Sin", "Sinh", "Size", "Slice", "Softmax", "Softplus",
    "Softsign", "SpaceToDepth", "Split", "SplitToSequence", "Sqrt", "Squeeze", "Sub", "Sum",
    "Tan", "Tanh", "ThresholdedRelu", "Tile", "TopK", "Transpose", "Trilu", "Unique",
    "Unsqueeze", "Where", "Xor",
    /* detection, sampling, signal processing */
    "AffineGrid", "BlackmanWindow", "Col2Im", "DFT", "GridSample", "HammingWindow", "HannWindow",
    "MaxRoiPool", "MelWeightMatrix", "Multinomial", "NonMaxSuppression", "RoiAlign", "STFT",
};

/* "1,6,13" */
static const char *versions_str(const OpSchema *s)
{
    char *out = arena_strdup(&comp.arena, "");
    for (int i = 0; i < OP_MAX_VERSIONS && s->versions[i]; i++)
        out = arena_sprintf(&comp.arena, "%s%s%d", out, i ? "," : "", s->versions[i]);
    return out;
}

/* The versions of NAME in the tsv text (op \t domain \t versions), or NULL. */
static const char *tsv_versions(const char *tsv, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = tsv; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
        if (strncmp(p, name, n) == 0 && p[n] == '\t' && strncmp(p + n + 1, "ai.onnx\t", 8) == 0) {
            const char *v = p + n + 9, *e = strchr(v, '\n');
            return arena_strndup(&comp.arena, v, e ? (size_t)(e - v) : strlen(v));
        }
    }
    return NULL;
}

/* Checks one row; returns NULL or what is wrong. */
static const char *row_problem(const OpSchema *s)
{
    bool since_listed = false;
    for (int i = 0; i < OP_MAX_VERSIONS && s->versions[i]; i++) {
        if (i > 0 && s->versions[i] <= s->versions[i - 1])
            return "versions not ascending";
        if (s->versions[i] > IR_MAX_OPSET)
            return "version beyond the last opset";
        since_listed |= s->versions[i] == s->since;
    }
    if (!since_listed)
        return "since is not one of the versions";
    if (!s->domain || s->domain[0])
        return "domain is not ai.onnx";
    if (!s->shape)
        return "no shape function";
    for (int i = 0; i < opschema_n_inputs(s); i++) {
        if (!opschema_typevar(s, s->inputs[i].typevar))
            return arena_sprintf(&comp.arena, "input %s: unknown type %s", s->inputs[i].name,
                                 s->inputs[i].typevar);
        if (s->inputs[i].arity == OP_VARIADIC && i != opschema_n_inputs(s) - 1)
            return "variadic input is not last";
    }
    for (int i = 0; i < opschema_n_outputs(s); i++)
        if (!opschema_typevar(s, s->outputs[i].typevar))
            return arena_sprintf(&comp.arena, "output %s: unknown type %s", s->outputs[i].name,
                                 s->outputs[i].typevar);
    for (int i = 0; i < opschema_n_attrs(s); i++) {
        const OpAttrDef *d = &s->attrs[i];
        IrAttr tmp;
        if (opschema_attr(s, d->name) != d)
            return arena_sprintf(&comp.arena, "attribute %s listed twice", d->name);
        if (d->required && d->default_text)
            return arena_sprintf(&comp.arena, "required attribute %s has a default", d->name);
        if (d->default_text && !opschema_default(d, &comp.arena, &tmp))
            return arena_sprintf(&comp.arena, "default of %s does not parse: %s", d->name,
                                 d->default_text);
    }
    for (int i = 0; i < opschema_n_typevars(s); i++) {
        if (opschema_typevar(s, s->types[i].name) != &s->types[i])
            return "type variable listed twice";
        if (!s->types[i].tensor_types || s->types[i].tensor_types >= DTS(ONNX_DTYPE_LIMIT))
            return "empty or invalid type set";
    }
    return NULL;
}

/* Checks the rows FIRST..FIRST+N of one operator. */
static void check_operator(const OpSchema *first, int n, const char *tsv)
{
    const char *why = NULL;
    int in_effect = first->versions[0];
    for (int i = 0; i < OP_MAX_VERSIONS && first->versions[i]; i++)
        if (first->versions[i] <= 7)
            in_effect = first->versions[i];
    for (int r = 0; r < n && !why; r++) {
        const OpSchema *s = &first[r];
        why = row_problem(s);
        if (!why && r > 0 && s->since <= first[r - 1].since)
            why = "rows not in since order";
        if (!why && (memcmp(s->versions, first->versions, sizeof s->versions) != 0 ||
                     s->removed != first->removed))
            why = "rows disagree on versions";
        int first_opset = 0;
        if (!why && opschema_find(s->name, "", s->since, &first_opset) != s)
            why = "opschema_find does not find the row at its since";
    }
    if (!why && first->since != in_effect)
        why = arena_sprintf(&comp.arena, "first row %d, but version %d is in effect at opset 7",
                            first->since, in_effect);
    const char *want = tsv ? tsv_versions(tsv, first->name) : NULL;
    if (!why && tsv && !want)
        why = "not in the tsv";
    if (!why && want && strcmp(want, versions_str(first)) != 0)
        why = arena_sprintf(&comp.arena, "versions %s, tsv says %s", versions_str(first), want);
    tap(!why, "table: %s (%d row%s, versions %s)%s%s", first->name, n, n == 1 ? "" : "s",
        versions_str(first), why ? ": " : "", why ? why : "");
}

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = arena_alloc(&comp.arena, (size_t)n + 1);
    size_t got = fread(s, 1, (size_t)n, f);
    s[got] = '\0';
    fclose(f);
    return s;
}

static void test_table(const char *tsv_path)
{
    const char *tsv = tsv_path ? read_file(tsv_path) : NULL;
    if (tsv_path && !tsv)
        tap(false, "table: cannot read %s", tsv_path);
    int count = opschema_count(), ops = 0;
    for (int i = 0; i < count;) {
        int n = 1;
        while (i + n < count && strcmp(opschema_at(i + n)->name, opschema_at(i)->name) == 0)
            n++;
        check_operator(opschema_at(i), n, tsv);
        ops++;
        i += n;
    }
    int missing = 0;
    for (size_t i = 0; i < sizeof required_ops / sizeof required_ops[0]; i++) {
        int first = 0;
        if (!opschema_find(required_ops[i], "", 23, &first) &&
            !opschema_find(required_ops[i], NULL, first > 0 ? first : 23, NULL)) {
            printf("# missing operator %s\n", required_ops[i]);
            missing++;
        }
    }
    tap(missing == 0, "table: all %zu operators of the torch API are present (%d operators, "
        "%d rows)", sizeof required_ops / sizeof required_ops[0], ops, count);
    if (!tsv)
        printf("# no tsv given: versions not compared with onnx-op-versions.tsv\n");
}

/* Writes every row for the comparison with onnx.defs (tests/opschema.sh):
 * name, since, next row's since (0 = last), removed, versions, inputs,
 * outputs, attributes, type variables; entries separated by '|'. */
static void dump_table(FILE *f)
{
    static const char *const arity[] = {"single", "optional", "variadic"};
    int count = opschema_count();
    for (int i = 0; i < count; i++) {
        const OpSchema *s = opschema_at(i), *next = i + 1 < count ? opschema_at(i + 1) : NULL;
        int until = next && strcmp(next->name, s->name) == 0 ? next->since : 0;
        fprintf(f, "%s\t%d\t%d\t%d\t%s\t", s->name, s->since, until, s->removed, versions_str(s));
        for (int k = 0; k < opschema_n_inputs(s); k++)
            fprintf(f, "%s%s:%s:%s", k ? "|" : "", s->inputs[k].name, s->inputs[k].typevar,
                    arity[s->inputs[k].arity]);
        fprintf(f, "\t");
        for (int k = 0; k < opschema_n_outputs(s); k++)
            fprintf(f, "%s%s:%s:%s", k ? "|" : "", s->outputs[k].name, s->outputs[k].typevar,
                    arity[s->outputs[k].arity]);
        fprintf(f, "\t");
        for (int k = 0; k < opschema_n_attrs(s); k++) {
            const OpAttrDef *d = &s->attrs[k];
            fprintf(f, "%s%s:%d:%d:%s", k ? "|" : "", d->name, d->kind, d->required,
                    d->default_text ? d->default_text : "-");
        }
        fprintf(f, "\t");
        for (int k = 0; k < opschema_n_typevars(s); k++)
            fprintf(f, "%s%s:%u:%s", k ? "|" : "", s->types[k].name, s->types[k].forms,
                    opschema_dtypes_str(&comp.arena, s->types[k].tensor_types));
        fprintf(f, "\n");
    }
}

/* ---- lookups ---------------------------------------------------------------------- */

static void test_lookups(void)
{
    int first = 99;
    const OpSchema *s11 = opschema_find("Squeeze", "", 11, NULL);
    const OpSchema *s13 = opschema_find("Squeeze", "", 13, NULL);
    tap(s11 && s11->since == 1 && opschema_attr(s11, "axes") && opschema_n_inputs(s11) == 1,
        "lookup: Squeeze at 11 takes axes as an attribute");
    tap(s13 && s13->since == 13 && !opschema_attr(s13, "axes") && opschema_n_inputs(s13) == 2,
        "lookup: Squeeze at 13 takes axes as an input");
    tap(s13 && opschema_version_at(s13, 20) == 13 && opschema_version_at(s13, 23) == 23,
        "lookup: Squeeze's version in effect at 20 is 13, at 23 is 23");
    const OpSchema *sm11 = opschema_find("Softmax", "", 11, NULL);
    const OpSchema *sm13 = opschema_find("Softmax", "", 13, NULL);
    tap(sm11 && strcmp(opschema_attr(sm11, "axis")->default_text, "1") == 0 &&
            opschema_version_at(sm11, 11) == 11,
        "lookup: Softmax at 11 defaults axis to 1 (version 11)");
    tap(sm13 && strcmp(opschema_attr(sm13, "axis")->default_text, "-1") == 0,
        "lookup: Softmax at 13 defaults axis to -1");
    tap(!opschema_find("LayerNormalization", "", 16, &first) && first == 17,
        "lookup: LayerNormalization absent at 16, first opset 17");
    tap(opschema_find("LayerNormalization", "", 17, NULL) != NULL,
        "lookup: LayerNormalization at 17");
    first = 99;
    tap(!opschema_find("Gelu", "", 19, &first) && first == 20 &&
            opschema_find("Gelu", "", 20, NULL),
        "lookup: Gelu from 20");
    first = 99;
    tap(!opschema_find("Upsample", "", 10, &first) && first == -1 &&
            opschema_find("Upsample", "", 9, NULL),
        "lookup: Upsample removed at 10");
    first = 99;
    tap(!opschema_find("Scatter", "", 13, &first) && first == -1,
        "lookup: Scatter removed at 11");
    first = 99;
    tap(!opschema_find("NoSuchOp", "", 13, &first) && first == 0,
        "lookup: unknown operator gives first opset 0");
    tap(!opschema_find("Add", "com.microsoft", 13, NULL), "lookup: other domains are not ai.onnx");
}

/* Row details: optional inputs, forms, fixed types, decoded defaults. */
static void test_row_details(void)
{
    const OpSchema *add = opschema_find("Add", "", 12, NULL);
    tap(add && add->since == 7 && opschema_version_at(add, 12) == 7 &&
            opschema_version_at(add, 6) == 6,
        "lookup: Add at 12 is the 7 row, version 7");
    const OpSchema *gemm = opschema_find("Gemm", "", 10, NULL);
    tap(gemm && gemm->inputs[2].arity == OP_SINGLE &&
            opschema_find("Gemm", "", 11, NULL)->inputs[2].arity == OP_OPTIONAL,
        "lookup: Gemm's C becomes optional at 11");
    const OpSchema *loop = opschema_find("Loop", "", 16, NULL);
    const OpTypeVar *v = loop ? opschema_typevar(loop, "V") : NULL;
    tap(v && (v->forms & OPF_SEQ) && (v->forms & OPF_OPT_TENSOR) &&
            opschema_input_param(loop, 5) == &loop->inputs[2] && loop->inputs[2].heterogeneous,
        "lookup: Loop-16 carries sequences and optionals, heterogeneous variadic");
    const OpTypeVar *i64 = opschema_typevar(opschema_find("Reshape", "", 14, NULL), "tensor(int64)");
    tap(i64 && i64->tensor_types == DTS(DT_INT64), "lookup: fixed type tensor(int64)");
    IrAttr at;
    const OpSchema *rnn = opschema_find("RNN", "", 14, NULL);
    tap(rnn && opschema_default(opschema_attr(rnn, "activations"), &comp.arena, &at) &&
            at.n == 2 && strcmp(at.strings[1], "Tanh") == 0,
        "lookup: RNN's default activations decode to [Tanh, Tanh]");
    const OpSchema *clip = opschema_find("Clip", "", 7, NULL);
    tap(clip && opschema_default(opschema_attr(clip, "max"), &comp.arena, &at) &&
            at.f > 3.4e38f, "lookup: Clip-6 max defaults to FLT_MAX");
    tap(strcmp(opschema_dtypes_str(&comp.arena, DTS(DT_FLOAT) | DTS(ONNX_INT4)),
               "float32, int4") == 0,
        "lookup: dtype set text");
}

/* ---- shape inference cases ------------------------------------------------------- */

typedef struct Parsed {
    IrType type;
    IrTensor *data;         /* constant value, or NULL */
    bool via_const_inputs;  /* '@': passed in const_inputs, not as initializer */
    bool absent;
} Parsed;

static void skip_ws(const char **p)
{
    while (**p == ' ')
        (*p)++;
}

static bool parse_values(const char **p, IrTensor *t)
{
    int64_t n = ir_tensor_numel(t);
    if (**p != '{')
        return false;
    (*p)++;
    for (int64_t i = 0; i < n; i++) {
        char *end;
        unsigned char *dst = (unsigned char *)t->data + (size_t)i * dtype_size(t->dtype);
        if (dtype_is_float(t->dtype)) {
            double d = strtod(*p, &end);
            float f = (float)d;
            if (t->dtype == DT_DOUBLE)
                memcpy(dst, &d, sizeof d);
            else
                memcpy(dst, &f, sizeof f);
        } else {
            long long v = strtoll(*p, &end, 10);
            int32_t v32 = (int32_t)v;
            if (t->dtype == DT_INT64)
                memcpy(dst, &v, sizeof(int64_t));
            else if (t->dtype == DT_INT32)
                memcpy(dst, &v32, sizeof v32);
            else
                *dst = (unsigned char)v;
        }
        if (end == *p)
            return false;
        *p = end;
        skip_ws(p);
        if (**p == ',')
            (*p)++;
        skip_ws(p);
    }
    if (**p != '}')
        return false;
    (*p)++;
    return true;
}

/* type := seq(type) | opt(type) | dtype[dims] [={values}] */
static bool parse_type(const char **p, Parsed *out)
{
    Arena *a = &comp.arena;
    skip_ws(p);
    if (strncmp(*p, "seq(", 4) == 0 || strncmp(*p, "opt(", 4) == 0) {
        bool seq = (*p)[0] == 's';
        *p += 4;
        Parsed inner = {0};
        if (!parse_type(p, &inner) || **p != ')')
            return false;
        (*p)++;
        IrType *e = arena_alloc(a, sizeof *e);
        *e = inner.type;
        out->type = (IrType){.kind = seq ? IR_TYPE_SEQUENCE : IR_TYPE_OPTIONAL,
                             .dtype = e->dtype, .rank = -1, .elem = e};
        return true;
    }
    const char *br = strchr(*p, '[');
    if (!br)
        return false;
    DType dt = dtype_from_name(arena_strndup(a, *p, (size_t)(br - *p)));
    *p = br + 1;
    if (strncmp(*p, "...]", 4) == 0) {
        *p += 4;
        out->type = ir_type_unknown_rank(dt);
        return true;
    }
    Dim dims[16];
    int rank = 0;
    while (**p != ']' && rank < 16) {
        const char *e = *p;
        while (*e && *e != ',' && *e != ']')
            e++;
        char *text = arena_strndup(a, *p, (size_t)(e - *p));
        dims[rank++] = strcmp(text, "?") == 0 ? dim_unknown() : dim_parse(a, &comp.names, text);
        *p = *e == ',' ? e + 1 : e;
    }
    if (**p != ']')
        return false;
    (*p)++;
    out->type = ir_type_tensor(a, dt, rank, dims);
    if (**p == '=') {
        (*p)++;
        int64_t shape[16];
        for (int i = 0; i < rank; i++)
            shape[i] = dims[i].value;
        out->data = ir_tensor_new(a, dt, rank, shape);
        return parse_values(p, out->data);
    }
    return true;
}

/* Splits S at ';' into trimmed items (empty items kept). */
static int split_items(const char *s, char **items, int max)
{
    int n = 0;
    if (!s || !*s)
        return 0;
    while (n < max) {
        const char *e = strchr(s, ';');
        size_t len = e ? (size_t)(e - s) : strlen(s);
        while (len && *s == ' ')
            s++, len--;
        while (len && s[len - 1] == ' ')
            len--;
        items[n++] = arena_strndup(&comp.arena, s, len);
        if (!e)
            break;
        s = e + 1;
    }
    return n;
}

static bool parse_list(const char *v, int64_t *ints, float *floats, const char **strs, int *n)
{
    *n = 0;
    if (*v != '[')
        return false;
    v++;
    while (*v && *v != ']') {
        const char *e = v;
        while (*e && *e != ',' && *e != ']')
            e++;
        char *item = arena_strndup(&comp.arena, v, (size_t)(e - v));
        while (*item == ' ')
            item++;
        ints[*n] = strtoll(item, NULL, 10);
        floats[*n] = strtof(item, NULL);
        strs[*n] = item;
        (*n)++;
        v = *e == ',' ? e + 1 : e;
    }
    return *v == ']';
}

/* Sets attribute NAME=VALUE on N, its kind from the row. */
static bool set_attr(IrNode *n, const OpSchema *s, const char *name, const char *value)
{
    const OpAttrDef *d = opschema_attr(s, name);
    int64_t ints[64];
    float floats[64];
    const char *strs[64];
    int cnt;
    Parsed t = {0};
    if (!d)
        return false;
    switch (d->kind) {
    case IR_ATTR_INT: ir_set_attr_int(n, name, strtoll(value, NULL, 10)); return true;
    case IR_ATTR_FLOAT: ir_set_attr_float(n, name, strtof(value, NULL)); return true;
    case IR_ATTR_STRING: ir_set_attr_string(n, name, value); return true;
    case IR_ATTR_INTS:
        if (!parse_list(value, ints, floats, strs, &cnt))
            return false;
        ir_set_attr_ints(n, name, ints, cnt);
        return true;
    case IR_ATTR_FLOATS:
        if (!parse_list(value, ints, floats, strs, &cnt))
            return false;
        ir_set_attr_floats(n, name, floats, cnt);
        return true;
    case IR_ATTR_STRINGS:
        if (!parse_list(value, ints, floats, strs, &cnt))
            return false;
        ir_set_attr_strings(n, name, strs, cnt);
        return true;
    case IR_ATTR_TENSOR:
        if (!parse_type(&value, &t) || !t.data)
            return false;
        ir_set_attr_tensor(n, name, t.data);
        return true;
    default:
        return false;
    }
}

static const char *type_str(const IrType *t)
{
    Arena *a = &comp.arena;
    if (t->kind != IR_TYPE_TENSOR)
        return arena_sprintf(a, "%s(%s)", t->kind == IR_TYPE_SEQUENCE ? "seq" : "opt",
                             t->elem ? type_str(t->elem) : "?");
    const char *dt = t->dtype ? dtype_name(t->dtype) : "undefined";
    if (t->rank < 0)
        return arena_sprintf(a, "%s[...]", dt);
    char *s = arena_sprintf(a, "%s[", dt);
    for (int i = 0; i < t->rank; i++)
        s = arena_sprintf(a, "%s%s%s", s, i ? ", " : "", dim_str(a, t->dims[i]));
    return arena_sprintf(a, "%s]", s);
}

static int default_outputs(const OpSchema *s)
{
    int n = 0;
    while (n < OP_MAX_OUTPUTS && s->outputs[n].name && s->outputs[n].arity == OP_SINGLE)
        n++;
    return n ? n : 1;
}

/* Builds the node of case C; false (with *why) when the case is malformed. */
static IrNode *build_node(const Case *c, const OpSchema *s, IrTensor **consts, const char **why)
{
    char *items[32];
    int nin = split_items(c->inputs, items, 32);
    IrValue *ins[32] = {NULL};
    for (int i = 0; i < nin; i++) {
        Parsed p = {0};
        const char *q = items[i];
        if (!*q)
            continue;
        p.via_const_inputs = *q == '@';
        q += p.via_const_inputs;
        if (!parse_type(&q, &p) || *q) {
            *why = arena_sprintf(&comp.arena, "bad input spec '%s'", items[i]);
            return NULL;
        }
        if (p.data && !p.via_const_inputs)
            ins[i] = ir_add_initializer(model->graph, "c", p.data, SPAN_NONE);
        else
            ins[i] = ir_add_input(model->graph, "x", p.type, SPAN_NONE);
        consts[i] = p.via_const_inputs ? p.data : NULL;
    }
    char *attrs[32], *exp[8];
    int na = split_items(c->attrs, attrs, 32);
    int nout = c->expect[0] == '!' ? default_outputs(s) : split_items(c->expect, exp, 8);
    const char *preset = NULL;
    for (int i = 0; i < na; i++)
        if (strncmp(attrs[i], "_outputs=", 9) == 0)
            nout = atoi(attrs[i] + 9);
    IrNode *n = ir_node_new(model->graph, c->op, "", ins, nin, nout, SPAN_NONE);
    n->schema = s;
    for (int i = 0; i < na; i++) {
        char *eq = strchr(attrs[i], '=');
        if (!eq)
            continue;
        *eq = '\0';
        if (strcmp(attrs[i], "_outputs") == 0)
            continue;
        if (strcmp(attrs[i], "_preset") == 0) {
            preset = eq + 1;
            continue;
        }
        if (!set_attr(n, s, attrs[i], eq + 1)) {
            *why = arena_sprintf(&comp.arena, "bad attribute %s=%s", attrs[i], eq + 1);
            return NULL;
        }
    }
    if (preset) {
        Parsed p = {0};
        if (!parse_type(&preset, &p))
            return NULL;
        n->outputs[0]->type = p.type;
    }
    return n;
}

static const char *outputs_str(const IrNode *n)
{
    char *s = arena_strdup(&comp.arena, "");
    for (int j = 0; j < n->n_outputs; j++)
        s = arena_sprintf(&comp.arena, "%s%s%s", s, j ? "; " : "", type_str(&n->outputs[j]->type));
    return s;
}

/* Runs case C; returns what it produced ("types" or "!message"). */
static const char *run_case(const Case *c, bool *ok, FILE *dump)
{
    int first = 0;
    const char *why = NULL;
    const OpSchema *s = opschema_find(c->op, "", c->opset, &first);
    *ok = false;
    if (!s)
        return arena_sprintf(&comp.arena, "(no row for %s at opset %d)", c->op, c->opset);
    IrTensor *consts[32] = {NULL};
    IrNode *n = build_node(c, s, consts, &why);
    if (!n)
        return why ? why : "(malformed case)";
    char *msg = NULL;
    size_t msg_len = 0;
    FILE *out = open_memstream(&msg, &msg_len);
    Diag d;
    diag_init(&d, &comp.sources, out);
    d.max_errors = 0;
    bool inferred = opschema_infer(s, n, consts, c->opset, &comp.arena, &d);
    fclose(out);
    const char *got;
    if (!inferred) {
        const char *text = msg ? msg : "";
        if (strncmp(text, "tsc2onnx: error: ", 17) == 0)
            text += 17;
        got = arena_sprintf(&comp.arena, "!%.*s", (int)strcspn(text, "\n"), text);
        *ok = c->expect[0] == '!' && strstr(got, c->expect + 1) != NULL && d.nerrors == 1;
    } else {
        got = outputs_str(n);
        *ok = strcmp(got, c->expect) == 0 && d.nerrors == 0;
    }
    free(msg);
    if (dump)
        fprintf(dump, "%s\t%d\t%s\t%s\t%d\t%s\t%s\n", c->op, c->opset, c->inputs, c->attrs,
                n->n_outputs, inferred ? got : "ERROR", c->note ? c->note : "");
    return got;
}

/* A constant operand produced by a Constant node (not an initializer, not
 * const_inputs) is read through the node's value attribute. */
static void test_constant_producer(void)
{
    Diag d;
    diag_init(&d, &comp.sources, stderr);
    int64_t shape[] = {3, -1};
    IrNode *k = ir_node_new(model->graph, "Constant", "", NULL, 0, 1, SPAN_NONE);
    ir_set_attr_ints(k, "value_ints", shape, 2);
    const OpSchema *ks = opschema_find("Constant", "", 13, NULL);
    bool ok = opschema_infer(ks, k, NULL, 13, &comp.arena, &d);
    Dim xd[] = {dim_known(2), dim_known(3)};
    IrValue *x = ir_add_input(model->graph, "x", ir_type_tensor(&comp.arena, DT_FLOAT, 2, xd),
                              SPAN_NONE);
    IrValue *ins[] = {x, k->outputs[0]};
    IrNode *r = ir_node_new(model->graph, "Reshape", "", ins, 2, 1, SPAN_NONE);
    ok = ok && opschema_infer(opschema_find("Reshape", "", 13, NULL), r, NULL, 13, &comp.arena, &d);
    const char *got = ok ? type_str(&r->outputs[0]->type) : "(error)";
    tap(ok && strcmp(got, "float32[3, 2]") == 0,
        "Reshape reads its shape from a Constant node: float32[3, 2] (got %s)", got);
}

static void test_cases(FILE *dump)
{
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const Case *c = &cases[i];
        bool ok;
        const char *got = run_case(c, &ok, dump);
        tap(ok, "%s-%d(%s)%s%s -> %s", c->op, c->opset, c->inputs, *c->attrs ? " " : "",
            c->attrs, c->expect);
        if (!ok)
            printf("#   got: %s\n", got);
    }
}

int main(int argc, char **argv)
{
    const char *tsv = NULL, *dump_path = NULL, *table_path = NULL;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--tsv") == 0)
            tsv = argv[i + 1];
        else if (strcmp(argv[i], "--dump") == 0)
            dump_path = argv[i + 1];
        else if (strcmp(argv[i], "--dump-table") == 0)
            table_path = argv[i + 1];
    }
    compiler_init(&comp, stderr);
    model = ir_model_new(&comp.arena, &comp.names, 23);
    FILE *dump = dump_path ? fopen(dump_path, "w") : NULL;
    FILE *table = table_path ? fopen(table_path, "w") : NULL;
    if (table) {
        dump_table(table);
        fclose(table);
    }
    test_table(tsv);
    test_lookups();
    test_row_details();
    test_constant_producer();
    test_cases(dump);
    if (dump)
        fclose(dump);
    printf("1..%d\n", n_tests);
    compiler_free(&comp);
    return n_failed ? 1 : 0;
}

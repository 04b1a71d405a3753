# sys: what model code reads of the interpreter it runs in.  tsc2onnx
# answers as the Python 3 of the machine it targets does (Debian 12's
# 3.11): version checks (`sys.version_info >= (3, 8)`) take the branch
# PyTorch's own Python takes.

version_info = (3, 11, 0, "final", 0)
version = "3.11.0"
hexversion = 0x030B00F0
platform = "linux"
byteorder = "little"
maxsize = 9223372036854775807
float_info_epsilon = 2.220446049250313e-16
implementation_name = "cpython"

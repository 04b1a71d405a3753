"""python3 -m tsc2onnx ARGS: the command line, with its exit status."""
import sys

from tsc2onnx import _run_cli

if __name__ == "__main__":
    sys.exit(_run_cli(sys.argv[1:]))

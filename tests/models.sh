#!/bin/sh
# The installed packages' models (tests/models.py): torchvision's and
# torchaudio's builders compiled from their source with --entry and matched
# against PyTorch in ONNX Runtime; docs/models.md lists those expected to
# fail.  make check runs a set of them (tests/models.py --all runs every one).
src=${TSC_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
python=/usr/bin/python3
[ -x "$python" ] || { echo "1..0 # SKIP no /usr/bin/python3"; exit 0; }
exec "$python" "$src/tests/models.py" "${TSC2ONNX:-tsc2onnx}"

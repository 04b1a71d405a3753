#!/bin/sh
# Weights as torch.save writes them (tests/weights.py): a torchvision
# resnet18's state_dict saved every usual way, compiled and run in ONNX
# Runtime against PyTorch, and hostile checkpoints refused.
src=${TSC_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
python=/usr/bin/python3
[ -x "$python" ] || { echo "1..0 # SKIP no /usr/bin/python3"; exit 0; }
exec "$python" "$src/tests/weights.py" "${TSC2ONNX:-tsc2onnx}"

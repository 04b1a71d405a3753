# -o naming a file where a directory is needed
# status: 4
run files/onnx_good.onnx --input 'x=[1.0, -2.0]' -o model.py

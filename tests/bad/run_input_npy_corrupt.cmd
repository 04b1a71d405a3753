# An --input .npy file that is corrupt
# status: 4
run files/onnx_good.onnx --input x=@files/npy_magic.npy

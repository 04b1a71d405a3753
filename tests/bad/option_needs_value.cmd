# An option that needs a value at the end
# status: 2
model.py --opset

# No example and no --input for forward()'s parameter
# status: 1
model.py

# Run without a model file
# status: 2
run

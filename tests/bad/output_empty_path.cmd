# An empty output path
# status: 4
--example 'x=randn(2,3)' model.py -o ''

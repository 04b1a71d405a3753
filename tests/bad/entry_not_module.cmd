# An --entry that is not an nn.Module
# status: 1
--example 'x=randn(2,3)' --entry torch model.py

# An output path that is a directory
# status: 4
--example 'x=randn(2,3)' model.py -o files

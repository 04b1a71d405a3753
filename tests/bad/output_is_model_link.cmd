# -o naming the model file by another path: compared by device and inode, not by name
# status: 2
--example 'x=randn(2,3)' model.py -o files/../model.py

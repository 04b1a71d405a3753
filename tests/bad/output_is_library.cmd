# -o naming a --library file
# status: 2
--example 'x=randn(2,3)' --library files/npy_good.npy model.py -o files/npy_good.npy

# -o naming an --example @file
# status: 2
--example x=@files/npy_good.npy model.py -o files/npy_good.npy

# A complex64 array for a Linear
# status: 1
--example x=@files/npy_complex.npy model.py

# A big-endian array
# status: 4
--example x=@files/npy_big_endian.npy model.py

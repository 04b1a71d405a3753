# A bool element that is neither 0 nor 1
# status: 4
--example x=@files/npy_bool_byte.npy model.py

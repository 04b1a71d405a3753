# A shape whose size overflows
# status: 4
--example x=@files/npy_shape_overflow.npy model.py

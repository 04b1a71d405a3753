# A negative dimension
# status: 4
--example x=@files/npy_negative_dim.npy model.py

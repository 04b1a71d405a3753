# An array of Python objects
# status: 4
--example x=@files/npy_object.npy model.py

# A header without 'shape'
# status: 4
--example x=@files/npy_no_shape.npy model.py

# An empty .npy file
# status: 4
--example x=@files/npy_empty.npy model.py

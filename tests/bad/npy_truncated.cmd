# Data shorter than the shape needs
# status: 4
--example x=@files/npy_truncated.npy model.py

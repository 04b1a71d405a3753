# A file that does not start with the .npy magic
# status: 4
--example x=@files/npy_magic.npy model.py

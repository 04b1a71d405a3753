# An unknown format version
# status: 4
--example x=@files/npy_version4.npy model.py

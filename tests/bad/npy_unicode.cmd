# An array of strings
# status: 4
--example x=@files/npy_unicode.npy model.py

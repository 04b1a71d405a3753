# Bytes after the data
# status: 4
--example x=@files/npy_trailing.npy model.py

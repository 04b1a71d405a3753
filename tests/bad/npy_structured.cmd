# A structured array
# status: 4
--example x=@files/npy_structured.npy model.py

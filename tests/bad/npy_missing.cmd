# A .npy file that does not exist
# status: 4
--example x=@files/none.npy model.py

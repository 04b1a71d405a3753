# A directory as the .npy file
# status: 4
--example x=@files model.py

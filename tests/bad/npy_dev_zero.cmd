# A device as the .npy file
# status: 4
--example x=@/dev/zero model.py

# An array of the wrong width for the Linear
# status: 1
--example x=@files/npy_wrong_width.npy model.py

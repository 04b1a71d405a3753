# A header longer than the file
# status: 4
--example x=@files/npy_header_past_end.npy model.py

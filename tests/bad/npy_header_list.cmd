# A header that is not a dict
# status: 4
--example x=@files/npy_header_list.npy model.py

# A Fortran-ordered array
# status: 4
--example x=@files/npy_fortran.npy model.py

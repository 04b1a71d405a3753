# A Python int for a tensor parameter
# status: 1
--example x=5 model.py

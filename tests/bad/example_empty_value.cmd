# An empty value
# status: 2
--example x= model.py

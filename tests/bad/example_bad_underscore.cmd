# A doubled underscore in a number
# status: 2
--example x=1__0 model.py

# No '=' between name and value
# status: 2
--example x model.py

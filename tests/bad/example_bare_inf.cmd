# Inf, which is not a Python literal
# status: 2
--example x=inf model.py

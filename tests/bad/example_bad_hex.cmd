# 0x without digits
# status: 2
--example x=0x model.py

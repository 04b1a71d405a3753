# A value without a name
# status: 2
--example =5 model.py

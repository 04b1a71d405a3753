# An --arg value the layer refuses
# status: 1
--example 'x=randn(2,3)' --arg hidden=-1 model.py

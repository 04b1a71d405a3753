# An --arg value of the wrong type: __init__ is plain Python, whose
# annotations check nothing, so the layer it reaches refuses it
# status: 1
--example 'x=randn(2,3)' --arg 'hidden="four"' model.py

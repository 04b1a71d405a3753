# -o naming the model file: refused before anything is written (inputs are never outputs)
# status: 2
--example 'x=randn(2,3)' model.py -o model.py

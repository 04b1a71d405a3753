# More --output-names than outputs
# status: 1
--example 'x=randn(2,3)' --output-names y,z model.py

# An output renamed to an input's name
# status: 1
--example 'x=randn(2,3)' --output-names x model.py

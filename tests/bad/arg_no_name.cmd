# An --arg without a name
# status: 2
--example 'x=randn(2,3)' --arg =3 model.py

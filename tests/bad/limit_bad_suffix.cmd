# A byte limit with an unknown suffix
# status: 2
--example 'x=randn(2,3)' --limit memory=4T model.py

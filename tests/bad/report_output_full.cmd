# a model that cannot be written: the report is not written either
# status: 4
--example 'x=randn(2,3)' model.py -o /dev/full --report=r.md

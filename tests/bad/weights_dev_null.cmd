# /dev/null (not a regular file) as the weights file
# status: 4
--example 'x=randn(2,3)' --weights /dev/null model.py

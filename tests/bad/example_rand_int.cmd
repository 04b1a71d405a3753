# Rand() with an integer dtype
# status: 2
--example 'x=rand(2,3):int64' model.py

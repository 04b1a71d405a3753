# A directory as the model file
# status: 4
--example 'x=randn(2,3)' files

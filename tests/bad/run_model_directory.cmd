# A directory as the model
# status: 4
run files --input 'x=[1.0, -2.0]'

# --emit text into a directory
# status: 4
--example 'x=randn(2,3)' --emit text model.py -o files

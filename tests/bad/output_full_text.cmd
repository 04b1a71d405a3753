# --emit text to a full disk (/dev/full)
# status: 4
--example 'x=randn(2,3)' --emit text model.py -o /dev/full

x = $
y = a ? b
z = `c`
w = a ! b

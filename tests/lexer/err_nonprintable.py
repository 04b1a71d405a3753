x = 
y = a b
z = 1

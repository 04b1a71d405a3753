match x:
y = 1

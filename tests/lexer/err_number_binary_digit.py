x = 0b12
y = 0b2

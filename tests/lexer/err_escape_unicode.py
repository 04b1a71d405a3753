x = '\u12'
y = '\U0011ffff'
z = '\U1234'

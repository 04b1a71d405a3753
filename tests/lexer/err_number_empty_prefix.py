x = 0o
y = 0b

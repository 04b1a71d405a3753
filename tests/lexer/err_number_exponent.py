x = 1e+
y = 1.e

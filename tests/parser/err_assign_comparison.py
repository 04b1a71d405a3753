a < b = 3

a + b = 3

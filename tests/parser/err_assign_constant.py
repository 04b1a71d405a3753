x, True = 1, 2
None = 0
... = 1

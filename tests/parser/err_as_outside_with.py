x = (a as b)

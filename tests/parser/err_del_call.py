del f()
del 1

def f[T](x):
    pass

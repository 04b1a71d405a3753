f(a=1, b=2, a=3)
class A(metaclass=M, metaclass=N):
    pass

class A(B)
    pass

while a:
    if b:
        pass
    else:
    c = 1

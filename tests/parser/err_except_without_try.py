except E:
    pass

if a <> b:
    pass

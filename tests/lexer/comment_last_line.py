if x:
    y = 1
    # no newline at the end
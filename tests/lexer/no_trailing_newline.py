def f():
    if x:
        return 1  # the file ends here, without a newline
for x in y:
    # only a comment follows


if a:
    b = "x\
y"

    c = (1,
         2)
d = """p
q"""
